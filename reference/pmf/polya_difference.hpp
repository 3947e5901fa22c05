// Certified pmf of the Pólya difference γ⁺ − γ⁻, γ^± i.i.d. Pólya(r, β), r > 0 and scale > 0 rational,
// β = e^{−1/scale} — the per-user noise of seed 000 (Fact 1: the sum over n users of Pólya(1/n, β) differences is
// Lap_Z(scale)). Exactly what the sampler draws (reference/samplers/polya.hpp, PolyaDifference).
//   pmf(x) = Σ_j Pólya(j+|x|) Pólya(j),  upper_tail(k) = Σ_j Pólya(j) P[γ ≥ k+j] (k ≥ 1),
//   cdf(k) = upper_tail(−k) (symmetric law), mean 0, variance 2rβ/(1−β)².
// Truncation: internal/difference.hpp with the Pólya ratio bounds (polya.hpp). docs/pmf.md.
#pragma once

#include "reference/pmf/distribution.hpp"
#include "reference/pmf/polya.hpp"

namespace dpb::ref {

class PolyaDifferencePmf final : public CertifiedDistribution {
 public:
  // Throws ParameterError naming PolyaDifferencePmf unless r > 0 and scale > 0.
  PolyaDifferencePmf(const Rational& r, const Rational& scale);
  const Rational& r() const { return polya_.r(); }
  const Rational& scale() const { return polya_.scale(); }

  std::string describe() const override;
  std::optional<Integer> support_min() const override { return std::nullopt; }
  std::optional<Integer> support_max() const override { return std::nullopt; }
  Interval pmf(const Integer& k, mpfr_prec_t prec) const override;
  Interval cdf(const Integer& k, mpfr_prec_t prec) const override;
  Interval upper_tail(const Integer& k, mpfr_prec_t prec) const override;
  Interval mean(mpfr_prec_t prec) const override;
  Interval variance(mpfr_prec_t prec) const override;

 private:
  PolyaPmf polya_;
};

}  // namespace dpb::ref
