// Unbiased randomized rounding of x·g to an integer: floor(x g) + Bernoulli(x g − floor(x g)).
//
// Spec: seed 000, §4.5 (encoder in R, Algorithm 1 line "x̂_i = ⌊x_i g⌋ + Bernoulli(x_i g − ⌊x_i g⌋)").
// E[output] = x g exactly; the output is floor(x g) or floor(x g) + 1. In the protocol x ∈ [0, 1] (so the output
// is in {0, ..., g}); here any rational x is accepted. When x g is an integer the output is x g and no bit is drawn.
#pragma once

#include "reference/bits/bit_source.hpp"
#include "reference/core/rational.hpp"
#include "reference/samplers/bernoulli.hpp"

namespace dpb::ref {

class RandomizedRounding {
 public:
  RandomizedRounding(const Rational& x, const Integer& g)
      : x_(x),
        g_(require_positive(g, "RandomizedRounding", "g")),
        floor_xg_(floor(Rational(x_ * g_))),
        up_(Rational(x_ * g_ - floor_xg_)) {}

  const Rational& x() const { return x_; }
  const Integer& g() const { return g_; }

  template <BitSource B>
  Integer operator()(B& bits) const {
    return up_(bits) ? Integer(floor_xg_ + 1) : floor_xg_;
  }

 private:
  Rational x_;
  Integer g_;
  Integer floor_xg_;
  Bernoulli up_;  // Bernoulli(x g − floor(x g))
};

}  // namespace dpb::ref
