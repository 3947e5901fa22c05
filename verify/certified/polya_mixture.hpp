// Claim 000.polya.mixture (Chowdhury & Zhou 2023, arXiv:2206.05772, footnote 3): drawing λ ~ Gamma(shape r, scale θ)
// with θ = β/(1−β) and then X ~ Poisson(λ) gives the Pólya(r, β) law. The mixture's pmf in closed form,
//   Γ(x+r)/(x!Γ(r)) · (θ/(1+θ))^x (1+θ)^{−r},
// evaluated here in log space with certified ln Γ (MPFR, correctly rounded), is compared with the Pólya pmf by the
// recursion P[0] = (1−β)^r, P[x+1] = P[x]β(x+r)/(x+1) at every x of a window holding all but 10⁻⁴⁰ of the mass,
// and with ref::PolyaPmf (the law the Pólya sampler draws) at a spread of x. Also: mixture mean rθ against
// ref::PolyaPmf::mean.
#pragma once

#include <vector>

#include "reference/core/interval.hpp"
#include "reference/core/rational.hpp"
#include "verify/claims/claim.hpp"

namespace dpb::verify::certified {

struct PolyaMixtureConfig {
  std::vector<Rational> rs;
  std::vector<Rational> scales;  // β = e^{−1/scale}
  Rational theta_factor{1};      // negative control: mixture with scale θ·factor
  Rational tolerance;            // holds when every certified relative difference is at most this
  long class_checks = 24;        // x values at which ref::PolyaPmf is compared
  mpfr_prec_t prec = 128;
};
PolyaMixtureConfig polya_mixture_config(Suite suite);
Outcome check_polya_mixture(const PolyaMixtureConfig& config);

}  // namespace dpb::verify::certified
