// Binomial(n, p) for an integer 0 <= n <= 10^9 and a rational p ∈ [0, 1], exact in the random-bit model.
//
// Spec: the definition (sum of n independent Bernoulli(p)); used by the protocols of seeds 000–004 for counts.
// Cost: O(n) time and n · E[bits of Bernoulli(p)] bits per sample (zero bits when p ∈ {0, 1}). n above 10^9 is
// refused rather than run for minutes; a sampler in O(1) expected draws would change the bit stream.
#pragma once

#include <cstdint>

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
    return draw(bits, [](std::uint64_t) {});
  }

  // The same draw (same bits, same value), calling `tick(i)` after every 2^20-th Bernoulli draw i, so that a
  // caller can show progress of one long draw (`dpbandit sample binomial --n 10^9`, docs/reliability.md).
  template <BitSource B, class Tick>
  Integer draw(B& bits, Tick&& tick) const {
    const auto n = n_.convert_to<std::uint64_t>();  // n <= 10^9 (checked at construction)
    std::uint64_t sum = 0;
    for (std::uint64_t i = 0; i < n; ++i) {
      if (bernoulli_(bits)) ++sum;
      if (((i + 1) & ((std::uint64_t{1} << 20) - 1)) == 0) tick(i + 1);
    }
    return Integer(sum);
  }

 private:
  Integer n_;
  Bernoulli bernoulli_;
};

}  // namespace dpb::ref
