// Anytime-Lazy-UCB (seed 002, Algorithm 1), reference: the array schedule (claims 002.1–002.2), forgetfulness
// (002.3), the anytime property (002.9), horizon, huge gaps, validation.
#include "reference/learners/anytime_lazy_ucb.hpp"

#include <gtest/gtest.h>

#include "reference/bits/chacha20.hpp"
#include "tests/support/learner_fixtures.hpp"

namespace dpb::ref {
namespace {

Trajectory run(const RewardTape& tape, std::uint64_t T, Rational eps, std::uint64_t seed = 1) {
  ChaCha20Source bits(seed);
  AnytimeLazyUcbParams p;
  p.K = tape.arms();
  p.T = T;
  p.eps = eps;
  return anytime_lazy_ucb(p, tape, NoiseSource(bits));
}

TEST(AnytimeLazyUcbTest, StopsExactlyAtTheHorizon) {
  const RewardTape tape = test::bernoulli_tape({Rational(1, 2), Rational(3, 5), Rational(2, 5)}, 600);
  for (std::uint64_t T : {1, 2, 3, 4, 77, 600}) test::expect_complete_run(run(tape, T, 1), T, 3);
}

TEST(AnytimeLazyUcbTest, ArraysCompleteAtPullsOneThreeSevenFifteen) {
  const RewardTape tape = test::bernoulli_tape({Rational(1, 2), Rational(3, 5), Rational(2, 5)}, 1500);
  const Trajectory t = run(tape, 1500, Rational(1, 2));
  std::vector<std::uint32_t> completed(3, 0);
  for (const auto& r : t.releases) {
    EXPECT_EQ(r.index, completed[r.arm]) << "arrays complete in order";
    EXPECT_EQ(r.count, std::uint64_t{1} << r.index);
    EXPECT_EQ(r.first, (std::uint64_t{1} << r.index) - 1);
    ++completed[r.arm];
  }
  for (std::uint32_t j = 0; j < 3; ++j)  // ⌊log₂(O_j + 1)⌋ draws for arm j
    EXPECT_EQ(completed[j], static_cast<std::uint32_t>(63 - __builtin_clzll(t.pulls[j] + 1)));
  EXPECT_EQ(check_at_most_one_release_per_reward(t, 3), "");
}

TEST(AnytimeLazyUcbTest, RoundsUpToTDoNotDependOnTheHorizon) {
  const RewardTape tape = test::bernoulli_tape({Rational(1, 2), Rational(3, 5), Rational(2, 5), Rational(1, 5)}, 1200);
  const Trajectory shorter = run(tape, 400, 1, 9), longer = run(tape, 1200, 1, 9);
  ASSERT_EQ(shorter.actions.size(), 400U);
  EXPECT_TRUE(std::equal(shorter.actions.begin(), shorter.actions.end(), longer.actions.begin()));
  std::size_t n = 0;
  for (const auto& r : longer.releases)
    if (r.round <= 400) {
      ASSERT_LT(n, shorter.releases.size());
      EXPECT_EQ(r.value, shorter.releases[n++].value);
    }
  EXPECT_EQ(n, shorter.releases.size());
}

TEST(AnytimeLazyUcbTest, HugeGapMakesTheBestArmWin) {
  const RewardTape tape = test::constant_tape({0, 0, 1}, 3000);
  const Trajectory t = run(tape, 3000, 4);
  EXPECT_GT(t.pulls[2], 2500U);
  EXPECT_EQ(t.actions.back(), 2U);
}

TEST(AnytimeLazyUcbTest, FinerNoiseGridKeepsTheSchedule) {
  const RewardTape tape = test::bernoulli_tape({Rational(1, 2), Rational(3, 5)}, 300);
  ChaCha20Source bits(3);
  AnytimeLazyUcbParams p{2, 300, Rational(1), 64};
  const Trajectory t = anytime_lazy_ucb(p, tape, NoiseSource(bits));
  test::expect_complete_run(t, 300, 2);
  for (const auto& r : t.releases) EXPECT_EQ(boost::multiprecision::denominator(Rational(r.value * 64)), 1);
}

TEST(AnytimeLazyUcbTest, RecordsCertifiedMarginsAtRequestedRounds) {
  const RewardTape tape = test::bernoulli_tape({Rational(1, 2), Rational(3, 5), Rational(2, 5)}, 200);
  ChaCha20Source bits(2);
  LearnerOptions options;
  options.margin_rounds = {4, 50, 199};
  const Trajectory t = anytime_lazy_ucb({3, 200, Rational(1), 1}, tape, NoiseSource(bits), options);
  ASSERT_EQ(t.margins.size(), 3U);
  for (const auto& m : t.margins) {
    EXPECT_EQ(m.arm, t.actions[m.round - 1]);
    EXPECT_NE(m.arm, m.other);
    EXPECT_NE(m.margin.lower.front(), '-') << "the chosen index is the largest: " << m.margin.lower;
  }
}

TEST(AnytimeLazyUcbTest, ValidationNamesTheParameter) {
  const RewardTape tape = test::bernoulli_tape({Rational(1, 2), Rational(3, 5)}, 100);
  ChaCha20Source bits(1);
  auto call = [&](std::uint64_t K, std::uint64_t T, Rational eps, std::int64_t q = 1) {
    anytime_lazy_ucb({K, T, eps, q}, tape, NoiseSource(bits));
  };
  test::expect_parameter_error([&] { call(0, 10, 1); }, "K");
  test::expect_parameter_error([&] { call(5, 10, 1); }, "K");
  test::expect_parameter_error([&] { call(2, 0, 1); }, "T");
  test::expect_parameter_error([&] { call(2, 101, 1); }, "T");
  test::expect_parameter_error([&] { call(2, ~std::uint64_t{0}, 1); }, "T");
  test::expect_parameter_error([&] { call(2, 10, 0); }, "eps");
  test::expect_parameter_error([&] { call(2, 10, -1); }, "eps");
  test::expect_parameter_error([&] { call(2, 10, 1, 0); }, "noise_refinement");
  test::expect_parameter_error([&] { call(2, 10, 1, -3); }, "noise_refinement");
}

}  // namespace
}  // namespace dpb::ref
