// Claim 000.rounding (Chowdhury & Zhou 2023, arXiv:2206.05772, the randomized-rounding encoder in R): randomized
// rounding x̂ = ⌊xg⌋ + Ber(xg − ⌊xg⌋) has E[x̂] = xg exactly and x̂ ∈ {⌊xg⌋, ⌊xg⌋+1} ⊆ {0, …, g} for x ∈ [0, 1]; and
// for n users the summed error obeys
// P[|Σ_i (x̂_i − x_i g)|/g > √(2n log(2/p))/g] ≤ p.
//
// Certified and exact: the law of x̂ is exact rationals (and ref::RandomizedRoundingPmf's enclosures must contain
// them); Σ_i (x̂_i − x_i g) = B − F with B ~ Poisson-binomial(φ_1, …, φ_n), φ_i = x_i g − ⌊x_i g⌋, F = Σ φ_i, whose
// law is computed exactly by convolution in rationals. The event |b − F| > r, r = √(2n log(2/p)) irrational, is
// decided per b by certified comparison of (b − F)² with 2n log(2/p); the tail is an exact rational compared with p.
#pragma once

#include <string>
#include <vector>

#include "reference/core/interval.hpp"
#include "reference/core/rational.hpp"
#include "verify/claims/claim.hpp"

namespace dpb::verify::certified {

struct RoundingPattern {
  std::string name;
  Integer g;
  std::vector<Rational> xs;  // cycled over the n users
};

struct RoundingConfig {
  std::vector<Rational> single_xs;  // for E[x̂] = xg and the support
  std::vector<Integer> single_gs;
  std::vector<long> ns;
  std::vector<RoundingPattern> patterns;
  std::vector<Rational> ps;
  Rational threshold_factor{1};  // negative control: r = factor·√(2n log(2/p))
  mpfr_prec_t prec = 128;
};
RoundingConfig rounding_config(Suite suite);
Outcome check_rounding(const RoundingConfig& config);

}  // namespace dpb::verify::certified
