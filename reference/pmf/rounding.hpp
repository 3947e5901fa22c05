// Certified pmf of Bernoulli randomized rounding: x̂ = ⌊xg⌋ + Ber(xg − ⌊xg⌋) for a rational x (x ∈ [0, 1] in the
// protocol; any x is accepted, as by the sampler) and an integer g ≥ 1, so P[⌊xg⌋ + 1] = φ and P[⌊xg⌋] = 1 − φ with φ =
// xg − ⌊xg⌋ (exact rationals; a point mass when xg is an integer). Spec: Chowdhury & Zhou 2023 (arXiv:2206.05772), the
// encoder in R (Algorithm 1), E[x̂] = xg. docs/pmf.md.
#pragma once

#include "reference/pmf/distribution.hpp"

namespace dpb::ref {

class RandomizedRoundingPmf final : public CertifiedDistribution {
 public:
  // Throws ParameterError naming RandomizedRoundingPmf unless g ≥ 1.
  RandomizedRoundingPmf(const Rational& x, const Integer& g);
  const Rational& x() const { return x_; }
  const Integer& g() const { return g_; }

  std::string describe() const override;
  std::optional<Integer> support_min() const override;
  std::optional<Integer> support_max() const override;
  Interval pmf(const Integer& k, mpfr_prec_t prec) const override;
  Interval cdf(const Integer& k, mpfr_prec_t prec) const override;
  Interval upper_tail(const Integer& k, mpfr_prec_t prec) const override;
  Interval mean(mpfr_prec_t prec) const override;
  Interval variance(mpfr_prec_t prec) const override;

 private:
  Rational x_;
  Integer g_;
  Integer base_;  // ⌊xg⌋
  Rational phi_;  // xg − ⌊xg⌋ ∈ [0, 1)
};

}  // namespace dpb::ref
