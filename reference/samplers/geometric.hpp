// Geometric with P[k] = (1 − e^{−1/scale}) e^{−k/scale}, k = 0, 1, 2, ..., for a rational scale > 0.
//
// Spec: CKS20 (Canonne, Kamath, Steinke 2020), Algorithm 2 ("fast" geometric), with x = 1/scale = s/t in lowest
// terms (s = den(scale), t = num(scale)). docs/samplers.md § geometric has the proof:
//   loop { U = uniform_below(t); if BernoulliExp(U/t) break }    // U has P[U = u] ∝ e^{−u/t}, u < t
//   V = 0; while BernoulliExp(1) V = V + 1                         // V is geometric with ratio e^{−1}
//   return floor((U + t V) / s)                                    // U + tV has P[n] ∝ e^{−n/t}, n ≥ 0
// Seed 000's geometric with beta = e^{−eps/g} (Chowdhury & Zhou 2023, arXiv:2206.05772, Remark 7) is Geometric(g/eps).
#pragma once

#include "reference/bits/bit_source.hpp"
#include "reference/bits/uniform.hpp"
#include "reference/core/rational.hpp"
#include "reference/samplers/bernoulli_exp.hpp"

namespace dpb::ref {

class Geometric {
 public:
  explicit Geometric(const Rational& scale)
      : scale_(require_positive(scale, "Geometric", "scale")),
        s_(boost::multiprecision::denominator(scale_)),
        t_(boost::multiprecision::numerator(scale_)) {}

  const Rational& scale() const { return scale_; }

  template <BitSource B>
  Integer operator()(B& bits) const {
    Integer U;
    for (;;) {
      U = uniform_below(bits, t_);
      if (BernoulliExp(Rational(U, t_))(bits)) break;
    }
    Integer V = 0;
    const BernoulliExp exp_minus_one(Rational(1));
    while (exp_minus_one(bits)) ++V;
    return (U + t_ * V) / s_;  // both non-negative: integer division is the floor
  }

 private:
  Rational scale_;
  Integer s_, t_;  // 1/scale = s/t in lowest terms (CKS20's names)
};

}  // namespace dpb::ref
