// Certified pmf of Poisson(λ), λ > 0 rational (`mean`):
//   P[k] = e^{−λ} λ^k / k!, formed in log space as exp(−λ + k ln λ − ln k!) with a certified ln Γ (MPFR's
//   correctly rounded lngamma), so pmf(k) costs O(1) for any k (10^6 and beyond), with guard bits for the
//   cancellation in the exponent.
//   cdf(k) for k < λ: Σ_{j ≤ k} P[j] read downward from j = k, where P[j−1]/P[j] = j/λ ≤ k/λ < 1 decreases, so
//   the omitted rest after term j is ≤ P[j]ρ/(1−ρ) with ρ = j/λ; for k ≥ λ: 1 − P[X ≥ k + 1].
//   upper_tail(k) for k > λ: Σ_{j ≥ k} P[j] read upward, ratio λ/(j+1) decreasing, same bound; else 1 − cdf(k−1).
//   mean = variance = λ exactly.
// Spec: Chowdhury & Zhou 2023 (arXiv:2206.05772), Def 5 (Skellam = Poisson − Poisson), footnote 3 (Gamma–Poisson
// mixture). docs/pmf.md.
#pragma once

#include "reference/pmf/distribution.hpp"

namespace dpb::ref {

class PoissonPmf final : public CertifiedDistribution {
 public:
  // Throws ParameterError naming PoissonPmf unless mean > 0.
  explicit PoissonPmf(const Rational& mean);
  const Rational& lambda() const { return lambda_; }

  std::string describe() const override;
  std::optional<Integer> support_min() const override { return Integer(0); }
  std::optional<Integer> support_max() const override { return std::nullopt; }
  Interval pmf(const Integer& k, mpfr_prec_t prec) const override;
  Interval cdf(const Integer& k, mpfr_prec_t prec) const override;
  Interval upper_tail(const Integer& k, mpfr_prec_t prec) const override;
  Interval mean(mpfr_prec_t prec) const override;
  Interval variance(mpfr_prec_t prec) const override;

 private:
  Rational lambda_;
};

}  // namespace dpb::ref
