// Exact Poisson(λ) sampler, λ > 0 rational (`mean`), by inversion with a lazily drawn uniform
// (internal/cdf_inversion.hpp; docs/samplers.md, "Inversion samplers"): U is read 64 bits at a time and the draw
// is the k with [F(k−1), F(k)) ⊃ I_c, decided by certified enclosures of the Poisson CDF (reference/pmf/poisson.hpp).
// Typical cost: one 64-bit chunk (another with probability about 2^{−58}) and one binary search.
//
// Spec: Chowdhury & Zhou 2023 (arXiv:2206.05772), Def 5 (Skellam noise as Poisson − Poisson). No anchor library samples
// Poisson with an irrational e^{−λ} exactly; this one does.
//
// Thread-safety: operator() extends a cached CDF table, so it is not const; use one sampler object per thread.
#pragma once

#include <memory>

#include "reference/bits/bit_source.hpp"
#include "reference/core/rational.hpp"
#include "reference/pmf/poisson.hpp"
#include "reference/samplers/internal/cdf_inversion.hpp"

namespace dpb::ref {

class Poisson {
 public:
  // Throws ParameterError naming Poisson unless 0 < mean ≤ 10^12 (the CDF table grows like √mean).
  explicit Poisson(const Rational& mean);

  const Rational& mean() const { return mean_; }

  template <BitSource B>
  Integer operator()(B& bits) {
    return Integer(inversion_.draw(bits));
  }
  // Finishes a draw whose first 64-bit chunk was already read from `bits` (the optimized build defers here).
  template <BitSource B>
  Integer continue_draw(std::uint64_t first_chunk, B& bits) {
    return Integer(inversion_.continue_draw(first_chunk, bits));
  }
  internal::CdfInversion& inversion() { return inversion_; }

 private:
  Rational mean_;
  internal::CdfInversion inversion_;
};

}  // namespace dpb::ref
