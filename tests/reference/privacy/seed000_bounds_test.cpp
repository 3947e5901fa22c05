// The printed bounds of seed 000 (reference/privacy/seed000_bounds.hpp) against hand evaluations.
#include "reference/privacy/seed000_bounds.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "reference/core/errors.hpp"

namespace dpb::ref {
namespace {

TEST(Seed000BoundsTest, Lemma3TakesTheSmallerBranch) {
  // Δ = 1, σ² = 1, α = 2: 1 + min((3 + 6)/4, 3/2) = 5/2.
  EXPECT_EQ(lemma3_bound(Rational(1), Rational(1), Rational(2)), Rational(5, 2));
  // Δ = 1, σ² = 10, α = 2: 1/10 + min(9/400, 3/20) = 49/400.
  EXPECT_EQ(lemma3_bound(Rational(1), Rational(10), Rational(2)), Rational(49, 400));
}

TEST(Seed000BoundsTest, Theorem2FormsMatchTheSpecTable) {
  // Theorem 2 of Chowdhury & Zhou 2023, worked example: ε = 1/10, s = 1, α = 2: printed 0.025 (= 0.01 + min(0.0075 +
  // 0.15, 0.015)).
  EXPECT_EQ(theorem2_printed(Rational(1, 10), Rational(1), Rational(2)), Rational(1, 40));
  // Per-batch form with n = 1 equals the printed one.
  EXPECT_TRUE(theorem2_printed_n(Rational(1, 10), Rational(1), Integer(1), Rational(2), 128).contains(Rational(1, 40)));
  // Derived = Lemma 3 with Δ = g, σ² = g²/ε².
  EXPECT_EQ(theorem2_derived(Rational(1, 2), Integer(8), Rational(2)),
            lemma3_bound(Rational(8), Rational(256), Rational(2)));
}

TEST(Seed000BoundsTest, XiMatchesDirectSum) {
  double direct = 0;
  for (int k = 1; k <= 49; ++k) direct += std::exp(-2 * M_PI * M_PI * k / (k + 1.0));
  direct *= 10;
  EXPECT_NEAR(xi_sum(Rational(1), Integer(49), 128).midpoint_for_report(), direct, 1e-14);
  EXPECT_TRUE(xi_sum(Rational(1), Integer(0), 128).contains(Rational(0)));
  const Interval e = theorem4_eps_hat(Rational(1, 2), Interval(0L, 128), 128);
  EXPECT_TRUE(e.contains(Rational(1, 2)));
}

TEST(Seed000BoundsTest, RejectBadParameters) {
  EXPECT_THROW(lemma3_bound(Rational(0), Rational(1), Rational(2)), ParameterError);
  EXPECT_THROW(theorem2_printed(Rational(1), Rational(1, 2), Rational(2)), ParameterError);
  EXPECT_THROW(xi_sum(Rational(1), Integer(-1), 128), ParameterError);
}

}  // namespace
}  // namespace dpb::ref
