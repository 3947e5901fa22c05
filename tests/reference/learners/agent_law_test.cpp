// P^γ_N (seed 004, App. C.4): the exact inversion decides by the definition, the fixed-point table agrees with
// the certified CDF, and chunks on a table entry need a second chunk.
#include "reference/learners/agent_law.hpp"

#include <gtest/gtest.h>

#include "optimized/learners/mase.hpp"
#include "reference/bits/chacha20.hpp"
#include "reference/learners/mase.hpp"

namespace dpb::ref {
namespace {

TEST(PowerAgentLawTest, DecidesByTheDefinition) {
  for (std::uint32_t N : {1U, 2U, 7U, 64U}) {
    PowerAgentLaw law(N, Rational(4, 5), Rational(1, 3));
    ChaCha20Source bits(11, N);
    for (int i = 0; i < 300; ++i) {
      const std::uint64_t u = bits.next_bits(64);
      const auto k = law.decide(Integer(u), 1);
      if (!k) continue;  // some F(k) inside the chunk's interval (probability ~ N·2^−64)
      ASSERT_LT(*k, N);
      const Rational lo(Integer(u), Integer(1) << 64), hi(Integer(Integer(u) + 1), Integer(1) << 64);
      // I ⊂ [F(k−1), F(k)): F(k) >= hi and F(k−1) <= lo, read from 256-bit enclosures.
      EXPECT_FALSE(law.cdf(*k, 256).certainly_less(hi)) << N << " " << u;
      if (*k > 0) {
        EXPECT_FALSE(law.cdf(*k - 1, 256).certainly_greater(lo)) << N << " " << u;
      }
    }
  }
}

TEST(PowerAgentLawTest, TableEntriesAreCertifiedFloorsAndItsEntriesNeedASecondChunk) {
  PowerAgentLaw law(16, Rational(1, 2), Rational(0));
  for (std::uint32_t k = 0; k + 1 < 16; ++k) {
    const std::uint64_t f = law.floor_cdf_scaled(k);
    const Interval F = law.cdf(k, 256).mul(Rational(Integer(1) << 64));
    EXPECT_TRUE(F.certainly_greater(Rational(Integer(f)))) << k;  // F·2^64 is never the integer f here
    EXPECT_TRUE(F.certainly_less(Rational(Integer(Integer(f) + 1)))) << k;
    // u = ⌊F(k)·2^64⌋: F(k) lies inside [u, u + 1)/2^64, so one chunk cannot decide.
    EXPECT_FALSE(law.decide(Integer(f), 1).has_value()) << k;
    // The chunk just above decides k + 1, the one below k.
    EXPECT_EQ(law.decide(Integer(f + 1), 1), std::optional<std::uint32_t>(k + 1));
    EXPECT_EQ(law.decide(Integer(f - 1), 1), std::optional<std::uint32_t>(k));
  }
}

TEST(PowerAgentLawTest, SmallerIdsAreMoreLikely) {
  PowerAgentLaw law(8, Rational(4, 5), Rational(0));
  // P(n) ∝ (n + 1)^{−4/5}: F(0) = 1/Σ(i+1)^{−4/5} and the increments decrease.
  Interval previous = law.cdf(0, 128);
  Interval step = previous;
  for (std::uint32_t k = 1; k < 8; ++k) {
    const Interval F = law.cdf(k, 128);
    const Interval next_step = F - previous;
    EXPECT_TRUE(next_step.certainly_less(step)) << k;
    step = next_step;
    previous = F;
  }
}

// Errata, issue 15: where F(k) is rational, compare exactly. N = 2, γ = 1/2, α = 17/32: m = (49/32, 81/32), so
// w = (√32/7, √32/9) and F(0) = 9/16 — a dyadic chunk boundary that no enclosure can separate.
TEST(PowerAgentLawTest, RationalCdfAtAChunkBoundaryIsDecidedExactly) {
  PowerAgentLaw law(2, Rational(1, 2), Rational(17, 32));
  ASSERT_EQ(law.rational_cdf(0), std::optional<Rational>(Rational(9, 16)));
  const Integer boundary = Integer(9) << 60;  // 9/16·2^64
  EXPECT_EQ(law.floor_cdf_scaled(0), to_uint64(boundary));
  EXPECT_EQ(law.decide(boundary, 1), std::optional<std::uint32_t>(1));                // [9/16, …) ⊂ [F(0), 1)
  EXPECT_EQ(law.decide(Integer(boundary - 1), 1), std::optional<std::uint32_t>(0));  // [… , 9/16) ⊂ [0, F(0))
  // Three agents: m = 49/32, 81/32, 113/32; classes {0, 1} and {2}: F(0) = (7/9·… ) irrational, F(1) irrational.
  PowerAgentLaw three(3, Rational(1, 2), Rational(17, 32));
  EXPECT_FALSE(three.rational_cdf(0).has_value());
  EXPECT_FALSE(three.rational_cdf(1).has_value());
  EXPECT_EQ(three.rational_cdf(2), std::optional<Rational>(Rational(1)));
  EXPECT_FALSE(PowerAgentLaw(8, Rational(4, 5), Rational(0)).rational_cdf(3).has_value());
  // The optimized engine's table holds the exact floor, and a draw on the boundary agrees with the reference.
  MultiAgentConfig c;
  c.algorithm = MultiAgentAlgorithm::DecentralizedElimination;
  c.agents = 2;
  c.routine = LocalRoutine::Coin;
  c.coin_activation = std::uint64_t{1} << 40;
  c.rho = Rational(1, 2);
  c.votes_threshold = 2;
  c.law = AgentLawKind::Power;
  c.gamma = Rational(1, 2);
  c.agent_offset = Rational(17, 32);
  c.max_rounds = 2000;
  const BanditInstance inst = BanditInstance::bernoulli({Rational(1, 2), Rational(1, 2)});
  const auto s = multi_agent_streams(3, 0);
  const MultiAgentOutcome a = run_multi_agent(c, inst, s), b = fast::run_multi_agent(c, inst, s);
  EXPECT_EQ(first_difference(a, b), "");
  EXPECT_EQ(a.activations[0] + a.activations[1], 2000U);
}

}  // namespace
}  // namespace dpb::ref
