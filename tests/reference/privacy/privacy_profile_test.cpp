// Divergences of laws on Z_m (reference/privacy/privacy_profile.hpp) against closed forms of two-point laws, and
// the exact pure ε of Dist-DP views against the discrete Laplace mechanism's ε.
#include "reference/privacy/privacy_profile.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "reference/core/errors.hpp"
#include "reference/protocols/calibration.hpp"

namespace dpb::ref {
namespace {

std::vector<Interval> law(std::initializer_list<Rational> ps) {
  std::vector<Interval> v;
  for (const auto& p : ps) v.emplace_back(p, 128);
  return v;
}

TEST(PrivacyProfileTest, TwoPointLawsMatchClosedForms) {
  const auto P = law({Rational(3, 4), Rational(1, 4)});
  const auto Q = law({Rational(1, 4), Rational(3, 4)});
  // |log 3| is the largest log ratio.
  EXPECT_NEAR(max_abs_log_ratio(P, Q, 128).midpoint_for_report(), std::log(3.0), 1e-14);
  // δ(ε) = max(0, 3/4 − e^ε/4) + max(0, 1/4 − 3e^ε/4).
  EXPECT_NEAR(hockey_stick(P, Q, Rational(1, 2), 128).midpoint_for_report(), 0.75 - std::exp(0.5) / 4, 1e-14);
  EXPECT_TRUE(hockey_stick(P, Q, Rational(0), 128).contains(Rational(1, 2)));  // total variation
  // D_2 = log(Σ P²/Q) = log(9/4 + 1/12) = log(7/3).
  EXPECT_TRUE(renyi_divergence(P, Q, Rational(2), 128).overlaps(Interval(Rational(7, 3), 128).log()));
  // D_{3/2} = 2 log(Σ P^{3/2} Q^{−1/2}).
  const double d32 = 2 * std::log(std::pow(0.75, 1.5) / std::sqrt(0.25) + std::pow(0.25, 1.5) / std::sqrt(0.75));
  EXPECT_NEAR(renyi_divergence(P, Q, Rational(3, 2), 128).midpoint_for_report(), d32, 1e-13);
}

TEST(PrivacyProfileTest, IdenticalLawsHaveZeroDivergence) {
  const auto P = law({Rational(1, 3), Rational(2, 3)});
  EXPECT_TRUE(max_abs_log_ratio(P, P, 128).contains(Rational(0)));
  EXPECT_TRUE(renyi_divergence(P, P, Rational(5), 128).contains(Rational(0)));
  EXPECT_TRUE(hockey_stick(P, P, Rational(0), 128).contains(Rational(0)));
}

TEST(PrivacyProfileTest, DistDpViewIsJustBelowEpsWhenTheModulusIsLarge) {
  // Unfolded Lap_Z(g/ε) shifted by g has log ratio exactly ε at every point of the far tail; the fold mixes in
  // mass from the other side, so the exact ε is below ε, and approaches ε as m grows (β^{m−g} → 0).
  CalibrationInput in;
  in.eps = Rational(1);
  in.n = 4;
  in.horizon = 100000;
  const Calibration c = calibrate(Variant::DistDP, in);
  const ViewPrivacy vp = view_privacy(view_noise_law(c, 128), c.g, {}, {}, 128);
  EXPECT_TRUE(vp.pure_eps.certainly_less(Rational(1)));
  EXPECT_TRUE(vp.pure_eps.certainly_greater(Rational(999, 1000)));
  EXPECT_EQ(vp.worst_shift, c.g);
}

TEST(PrivacyProfileTest, AllShiftsAgreeWithTheLargestShiftForDistDp) {
  CalibrationInput in;
  in.eps = Rational(1, 2);
  in.n = 9;
  in.horizon = 100;
  const Calibration c = calibrate(Variant::DistDP, in);
  const ModularNoiseLaw F = view_noise_law(c, 128);
  const ViewPrivacy all = view_privacy(F, c.g, {Rational(1, 4)}, {Rational(2)}, 128, true);
  const ViewPrivacy last = view_privacy(F, c.g, {Rational(1, 4)}, {Rational(2)}, 128, false);
  EXPECT_TRUE(all.pure_eps.overlaps(last.pure_eps));
  EXPECT_TRUE(all.renyi[0].second.overlaps(last.renyi[0].second));
  EXPECT_TRUE(all.delta_curve[0].second.overlaps(last.delta_curve[0].second));
}

TEST(PrivacyProfileTest, RejectsBadArguments) {
  const auto P = law({Rational(1, 2), Rational(1, 2)});
  const auto Q = law({Rational(1)});
  EXPECT_THROW(max_abs_log_ratio(P, Q, 128), ParameterError);
  EXPECT_THROW(renyi_divergence(P, P, Rational(1), 128), ParameterError);
  EXPECT_THROW(hockey_stick({}, {}, Rational(1), 128), ParameterError);
  const ModularNoiseLaw F = folded_discrete_laplace(Rational(1), Integer(5), 128);
  EXPECT_THROW(view_privacy(F, Integer(0), {}, {}, 128), ParameterError);
}

// Which shifts a view's worst case needs (issue 11 §5): d = g alone only for the pure ε of a large folded discrete
// Laplace view with g ≤ ⌊m/2⌋; every shift for δ(ε), D_α and every Skellam or discrete-Gaussian view at any size
// (before session 5, every view with g·m > 200000 used d = g alone).
TEST(ViewPrivacyTest, EveryShiftIsSearchedUnlessTheShortcutIsProved) {
  Calibration c;
  c.g = 1000;
  c.m = 5000;  // g·m = 5·10⁶ > 200000, g ≤ m/2
  for (const Variant v : {Variant::DistRDP, Variant::DistCDP}) {
    c.variant = v;
    EXPECT_TRUE(needs_every_shift(c, true));
    EXPECT_TRUE(needs_every_shift(c, false));
  }
  for (const Variant v : {Variant::DistDP, Variant::Shuffle, Variant::Central, Variant::Local}) {
    c.variant = v;
    EXPECT_FALSE(needs_every_shift(c, true));  // pure ε of a folded discrete Laplace: d = g (docs/privacy-000.md §1)
    EXPECT_TRUE(needs_every_shift(c, false));  // δ(ε), D_α: not proved
  }
  c.variant = Variant::DistDP;
  c.m = 1500;  // g > ⌊m/2⌋: the monotonicity proof does not apply
  EXPECT_TRUE(needs_every_shift(c, true));
  c.g = 10;
  c.m = 5000;  // small: every shift anyway
  EXPECT_TRUE(needs_every_shift(c, true));
}

// The proof's statement, checked on a folded discrete Laplace: ε_∞(d) is non-decreasing in d ≤ ⌊m/2⌋.
TEST(ViewPrivacyTest, PureEpsOfAFoldedDiscreteLaplaceGrowsWithTheShift) {
  CalibrationInput in;
  in.eps = Rational(1, 2);
  in.n = 3;
  in.horizon = 50;
  const Calibration c = calibrate(Variant::Central, in);
  const ModularNoiseLaw F = view_noise_law(c, 128);
  Interval previous(Rational(0), 128);
  for (Integer d = 1; 2 * d <= c.m && d <= 3 * c.g; ++d) {
    const ViewPrivacy vp = view_privacy(F, d, {}, {}, 128, false);  // shift d alone
    EXPECT_FALSE(vp.pure_eps.certainly_less(previous)) << "d = " << d;
    previous = vp.pure_eps;
  }
}

}  // namespace
}  // namespace dpb::ref
