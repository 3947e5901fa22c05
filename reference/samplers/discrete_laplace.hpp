// Discrete Laplace Lap_Z(scale): P[x] = ((1 − β)/(1 + β)) β^{|x|}, β = e^{−1/scale}, x ∈ Z, for a rational scale > 0.
//
// Spec: CKS20 (Canonne, Kamath, Steinke 2020), Algorithm 2; Chowdhury & Zhou 2023, arXiv:2206.05772, Def 4.
// docs/samplers.md has the proof:
//   loop { sign = Bernoulli(1/2); mag = Geometric(scale); if (sign and mag = 0) continue; return sign ? −mag : mag }
// Rejecting (true, 0) leaves every non-zero x with weight ½(1 − β)β^{|x|} and 0 with ½(1 − β): P[x] ∝ β^{|x|}.
#pragma once

#include "reference/bits/bit_source.hpp"
#include "reference/core/rational.hpp"
#include "reference/samplers/bernoulli.hpp"
#include "reference/samplers/geometric.hpp"

namespace dpb::ref {

class DiscreteLaplace {
 public:
  explicit DiscreteLaplace(const Rational& scale)
      : scale_(require_positive(scale, "DiscreteLaplace", "scale")), magnitude_(scale_) {}

  const Rational& scale() const { return scale_; }

  template <BitSource B>
  Integer operator()(B& bits) const {
    const Bernoulli half(Rational(1, 2));
    for (;;) {
      const bool sign = half(bits);
      Integer mag = magnitude_(bits);
      if (sign && mag == 0) continue;
      return sign ? Integer(-mag) : mag;
    }
  }

 private:
  Rational scale_;
  Geometric magnitude_;
};

}  // namespace dpb::ref
