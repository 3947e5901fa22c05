// Certified checks of the Skellam facts of seed 000 (§4.3, Def. 5, Proposition 1).
//
// 000.def5.closure: Sk(0, a) ∗ Sk(0, b) = Sk(0, a + b), compared pmf by pmf on a window (each Skellam law as the
//   sampler draws it: Poisson(σ²/2) − Poisson(σ²/2), from ref::PoissonPmf), and the Bessel form e^{−σ²} I_x(σ²)
//   (ref::skellam_pmf_bessel) equal to that Poisson-difference convolution, with ref::SkellamPmf checked against
//   both at a few points.
// 000.prop1: for X ~ Sk(0, σ²) and p ∈ (0, 1], P[|X| > 2σ√log(2/p) + √2·log(2/p)] ≤ p (the tail 2P[X ≥ ⌊u⌋ + 1]
//   from ref::SkellamPmf, ⌊u⌋ decided exactly), and the moment bound
//   E e^{λX} = exp(σ²(cosh λ − 1)) ≤ e^{λ²σ²} for |λ| ≤ √2, which after dividing the exponents by σ² > 0 reads
//   (cosh λ − 1)/λ² ≤ 1; certified on a partition of [−1.4143, 1.4143] ⊇ [−√2, √2] into λ-intervals.
#pragma once

#include <utility>
#include <vector>

#include "reference/core/interval.hpp"
#include "reference/core/rational.hpp"
#include "verify/claims/claim.hpp"

namespace dpb::verify::certified {

struct SkellamClosureConfig {
  std::vector<std::pair<Rational, Rational>> pairs;  // (a, b)
  std::vector<Rational> bessel_variances;            // σ² for the Bessel-form comparison
  // Negative control: compare with Sk(0, (a + b)·factor), and the Bessel form at variance σ²·factor.
  Rational variance_factor{1};
  Rational tolerance;           // holds when every certified |difference| is at most this
  mpfr_prec_t prec = 128;
};
SkellamClosureConfig skellam_closure_config(Suite suite);
Outcome check_skellam_closure(const SkellamClosureConfig& config);

struct Prop1Config {
  std::vector<Rational> variances;  // σ²
  std::vector<Rational> ps;         // p
  Rational sigma_coefficient{2};    // the "2" of 2σ√log(2/p) (negative control: 1)
  Rational lambda_max{14143, 10000};  // ≥ √2
  long lambda_pieces = 2000;          // λ-intervals partitioning [−lambda_max, lambda_max]
  Rational mgf_exponent_factor{1};    // κ in e^{κλ²σ²} (negative control: 1/2)
  mpfr_prec_t prec = 128;
};
Prop1Config prop1_config(Suite suite);
Outcome check_prop1(const Prop1Config& config);

}  // namespace dpb::verify::certified
