#include "reference/samplers/discrete_gaussian.hpp"

#include <gtest/gtest.h>

#include "tests/support/chernoff.hpp"

#include <cmath>
#include <string>

#include "reference/bits/chacha20.hpp"
#include "reference/core/errors.hpp"
#include "verify/stats/binomial_tests.hpp"

namespace dpb::ref {
namespace {

TEST(DiscreteGaussianTest, ConstructorRejectsNonPositiveSigma2) {
  for (const auto& [sigma2, text] : {std::pair{Rational(0), "0"}, std::pair{Rational(-1), "-1"},
                                     std::pair{Rational(-9, 4), "-9/4"}}) {
    try {
      DiscreteGaussian d(sigma2);
      FAIL() << "accepted sigma2 = " << text;
    } catch (const ParameterError& e) {
      EXPECT_EQ(std::string(e.what()), std::string("DiscreteGaussian: parameter 'sigma2' must be > 0, got ") + text);
    }
  }
}

TEST(DiscreteGaussianTest, ProposalScaleIsCks20Choice) {
  EXPECT_EQ(DiscreteGaussian(Rational(100)).t(), 11);      // floor(sqrt(100)) + 1
  EXPECT_EQ(DiscreteGaussian(Rational(99)).t(), 10);       // floor(sqrt(99)) + 1
  EXPECT_EQ(DiscreteGaussian(Rational(1, 4)).t(), 1);      // floor(sqrt(0)) + 1
  EXPECT_EQ(DiscreteGaussian(Rational(7, 3)).t(), 2);      // floor(sqrt(2)) + 1
  EXPECT_EQ(DiscreteGaussian(Rational(7, 3), Rational(-5, 2)).mu(), Rational(-5, 2));
}

TEST(DiscreteGaussianTest, IntegerMuBiasIsCks20Expression) {
  const DiscreteGaussian d(Rational(7, 3), Rational(4));
  for (long y = -30; y <= 30; ++y) {
    const Rational diff = Rational(std::labs(y)) - Rational(7, 3) / 2;
    EXPECT_EQ(d.bias(Integer(y)), diff * diff / Rational(14, 3)) << y;
  }
}

TEST(DiscreteGaussianTest, ShiftedBiasEqualsExponentMinusItsMinimum) {
  // bias(y) = (y − f)²/(2σ²) − |y|/t − C with C = −σ²/(2t²) − f/t (docs/samplers.md § discrete_gaussian).
  for (const auto& [sigma2, mu] : {std::pair{Rational(7, 3), Rational(1, 2)}, std::pair{Rational(100), Rational(-7, 3)},
                                   std::pair{Rational(1, 4), Rational(9, 10)}}) {
    const DiscreteGaussian d(sigma2, mu);
    const Rational f = mu - floor(mu), t(d.t());
    const Rational C = -sigma2 / (2 * t * t) - f / t;
    for (long y = -60; y <= 60; ++y) {
      const Rational Y(y), abs_y(std::labs(y));
      const Rational expected = (Y - f) * (Y - f) / (2 * sigma2) - abs_y / t - C;
      EXPECT_EQ(d.bias(Integer(y)), expected) << y;
      EXPECT_GE(d.bias(Integer(y)), 0) << y;
    }
  }
}

TEST(DiscreteGaussianTest, IntegerMuShiftsTheCenteredSampleOnSameBits) {
  ChaCha20Source a(51), b(51);
  const DiscreteGaussian centered(Rational(10)), shifted(Rational(10), Rational(-17));
  for (int i = 0; i < 2000; ++i) EXPECT_EQ(shifted(a), centered(b) - 17);
}

// Fixed-seed sanity checks at alpha = 1e-6:
//  - symmetry about mu when 2 mu is an integer: P[X > mu] = P[X < mu] exactly, so the count of X > mu among the
//    draws with X != mu is Binomial(m, 1/2) exactly;
//  - the sample mean against mu by an exact Chernoff test: N_Z(mu, σ²) is σ²-subgaussian (Canonne, Kamath &
//    Steinke 2020, Cor. 9: K(λ) ≤ λ²σ²/2), so P[|X̄ − mu| ≥ σ√(2 ln(2/α)/n)] ≤ α (tests/support/chernoff.hpp).
void expect_symmetric(const Rational& sigma2, const Rational& mu, std::uint64_t seed) {
  ChaCha20Source bits(seed);
  const DiscreteGaussian d(sigma2, mu);
  const std::uint64_t n = 40000;
  std::uint64_t above = 0, off_center = 0;
  double sum = 0;
  for (std::uint64_t i = 0; i < n; ++i) {
    const Integer x = d(bits);
    if (Rational(x) != mu) ++off_center;
    if (Rational(x) > mu) ++above;
    sum += x.convert_to<double>();
  }
  EXPECT_GT(verify::stats::binomial_test(above, off_center, {0.5, 0.5}).p_value, 1e-6) << to_string(sigma2);
  const double s2 = sigma2.convert_to<double>(), m = mu.convert_to<double>();
  const auto cgf = [s2](double l) { return l * l * s2 / 2; };  // an upper bound of K: the bound stays valid
  EXPECT_TRUE(test::chernoff_mean_ok(sum / n, m, cgf, 20, n)) << to_string(sigma2) << " mean " << sum / n;
  EXPECT_FALSE(test::chernoff_mean_ok(sum / n, m + 8 * std::sqrt(s2 / n), cgf, 20, n)) << "negative control";
}

TEST(DiscreteGaussianTest, SymmetricAboutMuOnFixedSeed) {
  expect_symmetric(Rational(100), Rational(0), 52);
  expect_symmetric(Rational(1, 4), Rational(0), 53);
  expect_symmetric(Rational(7, 3), Rational(1, 2), 54);
  expect_symmetric(Rational(2), Rational(-5, 2), 55);
}

}  // namespace
}  // namespace dpb::ref
