// Discrete Laplace Lap_Z(scale) by certified inversion (the `inversion` method; the default CKS20 method is
// reference/samplers/discrete_laplace.hpp). Same law, different algorithm and different bits.
//
// The integers are enumerated in zigzag order n = 0, 1, 2, 3, 4, … ↦ x = 0, −1, 1, −2, 2, … (n even: x = n/2; n odd:
// x = −(n+1)/2), a law on {0, 1, 2, …} with non-increasing pmf P[n] = P_Lap[x(n)] and closed-form CDF
//   F(2m) = 1 − 2β^{m+1}/(1 + β),   F(2m+1) = 1 − β^{m+1},   β = e^{−1/scale}.
// n is drawn by the inversion rule of internal/cdf_inversion.hpp (docs/samplers.md, "Inversion samplers": one
// 64-bit chunk per draw except with probability about 2^{−57}) and mapped back to x. F(n) is irrational (a
// non-constant rational function of the transcendental β; docs/samplers.md), so every certified decision ends.
// The optimized twin (optimized/samplers/discrete_laplace_inversion.hpp) is bit-identical.
//
// Thread-safety: operator() extends a cached CDF table, so it is not const; use one sampler object per thread.
#pragma once

#include <cstdint>

#include "reference/bits/bit_source.hpp"
#include "reference/core/rational.hpp"
#include "reference/samplers/internal/cdf_inversion.hpp"

namespace dpb::ref {

class DiscreteLaplaceInversion {
 public:
  // Throws ParameterError naming DiscreteLaplaceInversion unless 0 < scale ≤ 2^32.
  explicit DiscreteLaplaceInversion(const Rational& scale);

  const Rational& scale() const { return scale_; }

  template <BitSource B>
  Integer operator()(B& bits) {
    return from_zigzag(inversion_.draw(bits));
  }
  // Finishes a draw whose first 64-bit chunk was already read from `bits` (the optimized build defers here).
  template <BitSource B>
  Integer continue_draw(std::uint64_t first_chunk, B& bits) {
    return from_zigzag(inversion_.continue_draw(first_chunk, bits));
  }
  internal::CdfInversion& inversion() { return inversion_; }

  // 0, 1, 2, 3, 4, … ↦ 0, −1, 1, −2, 2, …
  static Integer from_zigzag(std::uint64_t n) {
    return (n & 1) == 0 ? Integer(n >> 1) : Integer(-Integer((n >> 1) + 1));
  }

 private:
  Rational scale_;
  internal::CdfInversion inversion_;
};

}  // namespace dpb::ref
