#include "reference/samplers/geometric.hpp"

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

TEST(GeometricTest, ConstructorRejectsNonPositiveScale) {
  for (const auto& [scale, text] : {std::pair{Rational(0), "0"}, std::pair{Rational(-1), "-1"},
                                    std::pair{Rational(-5, 2), "-5/2"}}) {
    try {
      Geometric g(scale);
      FAIL() << "accepted scale = " << text;
    } catch (const ParameterError& e) {
      EXPECT_EQ(std::string(e.what()), std::string("Geometric: parameter 'scale' must be > 0, got ") + text);
    }
  }
}

TEST(GeometricTest, SamplesAreNonNegative) {
  ChaCha20Source bits(31);
  for (const Rational& scale : {Rational(1, 3), Rational(1), Rational(7, 2), Rational(1000)}) {
    const Geometric g(scale);
    for (int i = 0; i < 2000; ++i) EXPECT_GE(g(bits), 0);
  }
}

TEST(GeometricTest, IntegerScaleDrawsTheDocumentedBits) {
  // scale = 1 (s = t = 1): U = 0 with no bit, BernoulliExp(0) accepts with no bit, so the sample is V, the number
  // of BernoulliExp(1) successes before the first failure.
  ChaCha20Source a(32), b(32);
  CountingSource ca(a), cb(b);
  const Geometric g(Rational(1));
  const BernoulliExp exp1(Rational(1));
  for (int i = 0; i < 1000; ++i) {
    Integer v = 0;
    while (exp1(cb)) ++v;
    EXPECT_EQ(g(ca), v);
  }
  EXPECT_EQ(ca.count(), cb.count());
}

// P[X = 0] = 1 − e^{−1/scale}: exact binomial test at alpha = 1e-6 (certified enclosure); and the sample mean
// of beta/(1 − beta) by an exact Chernoff test with K(λ) = ln((1 − β)/(1 − βe^λ)) − λμ, λ < ln(1/β)
// (tests/support/chernoff.hpp), at alpha = 1e-6.
void expect_sane(const Rational& scale, std::uint64_t seed) {
  ChaCha20Source bits(seed);
  const Geometric g(scale);
  const std::uint64_t n = 50000;
  std::uint64_t zeros = 0;
  double sum = 0;
  for (std::uint64_t i = 0; i < n; ++i) {
    const Integer x = g(bits);
    zeros += x == 0 ? 1 : 0;
    sum += x.convert_to<double>();
  }
  const Interval beta = exp_neg(Rational(1 / scale), 128);
  const double lo = std::nextafter(1 - beta.upper().convert_to<double>(), 0.0);
  const double hi = std::nextafter(1 - beta.lower().convert_to<double>(), 1.0);
  EXPECT_GT(verify::stats::binomial_test(zeros, n, {lo, hi}).p_value, 1e-6) << to_string(scale);
  const double b = beta.midpoint_for_report();
  const double mean = b / (1 - b), variance = b / ((1 - b) * (1 - b));
  const auto cgf = [b, mean](double l) { return std::log(1 - b) - std::log(1 - b * std::exp(l)) - l * mean; };
  EXPECT_TRUE(test::chernoff_mean_ok(sum / n, mean, cgf, -std::log(b), n)) << to_string(scale) << " mean " << sum / n;
  EXPECT_FALSE(test::chernoff_mean_ok(sum / n, mean + 8 * std::sqrt(variance / n), cgf, -std::log(b), n))
      << "negative control: a shifted mean must be rejected, " << to_string(scale);
}

TEST(GeometricTest, ZeroFrequencyAndMeanMatchOnFixedSeed) {
  expect_sane(Rational(1, 3), 33);
  expect_sane(Rational(1), 34);
  expect_sane(Rational(7, 2), 35);
  expect_sane(Rational(100), 36);
}

}  // namespace
}  // namespace dpb::ref
