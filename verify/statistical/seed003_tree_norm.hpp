// 003.t5 (Sarmasarkar 2026, arXiv:2602.00417, App. I.1 / Eq. 49; spec 003 §6 T5): for a d×d symmetrised standard
// Gaussian matrix Z, P[‖Z‖₂ > 4√d + 2 ln(2T/α)] < α/(2T), by Monte Carlo: n matrices per setting, the exceedance
// count k, one-sided Clopper–Pearson bounds at the claim's α divided by the number of settings (Bonferroni). holds
// if every upper bound is below α/(2T); violated if some lower bound is above it; else inconclusive.
// The threshold is far above the norm's typical size (≈ 2√d for root2, √2·√d for half), so only settings with
// α/(2T) ≥ a few·ln(1/α_claim)/n can be resolved: the grid takes (T, α) ∈ {(1, 1/10), (10, 1/2), (50, 1)}.
// `scale` multiplies the sampled matrix (1 for the claim; a negative control inflates it).
#pragma once

#include <cstdint>

#include "reference/core/rational.hpp"
#include "verify/claims/claim.hpp"

namespace dpb::verify::statistical {

// Matrices: (Z′ + Z′ᵀ)/√2 (root2, entries N(0,1) off the diagonal, N(0,2) on it) and (Z′ + Z′ᵀ)/2 (half), Z′ with
// i.i.d. N(0, 1) entries (doubles: Box–Muller on the ChaCha20 stream of the run's seed; the norm by Eigen's
// self-adjoint eigensolver). d ∈ {1, 2, 5, 10}; quick n = 4000, full n = 40000.
Outcome check_t5(const RunOptions& options, double scale);

}  // namespace dpb::verify::statistical
