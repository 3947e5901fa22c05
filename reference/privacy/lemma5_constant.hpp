// The constant c of Lemma 5 (Chowdhury & Zhou 2023, arXiv:2206.05772, App. K; used by Theorem 6's
// τ = ⌈(c g/ε)√(2n log(2/p))⌉).
//
// The paper states that X ~ Lap_Z(1/ε) is (c²/ε², c/ε)-sub-exponential, E e^{λX} ≤ exp(λ²c²/(2ε²)) for
// |λ| ≤ ε/c, "for some absolute constant c" and never gives c. We take the smallest c that works for every ε > 0:
//   c∞ = (1 − e^{−1/2})^{−1/2} ≈ 1.5942064,
// the supremum over ε of the smallest c for each ε, approached as ε → 0 and never attained (docs/decisions.md,
// section 000.lemma5, gives the proof; claim 000.lemma5 checks it with certified arithmetic).
// Any c ≥ c∞ satisfies the lemma, so lemma5_constant() returns a rational just above c∞.
#pragma once

#include "reference/core/interval.hpp"
#include "reference/core/rational.hpp"

namespace dpb::ref {

// 159421/100000 = 1.59421 ≥ c∞: a valid constant for Lemma 5 at every ε > 0 (an upper bound of the infimum).
Rational lemma5_constant();

// Enclosure of c∞ = (1 − e^{−1/2})^{−1/2}, the smallest constant valid for every ε > 0.
Interval lemma5_constant_infimum(mpfr_prec_t prec);

}  // namespace dpb::ref
