// FTNL with Report-Noisy-Max and naive FTNL (seed 002, Algorithms 2–3), reference: epochs (claims 002.15, 002.17),
// forgetfulness (002.16), horizon, huge gaps, validation.
#include "reference/learners/ftnl.hpp"

#include <gtest/gtest.h>

#include "reference/bits/chacha20.hpp"
#include "tests/support/learner_fixtures.hpp"

namespace dpb::ref {
namespace {

FtnlParams params(std::uint64_t K, std::uint64_t T, Rational eps) {
  FtnlParams p;
  p.K = K;
  p.T = T;
  p.eps = eps;
  return p;
}

TEST(FtnlTest, EpochsAreDoublingAndEpochZeroPlaysTheInitialAction) {
  const RewardTape tape = test::bernoulli_tape({Rational(1, 2), Rational(3, 5), Rational(2, 5)}, 1000);
  ChaCha20Source bits(2);
  FtnlParams p = params(3, 1000, 1);
  p.initial_action = 2;
  const Trajectory t = ftnl(p, tape, NoiseSource(bits));
  test::expect_complete_run(t, 1000, 3);
  EXPECT_EQ(t.actions[0], 2U);
  for (std::uint32_t s = 0; (std::uint64_t{1} << s) <= 1000; ++s)  // constant on [2^s, 2^{s+1} − 1]
    for (std::uint64_t r = std::uint64_t{1} << s; r < (std::uint64_t{2} << s) && r <= 1000; ++r)
      EXPECT_EQ(t.actions[r - 1], t.actions[(std::uint64_t{1} << s) - 1]);
  // ⌈log₂(T+1)⌉ = 10 epochs; RNM after each epoch that leaves rounds: 9 calls, K releases each.
  EXPECT_EQ(t.releases.size(), 9U * 3);
  EXPECT_EQ(check_at_most_one_release_per_reward(t, 3), "");
  for (const auto& r : t.releases) {
    EXPECT_EQ(r.first, (std::uint64_t{1} << r.index) - 1);
    EXPECT_EQ(r.count, std::uint64_t{1} << r.index);
  }
}

TEST(FtnlTest, StopsExactlyAtTheHorizon) {
  const RewardTape tape = test::bernoulli_tape({Rational(1, 2), Rational(3, 5)}, 300);
  for (std::uint64_t T : {1, 2, 3, 7, 8, 300}) {
    ChaCha20Source bits(1);
    test::expect_complete_run(ftnl(params(2, T, 1), tape, NoiseSource(bits)), T, 2);
  }
}

TEST(FtnlTest, HugeGapMakesTheBestActionWinFromEpochOne) {
  const RewardTape tape = test::constant_tape({0, 1, 0}, 1023);
  ChaCha20Source bits(1);
  const Trajectory t = ftnl(params(3, 1023, 64), tape, NoiseSource(bits));
  EXPECT_EQ(t.pulls[1], 1022U);  // all but epoch 0 (which plays action 0)
  EXPECT_EQ(t.pseudo_regret, 1);
}

TEST(FtnlTest, NaiveFtnlIsFtnlWithNoiseMultiplierK) {
  const RewardTape tape = test::bernoulli_tape({Rational(1, 2), Rational(3, 5), Rational(2, 5)}, 500);
  ChaCha20Source a(4), b(4);
  FtnlParams p = params(3, 500, 1);
  const Trajectory naive = naive_ftnl(p, tape, NoiseSource(a));
  p.noise_multiplier = 3;
  const Trajectory explicit_k = ftnl(p, tape, NoiseSource(b));
  EXPECT_EQ(naive.actions, explicit_k.actions);
  ASSERT_EQ(naive.releases.size(), explicit_k.releases.size());
  for (std::size_t i = 0; i < naive.releases.size(); ++i)
    EXPECT_EQ(naive.releases[i].value, explicit_k.releases[i].value);
}

TEST(FtnlTest, ValidationNamesTheParameter) {
  const RewardTape tape = test::bernoulli_tape({Rational(1, 2), Rational(3, 5)}, 100);
  ChaCha20Source bits(1);
  auto call = [&](FtnlParams p) { ftnl(p, tape, NoiseSource(bits)); };
  test::expect_parameter_error([&] { call(params(0, 10, 1)); }, "K");
  test::expect_parameter_error([&] { call(params(2, 0, 1)); }, "T");
  test::expect_parameter_error([&] { call(params(2, 101, 1)); }, "T");
  test::expect_parameter_error([&] { call(params(2, 10, 0)); }, "eps");
  test::expect_parameter_error([&] { call(params(2, 10, -1)); }, "eps");
  FtnlParams p = params(2, 10, 1);
  p.noise_multiplier = 0;
  test::expect_parameter_error([&] { call(p); }, "noise_multiplier");
  p = params(2, 10, 1);
  p.initial_action = 2;
  test::expect_parameter_error([&] { call(p); }, "initial_action");
  test::expect_parameter_error([&] { naive_ftnl(params(0, 10, 1), tape, NoiseSource(bits)); }, "K");
}

}  // namespace
}  // namespace dpb::ref
