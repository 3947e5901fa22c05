// Certified pmf of the geometric law on {0, 1, 2, …} with β = e^{−1/scale}, scale > 0 rational:
//   P[k] = (1 − β) β^k,  P[X ≤ k] = 1 − β^{k+1},  P[X ≥ k] = β^k,  mean β/(1 − β),  variance β/(1 − β)².
// All closed forms (β^k = e^{−k/scale} with an exact rational exponent; 1 − β^j = −expm1(−j/scale)).
// Spec: Chowdhury & Zhou 2023 (arXiv:2206.05772), Remark 7 and the proof of Lemma 5 (it is Pólya(1, β)). docs/pmf.md.
#pragma once

#include "reference/pmf/distribution.hpp"

namespace dpb::ref {

class GeometricPmf final : public CertifiedDistribution {
 public:
  // Throws ParameterError naming GeometricPmf unless scale > 0.
  explicit GeometricPmf(const Rational& scale);
  const Rational& scale() const { return scale_; }

  std::string describe() const override;
  std::optional<Integer> support_min() const override { return Integer(0); }
  std::optional<Integer> support_max() const override { return std::nullopt; }
  Interval pmf(const Integer& k, mpfr_prec_t prec) const override;
  Interval cdf(const Integer& k, mpfr_prec_t prec) const override;
  Interval upper_tail(const Integer& k, mpfr_prec_t prec) const override;
  Interval mean(mpfr_prec_t prec) const override;
  Interval variance(mpfr_prec_t prec) const override;

 private:
  Rational scale_;
};

}  // namespace dpb::ref
