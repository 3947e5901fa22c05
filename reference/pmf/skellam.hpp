// Certified pmf of the Skellam law Sk(0, σ²), σ² > 0 rational (`variance`): the law of N₁ − N₂ with N₁, N₂ i.i.d.
// Poisson(λ), λ = σ²/2 — exactly what the sampler draws (reference/samplers/skellam.hpp).
//   pmf(x) = Σ_j Pois(λ)(j+|x|) Pois(λ)(j)  (convolution, summed both ways from the Poisson mode with
//            geometric rest bounds: internal/difference.hpp),
//   upper_tail(k) = Σ_j Pois(λ)(j) P[N ≥ k+j] for k ≥ 1, 1 − upper_tail(1−k) for k ≤ 0; cdf(k) = upper_tail(−k),
//   mean 0, variance σ².
// skellam_pmf_bessel is the paper's form e^{−σ²} I_{|x|}(σ²) (Def 5), computed separately from the ascending
// series I_ν(z) = Σ_j (z/2)^{2j+ν}/(j!(j+ν)!) with its own rest bound; that the two agree is a claim checked
// elsewhere. Spec: Chowdhury & Zhou 2023 (arXiv:2206.05772), Def 5. docs/pmf.md.
#pragma once

#include "reference/pmf/distribution.hpp"
#include "reference/pmf/poisson.hpp"

namespace dpb::ref {

class SkellamPmf final : public CertifiedDistribution {
 public:
  // Throws ParameterError naming SkellamPmf unless variance > 0.
  explicit SkellamPmf(const Rational& variance);
  const Rational& variance_parameter() const { return variance_; }

  std::string describe() const override;
  std::optional<Integer> support_min() const override { return std::nullopt; }
  std::optional<Integer> support_max() const override { return std::nullopt; }
  Interval pmf(const Integer& k, mpfr_prec_t prec) const override;
  Interval cdf(const Integer& k, mpfr_prec_t prec) const override;
  Interval upper_tail(const Integer& k, mpfr_prec_t prec) const override;
  Interval mean(mpfr_prec_t prec) const override;
  Interval variance(mpfr_prec_t prec) const override;

 private:
  Rational variance_;
  PoissonPmf poisson_;  // Poisson(σ²/2)
};

// e^{−σ²} I_{|x|}(σ²) by the ascending Bessel series (throws ParameterError naming skellam_pmf_bessel unless
// variance > 0).
Interval skellam_pmf_bessel(const Rational& variance, const Integer& x, mpfr_prec_t prec);

}  // namespace dpb::ref
