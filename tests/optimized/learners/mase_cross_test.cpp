// Seed 004's multi-agent learners: the optimized engine records exactly the reference's outcome (agents drawn,
// releases, masks, messages, votes, global eliminations, result, rounds) on the same streams — every algorithm,
// both agent laws, P1 and P2, N ∈ {1, 4, 16}. P1: 20 runs each, complete at N <= 4, capped by max_rounds at
// N = 16 (the cap is part of the record; capped runs still reach votes and global eliminations). P2 (exact
// discrete-Gaussian rewards, about 20× P1's cost per pull): 10 runs at N <= 4 and 5 at N = 16, capped, none for
// DP-MASE at N = 16 (its first epoch ends after ~10⁴ rounds). `dpbandit crosscheck` runs larger grids (N = 64).
#include <gtest/gtest.h>

#include <ostream>

#include "optimized/environments/reward_tape.hpp"
#include "optimized/learners/mase.hpp"
#include "reference/bits/chacha20.hpp"
#include "reference/environments/reward_tape.hpp"
#include "reference/core/errors.hpp"
#include "verify/crosscheck/multi_agent_crosscheck.hpp"

namespace dpb {
namespace {

using ref::MultiAgentAlgorithm;

struct Grid {
  MultiAgentAlgorithm algorithm;
  std::uint32_t agents;
  std::uint64_t cap_p1;
  std::uint64_t cap_p2;   // 0: P2 not run
  std::uint32_t runs_p2;
};

void PrintTo(const Grid& g, std::ostream* os) {
  *os << ref::algorithm_name(g.algorithm) << ", N = " << g.agents << ", caps " << g.cap_p1 << "/" << g.cap_p2;
}

class MaseCrossTest : public ::testing::TestWithParam<Grid> {};

TEST_P(MaseCrossTest, OptimizedRecordsTheReferenceOutcome) {
  const Grid g = GetParam();
  std::uint64_t eliminations = 0, releases = 0;
  for (const std::string env : {"p1", "p2"})
    for (ref::AgentLawKind law : {ref::AgentLawKind::Uniform, ref::AgentLawKind::Power}) {
      if (env == "p2" && g.cap_p2 == 0) continue;
      verify::MultiAgentCrosscheckConfig c;
      c.algorithm = g.algorithm;
      c.environment = env;
      c.runs = env == "p1" ? 20 : g.runs_p2;
      c.seed = 15;
      c.params.agents = g.agents;
      c.params.delta = Rational(1, 4);
      c.params.beta = Rational(1, 2);
      c.params.eta = Rational(1, 2);
      c.params.xi = Rational(1, 20);
      c.params.law = law;
      c.params.max_rounds = env == "p1" ? g.cap_p1 : g.cap_p2;
      const auto report = verify::crosscheck_multi_agent(c);
      for (const auto& r : report.runs) {
        EXPECT_EQ(r.difference, "") << env << " run " << r.run;
        eliminations += r.eliminations;
        releases += r.releases;
      }
    }
  EXPECT_GT(eliminations, 0u);  // the comparison reached global eliminations
  if (g.algorithm == MultiAgentAlgorithm::DpMase) {
    EXPECT_GT(releases, 0u);
  }
}

INSTANTIATE_TEST_SUITE_P(
    Seed004, MaseCrossTest,
    ::testing::Values(Grid{MultiAgentAlgorithm::CentralSe, 1, 1 << 20, 1 << 20, 10},
                      Grid{MultiAgentAlgorithm::IndependentSe, 1, 1 << 20, 1 << 20, 10},
                      Grid{MultiAgentAlgorithm::Mase, 4, 1 << 20, 1500, 10},
                      Grid{MultiAgentAlgorithm::DpMase, 4, 1 << 20, 2700, 10},
                      Grid{MultiAgentAlgorithm::CorruptedElimination, 4, 1 << 20, 1500, 10},
                      Grid{MultiAgentAlgorithm::DecentralizedElimination, 4, 1 << 20, 1500, 10},
                      Grid{MultiAgentAlgorithm::CentralSe, 16, 1 << 20, 1 << 20, 5},
                      Grid{MultiAgentAlgorithm::IndependentSe, 16, 4000, 2400, 5},
                      Grid{MultiAgentAlgorithm::Mase, 16, 4000, 2400, 5},
                      Grid{MultiAgentAlgorithm::DpMase, 16, 12000, 0, 0},
                      Grid{MultiAgentAlgorithm::CorruptedElimination, 16, 4000, 2400, 5},
                      Grid{MultiAgentAlgorithm::DecentralizedElimination, 16, 4000, 2400, 5}),
    [](const ::testing::TestParamInfo<Grid>& info) {
      std::string name = ref::algorithm_name(info.param.algorithm) + "_N" + std::to_string(info.param.agents);
      for (char& ch : name)
        if (ch == '-') ch = '_';
      return name;
    });

TEST(MaseOverflowTest, NoisySumBoundFitsWithTheLargestAcceptedParameters) {
  // The optimized DP-MASE holds q·Σk + noise in 128 bits: R <= 2^40 (an epoch that ends within max_rounds),
  // G <= 2^21, q <= 2^20, |noise| < 2^63.
  const fast::i128 largest = (static_cast<fast::i128>(1) << 40) * (static_cast<fast::i128>(1) << 21) *
                                 (static_cast<fast::i128>(1) << 20) +
                             (static_cast<fast::i128>(1) << 63);
  EXPECT_LE(largest, fast::dp_mase_noisy_sum_bound());
  EXPECT_LT(fast::dp_mase_noisy_sum_bound(), static_cast<fast::i128>(1) << 126);
  // The optimized build refuses what does not fit its integers.
  ref::MultiAgentConfig c;
  c.max_rounds = (std::uint64_t{1} << 40) + 1;
  EXPECT_THROW(fast::run_multi_agent(c, ref::seed004_problem1(), ref::multi_agent_streams(1, 0)), ParameterError);
}

// Binomial epoch sums (004.epoch-sum.binomial): on a sure instance (means 1, 0, 0, 0) Bin(R, μ) is R·μ, exactly what
// R per-pull rewards sum to, and the noise stream is untouched, so the two paths record the same run; the option is
// refused by the reference, outside DP-MASE, on non-Bernoulli arms and with a reward script.
TEST(MaseBinomialEpochSumTest, SureInstanceRecordsThePerPullRun) {
  const ref::BanditInstance sure =
      ref::BanditInstance::bernoulli({Rational(1), Rational(0), Rational(0), Rational(0)});
  ref::MultiAgentParams p;
  p.agents = 4;
  p.votes = 2;
  ref::MultiAgentConfig cfg = ref::configure_multi_agent(MultiAgentAlgorithm::DpMase, p, sure.arms());
  for (std::uint64_t run = 0; run < 3; ++run) {
    const ref::MultiAgentStreams s = ref::multi_agent_streams(7, run);
    cfg.binomial_epoch_sums = false;
    const ref::MultiAgentOutcome per_pull = fast::run_multi_agent(cfg, sure, s);
    cfg.binomial_epoch_sums = true;
    const ref::MultiAgentOutcome binomial = fast::run_multi_agent(cfg, sure, s);
    EXPECT_EQ(ref::first_difference(per_pull, binomial), "");
    EXPECT_FALSE(binomial.releases.empty());
    EXPECT_EQ(binomial.arm, std::optional<std::uint32_t>(0));
  }
  EXPECT_THROW(ref::run_multi_agent(cfg, sure, ref::multi_agent_streams(7, 0)), ParameterError);
  ref::MultiAgentConfig ce = ref::configure_multi_agent(MultiAgentAlgorithm::Mase, p, sure.arms());
  ce.binomial_epoch_sums = true;
  EXPECT_THROW(fast::run_multi_agent(ce, sure, ref::multi_agent_streams(7, 0)), ParameterError);
  const ref::BanditInstance p2 = ref::seed004_problem2();
  ref::MultiAgentConfig gauss = ref::configure_multi_agent(MultiAgentAlgorithm::DpMase, p, p2.arms());
  gauss.binomial_epoch_sums = true;
  EXPECT_THROW(fast::run_multi_agent(gauss, p2, ref::multi_agent_streams(7, 0)), ParameterError);
  const std::vector<ref::RewardScript> script{{0, 0, 0, {1}}};
  cfg.script = &script;
  EXPECT_THROW(fast::run_multi_agent(cfg, sure, ref::multi_agent_streams(7, 0)), ParameterError);
}

}  // namespace
}  // namespace dpb

namespace dpb {
namespace {

// Problem 2's arms are drawn by certified inversion (GaussianMethod::Inversion): the optimized sampler (a copy of a
// per-process prototype) returns the reference's values from the same bits, arm by arm, and the instance says so.
TEST(Problem2ArmSamplerCrossTest, InversionDrawsAreTheReferences) {
  const ref::BanditInstance p2 = ref::seed004_problem2();
  ASSERT_EQ(p2.law(0).method, ref::GaussianMethod::Inversion);
  EXPECT_NE(p2.describe().find("(inversion)"), std::string::npos) << p2.describe();
  for (std::uint32_t a : {0U, 1U, 2U}) {
    const ref::ArmSampler slow(p2.law(a), p2.grid());
    fast::ArmSampler quick(p2.law(a), p2.grid());
    ChaCha20Source s1(7, 100 + a), s2(7, 100 + a);
    for (int i = 0; i < 3000; ++i) ASSERT_EQ(slow(s1), quick(s2)) << "arm " << a << " draw " << i;
    EXPECT_EQ(s1.next_bits(64), s2.next_bits(64)) << "same bits consumed, arm " << a;
  }
  // The CKS20 method (seed 000's instances) is another stream: the same bits give other values.
  const ref::BanditInstance cks = ref::BanditInstance::clipped_gaussian({p2.law(0).mean}, p2.law(0).sigma, p2.grid());
  const ref::ArmSampler a(cks.law(0), cks.grid()), b(p2.law(0), p2.grid());
  ChaCha20Source s1(9, 1), s2(9, 1);
  int differ = 0;
  for (int i = 0; i < 100; ++i) differ += a(s1) != b(s2);
  EXPECT_GT(differ, 50);
}

}  // namespace
}  // namespace dpb
