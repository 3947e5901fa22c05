// Audit targets of seed 001's mechanisms (Chowdhury & Zhou, ICML 2022, arXiv:2202.05567; docs/audit.md "Seed 001's
// mechanisms"), each at a small size so that an audit at the default --samples takes seconds:
//
//   gauss-ldp  one user's message of the LDP Gaussian randomizer (R_Amp with the identity shuffler, App. F,
//              Prop. F.1, Cor. B.3), d = 2: the vector part φy and the upper triangle of φφᵀ (5 labels), σ̄ of
//              `calibrate ldp-gauss` at (ε₀, δ₀) = (--eps, --delta). View: the message (a 5-vector).
//   p-amp      the shuffler's whole output for one batch of B users (Alg. 2–4; Thm 3.2 / B.1 at (ε, δ, B)), d = 2:
//              the vector messages and the matrix messages, each part permuted by its own uniform permutation.
//              The B − 1 other users hold the same record x₀ (chosen by the search; errata to issue 17, "P_Amp's
//              shuffled view"), so the likelihood ratio of the view has the closed form
//              Π_parts Σ_j f_{x₁}(Y_j)/f_{x₀}(Y_j) ÷ Σ_j f_{x₁′}(Y_j)/f_{x₀}(Y_j) (f the nominal Gaussian density);
//              its logarithm is the audited statistic. B = --n (default 3).
//   p-vec      the per-label counts of one batch of P_Vec (Alg. 5–7, Thm 3.5 / C.1 at (ε, δ, B, d = 2), r = 2Δ,
//              vector part: 2 labels), the shuffled view's sufficient statistic (docs/privacy-001.md §6), drawn by
//              the optimized P_Vec on the aggregate path. B = --n (default 4, at most 1024).
//   tree       all N released prefixes of seed 001's tree (Prop. F.3; σ_node of `calibrate tree` at (ε, δ, N),
//              M₀ = 1), leaves the Gram of z = (φ, y), d = 1 (3 labels), N = --horizon (default 4, at most 64).
//
// Neighbours: the replace-one relation of seed 001 (Def. 2.1/2.3): one user's (φ, y) replaced, ‖φ‖₂ ≤ 1, |y| ≤ 1, on
// a dyadic grid (φ on 1/4, y on 1/2; p-vec: φ on 1/2 so that every count shift is an integer); the candidates with
// the same effect on the view are one pair (for the isotropic Gaussian views: the same ‖Δ‖², the squared ℓ₂ change
// of the released labels; tree: also the position of the changed leaf; p-amp: also x₀). Pairs are ordered by their
// white-box ε, the canonical pair is the worst.
//
// Statistic (vector views): the log-likelihood ratio of the nominal law for the pair, standardised (divided by μ,
// the pair's Gaussian shift in standard deviations) and rounded to 2^−20: the black box's threshold events on it are
// half-spaces of the view (gauss-ldp, tree, p-vec: the statistic is linear in the view), resp. the closed-form LR's
// level sets (p-amp), the threshold chosen on the search split.
//
// White box (ε_exact, per pair; the target's is the family's maximum): the exact Gaussian privacy profile at the
// pair's μ (gaussian_eps_for_delta, certified, rounded up to 2^−20), an upper bound of the view's ε(δ) since the
// implementation's rounding to the grid is post-processing of the Gaussian mechanism: gauss-ldp and tree at the
// view's μ, p-amp at the one message's μ = ‖Δ‖/σ̄ (the shuffled view is post-processing of the B messages, of which
// only user 1's changes; the sum's μ/√B gives the certified lower end reported in details). p-vec: the certified
// upper bound of docs/privacy-001.md §6 (pvec_eps_upper_bound, the joint worst change of the vector instance),
// the same for every pair.
//
// Leaky twins (TargetOptions::noise_divisor k > 1; tests only, never listed): the implementation draws its noise
// at σ̄/k (Gaussian targets) or ⌈b/k⌉ noise bits per user (p-vec), while the claim and ε_exact stay those of the
// specified calibration — the audit must report VIOLATION (or MODEL-MISMATCH).
#pragma once

#include <cstdint>
#include <string>

#include "verify/audit/targets.hpp"

namespace dpb::verify::audit {

bool is_seed001_target(const std::string& name);

// ParameterError (function "audit") naming the option for sizes or parameters outside the target's range.
PreparedTarget prepare_seed001(const TargetInfo& info, const TargetOptions& options, std::uint64_t seed);

}  // namespace dpb::verify::audit
