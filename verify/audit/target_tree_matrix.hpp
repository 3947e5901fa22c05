// The audit target `tree-matrix` (docs/audit.md, "The matrix trees of seed 003"): Alg. 2's V and H trees
// (Sarmasarkar 2026, arXiv:2602.00417, Sec. 6, Lemma I.4) at the theorem calibration (reference/protocols/
// calibration_003.hpp; --eps, --delta are Alg. 2's total ε and δ, the claim is the trees' (ε/3, δ/3)), d = 2,
// κ* = 1/4, `half`, T = --horizon leaves. Neighbours: the worst feasible change of one user (the joint accounting of
// docs/privacy-003.md): user 1's H leaf (1/κ*)·e₁e₁ᵀ (D) against (1/κ*)·e₂e₂ᵀ (D′), V leaf 0 in both.
//
// View: the nodes holding leaf 1 — (h, 0) for 2^h ≤ T, ⌊log₂ T⌋ + 1 of them, in the H tree (the V tree's nodes do not
// change) — each the leaf plus one node noise per entry drawn with the tree's own samplers (fast::RoundedNormal with
// the per-entry σ̄ of tree_label_sigmas, grid 2^−20): every other node is independent of the change. Black box: the
// likelihood-ratio statistic of the nominal law, Y = Σ_nodes Σ_e (x_e − m_e)(m′_e − m_e)/v_e divided by μ (so Y ~
// N(0, 1) under D, N(μ, 1) under D′ in the nominal law), rounded to 1/8 (post-processing). White box: ε(δ/3) of the
// exact Gaussian profile at μ (MPFI enclosures, bisection, rounded up), with the nominal variances c_e·σ² (σ̄ ≥ σ:
// conservative).
#pragma once

#include <cstdint>

#include "reference/privacy/seed001.hpp"
#include "verify/audit/targets.hpp"

namespace dpb::verify::audit {

// The least ε on the grid 2^−20 whose certified upper end of the Gaussian δ(ε) (shift μ, σ = 1; Balle & Wang 2018,
// Thm 8) is ≤ δ (bisection on MPFI enclosures, rounded up). Shared by the seed 001 targets (targets_001.hpp).
double gaussian_eps_for_delta(const ref::RealFn& mu, double delta);

PreparedTarget prepare_tree_matrix(const TargetInfo& info, const TargetOptions& options, std::uint64_t seed);

}  // namespace dpb::verify::audit
