// Certified Skellam pmf (the law of Poisson(σ²/2) − Poisson(σ²/2)) and its Bessel form e^{−σ²} I_|x|(σ²).
#include "reference/pmf/skellam.hpp"

#include <gtest/gtest.h>

#include <chrono>

#include "tests/reference/pmf/pmf_checks.hpp"

namespace dpb::ref {
namespace {

using test::expect_cdf_and_tail_complementary;
using test::expect_rejects;
using test::expect_shrinks;
using test::window_plus_tails;
using test::window_sum;

TEST(SkellamPmfTest, WindowPlusTailsContainsOne) {
  for (const Rational& var : {Rational(100), Rational(2), Rational(1, 3)}) {
    const SkellamPmf d(var);
    EXPECT_TRUE(window_plus_tails(d, -60, 60, 128).contains(Rational(1))) << d.describe();
    EXPECT_TRUE(window_plus_tails(d, -3, 7, 128).contains(Rational(1))) << d.describe();
    expect_cdf_and_tail_complementary(d, -6, 6, 128);
  }
}

TEST(SkellamPmfTest, IsSymmetric) {
  const SkellamPmf d(Rational(37, 3));
  for (long x = 1; x <= 40; ++x) EXPECT_TRUE(d.pmf(Integer(x), 128).overlaps(d.pmf(Integer(-x), 128))) << x;
  for (long k = -10; k <= 10; ++k)
    EXPECT_TRUE((d.cdf(Integer(k), 128) + d.cdf(Integer(-k - 1), 128)).contains(Rational(1))) << k;
}

TEST(SkellamPmfTest, ConvolutionAgreesWithBesselSeries) {
  for (const Rational& var : {Rational(100), Rational(2), Rational(1, 3), Rational(10000)}) {
    const SkellamPmf d(var);
    for (long x : {0L, 1L, -2L, 5L, 17L, 60L, 400L}) {
      const Interval conv = d.pmf(Integer(x), 128), bessel = skellam_pmf_bessel(var, Integer(x), 128);
      EXPECT_TRUE(conv.overlaps(bessel)) << d.describe() << " x=" << x << " " << conv.lower_string(20) << " "
                                         << bessel.lower_string(20);
    }
  }
}

TEST(SkellamPmfTest, SecondMomentApproachesVariance) {
  // Σ_{|x|≤K} x² P[x] ≤ σ², and the omitted part is negligible for K = 40σ (not a certified bound: a sanity check).
  const SkellamPmf d(Rational(100));
  Interval second(0L, 128);
  for (long x = -400; x <= 400; ++x) second += d.pmf(Integer(x), 128).mul(Rational(x * x));
  EXPECT_TRUE(second.certainly_less_equal(d.variance(128)) || second.overlaps(d.variance(128)));
  EXPECT_TRUE(second.certainly_greater(Rational(100) - Rational(1, 1'000'000)));
  EXPECT_TRUE(d.mean(64).contains(Rational(0)));
}

TEST(SkellamPmfTest, FarTailIsFastAndKeepsRelativeAccuracy) {
  const SkellamPmf d(Rational(100));
  const auto start = std::chrono::steady_clock::now();
  const Interval p = d.pmf(Integer(10'000), 64);
  const Interval t = d.upper_tail(Integer(300), 64);
  const auto seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_LT(seconds, 2.0);
  EXPECT_TRUE(p.certainly_greater(Rational(0)));
  EXPECT_LT(p.width(), p.lower() / Rational(Integer(1) << 55));
  EXPECT_TRUE(t.certainly_greater(d.pmf(Integer(300), 64).lower()));
  EXPECT_LT(t.width(), t.lower() / Rational(Integer(1) << 55));
  for (long k = 0; k < 60; ++k) EXPECT_TRUE(d.pmf(Integer(k + 1), 64).certainly_less(d.pmf(Integer(k), 64)));
}

TEST(SkellamPmfTest, EnclosuresShrinkWithPrecision) {
  const SkellamPmf d(Rational(2));
  expect_shrinks(d.pmf(Integer(3), 64), d.pmf(Integer(3), 256));
  expect_shrinks(d.cdf(Integer(-2), 64), d.cdf(Integer(-2), 256));
  expect_shrinks(skellam_pmf_bessel(Rational(2), Integer(3), 64), skellam_pmf_bessel(Rational(2), Integer(3), 256));
}

TEST(SkellamPmfTest, MakeRejectsNonPositiveVariance) {
  expect_rejects([] { SkellamPmf d(Rational(0)); }, "SkellamPmf", "variance");
  expect_rejects([] { SkellamPmf d(Rational(-1)); }, "SkellamPmf", "variance");
  expect_rejects([] { SkellamPmf d(test::oversize()); }, "SkellamPmf", "variance");
  expect_rejects([] { skellam_pmf_bessel(Rational(0), Integer(1), 64); }, "skellam_pmf_bessel", "variance");
}

}  // namespace
}  // namespace dpb::ref
