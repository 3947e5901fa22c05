// Discrete Laplace Lap_Z(scale), optimized build: CKS20 Algorithm 2 as in reference/samplers/discrete_laplace.hpp,
// on machine integers, drawing the same bits. Same parameter range as fast::Geometric (scale <= 2^48, numerator and
// denominator below 2^63); the magnitude is below 2^63, so its negation never overflows.
#pragma once

#include <cstdint>

#include "reference/bits/bit_source.hpp"
#include "reference/core/rational.hpp"
#include "optimized/samplers/bernoulli.hpp"
#include "optimized/samplers/geometric.hpp"

namespace dpb::fast {

class DiscreteLaplace {
 public:
  explicit DiscreteLaplace(const Rational& scale) : magnitude_(checked(scale)) {}

  Rational scale() const { return magnitude_.scale(); }

  template <BitSource B>
  std::int64_t operator()(B& bits) const {
    for (;;) {
      const bool sign = detail::bernoulli_u64(bits, 1, 2);  // Bernoulli(1/2): true when the bit is 0
      const std::int64_t mag = magnitude_(bits);
      if (sign && mag == 0) continue;
      return sign ? -mag : mag;
    }
  }

 private:
  static const Rational& checked(const Rational& scale) {
    detail::require_geometric_scale(scale, "DiscreteLaplace");  // messages name DiscreteLaplace, not Geometric
    return scale;
  }

  Geometric magnitude_;
};

}  // namespace dpb::fast
