// Bandit instances and the papers' generators (Chowdhury & Zhou 2023, §7 and App. J;
// Hu, Huang & Mehta 2021, §6).
#include "reference/environments/bandit_instance.hpp"

#include <gtest/gtest.h>

#include "reference/bits/chacha20.hpp"
#include "tests/support/learner_fixtures.hpp"

namespace dpb::ref {
namespace {

TEST(BanditInstanceTest, Seed002SettingsMatchTheSpec) {
  EXPECT_EQ(seed002_means(1), (std::vector<Rational>{Rational(3, 4), Rational(7, 10), Rational(7, 10), Rational(7, 10),
                                                     Rational(7, 10)}));
  EXPECT_EQ(seed002_means(2)[1], Rational(5, 8));
  EXPECT_EQ(seed002_means(3)[4], Rational(3, 20));
  const BanditInstance i = seed002_instance(2);
  EXPECT_EQ(i.arms(), 5U);
  EXPECT_EQ(i.grid(), 1);
  EXPECT_EQ(i.best_arm(), 0U);
  EXPECT_EQ(i.gap(4), Rational(1, 2));
  test::expect_parameter_error([] { seed002_means(4); }, "setting");
}

TEST(BanditInstanceTest, Seed000MeansLieInTheirRanges) {
  ChaCha20Source bits(3);
  for (const auto& mu : seed000_means(Seed000Difficulty::Easy, 1000, bits)) {
    EXPECT_GT(mu, Rational(1, 4));
    EXPECT_LT(mu, Rational(3, 4));
  }
  for (const auto& mu : seed000_means(Seed000Difficulty::Hard, 1000, bits)) {
    EXPECT_GT(mu, Rational(9, 20));
    EXPECT_LT(mu, Rational(11, 20));
  }
  ChaCha20Source again(3);
  const BanditInstance i = seed000_instance(Seed000Difficulty::Easy, 10, again);
  EXPECT_EQ(i.kind(), ArmKind::ClippedGaussian);
  EXPECT_EQ(i.grid(), 1000);
  EXPECT_EQ(i.law(0).sigma, Rational(1, 10));
}

TEST(BanditInstanceTest, BetaProxyMeanIsExact) {
  // Beta(1, 1): one uniform on {0..G}: mean G/2 → 1/2.
  EXPECT_EQ(beta_proxy_mean(1, 1, 1000), Rational(1, 2));
  // Beta(1, 2), G = 1: min of two fair bits: P[min = 1] = 1/4.
  EXPECT_EQ(beta_proxy_mean(1, 2, 1), Rational(1, 4));
  const Rational m = beta_proxy_mean(2, 1, 1000);  // ≈ 2/3
  EXPECT_GT(m, Rational(66, 100));
  EXPECT_LT(m, Rational(67, 100));
}

TEST(BanditInstanceTest, ValidationNamesTheParameter) {
  test::expect_parameter_error([] { BanditInstance::bernoulli({}); }, "K");
  test::expect_parameter_error([] { BanditInstance::bernoulli({Rational(3, 2)}); }, "mean");
  test::expect_parameter_error([] { BanditInstance::bernoulli({Rational(-1)}); }, "mean");
  test::expect_parameter_error([] { BanditInstance::clipped_gaussian({Rational(1, 2)}, Rational(0)); }, "sigma");
  test::expect_parameter_error([] { BanditInstance::clipped_gaussian({Rational(1, 2)}, Rational(-1)); }, "sigma");
  test::expect_parameter_error([] { BanditInstance::clipped_gaussian({Rational(1, 2)}, Rational(1, 10), 0); }, "grid");
  test::expect_parameter_error(
      [] { BanditInstance::clipped_gaussian({Rational(1, 2)}, Rational(1, 10), Integer(1) << 31); }, "grid");
  test::expect_parameter_error([] { BanditInstance::beta({{0, 1}}); }, "alpha");
  test::expect_parameter_error([] { BanditInstance::beta({{1, -1}}); }, "beta");
  test::expect_parameter_error([] { BanditInstance::beta({{40, 40}}); }, "alpha + beta");
  // The bound itself: α + β = 64 is accepted, 65 refused (the mutation campaign's gen-s1-081 refused 64).
  EXPECT_NO_THROW(BanditInstance::beta({{32, 32}}));
  test::expect_parameter_error([] { BanditInstance::beta({{33, 32}}); }, "alpha + beta");
}

}  // namespace
}  // namespace dpb::ref
