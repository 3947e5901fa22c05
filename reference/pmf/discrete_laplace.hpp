// Certified pmf of the discrete Laplace law Lap_Z(scale), scale > 0 rational, β = e^{−1/scale}:
//   P[x] = (1 − β)/(1 + β) · β^{|x|},  P[X ≥ k] = β^k/(1 + β) for k ≥ 0 (and 1 − β^{1−k}/(1 + β) for k ≤ 0),
//   P[X ≤ k] = P[X ≥ −k] (symmetry),  mean 0,  variance 2β/(1 − β)².
// All closed forms. Spec: Chowdhury & Zhou 2023 (arXiv:2206.05772), Def 4 (and facts derived from it). docs/pmf.md.
#pragma once

#include "reference/pmf/distribution.hpp"

namespace dpb::ref {

class DiscreteLaplacePmf final : public CertifiedDistribution {
 public:
  // Throws ParameterError naming DiscreteLaplacePmf unless scale > 0.
  explicit DiscreteLaplacePmf(const Rational& scale);
  const Rational& scale() const { return scale_; }

  std::string describe() const override;
  std::optional<Integer> support_min() const override { return std::nullopt; }
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
