// Claim 000.lemma5 (Chowdhury & Zhou 2023, arXiv:2206.05772, App. K, Lemma 5; the paper
// leaves the constant c unspecified): X ~ Lap_Z(1/ε) satisfies
// E e^{λX} ≤ exp(λ²c²/(2ε²)) for |λ| ≤ ε/c, with c = ref::lemma5_constant() (reference/privacy/lemma5_constant.hpp).
//
// MGF in closed form (derived from Def 4): M(λ) = (1−β)²/((1−βe^λ)(1−βe^{−λ})), β = e^{−ε}, |λ| < ε; M is even, so λ ∈
// [0, ε/c] suffices. The interval [0, ε/c] is partitioned into λ-intervals Λ = [a, b] and on each the ratio
// g(λ) = log M(λ)/λ² is bounded above by the smaller of
//   (i)  the interval extension log M(Λ)/Λ² (a > 0), and
//   (ii) ½[q₊/(1−q₊)² + q₋/(1−q₋)²] with q₊ = βe^{b}, q₋ = βe^{−a}: from log M(λ) = Σ_k (2β^k/k)(cosh(λk) − 1)
//        (X = N₁ − N₂ with geometric N_i, whose log-MGF is Σ_k (β^k/k)(e^{λk} − 1)) and cosh y − 1 ≤ (y²/2)cosh y,
//        valid for λ near 0 where (i) is useless;
// the piece is certified when that bound is ≤ c²/(2ε²); a piece that is not is halved until it is (near λ = ε/c
// the slack is only about c − c*(ε)), or the bound is certainly false at its end (violated). Also reported: c*(ε),
// the smallest c for each ε (the root of log M(ε/c) = ½, bracketed by bisection; the condition is monotone in c
// because g increases in |λ|), and the limit c∞ = (1 − e^{−1/2})^{−1/2} of c*(ε) as ε → 0.
#pragma once

#include <vector>

#include "reference/core/interval.hpp"
#include "reference/core/rational.hpp"
#include "verify/claims/claim.hpp"

namespace dpb::verify::certified {

struct Lemma5Config {
  std::vector<Rational> epsilons;
  Rational constant;       // c under test (registered: ref::lemma5_constant(); negative control: 3/2)
  long lambda_pieces = 400;
  int bisection_steps = 40;
  mpfr_prec_t prec = 128;
};
Lemma5Config lemma5_config(Suite suite);
Outcome check_lemma5(const Lemma5Config& config);

// log M(λ) of Lap_Z(1/ε) for an enclosure λ ⊂ (−ε, ε).
Interval lap_log_mgf(const Rational& eps, const Interval& lambda);

}  // namespace dpb::verify::certified
