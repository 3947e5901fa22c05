// Exact Skellam Sk(0, σ²) sampler, σ² > 0 rational (`variance`): N₁ − N₂ with N₁, N₂ i.i.d. Poisson(σ²/2), drawn
// in that order from the same bit stream by the exact Poisson sampler (poisson.hpp). Spec: Chowdhury & Zhou 2023
// (arXiv:2206.05772), Def 5 (the authors' code does exactly this), Theorem 2. Certified pmf: reference/pmf/skellam.hpp.
//
// Thread-safety: one sampler object per thread (the Poisson CDF table is cached).
#pragma once

#include "reference/samplers/poisson.hpp"

namespace dpb::ref {

class Skellam {
 public:
  // Throws ParameterError naming Skellam unless 0 < variance ≤ 2·10^12.
  explicit Skellam(const Rational& variance);

  const Rational& variance() const { return variance_; }
  // The constructor's validation on its own (the optimized build shares it).
  static const Rational& validate(const Rational& variance);

  template <BitSource B>
  Integer operator()(B& bits) {
    Integer n1 = poisson_(bits);
    Integer n2 = poisson_(bits);
    return n1 - n2;
  }
  Poisson& poisson() { return poisson_; }

 private:
  Rational variance_;
  Poisson poisson_;  // Poisson(σ²/2)
};

}  // namespace dpb::ref
