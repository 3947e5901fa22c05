// Certified pmf of Binomial(n, p), n ≥ 0 an integer, p ∈ [0, 1] rational:
//   P[k] = C(n, k) p^k (1−p)^{n−k} = exp(ln n! − ln k! − ln (n−k)! + k ln p + (n−k) ln(1−p)) (certified ln Γ,
//   guard bits for the cancellation), so pmf(k) is O(1) for any n.
//   cdf(k) for k < (n+1)p: Σ_{j ≤ k} P[j] read downward; P[j−1]/P[j] = j(1−p)/((n−j+1)p) decreases as j does
//   (log-concavity), so the rest after a term is bounded geometrically; else 1 − P[X ≥ k+1], read upward with
//   P[j+1]/P[j] = (n−j)p/((j+1)(1−p)), likewise decreasing. Both sums are finite, the bound only ends them early.
//   mean np, variance np(1−p) (exact).
// docs/pmf.md.
#pragma once

#include "reference/pmf/distribution.hpp"

namespace dpb::ref {

class BinomialPmf final : public CertifiedDistribution {
 public:
  // Throws ParameterError naming BinomialPmf unless n ≥ 0 and 0 ≤ p ≤ 1.
  BinomialPmf(const Integer& n, const Rational& p);
  const Integer& n() const { return n_; }
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
  bool degenerate() const { return p_ == 0 || p_ == 1 || n_ == 0; }
  Integer n_;
  Rational p_;
};

}  // namespace dpb::ref
