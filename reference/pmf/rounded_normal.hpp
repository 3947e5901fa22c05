// Certified pmf of the rounded Gaussian K = round(σ̄·X·2^r), X ~ N(0, 1) (reference/samplers/rounded_normal.hpp),
// σ̄ = sigma > 0 rational, r = grid_bits ≥ 0, c = σ̄·2^r:
//   P[K ≥ k] = Q((k − 1/2)/c) = erfc((k − 1/2)/(c√2))/2 for every integer k (ties have probability 0),
//   P[K ≤ k] = P[K ≥ −k] (symmetry),
//   P[K = k] = Φ((k + 1/2)/c) − Φ((k − 1/2)/c) = (erfc((|k|−1/2)/(c√2)) − erfc((|k|+1/2)/(c√2)))/2 for k ≠ 0,
//              erf(1/(2c√2)) for k = 0,
// with MPFR's correctly rounded erf/erfc applied to the endpoints of the argument's enclosure (erfc decreases, erf
// increases), and guard bits for the cancellation in the difference (about log2(c) + log2(|k| + 1) bits).
//   mean 0; variance E[K²] = Σ_k k² P[K = k], summed for c ≤ 1024 with a certified Gaussian tail bound; for larger c
//   the enclosure [c² − c√(2/π), c² + c√(2/π) + 1/4] (K = cX + e with |e| ≤ 1/2), which is valid but not tight.
// docs/pmf.md.
#pragma once

#include "reference/pmf/distribution.hpp"

namespace dpb::ref {

class RoundedNormalPmf final : public CertifiedDistribution {
 public:
  // Throws ParameterError naming RoundedNormalPmf unless sigma > 0 and 0 ≤ grid_bits ≤ 1024 (an integer).
  RoundedNormalPmf(const Rational& sigma, const Integer& grid_bits);
  const Rational& sigma() const { return sigma_; }
  const Rational& scale() const { return c_; }

  std::string describe() const override;
  std::optional<Integer> support_min() const override { return std::nullopt; }
  std::optional<Integer> support_max() const override { return std::nullopt; }
  Interval pmf(const Integer& k, mpfr_prec_t prec) const override;
  Interval cdf(const Integer& k, mpfr_prec_t prec) const override;
  Interval upper_tail(const Integer& k, mpfr_prec_t prec) const override;
  Interval mean(mpfr_prec_t prec) const override;
  Interval variance(mpfr_prec_t prec) const override;

 private:
  // erfc((j + 1/2)/(c√2)) for an integer j (any sign), at working precision wp.
  Interval erfc_at_half_point(const Integer& j, mpfr_prec_t wp) const;
  Rational sigma_;
  Integer r_;
  Rational c_;
};

}  // namespace dpb::ref
