// Checkers of seed 000's privacy theorems against the exact law of the server's view (reference/privacy/):
//   000.thm1.privacy, 000.thm3.privacy, 000.thm5.privacy, 000.thm6.privacy — the exact pure ε of the view
//     (certified enclosure of the largest |log ratio| over Z_m, worst case over neighbouring datasets) is at most
//     the theorem's ε (Theorem 3: at most ε − 2ε̃ = ε/2, the share of the modular sum in the proof's LLR chain);
//   000.thm2.rdp — the exact D_α of the view (Skellam noise) against the printed ε(α), its per-batch form and the
//     form derived from Lemma 3 (docs/decisions.md § 000 privacy accounting);
//   000.thm4.cdp — the exact D_α of the view (sum of n discrete Gaussians) against ½ε̂²α, ε̂ = min(√(ε² + ξ/2), ε + ξ).
// Verdict per case: holds when the enclosure's upper end is ≤ the bound, violated when its lower end is above it,
// else inconclusive. `noise_factor` scales every noise's standard deviation (Laplace/Pólya scale × f, variances × f²):
// 1 for the claims, 1/2 for the negative controls that must come out violated. docs/privacy-000.md §5.
#pragma once

#include <nlohmann/json.hpp>
#include <vector>

#include "reference/core/rational.hpp"
#include "reference/protocols/calibration.hpp"
#include "verify/claims/claim.hpp"

namespace dpb::verify::privacy_checks {

// The calibration with every noise's standard deviation multiplied by `factor` (g, τ, m unchanged).
ref::Calibration with_noise_scaled(const ref::Calibration& c, const Rational& factor);

// The grids (docs/privacy-000.md §5 lists them).
std::vector<ref::CalibrationInput> pure_grid(ref::Variant variant, Suite suite);
std::vector<ref::CalibrationInput> rdp_grid(Suite suite);
std::vector<ref::CalibrationInput> cdp_grid(Suite suite);

// Theorems 1, 3, 5, 6 (variant DistDP, Shuffle, Central, Local).
Outcome check_pure_theorem(ref::Variant variant, const std::vector<ref::CalibrationInput>& grid,
                           const Rational& noise_factor = Rational(1));
// Theorem 2; verdict on the printed ε(α) (the theorem as stated), evidence for all three forms.
Outcome check_theorem2(const std::vector<ref::CalibrationInput>& grid, const Rational& noise_factor = Rational(1));
// Theorem 4; verdict on ½ε̂²α with Theorem 4's ξ (σ² = s², T/2 − 1 terms); evidence also with Lemma 4's ξ_n.
Outcome check_theorem4(const std::vector<ref::CalibrationInput>& grid, const Rational& noise_factor = Rational(1));

}  // namespace dpb::verify::privacy_checks
