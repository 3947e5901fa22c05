// Reward tapes: layout, validation, the prefix property of the per-arm streams, and the laws of the rewards.
#include "reference/environments/reward_tape.hpp"

#include <gtest/gtest.h>

#include "tests/support/learner_fixtures.hpp"

namespace dpb::ref {
namespace {

TEST(RewardTapeTest, LongerTapeExtendsShorterOne) {
  const BanditInstance i = BanditInstance::bernoulli({Rational(1, 3), Rational(2, 3)});
  const RewardTape a = make_reward_tape(i, 50, 11), b = make_reward_tape(i, 80, 11);
  for (std::uint32_t arm = 0; arm < 2; ++arm)
    for (std::uint64_t n = 0; n < 50; ++n) EXPECT_EQ(a.units(arm, n), b.units(arm, n));
  EXPECT_EQ(a.reward(1, 3), Rational(a.units(1, 3), 1));
  EXPECT_EQ(a.means(), i.means());
}

TEST(RewardTapeTest, BernoulliFrequenciesAreClose) {
  const BanditInstance i = BanditInstance::bernoulli({Rational(1, 10), Rational(9, 10)});
  const RewardTape tape = make_reward_tape(i, 4000, 5);
  std::int64_t ones[2] = {0, 0};
  for (std::uint32_t arm = 0; arm < 2; ++arm)
    for (std::int32_t k : tape.row(arm)) ones[arm] += k;
  // Binomial(4000, 0.1): sd ≈ 19; 8 sd bounds.
  EXPECT_NEAR(ones[0], 400, 152);
  EXPECT_NEAR(ones[1], 3600, 152);
}

TEST(RewardTapeTest, ClippedGaussianStaysOnTheGridAndNearItsMean) {
  const BanditInstance i = BanditInstance::clipped_gaussian({Rational(1, 2), Rational(1, 20)}, Rational(1, 10), 100);
  const RewardTape tape = make_reward_tape(i, 400, 9);
  std::int64_t sum[2] = {0, 0}, zeros = 0;
  for (std::uint32_t arm = 0; arm < 2; ++arm)
    for (std::int32_t k : tape.row(arm)) {
      EXPECT_GE(k, 0);
      EXPECT_LE(k, 100);
      sum[arm] += k;
      zeros += arm == 1 && k == 0;
    }
  EXPECT_NEAR(static_cast<double>(sum[0]) / 400, 50, 4);  // sd of the mean 0.5 grid units; report-only
  EXPECT_GT(zeros, 80);                                   // P[N(5, 10²) < 0] ≈ 0.31: clipping happens
}

TEST(RewardTapeTest, ValidationNamesTheParameter) {
  test::expect_parameter_error([] { RewardTape(0, 1, 1, {}, {}); }, "arms");
  test::expect_parameter_error([] { RewardTape(1, 0, 1, {Rational(0)}, {}); }, "length");
  test::expect_parameter_error([] { RewardTape(1, 1, 0, {Rational(0)}, {0}); }, "grid");
  test::expect_parameter_error([] { RewardTape(1, 2, 1, {Rational(0)}, {0}); }, "table");
  test::expect_parameter_error([] { RewardTape(1, 1, 1, {Rational(0)}, {2}); }, "table");
  test::expect_parameter_error([] { RewardTape(1, 1, 1, {Rational(2)}, {0}); }, "means");
  test::expect_parameter_error([] { RewardTape(2, 1, 1, {Rational(0)}, {0, 0}); }, "means");
  const BanditInstance i = BanditInstance::bernoulli({Rational(1, 2)});
  test::expect_parameter_error([&] { make_reward_tape(i, 0, 1); }, "length");
}

}  // namespace
}  // namespace dpb::ref
