// Certified Poisson pmf: normalisation, mean and variance, agreement with e^{−λ}λ^k/k!, far tails, validation.
#include "reference/pmf/poisson.hpp"

#include <gtest/gtest.h>

#include <chrono>

#include "reference/pmf/internal/certified_math.hpp"
#include "tests/reference/pmf/pmf_checks.hpp"

namespace dpb::ref {
namespace {

using test::expect_cdf_and_tail_complementary;
using test::expect_rejects;
using test::expect_shrinks;
using test::window_plus_tails;

TEST(PoissonPmfTest, WindowPlusTailsContainsOne) {
  for (const Rational& mean : {Rational(10), Rational(1, 3), Rational(1000), Rational(123, 7)}) {
    const PoissonPmf d(mean);
    const long m = floor(mean).convert_to<long>();
    EXPECT_TRUE(window_plus_tails(d, 0, m + 60, 128).contains(Rational(1))) << d.describe();
    EXPECT_TRUE(window_plus_tails(d, m / 2, m + 3, 128).contains(Rational(1))) << d.describe();
    expect_cdf_and_tail_complementary(d, m - 5, m + 5, 128);
  }
}

TEST(PoissonPmfTest, MatchesDirectProduct) {
  // e^{−λ} λ^k / k! with λ^k/k! an exact rational.
  const Rational lambda(37, 5);
  const PoissonPmf d(lambda);
  Rational term = 1;
  const Interval e = exp_neg(lambda, 256);
  for (long k = 0; k <= 60; ++k) {
    if (k > 0) term = term * lambda / k;
    EXPECT_TRUE(d.pmf(Integer(k), 160).overlaps(e.mul(term))) << k;
  }
}

TEST(PoissonPmfTest, MeanAndVarianceMatchWindowSums) {
  // Σ_{k>K} k P[k] = λ P[X ≥ K] and Σ_{k>K} k(k−1) P[k] = λ² P[X ≥ K−1] (shift identities of the Poisson law).
  const Rational lambda(10);
  const PoissonPmf d(lambda);
  const long K = 40;
  Interval first(0L, 160), factorial2(0L, 160);
  for (long k = 0; k <= K; ++k) {
    first += d.pmf(Integer(k), 160).mul(Rational(k));
    factorial2 += d.pmf(Integer(k), 160).mul(Rational(k * (k - 1)));
  }
  first += d.upper_tail(Integer(K), 160).mul(lambda);
  factorial2 += d.upper_tail(Integer(K - 1), 160).mul(lambda * lambda);
  EXPECT_TRUE(first.contains(lambda));
  EXPECT_TRUE((factorial2 + first - first.sqr()).overlaps(d.variance(160)));
  EXPECT_TRUE(d.mean(64).contains(lambda));
  EXPECT_TRUE(d.variance(64).contains(lambda));
}

TEST(PoissonPmfTest, FarTailPmfIsFastForMillionK) {
  const auto start = std::chrono::steady_clock::now();
  const Interval p = PoissonPmf(Rational(10)).pmf(Integer(1'000'000), 64);
  const Interval q = PoissonPmf(Rational(1'000'000)).pmf(Integer(1'000'000), 64);
  const auto seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_LT(seconds, 1.0);
  EXPECT_TRUE(p.certainly_greater(Rational(0)));
  EXPECT_LT(p.width(), p.lower() / Rational(Integer(1) << 60));
  // P[λ] ≈ 1/√(2πλ) ≈ 3.989e-4 for λ = 10^6.
  EXPECT_TRUE(q.certainly_greater(Rational(3988, 10'000'000)) && q.certainly_less(Rational(3990, 10'000'000)));
}

TEST(PoissonPmfTest, TailsAreMonotoneBeyondTheMean) {
  const PoissonPmf d(Rational(10));
  for (long k = 11; k < 80; ++k) {
    EXPECT_TRUE(d.pmf(Integer(k + 1), 64).certainly_less(d.pmf(Integer(k), 64))) << k;
    EXPECT_TRUE(d.upper_tail(Integer(k + 1), 64).certainly_less(d.upper_tail(Integer(k), 64))) << k;
  }
  for (long k = 1; k < 9; ++k) EXPECT_TRUE(d.cdf(Integer(k - 1), 64).certainly_less(d.cdf(Integer(k), 64)));
}

TEST(PoissonPmfTest, DeepTailsKeepRelativeAccuracy) {
  const PoissonPmf d(Rational(1, 3));
  const Interval t = d.upper_tail(Integer(200), 64);
  EXPECT_TRUE(t.certainly_greater(Rational(0)));
  EXPECT_LT(t.width(), t.lower() / Rational(Integer(1) << 60));
  EXPECT_TRUE(t.certainly_greater(d.pmf(Integer(200), 64).lower()));
}

TEST(PoissonPmfTest, EnclosuresShrinkWithPrecision) {
  const PoissonPmf d(Rational(10));
  expect_shrinks(d.pmf(Integer(7), 64), d.pmf(Integer(7), 256));
  expect_shrinks(d.cdf(Integer(7), 64), d.cdf(Integer(7), 256));
  expect_shrinks(d.upper_tail(Integer(25), 64), d.upper_tail(Integer(25), 256));
}

TEST(PoissonPmfTest, MakeRejectsNonPositiveMean) {
  expect_rejects([] { PoissonPmf d(Rational(0)); }, "PoissonPmf", "mean");
  expect_rejects([] { PoissonPmf d(Rational(-1)); }, "PoissonPmf", "mean");
  expect_rejects([] { PoissonPmf d(test::oversize()); }, "PoissonPmf", "mean");
}

TEST(CertifiedMathTest, LgammaEnclosesKnownValues) {
  // ln Γ(1/2) = ln √π, ln Γ(5) = ln 24, ln Γ(1/1024) ≈ ln 1024 − γ_Euler/1024.
  const Interval half = internal::lgamma(Interval(Rational(1, 2), 128));
  Interval pi(128);
  mpfi_const_pi(pi.get());
  EXPECT_TRUE(half.overlaps(pi.sqrt().log()));
  EXPECT_TRUE(internal::lgamma(Interval(5L, 128)).overlaps(Interval(24L, 128).log()));
  EXPECT_TRUE(internal::log_factorial(Integer(4), 128).overlaps(Interval(24L, 128).log()));
  const Interval tiny = internal::lgamma(Interval(Rational(1, 1024), 128));
  EXPECT_TRUE(tiny.certainly_less(Rational(6931, 1000)) && tiny.certainly_greater(Rational(6930, 1000)));
}

}  // namespace
}  // namespace dpb::ref
