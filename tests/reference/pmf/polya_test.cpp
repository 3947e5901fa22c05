// Certified Pólya(r, β) pmf and the Pólya difference γ⁺ − γ⁻.
#include "reference/pmf/polya.hpp"

#include <gtest/gtest.h>

#include "reference/pmf/discrete_laplace.hpp"
#include "reference/pmf/geometric.hpp"
#include "reference/pmf/polya_difference.hpp"
#include "tests/reference/pmf/pmf_checks.hpp"

namespace dpb::ref {
namespace {

using test::expect_cdf_and_tail_complementary;
using test::expect_rejects;
using test::expect_shrinks;
using test::window_plus_tails;
using test::window_sum;

TEST(PolyaPmfTest, WindowPlusTailsContainsOne) {
  for (const auto& [r, scale] :
       {std::pair{Rational(1, 8), Rational(10)}, std::pair{Rational(1, 1024), Rational(5)},
        std::pair{Rational(7, 2), Rational(3)}, std::pair{Rational(1, 1024), Rational(1000)}}) {
    const PolyaPmf d(r, scale);
    EXPECT_TRUE(window_plus_tails(d, 0, 40, 128).contains(Rational(1))) << d.describe();
    EXPECT_TRUE(window_plus_tails(d, 5, 12, 128).contains(Rational(1))) << d.describe();
    expect_cdf_and_tail_complementary(d, 0, 12, 128);
  }
}

TEST(PolyaPmfTest, ShapeOneIsGeometric) {
  // Pólya(1, β) = geometric (Chowdhury & Zhou 2023, arXiv:2206.05772, Remark 7).
  const PolyaPmf polya(Rational(1), Rational(7, 3));
  const GeometricPmf geometric(Rational(7, 3));
  for (long k = 0; k < 50; ++k) {
    EXPECT_TRUE(polya.pmf(Integer(k), 128).overlaps(geometric.pmf(Integer(k), 128))) << k;
    EXPECT_TRUE(polya.cdf(Integer(k), 128).overlaps(geometric.cdf(Integer(k), 128))) << k;
  }
  EXPECT_TRUE(polya.mean(128).overlaps(geometric.mean(128)));
  EXPECT_TRUE(polya.variance(128).overlaps(geometric.variance(128)));
}

TEST(PolyaPmfTest, RatioRecursionHolds) {
  const Rational r(3, 7), scale(9, 2);
  const PolyaPmf d(r, scale);
  const Interval beta = exp_neg(Rational(2, 9), 192);
  for (long x = 0; x < 200; x += 7) {
    const Interval next = d.pmf(Integer(x), 160) * beta.mul(Rational((Rational(x) + r) / (x + 1)));
    EXPECT_TRUE(next.overlaps(d.pmf(Integer(x + 1), 160))) << x;
  }
}

TEST(PolyaPmfTest, MeanMatchesWindowSum) {
  // E X = rβ/(1−β) against Σ_{k≤2000} k P[k]; the omitted part (β^2000 = e^{−200}) is far below 2^{−60}.
  const PolyaPmf d(Rational(1, 8), Rational(10));
  Interval first(0L, 128);
  for (long k = 0; k <= 2000; ++k) first += d.pmf(Integer(k), 128).mul(Rational(k));
  EXPECT_TRUE(d.mean(128).overlaps(Interval::hull(first.lower(), first.upper() + Rational(1, Integer(1) << 60), 128)));
  EXPECT_TRUE(d.mean(128).certainly_greater(Rational(first.lower() - Rational(1, Integer(1) << 60))));
}

TEST(PolyaPmfTest, TinyShapeConcentratesAtZeroWithLongTail) {
  const PolyaPmf d(Rational(1, 1024), Rational(1000));
  EXPECT_TRUE(d.pmf(Integer(0), 64).certainly_greater(Rational(99, 100)));
  const Interval far = d.upper_tail(Integer(20'000), 64);
  EXPECT_TRUE(far.certainly_greater(Rational(0)));
  EXPECT_LT(far.width(), far.lower() / Rational(Integer(1) << 50));
  EXPECT_TRUE(d.pmf(Integer(1'000'000), 64).certainly_greater(Rational(0)));
  for (long k = 0; k < 50; ++k) EXPECT_TRUE(d.pmf(Integer(k + 1), 64).certainly_less(d.pmf(Integer(k), 64)));
}

TEST(PolyaPmfTest, EnclosuresShrinkWithPrecision) {
  const PolyaPmf d(Rational(1, 3), Rational(4));
  expect_shrinks(d.pmf(Integer(9), 64), d.pmf(Integer(9), 256));
  expect_shrinks(d.cdf(Integer(9), 64), d.cdf(Integer(9), 256));
  expect_shrinks(d.upper_tail(Integer(9), 64), d.upper_tail(Integer(9), 256));
}

TEST(PolyaPmfTest, MakeRejectsBadParameters) {
  expect_rejects([] { PolyaPmf d(Rational(0), Rational(1)); }, "PolyaPmf", "r");
  expect_rejects([] { PolyaPmf d(Rational(-1), Rational(1)); }, "PolyaPmf", "r");
  expect_rejects([] { PolyaPmf d(Rational(1), Rational(0)); }, "PolyaPmf", "scale");
  expect_rejects([] { PolyaPmf d(Rational(1), test::oversize()); }, "PolyaPmf", "scale");
}

TEST(PolyaDifferencePmfTest, WindowPlusTailsContainsOneAndIsSymmetric) {
  for (const auto& [r, scale] : {std::pair{Rational(1, 3), Rational(4)}, std::pair{Rational(5, 2), Rational(2)}}) {
    const PolyaDifferencePmf d(r, scale);
    EXPECT_TRUE(window_plus_tails(d, -40, 40, 128).contains(Rational(1))) << d.describe();
    expect_cdf_and_tail_complementary(d, -5, 5, 128);
    for (long x = 1; x < 20; ++x) EXPECT_TRUE(d.pmf(Integer(x), 128).overlaps(d.pmf(Integer(-x), 128)));
  }
}

TEST(PolyaDifferencePmfTest, ShapeOneIsDiscreteLaplace) {
  // γ⁺ − γ⁻ with γ^± geometric is Lap_Z(scale) (Chowdhury & Zhou 2023, Def 4, Remark 7).
  const PolyaDifferencePmf d(Rational(1), Rational(5, 2));
  const DiscreteLaplacePmf laplace(Rational(5, 2));
  for (long x = -15; x <= 15; ++x) EXPECT_TRUE(d.pmf(Integer(x), 128).overlaps(laplace.pmf(Integer(x), 128))) << x;
  for (long k = -5; k <= 5; ++k) EXPECT_TRUE(d.cdf(Integer(k), 128).overlaps(laplace.cdf(Integer(k), 128))) << k;
  EXPECT_TRUE(d.variance(128).overlaps(laplace.variance(128)));
}

TEST(PolyaDifferencePmfTest, MakeRejectsBadParameters) {
  expect_rejects([] { PolyaDifferencePmf d(Rational(0), Rational(1)); }, "PolyaDifferencePmf", "r");
  expect_rejects([] { PolyaDifferencePmf d(Rational(1), Rational(-2)); }, "PolyaDifferencePmf", "scale");
}

}  // namespace
}  // namespace dpb::ref
