// The white-box profile (verify/audit/white_box.hpp) used by the audits: shape, conservative display values, and
// agreement with the reference's exact computation.
#include "verify/audit/white_box.hpp"

#include <gtest/gtest.h>

#include "reference/core/errors.hpp"
#include "tests/support/calibration_input.hpp"

namespace dpb::verify::audit {
namespace {

using test::calibration_input;

TEST(WhiteBoxTest, DistDpProfileIsBelowEpsAndAttainedByTheLargestMove) {
  const ExactProfile p = exact_profile(ref::Variant::DistDP, calibration_input(Rational(1), 4, 100));
  EXPECT_EQ(p.target, "dist-dp");
  EXPECT_TRUE(p.pure);
  EXPECT_LE(p.eps_exact, 1.0);
  EXPECT_GT(p.eps_exact, 0.99);
  ASSERT_EQ(p.d.size(), 4u);
  EXPECT_EQ(p.d[0], Rational(1));  // x_1 = 1 vs 0: the move by g
  EXPECT_EQ(p.d_prime[0], Rational(0));
  EXPECT_EQ(p.parameters["g"], "2");
  // δ(ε) non-increasing and 0 at ε ≥ the exact ε; D_α non-decreasing and ≤ ε_exact.
  for (std::size_t i = 0; i + 1 < p.delta_curve.size(); ++i)
    EXPECT_GE(p.delta_curve[i].second, p.delta_curve[i + 1].second);
  EXPECT_GT(p.delta_curve.front().second, 0.0);
  EXPECT_EQ(p.delta_curve.back().second, 0.0);  // ε = 3/2 > ε_exact
  for (std::size_t i = 0; i + 1 < p.renyi.size(); ++i) EXPECT_LE(p.renyi[i].second, p.renyi[i + 1].second);
  EXPECT_LE(p.renyi.back().second, p.eps_exact);
}

TEST(WhiteBoxTest, EveryVariantHasAProfile) {
  for (const auto v : {ref::Variant::DistDP, ref::Variant::DistRDP, ref::Variant::DistCDP, ref::Variant::Shuffle,
                       ref::Variant::Central, ref::Variant::Local}) {
    const ExactProfile p = exact_profile(v, calibration_input(Rational(1, 2), 2, 100));
    EXPECT_EQ(p.target, ref::variant_name(v));
    EXPECT_GT(p.eps_exact, 0.0);
    EXPECT_FALSE(p.eps_exact_enclosure.empty());
    EXPECT_EQ(p.renyi.size(), 7u);
  }
  // Shuffle's modular sum carries ε′ = ε/2 of the budget.
  EXPECT_LE(exact_profile(ref::Variant::Shuffle, calibration_input(Rational(1), 2, 100)).eps_exact, 0.5);
}

TEST(WhiteBoxTest, RejectsInvalidCalibrationInput) {
  EXPECT_THROW(exact_profile(ref::Variant::DistDP, calibration_input(Rational(0), 2, 100)), ParameterError);
}

}  // namespace
}  // namespace dpb::verify::audit
