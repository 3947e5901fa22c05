// The certified ε(δ) of a batch's view (verify/audit/white_box.hpp eps_for_delta) and its use as the white-box
// reference of approximate-DP audits (white_box_bridge.hpp).
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>

#include "reference/core/errors.hpp"
#include "reference/privacy/privacy_profile.hpp"
#include "reference/privacy/view_distribution.hpp"
#include "tests/support/calibration_input.hpp"
#include "verify/audit/black_box.hpp"
#include "verify/audit/white_box.hpp"
#include "verify/audit/white_box_bridge.hpp"

namespace dpb::verify::audit {
namespace {

using test::calibration_input;

constexpr double kGrid = 1.0 / 4095;  // the bisection stops at hi − lo ≤ hi/4096: hi ≤ lo·4096/4095

// Certified by an independent evaluation: the largest hockey-stick upper end over all shifts d = 1..g at ε.
double max_hockey_upper(ref::Variant v, const ref::CalibrationInput& input, const Rational& eps) {
  const ref::Calibration c = ref::calibrate(v, input);
  const ref::ModularNoiseLaw F = ref::view_noise_law(c, 128);
  double worst = 0;
  for (Integer d = 1; d <= c.g; ++d) {
    const Interval h = ref::hockey_stick(ref::shifted_law(F, d), F.prob, eps, 128);
    worst = std::max(worst, mpfr_get_d(&h.get()->right, MPFR_RNDU));
  }
  return worst;
}

TEST(EpsForDeltaTest, IsCertifiedAndTightToTheGrid) {
  for (const auto v : {ref::Variant::DistDP, ref::Variant::DistRDP, ref::Variant::DistCDP}) {
    const auto input = calibration_input(Rational(1, 2), 2, 100);
    const EpsForDelta e = eps_for_delta(v, input, 1e-5);
    EXPECT_EQ(e.shifts_searched, "d in 1..g");
    EXPECT_LE(max_hockey_upper(v, input, e.eps), 1e-5) << ref::variant_name(v);
    EXPECT_GT(max_hockey_upper(v, input, e.below), 1e-5) << ref::variant_name(v);
    EXPECT_LE(e.eps - e.below, e.eps / 4096);
    EXPECT_LE(e.delta_bound, 1e-5);
    EXPECT_GE(e.eps_up, e.eps.convert_to<double>());
  }
}

TEST(EpsForDeltaTest, MonotoneInDeltaAndThePureEpsAsDeltaVanishes) {
  for (const auto v : {ref::Variant::DistDP, ref::Variant::DistRDP, ref::Variant::DistCDP}) {
    const auto input = calibration_input(Rational(1, 2), 2, 100);
    const double pure = exact_profile(v, input).eps_exact;
    double previous = std::numeric_limits<double>::infinity();
    for (double delta : {1e-30, 1e-8, 1e-5, 1e-3, 1e-1}) {
      const double e = eps_for_delta(v, input, delta).eps_up;
      // Non-increasing in δ up to the grid (a point certified for δ is certified for every larger δ).
      EXPECT_LE(e, previous * (1 + kGrid)) << ref::variant_name(v) << " delta " << delta;
      EXPECT_LE(e, pure * (1 + kGrid)) << ref::variant_name(v) << " delta " << delta;
      if (delta == 1e-30) {
        EXPECT_GE(e, pure * (1 - kGrid)) << ref::variant_name(v);  // δ → 0: the pure ε
      }
      previous = e;
    }
  }
}

TEST(EpsForDeltaTest, DistDpBridgeStaysAtOrBelowThePureEps) {
  const auto input = calibration_input(Rational(1, 2), 4, 100);
  const double pure = exact_profile(ref::Variant::DistDP, input).eps_exact;
  const auto w = white_box_eps(ref::Variant::DistDP, input, 1e-5);
  ASSERT_TRUE(w.has_value());
  EXPECT_LE(w->eps, pure);
  EXPECT_GT(w->eps, 0.99 * pure);  // the view's loss is ε on an event of probability ≈ 1/2: δ = 1e-5 buys little
  const auto w0 = white_box_eps(ref::Variant::DistDP, input, 0);
  ASSERT_TRUE(w0.has_value());
  EXPECT_EQ(w0->eps, pure);
  // Cached: the same answer again.
  EXPECT_EQ(white_box_eps(ref::Variant::DistDP, input, 1e-5)->eps, w->eps);
}

TEST(EpsForDeltaTest, ApproximateVariantsGetAReferenceFarBelowThePureEps) {
  // dist-rdp / dist-cdp at the audit's defaults (ε = 1/2, n = 16, T = 4096): the view's pure ε (from the far tails
  // of Skellam / Gaussian noise folded mod m) is far above its ε(1e-5); the bridge must return the latter (before:
  // the δ(ε) curve stopped at 1.5·ε_noise and the bridge fell back to the pure ε).
  for (const auto v : {ref::Variant::DistRDP, ref::Variant::DistCDP}) {
    const auto input = calibration_input(Rational(1, 2), 16, 4096);
    const double pure = exact_profile(v, input).eps_exact;
    const auto w = white_box_eps(v, input, 1e-5);
    ASSERT_TRUE(w.has_value());
    EXPECT_EQ(w->eps, eps_for_delta(v, input, 1e-5).eps_up);
    EXPECT_LT(w->eps, 0.8 * pure) << ref::variant_name(v);
  }
}

TEST(AuditForecastTest, DistDpNeedsFewSamplesAndNothingReachesBeyondThePureEps) {
  // dist-dp's view is a discrete Laplace sum with sensitivity g (folded): the level set of ratio e^ε has probability
  // ≈ 1/2, so 0.9·ε is reached with a few thousand samples per side (rule of thumb at those probabilities), while no
  // event exceeds the pure ε (negative control: a target above it has no forecast).
  const auto input = calibration_input(Rational(1, 2), 4, 100);
  const double pure = exact_profile(ref::Variant::DistDP, input).eps_exact;
  const auto f = audit_forecast(ref::Variant::DistDP, input, 0, 0.9 * pure, 0.05 / 8);
  ASSERT_TRUE(f.has_value());
  EXPECT_LE(f->eps_event, pure * (1 + 1e-9));
  EXPECT_GT(f->eps_event, 0.9 * pure);
  EXPECT_EQ(f->samples_per_side, *samples_needed_at(f->p1, f->p0, 0.9 * pure, 0.05 / 8));
  EXPECT_LT(f->samples_per_side, 1e5);
  EXPECT_FALSE(audit_forecast(ref::Variant::DistDP, input, 0, pure * 1.01, 0.05 / 8).has_value());
  // δ > 0 only makes it harder.
  const auto fd = audit_forecast(ref::Variant::DistDP, input, 1e-3, 0.9 * pure, 0.05 / 8);
  ASSERT_TRUE(fd.has_value());
  EXPECT_GE(fd->samples_per_side, f->samples_per_side);
}

TEST(EpsForDeltaTest, NegativeControls) {
  const auto input = calibration_input(Rational(1, 2), 2, 100);
  // A deliberately larger δ buys a strictly smaller ε.
  EXPECT_LT(eps_for_delta(ref::Variant::DistRDP, input, 1e-1).eps_up,
            eps_for_delta(ref::Variant::DistRDP, input, 1e-5).eps_up);
  for (double bad : {0.0, 1.0, -1e-5, 2.0, std::numeric_limits<double>::quiet_NaN()}) {
    try {
      eps_for_delta(ref::Variant::DistRDP, input, bad);
      ADD_FAILURE() << "accepted delta = " << bad;
    } catch (const ParameterError& e) {
      const std::string what = e.what();
      EXPECT_NE(what.find("eps_for_delta"), std::string::npos) << what;
      EXPECT_NE(what.find("'delta'"), std::string::npos) << what;
    }
  }
}

}  // namespace
}  // namespace dpb::verify::audit
