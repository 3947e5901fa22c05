// Certified pmf of Pólya(r, β) (negative binomial), r > 0 and scale > 0 rational, β = e^{−1/scale}:
//   P[x] = Γ(x+r)/(x! Γ(r)) β^x (1−β)^r,  P[0] = (1−β)^r,  P[x+1]/P[x] = β(x+r)/(x+1).
// pmf(x) is formed in log space (certified ln Γ, ln β = −1/scale exactly), so it is O(1) for any x.
// Tails: for every j, the ratios P[i+1]/P[i], i ≥ j, are at most ρ_j = β·max(1, (j+r)/(j+1)) (the factor
// (i+r)/(i+1) is monotone in i and tends to 1), so the rest of an upward sum after term j is ≤ P[j]ρ_j/(1−ρ_j).
// cdf(k) sums downward from k (finite; for r ≥ 1 the law is log-concave and the sum may stop early below the mode)
// unless k is so far out that 1 − P[X ≥ k+1] is cheaper. mean rβ/(1−β), variance rβ/(1−β)² (closed forms).
// Spec: Chowdhury & Zhou 2023 (arXiv:2206.05772), Fact 1 and its footnote 3; Pólya(1, β) is geometric (Remark 7); tiny
// shapes r = 1/n (docs/samplers.md). docs/pmf.md.
#pragma once

#include "reference/pmf/distribution.hpp"

namespace dpb::ref {

class PolyaPmf final : public CertifiedDistribution {
 public:
  // Throws ParameterError naming PolyaPmf unless r > 0 and scale > 0.
  PolyaPmf(const Rational& r, const Rational& scale);
  const Rational& r() const { return r_; }
  const Rational& scale() const { return scale_; }
  // A mode of the law: ⌊(r−1)β/(1−β)⌋ for r > 1 (computed from an enclosure; used only to choose a summation
  // order, never for a value), else 0.
  const Integer& mode() const { return mode_; }

  std::string describe() const override;
  std::optional<Integer> support_min() const override { return Integer(0); }
  std::optional<Integer> support_max() const override { return std::nullopt; }
  Interval pmf(const Integer& k, mpfr_prec_t prec) const override;
  Interval cdf(const Integer& k, mpfr_prec_t prec) const override;
  Interval upper_tail(const Integer& k, mpfr_prec_t prec) const override;
  Interval mean(mpfr_prec_t prec) const override;
  Interval variance(mpfr_prec_t prec) const override;

 private:
  Rational r_;
  Rational scale_;
  Integer mode_;
};

}  // namespace dpb::ref
