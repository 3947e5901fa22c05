// The audit target `tree-switching` (docs/audit.md, "The switching set of seed 003"): a black-box lower bound on the
// privacy of Alg. 2's Criterion-I indicators — the switching set T_o that every later user's action reveals —
// against Lemma 6.1's (ε/3, δ/6) (Sarmasarkar 2026, arXiv:2602.00417, Sec. 6, App. P; claim
// 003.lemma6.1.switching, part (b)). Theorem calibration of the V tree (Lemma I.4's σ at --eps, --delta, T =
// --horizon leaves, κ* = 20, `half`, d = 2; λ of Eq. 19 with ζ = δ/2, rounded up to the grid 2^−20).
//
// Instance: user 1 explores (its context has norm 1, far above the threshold) with x = e₁ (D) or e₂ (D′) — its V leaf
// e₁e₁ᵀ or e₂e₂ᵀ, the worst V change. Users 2..16 are observers with the context {η e₁}, η = 2^−10: user s
// explores iff η²[V_s⁻¹]₁₁ ≥ thr, and then inserts η²e₁e₁ᵀ (one grid unit) into V (the feedback is simulated).
// The threshold thr = η²/λ̄ puts the decision where V's noise decides it; Lemma 6.1's proof does not depend on the
// threshold (it is 1/(γ²κR²) with Eq. 21's unspecified constant c). A noisy V that is not positive definite counts
// as Criterion I met (issue 21, theorem profile). V_s = λ̄I + the V tree's prefix over rounds 1..s−1 (its dyadic
// cover: the nodes of the first 16 leaves are those of any T >= 16 tree), each node's noise drawn once per node with
// the tree's samplers (fast::RoundedNormal, σ̄ per entry from tree_label_sigmas, grid 2^−20). Every comparison is
// exact (integers on 2^−20, 128-bit products).
//
// TargetOptions::noise_scale multiplies the node noise (20 gives the corrected V tree, κ* → 1: a control that must not
// be flagged).
// View: the observers' indicators A_2..A_16, reduced to Y = Σ A_s (post-processing). No white box: only the upper
// bound of part (a) is known (docs/privacy-003.md). VIOLATION (ε_lb > ε/3 at δ/6) refutes Lemma 6.1 at that point.
#pragma once

#include <cstdint>

#include "verify/audit/targets.hpp"

namespace dpb::verify::audit {

inline constexpr unsigned kSwitchingObservers = 16;  // rounds 1..16: user 1 changed, users 2..16 observe

PreparedTarget prepare_tree_switching(const TargetInfo& info, const TargetOptions& options, std::uint64_t seed);

}  // namespace dpb::verify::audit
