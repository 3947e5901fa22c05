// Certified pmfs of the laws with closed forms: Bernoulli, Bernoulli(e^{−γ}), geometric, discrete Laplace,
// randomized rounding, binomial.
#include <gtest/gtest.h>

#include <cstdlib>

#include "reference/pmf/bernoulli.hpp"
#include "reference/pmf/bernoulli_exp.hpp"
#include "reference/pmf/binomial.hpp"
#include "reference/pmf/discrete_laplace.hpp"
#include "reference/pmf/geometric.hpp"
#include "reference/pmf/rounding.hpp"
#include "tests/reference/pmf/pmf_checks.hpp"

namespace dpb::ref {
namespace {

using test::expect_cdf_and_tail_complementary;
using test::expect_rejects;
using test::expect_shrinks;
using test::oversize;
using test::window_plus_tails;
using test::window_sum;

TEST(BernoulliPmfTest, ValuesAreExactRationals) {
  const BernoulliPmf d(Rational(2, 7));
  EXPECT_TRUE(d.pmf(Integer(1), 64).contains(Rational(2, 7)));
  EXPECT_TRUE(d.pmf(Integer(0), 64).contains(Rational(5, 7)));
  EXPECT_TRUE(d.pmf(Integer(2), 64).contains(Rational(0)));
  EXPECT_TRUE(d.variance(64).contains(Rational(10, 49)));
  EXPECT_TRUE(window_plus_tails(d, -3, 3, 64).contains(Rational(1)));
  expect_cdf_and_tail_complementary(d, -2, 3, 64);
}

TEST(BernoulliPmfTest, SupportShrinksAtTheEndpoints) {
  EXPECT_EQ(*BernoulliPmf(Rational(0)).support_max(), 0);
  EXPECT_EQ(*BernoulliPmf(Rational(1)).support_min(), 1);
  EXPECT_EQ(*BernoulliPmf(Rational(1, 2)).support_min(), 0);
  EXPECT_EQ(*BernoulliPmf(Rational(1, 2)).support_max(), 1);
}

TEST(BernoulliPmfTest, MakeRejectsProbabilityOutsideUnitInterval) {
  expect_rejects([] { BernoulliPmf d(Rational(-1)); }, "BernoulliPmf", "p");
  expect_rejects([] { BernoulliPmf d(Rational(3, 2)); }, "BernoulliPmf", "p");
  expect_rejects([] { BernoulliPmf d(oversize()); }, "BernoulliPmf", "p");
}

TEST(BernoulliExpPmfTest, OneHasProbabilityExpMinusGamma) {
  const BernoulliExpPmf d(Rational(3, 2));
  const Interval p1 = d.pmf(Integer(1), 128), p0 = d.pmf(Integer(0), 128);
  EXPECT_TRUE((p1 - exp_neg(Rational(3, 2), 200)).contains(Rational(0)));
  EXPECT_TRUE((p0 + p1).contains(Rational(1)));
  expect_shrinks(d.pmf(Integer(1), 64), d.pmf(Integer(1), 256));
  expect_cdf_and_tail_complementary(d, -1, 2, 64);
  EXPECT_EQ(*BernoulliExpPmf(Rational(0)).support_min(), 1);
}

TEST(BernoulliExpPmfTest, TinyGammaKeepsRelativeAccuracyOfZero) {
  // P[0] = 1 − e^{−γ} ≈ γ for γ = 10^{-30}: computed by expm1, no cancellation.
  const Interval p0 = BernoulliExpPmf(Rational(1, Integer("1000000000000000000000000000000"))).pmf(Integer(0), 64);
  EXPECT_TRUE(p0.certainly_greater(Rational(999, Integer("1000000000000000000000000000000000"))));
  EXPECT_LT(p0.width(), p0.lower() / Rational(Integer(1) << 60));
}

TEST(BernoulliExpPmfTest, MakeRejectsNegativeGamma) {
  expect_rejects([] { BernoulliExpPmf d(Rational(-1)); }, "BernoulliExpPmf", "gamma");
  expect_rejects([] { BernoulliExpPmf d(oversize()); }, "BernoulliExpPmf", "gamma");
}

TEST(GeometricPmfTest, MatchesClosedForms) {
  const Rational scale(7, 3);
  const GeometricPmf d(scale);
  const mpfr_prec_t p = 128;
  const Interval beta = exp_neg(Rational(3, 7), 200), one(1L, 200);
  for (long k : {0L, 1L, 5L, 40L}) {
    const Interval closed = (one - beta) * beta.pow(static_cast<unsigned long>(k));
    EXPECT_TRUE(d.pmf(Integer(k), p).overlaps(closed)) << k;
    EXPECT_TRUE(d.upper_tail(Integer(k), p).overlaps(beta.pow(static_cast<unsigned long>(k)))) << k;
  }
  EXPECT_TRUE(d.mean(p).overlaps(beta / (one - beta)));
  EXPECT_TRUE(window_plus_tails(d, -2, 60, 128).contains(Rational(1)));
  expect_cdf_and_tail_complementary(d, -2, 30, 128);
  expect_shrinks(d.pmf(Integer(3), 64), d.pmf(Integer(3), 256));
}

TEST(GeometricPmfTest, FarTailIsFastAndPositive) {
  const Interval p = GeometricPmf(Rational(10)).pmf(Integer(1'000'000), 64);
  EXPECT_TRUE(p.certainly_greater(Rational(0)));
  EXPECT_LT(p.width(), p.lower() / Rational(Integer(1) << 60));
}

TEST(GeometricPmfTest, MakeRejectsNonPositiveScale) {
  expect_rejects([] { GeometricPmf d(Rational(0)); }, "GeometricPmf", "scale");
  expect_rejects([] { GeometricPmf d(Rational(-1)); }, "GeometricPmf", "scale");
  expect_rejects([] { GeometricPmf d(oversize()); }, "GeometricPmf", "scale");
}

TEST(DiscreteLaplacePmfTest, TailSumMatchesClosedForm) {
  // Σ_{x=k}^{K} P[x] + P[X ≥ K+1] = β^k/(1+β) (Def 4 of Chowdhury & Zhou 2023), checked against an independent closed
  // form.
  const Rational scale(3, 2);
  const DiscreteLaplacePmf d(scale);
  const Interval beta = exp_neg(Rational(2, 3), 256), one(1L, 256);
  for (long k : {0L, 1L, 4L, 10L}) {
    const Interval sum = window_sum(d, k, k + 80, 192) + d.upper_tail(Integer(k + 81), 192);
    EXPECT_TRUE(sum.overlaps(beta.pow(static_cast<unsigned long>(k)) / (one + beta))) << k;
  }
  // The pmf itself: (1−β)/(1+β) β^{|x|}.
  for (long x : {-7L, 0L, 3L})
    EXPECT_TRUE(d.pmf(Integer(x), 128)
                    .overlaps((one - beta) / (one + beta) * beta.pow(static_cast<unsigned long>(std::labs(x)))));
}

TEST(DiscreteLaplacePmfTest, IsSymmetricAndNormalised) {
  const DiscreteLaplacePmf d(Rational(5));
  for (long x = 1; x < 30; ++x) EXPECT_TRUE(d.pmf(Integer(x), 128).overlaps(d.pmf(Integer(-x), 128)));
  EXPECT_TRUE(window_plus_tails(d, -50, 50, 128).contains(Rational(1)));
  EXPECT_TRUE(window_sum(d, -50, 50, 128).certainly_less(Rational(1)));
  expect_cdf_and_tail_complementary(d, -20, 20, 128);
  // Variance 2β/(1−β)² against Σ x² P[x] over |x| ≤ 400 (the rest is below 10^{−29}, far under 2^{−40}).
  const Interval var = d.variance(128);
  Interval second(0L, 128);
  for (long x = -400; x <= 400; ++x) second += d.pmf(Integer(x), 128).mul(Rational(x * x));
  EXPECT_TRUE(second.certainly_less_equal(var));
  EXPECT_TRUE(var.certainly_less(Rational(second.upper() + Rational(1, Integer(1) << 40))));
}

TEST(DiscreteLaplacePmfTest, MonotoneTails) {
  const DiscreteLaplacePmf d(Rational(2));
  for (long k = 0; k < 40; ++k) {
    EXPECT_TRUE(d.pmf(Integer(k + 1), 64).certainly_less(d.pmf(Integer(k), 64)));
    EXPECT_TRUE(d.upper_tail(Integer(k + 1), 64).certainly_less(d.upper_tail(Integer(k), 64)));
  }
}

TEST(DiscreteLaplacePmfTest, MakeRejectsNonPositiveScale) {
  expect_rejects([] { DiscreteLaplacePmf d(Rational(0)); }, "DiscreteLaplacePmf", "scale");
  expect_rejects([] { DiscreteLaplacePmf d(Rational(-1)); }, "DiscreteLaplacePmf", "scale");
  expect_rejects([] { DiscreteLaplacePmf d(oversize()); }, "DiscreteLaplacePmf", "scale");
}

TEST(RandomizedRoundingPmfTest, TwoPointLawWithMeanXg) {
  const RandomizedRoundingPmf d(Rational(3, 10), Integer(7));  // xg = 2.1
  EXPECT_TRUE(d.pmf(Integer(2), 64).contains(Rational(9, 10)));
  EXPECT_TRUE(d.pmf(Integer(3), 64).contains(Rational(1, 10)));
  EXPECT_TRUE(d.pmf(Integer(4), 64).contains(Rational(0)));
  EXPECT_TRUE(d.mean(64).contains(Rational(21, 10)));
  EXPECT_TRUE(d.variance(64).contains(Rational(9, 100)));
  EXPECT_EQ(*d.support_min(), 2);
  EXPECT_EQ(*d.support_max(), 3);
  expect_cdf_and_tail_complementary(d, 0, 5, 64);
  const RandomizedRoundingPmf exact(Rational(1, 2), Integer(4));  // xg = 2: a point mass
  EXPECT_EQ(*exact.support_max(), 2);
  EXPECT_TRUE(exact.pmf(Integer(2), 64).contains(Rational(1)));
}

TEST(RandomizedRoundingPmfTest, MakeRejectsNonPositiveG) {
  expect_rejects([] { RandomizedRoundingPmf d(Rational(1, 2), Integer(0)); }, "RandomizedRoundingPmf", "g");
  expect_rejects([] { RandomizedRoundingPmf d(Rational(1, 2), Integer(-1)); }, "RandomizedRoundingPmf", "g");
  expect_rejects([] { RandomizedRoundingPmf d(oversize(), Integer(2)); }, "RandomizedRoundingPmf", "x");
}

TEST(BinomialPmfTest, MatchesExactRationalPmf) {
  // C(n,k) p^k (1−p)^{n−k} as an exact rational, for n = 40, p = 2/7.
  const Integer n = 40;
  const Rational p(2, 7);
  const BinomialPmf d(n, p);
  Integer choose = 1;
  for (long k = 0; k <= 40; ++k) {
    if (k > 0) choose = choose * (n - k + 1) / k;
    Rational exact = Rational(choose);
    for (long i = 0; i < k; ++i) exact *= p;
    for (long i = k; i < 40; ++i) exact *= (1 - p);
    EXPECT_TRUE(d.pmf(Integer(k), 128).contains(exact)) << k;
  }
  EXPECT_TRUE(window_plus_tails(d, 3, 20, 128).contains(Rational(1)));
  expect_cdf_and_tail_complementary(d, -1, 41, 128);
  EXPECT_TRUE(d.mean(64).contains(Rational(80, 7)));
}

TEST(BinomialPmfTest, LargeNTailsAreConsistent) {
  const BinomialPmf d(Integer(1'000'000), Rational(1, 3));
  expect_cdf_and_tail_complementary(d, 332'000, 332'010, 96);
  EXPECT_TRUE(d.pmf(Integer(999'999), 64).certainly_greater(Rational(0)));
  expect_shrinks(d.pmf(Integer(333'000), 64), d.pmf(Integer(333'000), 256));
}

TEST(BinomialPmfTest, DegenerateProbabilities) {
  EXPECT_TRUE(BinomialPmf(Integer(5), Rational(0)).pmf(Integer(0), 64).contains(Rational(1)));
  EXPECT_TRUE(BinomialPmf(Integer(5), Rational(1)).pmf(Integer(5), 64).contains(Rational(1)));
  EXPECT_TRUE(BinomialPmf(Integer(5), Rational(1)).cdf(Integer(4), 64).contains(Rational(0)));
  EXPECT_TRUE(BinomialPmf(Integer(0), Rational(1, 2)).pmf(Integer(0), 64).contains(Rational(1)));
}

TEST(BinomialPmfTest, MakeRejectsBadParameters) {
  expect_rejects([] { BinomialPmf d(Integer(-1), Rational(1, 2)); }, "BinomialPmf", "n");
  expect_rejects([] { BinomialPmf d(Integer(3), Rational(2)); }, "BinomialPmf", "p");
  expect_rejects([] { BinomialPmf d(Integer(3), Rational(-1, 2)); }, "BinomialPmf", "p");
}

}  // namespace
}  // namespace dpb::ref
