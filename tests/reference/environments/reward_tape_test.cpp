// Reward tapes: layout, validation, the prefix property of the per-arm streams, and the laws of the rewards.
#include "reference/environments/reward_tape.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "tests/support/learner_fixtures.hpp"
#include "verify/stats/binomial_tests.hpp"

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
  // Exactly Binomial(4000, 1/10) and Binomial(4000, 9/10): exact two-sided binomial tests at α = 1e-6; a wrong p
  // (1/8) is rejected on the same counts (negative control).
  using verify::stats::binomial_test;
  EXPECT_GT(binomial_test(static_cast<std::uint64_t>(ones[0]), 4000, {0.1, 0.1}).p_value, 1e-6) << ones[0];
  EXPECT_GT(binomial_test(static_cast<std::uint64_t>(ones[1]), 4000, {0.9, 0.9}).p_value, 1e-6) << ones[1];
  EXPECT_LT(binomial_test(static_cast<std::uint64_t>(ones[0]), 4000, {0.125, 0.125}).p_value, 1e-6) << ones[0];
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
  // Arm 0's law is symmetric about 50 grid units (N_Z(50, 10²) clipped to [0, 100]), so E = 50 exactly; Hoeffding with
  // the known range [0, 100]: P[|mean − 50| ≥ t] ≤ 2 exp(−2·400·t²/100²) = 1e-6 at t = 100·√(ln(2·10⁶)/800) ≈ 13.5.
  const double t = 100 * std::sqrt(std::log(2e6) / 800);
  EXPECT_LT(std::abs(static_cast<double>(sum[0]) / 400 - 50), t);  // test arithmetic
  // Arm 1 (the discrete Gaussian N_Z(5, 10²) in grid units, clipped) is 0 with probability P[N_Z(5, 100) ≤ 0] =
  // Σ_{k≤0} e^{−(k−5)²/200} / Σ_k e^{−(k−5)²/200} = 0.32629 (to 5 digits): an exact binomial test of the count of
  // zeros; a law without clipping (p = 0.1) is rejected.
  EXPECT_GT(verify::stats::binomial_test(static_cast<std::uint64_t>(zeros), 400, {0.3262, 0.3264}).p_value, 1e-6)
      << zeros;
  EXPECT_LT(verify::stats::binomial_test(static_cast<std::uint64_t>(zeros), 400, {0.1, 0.1}).p_value, 1e-6) << zeros;
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
