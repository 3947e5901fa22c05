// Certified checkers of seed 003's P₂ claims (Sarmasarkar 2026, arXiv:2602.00417, App. S, Algorithms 4–6, Eq. 127,
// Lemma S.2; spec 003 §6 V1–V3, V5; registered in verify/claims/claims_003_p2.cpp; docs/protocol-003.md "P₂: the
// matrix P_Vec"). Each checker takes the implementation (or formula) it checks as a parameter, so that
// tests/verify/certified/seed003_p2_test.cpp can hand it a deliberately wrong twin, which it must reject.
// The exact per-label count laws are seed 001's (certified::pvec_count_law: rounding ⊛ Bin(b, ¼), convolved over
// the n users), on P₂'s own grid of symmetric user matrices w·xxᵀ with ‖·‖_F <= Δ.
#pragma once

#include <functional>
#include <optional>

#include "reference/protocols/p_vec.hpp"
#include "verify/certified/seed001_checks.hpp"
#include "verify/certified/seed001_pvec_privacy.hpp"
#include "verify/claims/claim.hpp"

namespace dpb::verify::certified {

// ---- 003.v1: E[o] = Σ_u X_u for the whole d×d output (upper triangle from the exact count laws, the mirror by
// A₂'s copy), both ranges r. `analyzer` is A₂'s per-label analyzer under test (ref::pvec_analyze). ----
Outcome check_p2_unbiased(const AnalyzerFn& analyzer);

// ---- 003.v2: Var(o_(i,j)) = (r/g)²[Σ_u f_u(1 − f_u) + n·b·3/16] exactly on the grid, <= (r/g)²(n/4 + 3nb/16); and
// at Eq. 127's (g, b) on the calibration grid (r = 2Δ and r = Δ): the binomial part (r/g)²·n·b·3/16 lies in
// [45 000 r²ℓ²/ε², that + (r/g)²·3n/16] (ℓ = ln(4(d²+1)/δ); the spec's 45 000 Δ²ℓ²/ε² is r = Δ) and the rounding
// part (r/g)²n/4 <= r²/16. `variance` is the formula under test. ----
Outcome check_p2_variance(const VarianceFn& variance);

// ---- 003.v3: the error of each label is sub-Gaussian with proxy (r/g)²·n(b + 1)/4 (exact laws, MPFI, seed 001's
// λ grid; labels independent), and at Eq. 127's (g, b) that proxy is <= 6·10⁴ r²ℓ²/ε² + r²/8. `proxy` is the
// proxy under test. ----
Rational p2_proxy(const ref::PVecParams& p, const std::vector<Rational>& values);
Outcome check_p2_subgaussian(const ProxyFn& proxy);

// ---- 003.v5: decided on the support: max x̂ + γ₂ = ⌈2Δ·g/r⌉ + b (attained: X = Δ·e₁e₁ᵀ gives w = 2Δ on label
// (0,0), and γ₂ = b has probability 4^−b > 0) against the message length, for both encodings, at Eq. 127's (g, b).
// `length(range, g, b)` is the message length under test (the printed g + b). Violated with a witness when some
// encoding's maximum exceeds it. ----
using LengthFn = std::function<Integer(ref::PVecRange range, const Integer& g, const Integer& b)>;
Outcome check_p2_message_length(const LengthFn& length);

// ---- 003.v4 (privacy of P₂): the shuffled view of P₂ (per-label counts of d(d+1)/2 upper-triangle labels, each
// Σ x̂ + Bin(n·b, ¼)) at the calibration's (g, b). The neighbour change of one user: ‖X − X′‖_F <= 2ρΔ for user
// matrices of Frobenius norm <= ρΔ (ρ = 1: the clip rule, enforced at the randomizer; ρ > 1: `paper-whp`, data above
// the calibrated Δ), so the upper-triangle change in grid units has Σ δ_k² <= (g/r)²(2ρΔ)² (= ρ²g² at r = 2Δ), the
// joint ℓ₂ constraint of reference/privacy/p_vec_privacy.hpp (certified truncated Rényi moments, knapsack over the
// labels; label `certified`). The worst pair for the lower bound: X = Δe₁e₁ᵀ against −Δe₁e₁ᵀ (label (0,0) moves by g
// units, all else fixed), certified single-label hockey stick while n·b <= 2^20. ----
struct P2PrivacyPoint {
  std::optional<Rational> eps_upper;  // ε̃ at δ (nullopt: the windows' tails exceed δ)
  Rational delta_upper;               // δ̃ at ε
  Rational tail;
  Integer noise_trials, units;
  Rational change_sq;
  double seconds = 0;  // report-only: wall time of the bound for this neighbour relation
};
// ρ >= 1 rational; two_delta: r = 2Δ (default) or r = Δ (2g + b bits).
P2PrivacyPoint p2_privacy_upper(const Integer& n, const Integer& g, const Integer& b, const Integer& d,
                                const Rational& eps, const Rational& delta, const Rational& rho, bool two_delta);
Outcome check_p2_privacy(const PVecCalibrationFn& calibration, Suite suite);

// The paper-whp witness (logistic link, spec 003 §9 item 14): κ* = 8 (Δ = 1/8), θ̂₁ = 0 (μ̇(0) = 1/4), x = e₁,
// V = 100·γ²κ·I so that γ√κ‖x‖_{V⁻¹} = 1/10, R = 1: β(x) = e^{1/10}, weight μ̇/β = e^{−1/10}/4, ‖w·xxᵀ‖_F =
// e^{−1/10}/4 ∈ (0.2262, 0.2263) > 1/8. Returns ρ = ‖w·xxᵀ‖_F/Δ rounded up to the grid 2^−10 (an upper bound).
Rational paper_whp_witness_rho();

}  // namespace dpb::verify::certified
