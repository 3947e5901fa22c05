// Claim 000.fact2 (Chowdhury & Zhou 2023, arXiv:2206.05772, Fact 2, Canonne–Kamath–Steinke 2020): Y ~ N_Z(0, σ²)
// satisfies P[|Y| ≥ t] ≤ 2e^{−t²/(2σ²)} for all t ≥ 0.
//
// Certified check: P[|Y| ≥ t] = P[|Y| ≥ ⌈t⌉] and the bound decreases in t, so checking every integer k ∈ [0, K]
// covers every real t ∈ [0, K]; K is where the bound falls below 10⁻³⁰. Tails are 2 Σ_{y ≥ k} e^{−y²/(2σ²)} / Z with
// Z from ref::DiscreteGaussianPmf::normalizer, the sum read downward from K with the rest after K bounded by a
// geometric series (the ratios e^{−(2y+1)/(2σ²)} decrease), and ref::DiscreteGaussianPmf::upper_tail checked
// against it at a few k.
#pragma once

#include <vector>

#include "reference/core/interval.hpp"
#include "reference/core/rational.hpp"
#include "verify/claims/claim.hpp"

namespace dpb::verify::certified {

struct Fact2Config {
  std::vector<Rational> variances;      // σ²
  Rational bound_variance_factor{1};    // negative control: bound 2e^{−t²/(2σ²·factor)}
  mpfr_prec_t prec = 128;
};
Fact2Config fact2_config(Suite suite);
Outcome check_fact2(const Fact2Config& config);

}  // namespace dpb::verify::certified
