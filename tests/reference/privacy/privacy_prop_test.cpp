// Properties of the exact view privacy and the accountants for random small calibrations (RapidCheck):
// D_α non-decreasing in α, δ(ε) non-increasing in ε, symmetry under swapping D and D′, δ(ε) = 0 beyond the exact
// pure ε, and accountants never below the exact value they bound.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <algorithm>

#include "reference/privacy/accountants.hpp"
#include "reference/privacy/privacy_profile.hpp"
#include "reference/privacy/view_distribution.hpp"

namespace dpb::ref {
namespace {

template <class T>
T uniform(T lo, T hi) {
  return *rc::gen::resize(rc::kNominalSize, rc::gen::inRange<T>(lo, hi));
}

// A random small pure-DP calibration (closed-form view laws; m stays below a few hundred).
Calibration random_calibration() {
  const Variant variants[] = {Variant::DistDP, Variant::Central, Variant::Local, Variant::Shuffle};
  const Variant v = variants[uniform<int>(0, 4)];
  CalibrationInput in;
  in.eps = Rational(uniform<long>(1, 10), 10);  // (0, 1): valid for every variant
  in.n = uniform<long>(1, 5);
  in.horizon = uniform<long>(5, 200);
  return calibrate(v, in);
}

bool not_greater(const Interval& a, const Interval& b) { return !(a.lower() > b.upper()); }

RC_GTEST_PROP(PrivacyPropTest, RenyiIsNonDecreasingInAlphaAndBelowPureEps, ()) {
  const Calibration c = random_calibration();
  const std::vector<Rational> alphas = {Rational(3, 2), Rational(2), Rational(5), Rational(20)};
  const ViewPrivacy vp = view_privacy(view_noise_law(c, 128), c.g, {}, alphas, 128);
  for (std::size_t i = 0; i + 1 < alphas.size(); ++i)
    RC_ASSERT(not_greater(vp.renyi[i].second, vp.renyi[i + 1].second));
  for (const auto& [a, v] : vp.renyi) RC_ASSERT(not_greater(v, vp.pure_eps));  // D_α ≤ D_∞
}

RC_GTEST_PROP(PrivacyPropTest, HockeyStickIsNonIncreasingAndVanishesBeyondPureEps, ()) {
  const Calibration c = random_calibration();
  const ModularNoiseLaw F = view_noise_law(c, 128);
  const ViewPrivacy base = view_privacy(F, c.g, {}, {}, 128);
  const Rational beyond = base.pure_eps.upper() + Rational(1, 1000);
  std::vector<Rational> grid = {Rational(0), c.eps / 4, c.eps / 2, c.eps, beyond};
  std::sort(grid.begin(), grid.end());
  // δ = 0 is checked at `beyond`'s own index in the sorted grid (it need not be last: c.eps may exceed it).
  const auto at = static_cast<std::size_t>(std::find(grid.begin(), grid.end(), beyond) - grid.begin());
  RC_ASSERT(at < grid.size());
  const ViewPrivacy vp = view_privacy(F, c.g, grid, {}, 128);
  for (std::size_t i = 0; i + 1 < grid.size(); ++i)
    RC_ASSERT(not_greater(vp.delta_curve[i + 1].second, vp.delta_curve[i].second));
  RC_ASSERT(vp.delta_curve[at].first == beyond);
  RC_ASSERT(vp.delta_curve[at].second.upper() == 0);
  for (std::size_t i = at; i < grid.size(); ++i) RC_ASSERT(vp.delta_curve[i].second.upper() == 0);
  RC_ASSERT(vp.delta_curve.front().second.certainly_greater(Rational(0)));
}

RC_GTEST_PROP(PrivacyPropTest, DivergencesAreSymmetricUnderSwappingNeighbours, ()) {
  const Calibration c = random_calibration();
  const ModularNoiseLaw F = view_noise_law(c, 128);
  const Integer d = uniform<long>(1, static_cast<long>(to_int64(c.g)) + 1);
  const auto P = shifted_law(F, d);
  const auto& Q = F.prob;
  RC_ASSERT(max_abs_log_ratio(P, Q, 128).overlaps(max_abs_log_ratio(Q, P, 128)));
  // F is symmetric, so D_α(F(·−d) ‖ F) = D_α(F ‖ F(·−d)) and likewise δ(ε).
  RC_ASSERT(renyi_divergence(P, Q, Rational(3), 128).overlaps(renyi_divergence(Q, P, Rational(3), 128)));
  RC_ASSERT(hockey_stick(P, Q, c.eps / 2, 128).overlaps(hockey_stick(Q, P, c.eps / 2, 128)));
}

RC_GTEST_PROP(PrivacyPropTest, AccountantsAreNeverBelowTheExactValue, ()) {
  const Calibration c = random_calibration();
  const std::vector<Rational> alphas = {Rational(3, 2), Rational(2), Rational(8)};
  const ViewPrivacy vp = view_privacy(view_noise_law(c, 128), c.g, {}, alphas, 128);
  const Rational eps_exact = vp.pure_eps.upper();
  RdpCurve curve;
  for (const auto& [a, v] : vp.renyi) {
    // pure ε ⇒ RDP: the bound from the exact pure ε is above the exact D_α.
    RC_ASSERT(pure_to_rdp_upper_bound(eps_exact, a) >= v.lower());
    curve.emplace_back(a, v.upper());
  }
  // RDP → (ε, δ): at δ = the exact δ(ε′) for ε′ = the conversion's output, the conversion is an upper bound, so the
  // exact curve at the converted ε is at most δ.
  const Rational delta(1, 1000);
  for (const Rational& e : {rdp_to_dp_standard_upper_bound(curve, delta), rdp_to_dp_lemma10_upper_bound(curve, delta)}) {
    const ViewPrivacy at = view_privacy(view_noise_law(c, 128), c.g, {e}, {}, 128);
    RC_ASSERT(at.delta_curve[0].second.lower() <= delta);
  }
}

}  // namespace
}  // namespace dpb::ref
