// Binomial(n, p), optimized build: the sum of n Bernoulli(p) as in reference/samplers/binomial.hpp, drawing the
// same bits. O(n) per sample; n <= 10^9 as in the reference; p's denominator must fit int64.
#pragma once

#include <cstdint>

#include "reference/bits/bit_source.hpp"
#include "reference/core/errors.hpp"
#include "reference/core/rational.hpp"
#include "reference/samplers/binomial.hpp"
#include "optimized/samplers/bernoulli.hpp"

namespace dpb::fast {

class Binomial {
 public:
  Binomial(const Integer& n, const Rational& p) : n_(checked_n(n, p)), bernoulli_(p) {}

  Integer n() const { return Integer(n_); }
  Rational p() const { return bernoulli_.p(); }

  template <BitSource B>
  std::int64_t operator()(B& bits) const {
    std::int64_t sum = 0;
    for (std::int64_t i = 0; i < n_; ++i) sum += bernoulli_(bits) ? 1 : 0;
    return sum;
  }

  // As the reference's `draw`: the same draw, `tick(i)` after every 2^20-th Bernoulli draw i (progress).
  template <BitSource B, class Tick>
  std::int64_t draw(B& bits, Tick&& tick) const {
    std::int64_t sum = 0;
    for (std::int64_t i = 0; i < n_; ++i) {
      sum += bernoulli_(bits) ? 1 : 0;
      if (((i + 1) & ((std::int64_t{1} << 20) - 1)) == 0) tick(static_cast<std::uint64_t>(i + 1));
    }
    return sum;
  }

 private:
  // The reference's checks and messages (n in [0, 10^9], p in [0, 1]), then p's 64-bit range, named "Binomial".
  static std::int64_t checked_n(const Integer& n, const Rational& p) {
    const ref::Binomial checked(n, p);
    detail::require_fits_int64(p, "Binomial", "p");
    return to_int64(checked.n());
  }

  std::int64_t n_;
  Bernoulli bernoulli_;
};

}  // namespace dpb::fast
