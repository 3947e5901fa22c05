// Claim 000.dlaplace.tail (Chowdhury & Zhou 2023, arXiv:2206.05772, Def. 4 and facts derived
// from it; τ of Theorem 1):
//   (a) X ~ Lap_Z(t): P[X ≥ k] = β^k/(1+β) for k ≥ 0, β = e^{−1/t}. The tail is summed from ref::DiscreteLaplacePmf's
//       pmf on a window [−W, W] (P[X ≥ k] ∈ [Σ_{x=k}^{W} p(x), 1 − Σ_{x=−W}^{k−1} p(x)]) and compared with the
//       closed form computed here; ref::DiscreteLaplacePmf::upper_tail is compared with it too.
//   (b) accuracy rule: P[|Lap_Z(g/ε)| > τ] ≤ p for τ = ⌈(g/ε)·log(2/p)⌉, the ceiling decided exactly by certified
//       intervals; the tail 2·P[X ≥ τ + 1] from ref::DiscreteLaplacePmf::upper_tail.
#pragma once

#include <vector>

#include "reference/core/interval.hpp"
#include "reference/core/rational.hpp"
#include "verify/claims/claim.hpp"

namespace dpb::verify::certified {

struct DlaplaceTailConfig {
  std::vector<Rational> scales;  // t for (a)
  std::vector<Rational> gs, epsilons, ps;
  Rational pmf_scale_factor{1};  // negative control for (a): sum the pmf of Lap_Z(t·factor)
  Rational threshold_factor{1};  // negative control for (b): τ = ⌈factor·(g/ε)·log(2/p)⌉
  Rational tolerance;            // (a) holds when every certified relative error is at most this
  mpfr_prec_t prec = 128;
};
DlaplaceTailConfig dlaplace_tail_config(Suite suite);
Outcome check_dlaplace_tail(const DlaplaceTailConfig& config);

}  // namespace dpb::verify::certified
