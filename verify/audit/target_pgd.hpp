// The audit target `pgd` (docs/audit.md, "P_GD of seed 003"): one P_GD call (Sarmasarkar 2026, arXiv:2602.00417,
// App. T, Algorithm 7; reference/protocols/p_gd.hpp) at the optimizer's budget (--eps, --delta; default δ = 10⁻⁵),
// n = --n users (<= 16), d = 2, the unit ball, logistic link, T_it = max(Alg. 7's T_it, 3) iterations
// (calibrate pgd --min-iterations 3: a small call needs the floor, Alg. 7's T_it is 0 at n <= 16), ε_step and δ_step
// from the calibration, g and b from Eq. 127 (b ~ 10¹⁰: every count is noise-dominated), run by fast::PGd.
// The other n − 1 users hold (r, x) = (0, 0); user 0's datum is replaced. View: the released counts of every
// iteration, reduced to the statistic Y = Σ_t (C_{t,0} − C_{t,1}) (the change moves coordinate 0's gradient), binned to
// ⌊Y/w⌋ with w = ⌈σ/8⌉, σ the noise std of Y (post-processing). Canonical pair: user 0's (1, e₁) against (0, e₁)
// (the gradient moves by ≈ 1 in coordinate 0); the searched family: every pair of distinct data among
// (r, x) ∈ {0, 1} × {e₁, −e₁, e₂, 0} (28 pairs; those with the same datum excluded). No white box (ε_exact is not
// computed: the exact law of the counts at n·b ~ 10¹¹ is beyond reach), so the audit can only be `inconclusive` or
// `violated`.
#pragma once

#include <cstdint>

#include "verify/audit/targets.hpp"

namespace dpb::verify::audit {

PreparedTarget prepare_pgd(const TargetInfo& info, const TargetOptions& options, std::uint64_t seed);

}  // namespace dpb::verify::audit
