// Certified pmf of Bernoulli(p), p ∈ [0, 1] rational: P[1] = p, P[0] = 1 − p. Every value is an exact rational,
// so the enclosures are the points p, 1 − p rounded outward. Spec: Chowdhury & Zhou 2023 (arXiv:2206.05772) (the
// Bernoulli step of the randomized-rounding encoder in R). docs/pmf.md.
#pragma once

#include "reference/pmf/distribution.hpp"

namespace dpb::ref {

class BernoulliPmf final : public CertifiedDistribution {
 public:
  // Throws ParameterError naming BernoulliPmf unless 0 ≤ p ≤ 1.
  explicit BernoulliPmf(const Rational& p);
  const Rational& p() const { return p_; }

  std::string describe() const override;
  std::optional<Integer> support_min() const override;
  std::optional<Integer> support_max() const override;
  Interval pmf(const Integer& k, mpfr_prec_t prec) const override;
  Interval cdf(const Integer& k, mpfr_prec_t prec) const override;
  Interval upper_tail(const Integer& k, mpfr_prec_t prec) const override;
  Interval mean(mpfr_prec_t prec) const override;
  Interval variance(mpfr_prec_t prec) const override;

 private:
  Rational p_;
};

}  // namespace dpb::ref
