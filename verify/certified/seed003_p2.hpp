// Certified checkers of seed 003's P₂ claims (Sarmasarkar 2026, arXiv:2602.00417, App. S, Algorithms 4–6, Eq. 127,
// Lemma S.2; spec 003 §6 V1–V3, V5; registered in verify/claims/claims_003_p2.cpp; docs/protocol-003.md "P₂: the
// matrix P_Vec"). Each checker takes the implementation (or formula) it checks as a parameter, so that
// tests/verify/certified/seed003_p2_test.cpp can hand it a deliberately wrong twin, which it must reject.
// The exact per-label count laws are seed 001's (certified::pvec_count_law: rounding ⊛ Bin(b, ¼), convolved over
// the n users), on P₂'s own grid of symmetric user matrices w·xxᵀ with ‖·‖_F <= Δ.
#pragma once

#include <functional>

#include "reference/protocols/p_vec.hpp"
#include "verify/certified/seed001_checks.hpp"
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

}  // namespace dpb::verify::certified
