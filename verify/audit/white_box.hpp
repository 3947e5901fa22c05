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
// d ∈ {1, …, g} are searched when g·m ≤ 200000, else only d = g (recorded in parameters.shifts_searched).
ExactProfile exact_profile(dpb::ref::Variant variant, const dpb::ref::CalibrationInput& input);

}  // namespace dpb::verify::audit
