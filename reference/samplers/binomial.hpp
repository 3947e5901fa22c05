// Binomial(n, p) for an integer 0 <= n <= 10^9 and a rational p ∈ [0, 1], exact in the random-bit model.
//
// Spec: the definition (sum of n independent Bernoulli(p)); used by the protocols of seeds 000–004 for counts.
// Cost: O(n) time and n · E[bits of Bernoulli(p)] bits per sample (zero bits when p ∈ {0, 1}). n above 10^9 is
// refused rather than run for minutes; a sampler in O(1) expected draws would change the bit stream.
#pragma once

#include "reference/bits/bit_source.hpp"
#include "reference/core/errors.hpp"
#include "reference/core/rational.hpp"
#include "reference/samplers/bernoulli.hpp"

namespace dpb::ref {

class Binomial {
 public:
  static constexpr long kMaxN = 1000000000;

  Binomial(const Integer& n, const Rational& p)
      : n_(require_nonnegative(n, "Binomial", "n")), bernoulli_(require_probability(p, "Binomial", "p")) {
    if (n_ > kMaxN)
      throw_parameter_error("Binomial", "n", "<= 1000000000 (the sampler draws n Bernoulli variables)",
                            to_string(n_));
  }

  const Integer& n() const { return n_; }
  const Rational& p() const { return bernoulli_.p(); }

  template <BitSource B>
  Integer operator()(B& bits) const {
    Integer sum = 0;
    for (Integer i = 0; i < n_; ++i)
      if (bernoulli_(bits)) ++sum;
    return sum;
  }

 private:
  Integer n_;
  Bernoulli bernoulli_;
};

}  // namespace dpb::ref
