// Hybrid-UCB (seed 002, Algorithm 4), reference: the tree/array schedule (claim 002.10), one noise draw per node
// and per array, reused (docs/decisions.md § learners), horizon, huge gaps, validation.
#include "reference/learners/hybrid_ucb.hpp"

#include <gtest/gtest.h>

#include "reference/bits/chacha20.hpp"
#include "tests/support/learner_fixtures.hpp"

namespace dpb::ref {
namespace {

Trajectory run(const RewardTape& tape, std::uint64_t T, Rational eps, std::uint64_t seed = 1,
               TreeScale scale = TreeScale::Paper) {
  ChaCha20Source bits(seed);
  HybridUcbParams p;
  p.K = tape.arms();
  p.T = T;
  p.eps = eps;
  p.tree_scale = scale;
  return hybrid_ucb(p, tape, NoiseSource(bits));
}

TEST(HybridUcbTest, StopsExactlyAtTheHorizon) {
  const RewardTape tape = test::bernoulli_tape({Rational(1, 2), Rational(3, 5), Rational(2, 5)}, 500);
  for (std::uint64_t T : {1, 3, 4, 64, 500}) test::expect_complete_run(run(tape, T, 1), T, 3);
  test::expect_complete_run(run(tape, 500, 1, 1, TreeScale::LevelsPlusOne), 500, 3);
}

TEST(HybridUcbTest, OneDrawPerNodeAndPerArrayInTheDyadicSchedule) {
  const RewardTape tape = test::bernoulli_tape({Rational(1, 2), Rational(3, 5)}, 700);
  const Trajectory t = run(tape, 700, 2);
  std::vector<std::uint64_t> nodes(2, 0), arrays(2, 0);
  for (const auto& r : t.releases) {
    if (r.index >= kHybridNodeIndexBase) {
      ++nodes[r.arm];
      const std::uint64_t n = r.first + r.count;  // the observation that completed the block
      const std::uint32_t tree = r.index - kHybridNodeIndexBase;
      EXPECT_EQ(tree, static_cast<std::uint32_t>(63 - __builtin_clzll(n)));
      const std::uint64_t m = n - (std::uint64_t{1} << tree) + 1;
      EXPECT_EQ(r.count, std::uint64_t{1} << __builtin_ctzll(m));  // the block ending at leaf m
    } else {
      ++arrays[r.arm];
      EXPECT_EQ(r.first, (std::uint64_t{1} << r.index) - 1);
      EXPECT_EQ(r.count, std::uint64_t{1} << r.index);
    }
  }
  for (std::uint32_t j = 0; j < 2; ++j) {
    EXPECT_EQ(nodes[j], t.pulls[j] - 1);                                          // one Y per pull after the first
    const auto r = static_cast<std::uint64_t>(63 - __builtin_clzll(t.pulls[j]));  // current tree
    EXPECT_EQ(arrays[j], t.pulls[j] >= 2 ? r : 1U);                               // Z^(0..r−1)
  }
}

TEST(HybridUcbTest, WithNegligibleNoiseReleasesAreTheRawSums) {
  const RewardTape tape = test::bernoulli_tape({Rational(1, 2), Rational(3, 5)}, 300);
  const Trajectory t = run(tape, 300, Rational(1000000));  // Lap_Z(2r/10^6) is 0 with probability > 1 − 10^−100
  for (const auto& r : t.releases) {
    Rational sum = 0;
    for (std::uint64_t n = r.first; n < r.first + r.count; ++n) sum += tape.reward(r.arm, n);
    EXPECT_EQ(r.value, sum);
  }
}

TEST(HybridUcbTest, HugeGapMakesTheBestArmWin) {
  const RewardTape tape = test::constant_tape({1, 0, 0}, 2000);
  const Trajectory t = run(tape, 2000, 64);
  EXPECT_GT(t.pulls[0], 1600U);
}

TEST(HybridUcbTest, ValidationNamesTheParameter) {
  const RewardTape tape = test::bernoulli_tape({Rational(1, 2), Rational(3, 5)}, 100);
  ChaCha20Source bits(1);
  auto call = [&](std::uint64_t K, std::uint64_t T, Rational eps) {
    hybrid_ucb({K, T, eps, 1, TreeScale::Paper}, tape, NoiseSource(bits));
  };
  test::expect_parameter_error([&] { call(0, 10, 1); }, "K");
  test::expect_parameter_error([&] { call(2, 0, 1); }, "T");
  test::expect_parameter_error([&] { call(2, 1000, 1); }, "T");
  test::expect_parameter_error([&] { call(2, 10, 0); }, "eps");
  test::expect_parameter_error([&] { call(2, 10, -1); }, "eps");
}

}  // namespace
}  // namespace dpb::ref
