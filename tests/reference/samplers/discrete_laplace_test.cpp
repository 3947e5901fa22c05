#include "reference/samplers/discrete_laplace.hpp"

#include <gtest/gtest.h>

#include "tests/support/chernoff.hpp"

#include <cmath>
#include <string>

#include "reference/bits/chacha20.hpp"
#include "reference/core/errors.hpp"
#include "reference/core/interval.hpp"
#include "verify/stats/binomial_tests.hpp"

namespace dpb::ref {
namespace {

TEST(DiscreteLaplaceTest, ConstructorRejectsNonPositiveScale) {
  for (const auto& [scale, text] : {std::pair{Rational(0), "0"}, std::pair{Rational(-1), "-1"},
                                    std::pair{Rational(-1, 3), "-1/3"}}) {
    try {
      DiscreteLaplace d(scale);
      FAIL() << "accepted scale = " << text;
    } catch (const ParameterError& e) {
      EXPECT_EQ(std::string(e.what()), std::string("DiscreteLaplace: parameter 'scale' must be > 0, got ") + text);
    }
  }
}

TEST(DiscreteLaplaceTest, ScaleAccessorReturnsLowestTerms) {
  EXPECT_EQ(DiscreteLaplace(Rational(6, 4)).scale(), Rational(3, 2));
}

TEST(DiscreteLaplaceTest, MatchesSignAndGeometricMagnitudeOnSameBits) {
  // The algorithm spelled out: sign bit (true = bit 0 = negative), Geometric magnitude, (negative, 0) rejected.
  ChaCha20Source a(41), b(41);
  const DiscreteLaplace d(Rational(5, 2));
  const Geometric g(Rational(5, 2));
  for (int i = 0; i < 2000; ++i) {
    Integer expected;
    for (;;) {
      const bool negative = !b.next_bit();
      const Integer mag = g(b);
      if (negative && mag == 0) continue;
      expected = negative ? Integer(-mag) : mag;
      break;
    }
    EXPECT_EQ(d(a), expected);
  }
}

// Exact tests at alpha = 1e-6 on fixed seeds:
//  - P[X = 0] = (1 − β)/(1 + β), β = e^{−1/scale} (certified enclosure);
//  - given X ≠ 0, the sign is Bernoulli(1/2) exactly (symmetry);
//  - the mean is 0: an exact Chernoff test of the sample mean with the law's cumulant generating function
//    K(λ) = ln((1 − β)²/((1 − βe^λ)(1 − βe^{−λ}))), |λ| < ln(1/β) (tests/support/chernoff.hpp).
void expect_sane(const Rational& scale, std::uint64_t seed) {
  ChaCha20Source bits(seed);
  const DiscreteLaplace d(scale);
  const std::uint64_t n = 50000;
  std::uint64_t zeros = 0, positives = 0;
  double sum = 0;
  for (std::uint64_t i = 0; i < n; ++i) {
    const Integer x = d(bits);
    zeros += x == 0 ? 1 : 0;
    positives += x > 0 ? 1 : 0;
    sum += x.convert_to<double>();
  }
  const Interval beta = exp_neg(Rational(1 / scale), 128);
  const Interval one(1L, 128);
  const Interval p0 = (one - beta) / (one + beta);
  const double lo = std::nextafter(p0.lower().convert_to<double>(), 0.0);
  const double hi = std::nextafter(p0.upper().convert_to<double>(), 1.0);
  EXPECT_GT(verify::stats::binomial_test(zeros, n, {lo, hi}).p_value, 1e-6) << to_string(scale);
  EXPECT_GT(verify::stats::binomial_test(positives, n - zeros, {0.5, 0.5}).p_value, 1e-6) << to_string(scale);
  const double b = beta.midpoint_for_report();
  const auto cgf = [b](double l) { return 2 * std::log(1 - b) - std::log(1 - b * std::exp(l)) - std::log(1 - b * std::exp(-l)); };
  EXPECT_TRUE(test::chernoff_mean_ok(sum / n, 0, cgf, -std::log(b), n)) << to_string(scale) << " mean " << sum / n;
  // Negative control: the same sample against a mean shifted by 4 standard deviations of X̄ is rejected.
  const double sd = std::sqrt(2 * b / ((1 - b) * (1 - b)) / n);
  EXPECT_FALSE(test::chernoff_mean_ok(sum / n + 8 * sd, 0, cgf, -std::log(b), n)) << to_string(scale);
}

TEST(DiscreteLaplaceTest, ZeroFrequencySymmetryAndMeanOnFixedSeed) {
  expect_sane(Rational(1, 3), 42);
  expect_sane(Rational(3), 43);
  expect_sane(Rational(1000), 44);
}

}  // namespace
}  // namespace dpb::ref
