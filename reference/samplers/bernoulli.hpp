// Bernoulli(p) for a rational p in [0, 1], exact in the random-bit model.
//
// Spec: CKS20 (Canonne, Kamath, Steinke 2020, "The Discrete Gaussian for Differential Privacy"), §5.1: with
// p = num/den in lowest terms, draw U uniform on {0, ..., den − 1} (uniform_below, docs/bits.md) and return
// U < num. P[U < num] = num/den = p exactly. Bits: den = 1 (p ∈ {0, 1}) draws nothing; otherwise each try of
// uniform_below takes bit_length(den − 1) bits and succeeds with probability den/2^k > 1/2.
#pragma once

#include "reference/bits/bit_source.hpp"
#include "reference/bits/uniform.hpp"
#include "reference/core/rational.hpp"

namespace dpb::ref {

class Bernoulli {
 public:
  explicit Bernoulli(const Rational& p) : p_(require_probability(p, "Bernoulli", "p")) {}

  const Rational& p() const { return p_; }

  template <BitSource B>
  bool operator()(B& bits) const {
    return uniform_below(bits, boost::multiprecision::denominator(p_)) < boost::multiprecision::numerator(p_);
  }

 private:
  Rational p_;  // canonical (lowest terms): the bits drawn depend on the reduced denominator
};

}  // namespace dpb::ref
