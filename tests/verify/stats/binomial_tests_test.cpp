#include "verify/stats/binomial_tests.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "reference/core/rational.hpp"

namespace dpb::verify::stats {
namespace {

// Exact P[X ≤ k] for X ~ Binomial(n, p), p rational.
Rational exact_binomial_cdf(unsigned k, unsigned n, const Rational& p) {
  Rational s = 0;
  Integer c = 1;  // C(n, j)
  for (unsigned j = 0; j <= k && j <= n; ++j) {
    Rational term = Rational(c);
    for (unsigned i = 0; i < j; ++i) term *= p;
    for (unsigned i = j; i < n; ++i) term *= (1 - p);
    s += term;
    c = c * (n - j) / (j + 1);
  }
  return s;
}

double to_double(const Rational& q) { return q.convert_to<double>(); }

TEST(BinomialTestsTest, TailsMatchExactRationalsOnSmallN) {
  for (const Rational& p : {Rational(1, 3), Rational(1, 1000), Rational(7, 8)})
    for (unsigned n : {1U, 12U, 40U})
      for (unsigned k = 0; k <= n; ++k) {
        const double pd = to_double(p);
        const double cdf = to_double(exact_binomial_cdf(k, n, p));
        const double upper = k == 0 ? 1.0 : to_double(1 - exact_binomial_cdf(k - 1, n, p));
        EXPECT_NEAR(binomial_cdf(k, n, pd), cdf, 1e-13 * cdf + 1e-300) << n << " " << k;
        EXPECT_NEAR(binomial_upper_tail(k, n, pd), upper, 1e-13 * upper + 1e-300) << n << " " << k;
      }
}

TEST(BinomialTestsTest, TwoSidedIsTwiceTheSmallerTail) {
  // n = 12, p = 1/3, k = 9: P[X ≥ 9] is the smaller tail.
  const double upper = to_double(1 - exact_binomial_cdf(8, 12, Rational(1, 3)));
  const BinomialTest t = binomial_test(9, 12, {1.0 / 3, 1.0 / 3});
  EXPECT_NEAR(t.p_value_high, upper, 1e-14);
  EXPECT_NEAR(t.p_value, 2 * upper, 1e-14);
  EXPECT_EQ(binomial_test(4, 12, {1.0 / 3, 1.0 / 3}).p_value, 1.0);  // the mode: both tails ≥ 1/2
}

TEST(BinomialTestsTest, EnclosureEndpointsMakeTheTestConservative) {
  const BinomialTest narrow = binomial_test(120, 1000, {0.1, 0.1});
  const BinomialTest wide = binomial_test(120, 1000, {0.09, 0.11});
  EXPECT_GT(wide.p_value, narrow.p_value);
  EXPECT_NEAR(wide.p_value_high, binomial_upper_tail(120, 1000, 0.11), 1e-15);
}

TEST(BinomialTestsTest, ClopperPearsonMatchesKnownIntervals) {
  // R: binom.test(5, 20)$conf.int = 0.08657147 0.49104587; the rest from 40-digit mpmath root finding.
  auto ci = clopper_pearson(5, 20, 0.95);
  EXPECT_NEAR(ci.lower, 0.0865714691014346, 1e-12);
  EXPECT_NEAR(ci.upper, 0.491045871707957, 1e-12);
  ci = clopper_pearson(0, 10, 0.95);  // upper = 1 − 0.025^{1/10}
  EXPECT_EQ(ci.lower, 0.0);
  EXPECT_NEAR(ci.upper, 1 - std::pow(0.025, 0.1), 1e-12);
  ci = clopper_pearson(10, 10, 0.95);
  EXPECT_NEAR(ci.lower, std::pow(0.025, 0.1), 1e-12);
  EXPECT_EQ(ci.upper, 1.0);
  ci = clopper_pearson(3, 1000, 0.99);
  EXPECT_NEAR(ci.lower, 0.000338144529066493, 2e-12 * 0.000338144529066493);  // the outward widening is 1e-12
  EXPECT_NEAR(ci.upper, 0.0109337774204052, 2e-12 * 0.0109337774204052);
  ci = clopper_pearson(50, 100, 0.95);
  EXPECT_NEAR(ci.lower, 0.398321129503301, 1e-12);
  EXPECT_NEAR(ci.upper, 0.601678870496699, 1e-12);
}

TEST(BinomialTestsTest, ClopperPearsonIsWidenedOutward) {
  const auto ci = clopper_pearson(5, 20, 0.95);
  EXPECT_LE(ci.lower, 0.0865714691014346);
  EXPECT_GE(ci.upper, 0.491045871707957);
  // One-sided bounds at confidence c solve P_p[X ≥ k] = 1 − c and P_p[X ≤ k] = 1 − c.
  const double lo = clopper_pearson_lower(7, 50, 0.999), hi = clopper_pearson_upper(7, 50, 0.999);
  EXPECT_NEAR(binomial_upper_tail(7, 50, lo), 1e-3, 1e-12);
  EXPECT_NEAR(binomial_cdf(7, 50, hi), 1e-3, 1e-12);
}

TEST(BinomialTestsTest, RejectsMalformedInput) {
  EXPECT_THROW(binomial_test(5, 4, {0.5, 0.5}), std::invalid_argument);
  EXPECT_THROW(binomial_test(1, 4, {0.6, 0.5}), std::invalid_argument);
  EXPECT_THROW(binomial_cdf(1, 4, 1.5), std::invalid_argument);
  EXPECT_THROW(clopper_pearson(1, 4, 1.0), std::invalid_argument);
}

}  // namespace
}  // namespace dpb::verify::stats
