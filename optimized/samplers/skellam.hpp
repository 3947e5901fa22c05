// Skellam Sk(0, σ²), optimized build: N₁ − N₂ with N₁, N₂ drawn in that order by the optimized Poisson(σ²/2)
// sampler, as in reference/samplers/skellam.hpp (bit-identical). Thread-safety: one object per thread.
#pragma once

#include "optimized/samplers/poisson.hpp"
#include "reference/samplers/skellam.hpp"

namespace dpb::fast {

class Skellam {
 public:
  explicit Skellam(const Rational& variance)
      : variance_(ref::Skellam::validate(variance)), poisson_(Rational(variance_ / 2)) {}

  const Rational& variance() const { return variance_; }

  template <BitSource B>
  std::int64_t operator()(B& bits) {
    const std::int64_t n1 = poisson_(bits);
    const std::int64_t n2 = poisson_(bits);
    return n1 - n2;
  }

 private:
  Rational variance_;
  Poisson poisson_;
};

}  // namespace dpb::fast
