// Claim 000.claim1 (Chowdhury & Zhou 2023, arXiv:2206.05772, App. E.1: Claim 1 and the
// inequality used in the proof of Proposition 1):
//   cosh λ ≤ e^{λ²/2} for all real λ, and e^x − 1 ≤ 2x for x ∈ [0, 1].
//
// Certified interval sweeps. cosh: [−L, L] is partitioned into λ-intervals; on each, with m = max|λ| and
// m0 = min|λ|, the piece is certified by
//   (i)  Taylor with Lagrange remainder: cosh λ = 1 + λ²/2 + (λ⁴/24) cosh ξ, |ξ| ≤ |λ|, while
//        e^{λ²/2} ≥ 1 + λ²/2 + λ⁴/8, so cosh(m) ≤ 3 suffices (this covers λ near 0, where both sides touch);
//   (ii) monotone ends: cosh(m) ≤ e^{m0²/2}.
// Beyond L = 2 no sweep is needed: cosh λ ≤ e^{|λ|} ≤ e^{λ²/2} since |λ| ≤ λ²/2 for |λ| ≥ 2.
// e^x − 1 ≤ 2x: on [a, b] ⊂ [0, 1], (e^x − 1)/x = e^ξ for some ξ ∈ (0, x) (mean value theorem) ≤ e^b, or
// ≤ (e^b − 1)/a when a > 0; the piece is certified when either is ≤ 2.
#pragma once

#include "reference/core/interval.hpp"
#include "reference/core/rational.hpp"
#include "verify/claims/claim.hpp"

namespace dpb::verify::certified {

struct Claim1Config {
  long cosh_pieces = 400;   // over [−L, L]
  long expm1_pieces = 200;  // over [0, 1]
  Rational cosh_exponent_factor{1};  // κ in cosh λ ≤ e^{κλ²/2} (negative control: 9/10)
  Rational linear_factor{2};         // κ' in e^x − 1 ≤ κ'x (negative control: 3/2)
  mpfr_prec_t prec = 128;
};
Claim1Config claim1_config(Suite suite);
Outcome check_claim1(const Claim1Config& config);

}  // namespace dpb::verify::certified
