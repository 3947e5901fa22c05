// Certified pmf of Bernoulli(e^{−γ}), γ ≥ 0 rational: P[1] = e^{−γ}, P[0] = 1 − e^{−γ} = −expm1(−γ) (computed
// without cancellation for small γ). The Bernoulli(exp(−γ)) step of the CKS20 samplers. docs/pmf.md.
#pragma once

#include "reference/pmf/distribution.hpp"

namespace dpb::ref {

class BernoulliExpPmf final : public CertifiedDistribution {
 public:
  // Throws ParameterError naming BernoulliExpPmf unless γ ≥ 0.
  explicit BernoulliExpPmf(const Rational& gamma);
  const Rational& gamma() const { return gamma_; }

  std::string describe() const override;
  std::optional<Integer> support_min() const override;
  std::optional<Integer> support_max() const override;
  Interval pmf(const Integer& k, mpfr_prec_t prec) const override;
  Interval cdf(const Integer& k, mpfr_prec_t prec) const override;
  Interval upper_tail(const Integer& k, mpfr_prec_t prec) const override;
  Interval mean(mpfr_prec_t prec) const override;
  Interval variance(mpfr_prec_t prec) const override;

 private:
  Interval p_one(mpfr_prec_t prec) const;   // e^{−γ}
  Interval p_zero(mpfr_prec_t prec) const;  // 1 − e^{−γ}
  Rational gamma_;
};

}  // namespace dpb::ref
