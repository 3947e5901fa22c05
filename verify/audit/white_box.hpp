// White-box privacy profile of seed 000's mechanisms: the exact law of the server's view (reference/privacy/
// view_distribution.hpp) turned into the numbers an audit compares against — the exact pure ε (an enclosure),
// an upper bound of the hockey-stick curve δ(ε), upper bounds of Rényi divergences, and the neighbouring reward
// vectors that attain the worst case. docs/privacy-000.md §6; docs/audit.md uses it.
//
// Conservative display values (doubles, for reports and comparisons only): eps_exact and every δ and D_α bound are
// rounded up; the ε of each delta_curve point is rounded up (δ(ε) is non-increasing in ε, so the pair stays an
// upper bound), the α of each renyi point is rounded down (D_α is non-decreasing in α).
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "reference/core/rational.hpp"
#include "reference/protocols/calibration.hpp"

namespace dpb::verify::audit {

struct ExactProfile {
  std::string target;                 // calibrate variant name: dist-dp, dist-rdp, dist-cdp, shuffle, central, local
  nlohmann::json parameters;          // eps, n, g, tau, m, noise law, the neighbours used
  bool pure = false;                  // the view has a finite pure ε
  double eps_exact = 0;               // pure only: upper end of the certified enclosure, rounded up (display/compare)
  std::string eps_exact_enclosure;    // "[lo, hi]" decimal strings
  std::vector<std::pair<double, double>> delta_curve;  // (ε, upper bound on δ(ε)) points
  std::vector<std::pair<double, double>> renyi;        // (α, upper bound on D_α)
  std::vector<dpb::Rational> d, d_prime;  // the per-user rewards x_i of D and D′ that attain the worst case
};

// Calibrates `variant` on `input` (ref::calibrate; its ParameterErrors pass through) and computes the profile of
// one batch's view. Throws ParameterError naming exact_profile when m exceeds ref::kMaxViewModulus. All shifts
// d ∈ {1, …, g} are searched unless ref::needs_every_shift allows d = g alone (pure ε of a large folded discrete
// Laplace view only; recorded in parameters.shifts_searched).
ExactProfile exact_profile(dpb::ref::Variant variant, const dpb::ref::CalibrationInput& input);

// Certified upper bound of ε(δ) = inf{ε ≥ 0 : δ(ε) ≤ δ} of one batch's view, where δ(ε) is the hockey-stick
// divergence maximized over the same shifts as exact_profile (ref::hockey_stick on ref::shifted_law). The answer is
// the smallest point of a dyadic grid found by bisection at which the certified upper end of δ(ε) (128-bit
// intervals) is ≤ δ for every shift: `eps` is certified, `below` (eps·(1 − 1/4096) or closer) is not, so
// ε(δ) ≤ eps < ε(δ)·4096/4095 up to the enclosures' width. eps_up rounds eps up to a double (the conservative
// direction for a reference an audit must not exceed). Throws ParameterError naming eps_for_delta for δ ∉ (0, 1)
// (parameter "delta") or m beyond ref::kMaxViewModulus (parameter "m"); calibration errors pass through.
struct EpsForDelta {
  dpb::Rational eps;         // certified: δ(eps) ≤ δ for every shift searched
  dpb::Rational below;       // not certified (0 when eps = 0)
  double eps_up = 0;         // eps rounded up
  double delta_bound = 0;    // the largest certified upper end of δ(eps) over the shifts, rounded up (≤ δ)
  unsigned evaluations = 0;  // grid points tried
  std::string shifts_searched;  // "d in 1..g" or "d = g only", as exact_profile
};
EpsForDelta eps_for_delta(dpb::ref::Variant variant, const dpb::ref::CalibrationInput& input, double delta);

// White-box forecast of the sample size per side a black-box audit of the view needs to reach ε_lb ≥ target: the
// smallest rule-of-thumb n (black_box.hpp samples_needed_at, with δ) over the likelihood-ratio level sets of the view
// — the residues with the k largest ratios P/Q, every k, shift d = worst shift of exact_profile's pure ε search
// (d = g), both directions — at their exact probabilities. Level sets are the best events for a given probability
// (Neyman–Pearson); for the log-concave noises here, unfolded, they are the threshold events the audit searches.
// Doubles from the enclosures' midpoints: a forecast for display, not a bound. nullopt if no level set reaches.
struct AuditForecast {
  double samples_per_side = 0;
  double p1 = 0, p0 = 0;  // the level set's probabilities (numerator, denominator)
  double eps_event = 0;   // ln((p1 − δ)/p0)
};
std::optional<AuditForecast> audit_forecast(dpb::ref::Variant variant, const dpb::ref::CalibrationInput& input,
                                            double delta, double target, double alpha_each);

}  // namespace dpb::verify::audit
