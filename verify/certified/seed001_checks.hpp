// Certified checkers of seed 001's mechanism claims (Chowdhury & Zhou, ICML 2022, arXiv:2202.05567; claims
// registered in verify/claims/claims_001.cpp; docs/privacy-001.md). Each checker takes the implementation it
// checks as a parameter so that the tests (tests/verify/certified/seed001_checks_test.cpp) can hand it a
// deliberately wrong twin, which it must reject (the negative controls).
#pragma once

#include <functional>
#include <nlohmann/json.hpp>

#include "reference/privacy/seed001.hpp"
#include "reference/protocols/p_vec.hpp"
#include "verify/claims/claim.hpp"

namespace dpb::verify::certified {

// ---- 001.lemma-b4: Lemma B.4 at the errata's inputs (ε₀ = 0.57246, δ₀ = 2.5e-8, n = 400, δ′ = 5e-6) lies in
// ε̃ ∈ [0.44276, 0.44277], δ̃ ∈ [3.7782, 3.7783]·10⁻⁵ and its precondition holds. ----
using FmtFn = std::function<ref::FmtBound(const ref::RealFn&, const Rational&, const Integer&, const Rational&)>;
Outcome check_lemma_b4(const FmtFn& fmt);

// ---- 001.thm3.2.sigma: 4√(2 ln(2.5B/δ) ln(2/δ))/(ε√B) = 4√(2 ln(2.5/δ₀))/ε₀ at ε₀ = ε√(B/ln(2/δ)), δ₀ = δ/B. ----
using AmpSigmaFn = std::function<Interval(const Rational& eps, const Rational& delta, const Integer& B, mpfr_prec_t)>;
Interval thm32_sigma_formula(const Rational& eps, const Rational& delta, const Integer& B, mpfr_prec_t prec);
Outcome check_thm32_sigma(const AmpSigmaFn& sigma);

// ---- 001.thm3.2.privacy: the errata grid; per point R_Amp at σ̄ is certified (ε₀, δ₀)-LDP from the exact Gaussian
// profile (joint sensitivity 2√2), and Lemma B.4 gives (ε̃, δ̃) where its precondition holds (else inconclusive). ----
// `sigma_bar(eps, delta, B)` is the σ the mechanism uses.
using SigmaBarFn = std::function<Rational(const Rational& eps, const Rational& delta, const Integer& B)>;
Outcome check_thm32_privacy(const SigmaBarFn& sigma_bar, Suite suite);
// ---- 001.amp.ldp (Remark 3.4): the LDP part alone on the same grid: R_Amp at σ̄ is (ε₀, δ₀)-LDP. ----
Outcome check_amp_ldp(const SigmaBarFn& sigma_bar);

// ---- 001.thm-e2: the per-batch split ε_m = ε/(2√(2M ln(2/δ))) (rounded down), δ_m = δ/(2M) composes (advanced
// composition, Dwork–Roth Thm 3.20, exact formula rounded up) to at most (ε, δ) for ε < 1. `split` is the ε_m under
// test. ----
using SplitFn = std::function<Rational(const Rational& eps, const Rational& delta, const Integer& M)>;
Outcome check_thm_e2(const SplitFn& split);
// ---- 001.thm-e5.range: the same route at Thm E.5's ε ∈ [1, 15] (outside Thm E.2's hypothesis ε < 1): reports where
// the composed bound exceeds ε; never `holds` there. ----
Outcome check_thm_e5_range();

// ---- 001.thm-e3.sigma: Thm E.3's printed σ = 16 ln(2/δ)√(T ln(5T/δ))/(εB) against B.1's σ at (ε_m, δ_m) with M = T/B
// (exact substitution, ε_m not rounded). `sigma(eps, delta, T, B, prec)` is the formula under test. ----
using ReturningSigmaFn =
    std::function<Interval(const Rational& eps, const Rational& delta, const Integer& T, const Integer& B, mpfr_prec_t)>;
Interval thm_e3_printed_sigma(const Rational& eps, const Rational& delta, const Integer& T, const Integer& B,
                              mpfr_prec_t prec);
Outcome check_thm_e3_sigma(const ReturningSigmaFn& sigma);

// 001.thm-e3.privacy: P_Amp with returning users (one user in every one of the M = ⌈T/B⌉ batches) at Thm E.3's
// calibration — calibrate p-amp --returning: B.1 at (ε_m, δ_m) — is (ε, δ)-SDP at user level. The certified upper
// bound is the least of three accountants calibrate reports (docs/privacy-001.md §10): the proof's route (Lemma B.4's
// certified per-batch (ε̃, δ̃), advanced composition; counted only when its δ total ≤ δ), and one user's M messages
// composed exactly (Gaussian profile) or by zCDP — no amplification. holds at a point when that bound ≤ ε; a point
// outside B.1's per-batch range is "outside" (never holds: the claim is then inconclusive). sigma_factor ≠ 1: the
// negative control — the implementation draws σ̄·factor (the message accountants are recomputed at it; the proof's
// route then does not apply).
Outcome check_thm_e3_privacy(const Rational& sigma_factor = Rational(1));

// 001.thm-e5.privacy: P_Vec with returning users (one user in every one of the M = ⌈T/B⌉ batches) at Thm E.5's
// calibration — calibrate p-vec --returning: C.1's (g, b) at (ε_m, δ_m) — is (ε, δ)-SDP at user level. The certified
// upper bound is the lesser of the two accountants that do not rest on C.1 (ref::pvec_returning_totals: the batch's
// certified ε at δ_m under advanced composition; the batch's truncated Rényi curve composed M-fold); C.1's own route
// (eps_total_advanced) is reported beside. holds at a point when that bound ≤ ε at δ; above ε: inconclusive (an upper
// bound above the claim proves nothing). Grid: quick (T, B) ∈ {(10⁴, 100), (10⁵, 10³)}, full adds (10⁶, 10⁴); ε ∈
// {1/10, 1/2, 9/10}, δ ∈ {10⁻⁵, 1/10}, d = 5. b_divisor ≠ 1: the negative control — the implementation sends
// ⌈b/b_divisor⌉ noise bits per label (the accountants are recomputed at it; C.1's route then does not apply), on the
// smallest (T, B) only (6 points).
Outcome check_thm_e5_privacy(Suite suite, const Integer& b_divisor = Integer(1));

// ---- 001.vec.unbiased / 001.vec.variance: E and Var of A_Vec's output from the exact law of the per-label count
// (randomized rounding ⊛ Bin(b, p), convolved over the B users), both ranges r. ----
// The exact law of one label's batch count Σ_i c_i (values: the B users' label values), support first..first+size−1.
struct PVecCountLaw {
  Integer first;
  std::vector<Rational> pmf;
};
PVecCountLaw pvec_count_law(const ref::PVecParams& p, const std::vector<Rational>& values);

using AnalyzerFn = std::function<Rational(const ref::PVecParams&, const Integer& count)>;
using VarianceFn = std::function<Rational(const ref::PVecParams&, const std::vector<Rational>& values)>;
Rational pvec_variance_formula(const ref::PVecParams& p, const std::vector<Rational>& values);
Outcome check_vec_unbiased(const AnalyzerFn& analyzer);
// 001.vec.recentre: with the re-centring of Cheu et al. (−Δ instead of −B·Δ), E[o] − Σv = (B − 1)Δ exactly.
// `analyzer` is the −Δ analyzer under test.
Rational pvec_analyze_cheu(const ref::PVecParams& p, const Integer& count);
Outcome check_vec_recentre(const AnalyzerFn& analyzer);
Outcome check_vec_variance(const VarianceFn& variance);
// 001.vec.subgaussian: A_Vec's output noise o − E[o] is sub-Gaussian with the paper's proxy (r/g)²(B + B·b/4):
// E[e^{λ(o − E o)}] ≤ e^{λ²·proxy/2}, certified from the exact law for λ·r/g ∈ {±1/8, ±1/2, ±2, ±8}. `proxy` is the
// variance proxy under test.
Rational pvec_subgaussian_proxy(const ref::PVecParams& p);
using ProxyFn = std::function<Rational(const ref::PVecParams&, const std::vector<Rational>& values)>;
Outcome check_vec_subgaussian(const ProxyFn& proxy);

// ---- 001.comm-bits: P_Vec at Thm C.1's parameters sends (g + b) bits per label and (g + b)(d + d(d+1)/2) per user
// (r = 2Δ), every message well-formed (checked on a run of the protocol), and r = Δ needs 2g + b. ----
// `budget(g, b, range)` is the message length the implementation uses.
using BudgetFn = std::function<Integer(const Integer& g, const Integer& b, ref::PVecRange range)>;
Outcome check_comm_bits(const BudgetFn& budget);

// ---- 001.tree.privacy: every leaf lies in at most one node per level (m = ⌈log₂ N⌉ + 1), so the node view has ℓ₂
// sensitivity ≤ √m·Δ_z, and the calibrated σ_node has certified exact Gaussian δ(ε) ≤ δ at that sensitivity. ----
// `sigma_node(eps, delta, N)` is the calibration under test.
using TreeSigmaFn = std::function<Rational(const Rational& eps, const Rational& delta, const Integer& N)>;
Outcome check_tree_privacy(const TreeSigmaFn& sigma_node);

// ---- 001.gauss.sensitivity: the replace-one ℓ₂ sensitivities of φy and triu(φφᵀ) under ‖φ‖₂ ≤ 1, |y| ≤ 1:
// exhaustive exact search on the grid 2^−2 (d = 2, 3) and the analytic bounds 2LY and √2·L² (triu norm ≤ Frobenius
// norm, ‖φφᵀ − φ′φ′ᵀ‖²_F = ‖φ‖⁴ + ‖φ′‖⁴ − 2(φ·φ′)²); the paper's "2 per part" holds when every sensitivity found is
// ≤ the claimed value. `claimed` = (vector part, matrix part). ----
Outcome check_gauss_sensitivity(const Rational& claimed_vector, const Rational& claimed_matrix);

// ---- 001.remark-d5 (group privacy, Remark D.5): an (ε, δ)-DP release is (kε, k·e^{(k−1)ε}·δ)-DP for a change of k
// records (a user in k rounds). Checked on the exact Gaussian mechanism calibrated to (ε, δ) (σ̄ from the certified
// exact profile at sensitivity 4, 001.tree.privacy's calibration with one level): its exact δ at kε for sensitivity
// 4k must be ≤ the remark's δ_k; a certified exact δ above δ_k is a counterexample (violated). `group_delta(ε, δ, k)`
// is the δ_k under test. ----
using GroupDeltaFn = std::function<Rational(const Rational& eps, const Rational& delta, const Integer& k)>;
Rational remark_d5_group_delta(const Rational& eps, const Rational& delta, const Integer& k);  // rounded up
Outcome check_remark_d5(const GroupDeltaFn& group_delta);

}  // namespace dpb::verify::certified
