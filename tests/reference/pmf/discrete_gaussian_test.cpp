// Certified discrete Gaussian pmf N_Z(μ, σ²): normaliser (direct sum and theta form), small σ, moments.
#include "reference/pmf/discrete_gaussian.hpp"

#include <gtest/gtest.h>

#include "tests/reference/pmf/pmf_checks.hpp"

namespace dpb::ref {
namespace {

using test::expect_cdf_and_tail_complementary;
using test::expect_rejects;
using test::expect_shrinks;
using test::window_plus_tails;
using test::window_sum;

TEST(DiscreteGaussianPmfTest, WindowPlusTailsContainsOne) {
  for (const auto& [s2, mu] : {std::pair{Rational(9), Rational(0)}, std::pair{Rational(9), Rational(1, 3)},
                               std::pair{Rational(1, 10), Rational(-5, 2)}, std::pair{Rational(400), Rational(7)},
                               std::pair{Rational(1, 1'000'000), Rational(0)}}) {
    const DiscreteGaussianPmf d(s2, mu);
    EXPECT_TRUE(window_plus_tails(d, -30, 30, 128).contains(Rational(1))) << d.describe();
    EXPECT_TRUE(window_plus_tails(d, -2, 3, 128).contains(Rational(1))) << d.describe();
    expect_cdf_and_tail_complementary(d, -5, 5, 128);
  }
}

TEST(DiscreteGaussianPmfTest, DirectAndThetaNormalisersAgree) {
  for (const auto& [s2, mu] : {std::pair{Rational(1), Rational(0)}, std::pair{Rational(2), Rational(1, 3)},
                               std::pair{Rational(1, 2), Rational(2, 7)}, std::pair{Rational(50), Rational(-3, 4)}}) {
    const DiscreteGaussianPmf d(s2, mu);
    const Interval direct = d.normalizer_direct(160), theta = d.normalizer_theta(160);
    EXPECT_TRUE(direct.overlaps(theta)) << d.describe() << " " << direct.lower_string(30) << " "
                                        << theta.lower_string(30);
    EXPECT_LT(direct.width(), Rational(1, Integer(1) << 150));
    EXPECT_LT(theta.width(), Rational(1, Integer(1) << 150));
  }
}

TEST(DiscreteGaussianPmfTest, SmallSigmaPutsAlmostAllMassOnTheNearestInteger) {
  const DiscreteGaussianPmf d(Rational(1, 100), Rational(0));
  // Z = 1 + 2e^{−50} + …: P[0] = 1/Z is just below 1, P[±1] ≈ e^{−50}.
  const Interval p0 = d.pmf(Integer(0), 128);
  EXPECT_TRUE(p0.certainly_less(Rational(1)));
  EXPECT_TRUE(p0.certainly_greater(Rational(1) - Rational(1, Integer(1) << 70)));
  EXPECT_TRUE(d.pmf(Integer(1), 128).overlaps(exp_neg(Rational(50), 128) * p0));
  const DiscreteGaussianPmf tiny(Rational(1, 1'000'000), Rational(1, 2));  // two equal atoms at 0 and 1
  EXPECT_TRUE(tiny.pmf(Integer(0), 128).overlaps(tiny.pmf(Integer(1), 128)));
  EXPECT_TRUE((tiny.pmf(Integer(0), 128) + tiny.pmf(Integer(1), 128)).certainly_greater(Rational(999, 1000)));
}

TEST(DiscreteGaussianPmfTest, IsSymmetricForZeroMean) {
  const DiscreteGaussianPmf d(Rational(25, 3));
  for (long x = 1; x < 30; ++x) EXPECT_TRUE(d.pmf(Integer(x), 128).overlaps(d.pmf(Integer(-x), 128))) << x;
  EXPECT_TRUE(d.mean(128).contains(Rational(0)));
  for (long k = 0; k < 30; ++k) EXPECT_TRUE(d.pmf(Integer(k + 1), 64).certainly_less(d.pmf(Integer(k), 64)));
}

TEST(DiscreteGaussianPmfTest, MomentsMatchWindowSums) {
  // The omitted mass beyond |x − μ| = 80 for σ² = 9 is below e^{−350}: window sums bracket the moments tightly.
  const Rational mu(1, 3);
  const DiscreteGaussianPmf d(Rational(9), mu);
  Interval first(0L, 160), second(0L, 160);
  for (long x = -80; x <= 80; ++x) {
    const Interval p = d.pmf(Integer(x), 160);
    first += p.mul(Rational(x));
    second += p.mul(Rational(x * x));
  }
  const Interval var = second - first.sqr();
  const Rational slack(1, Integer(1) << 100);
  EXPECT_TRUE(d.mean(160).certainly_greater(Rational(first.lower() - slack)));
  EXPECT_TRUE(d.mean(160).certainly_less(Rational(first.upper() + slack)));
  EXPECT_TRUE(d.variance(160).certainly_greater(Rational(var.lower() - slack)));
  EXPECT_TRUE(d.variance(160).certainly_less(Rational(var.upper() + slack)));
  // For μ = 0 the variance of N_Z(0, σ²) is strictly below σ² (Canonne–Kamath–Steinke 2020).
  // (The gap is about 4π²σ⁴e^{−2π²σ²}: visible at 128 bits for σ² ≤ 2, not for σ² = 9.)
  EXPECT_TRUE(DiscreteGaussianPmf(Rational(1)).variance(128).certainly_less(Rational(1)));
  EXPECT_TRUE(DiscreteGaussianPmf(Rational(1, 2)).variance(128).certainly_less(Rational(1, 2)));
  EXPECT_TRUE(DiscreteGaussianPmf(Rational(2)).variance(128).certainly_less(Rational(2)));
}

TEST(DiscreteGaussianPmfTest, EnclosuresShrinkWithPrecision) {
  const DiscreteGaussianPmf d(Rational(9), Rational(1, 3));
  expect_shrinks(d.pmf(Integer(2), 64), d.pmf(Integer(2), 256));
  expect_shrinks(d.cdf(Integer(2), 64), d.cdf(Integer(2), 256));
  expect_shrinks(d.variance(64), d.variance(256));
}

TEST(DiscreteGaussianPmfTest, MakeRejectsNonPositiveSigma2) {
  expect_rejects([] { DiscreteGaussianPmf d(Rational(0)); }, "DiscreteGaussianPmf", "sigma2");
  expect_rejects([] { DiscreteGaussianPmf d(Rational(-1)); }, "DiscreteGaussianPmf", "sigma2");
  expect_rejects([] { DiscreteGaussianPmf d(test::oversize()); }, "DiscreteGaussianPmf", "sigma2");
  expect_rejects([] { DiscreteGaussianPmf d(Rational(1), test::oversize()); }, "DiscreteGaussianPmf", "mu");
}

}  // namespace
}  // namespace dpb::ref
