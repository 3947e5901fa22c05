// Certified pmf of the discrete Gaussian N_Z(μ, σ²), σ² > 0 and μ rational (`sigma2`, `mu`):
//   P[x] = w(x)/Z,  w(y) = e^{−(y−μ)²/(2σ²)},  Z = Σ_{y∈Z} w(y).
// Sums over one side of μ, Σ_{n≥0} (d+n)^m e^{−(d+n)²/(2σ²)} (m = 0 for Z and tails, m = 1, 2 for moments),
// have ratios ((d+n+1)/(d+n))^m e^{−(2(d+n)+1)/(2σ²)} that decrease in n, so the rest after a term is bounded
// geometrically and added to the upper endpoint. Z itself is that direct sum for σ² < 1 (small σ: a handful of
// terms, no cancellation), and for σ² ≥ 1 the Poisson-summation (Jacobi theta) form
//   Z = σ√(2π) (1 + 2 Σ_{k≥1} e^{−2π²σ²k²} cos(2πkμ)),
// whose rest after K terms is at most e^{−c(K+1)²}/(1 − e^{−2c(K+1)}), c = 2π²σ² (k² ≥ (K+1)² + 2(K+1)(k−K−1)).
// Spec: Chowdhury & Zhou 2023 (arXiv:2206.05772), Def 11, Fact 2. docs/pmf.md.
#pragma once

#include "reference/pmf/distribution.hpp"

namespace dpb::ref {

class DiscreteGaussianPmf final : public CertifiedDistribution {
 public:
  // Throws ParameterError naming DiscreteGaussianPmf unless sigma2 > 0.
  explicit DiscreteGaussianPmf(const Rational& sigma2, const Rational& mu = Rational(0));
  const Rational& sigma2() const { return sigma2_; }
  const Rational& mu() const { return mu_; }

  std::string describe() const override;
  std::optional<Integer> support_min() const override { return std::nullopt; }
  std::optional<Integer> support_max() const override { return std::nullopt; }
  Interval pmf(const Integer& k, mpfr_prec_t prec) const override;
  Interval cdf(const Integer& k, mpfr_prec_t prec) const override;
  Interval upper_tail(const Integer& k, mpfr_prec_t prec) const override;
  Interval mean(mpfr_prec_t prec) const override;
  Interval variance(mpfr_prec_t prec) const override;

  // Z, by the rule above; and each form on its own (both certified, for cross-checks).
  Interval normalizer(mpfr_prec_t prec) const;
  Interval normalizer_direct(mpfr_prec_t prec) const;
  Interval normalizer_theta(mpfr_prec_t prec) const;

 private:
  // Σ_{n≥0} (d+n)^m e^{−(d+n)²/(2σ²)} at working precision wp (d > 0 when m ≥ 1).
  Interval side_sum(const Rational& d, unsigned m, mpfr_prec_t wp) const;
  Rational sigma2_;
  Rational mu_;
};

}  // namespace dpb::ref
