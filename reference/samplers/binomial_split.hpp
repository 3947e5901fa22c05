// Binomial(n, p) for any rational p ∈ [0, 1] and 0 <= n <= 2^63 − 1, exact in the random-bit model, in expected
// O(log n) half-binomial draws: the `split` method of `dpbandit sample binomial` and the optimized DP-MASE's
// binomial epoch sums (issue 15). The O(n) Binomial (binomial.hpp) and BinomialLarge (binomial_large.hpp) keep
// their laws and bit streams.
//
// n i.i.d. uniforms U_1..U_n on [0, 1), counted below p by reading p's binary expansion p = 0.p_1 p_2 … one digit at
// a time (proof in docs/samplers.md "Binomial for a rational p"):
//   count = 0; m = n; (a, b) = p in lowest terms
//   while m > 0 and a > 0:                      (a/b = the rest of p's expansion, p' = 2^i·p mod 1)
//     H = Half(m)                               the number of the m live uniforms whose next digit is 0
//     if 2a >= b: count += H; m −= H; a = 2a − b   (digit 1: those H are below p; the others continue)
//     else:       m = H;   a = 2a               (digit 0: the others are above p; those H continue)
//   return count
// Half(m) ~ Bin(m, 1/2): for m <= kCountBelow the number of 1 bits among m fair bits (⌊m/64⌋ 64-bit words, then
// one word of m mod 64 bits when nonzero); above, one draw of BinomialLarge's exact rejection sampler
// (internal::HalfBinomialRejection). p ∈ {0, 1} reads no bits. Expected live uniforms halve at every digit, so the
// loop runs about log2(n) + 2 times; the counted part reads fewer than 2·kCountBelow + 64·log2(n) bits in total.
#pragma once

#include <bit>
#include <cstdint>

#include "reference/bits/bit_source.hpp"
#include "reference/core/errors.hpp"
#include "reference/core/rational.hpp"
#include "reference/samplers/binomial_large.hpp"

namespace dpb::ref {

class BinomialSplit {
 public:
  // Half(m) counts fair bits up to this m (2^14 words: cheaper than one certified acceptance of the rejection
  // sampler, ≈ 70 µs; docs/performance.md). Part of the method's definition (both builds).
  static constexpr std::uint64_t kCountBelow = std::uint64_t{1} << 20;

  // Throws ParameterError naming BinomialSplit unless 0 <= n <= 2^63 − 1 and p ∈ [0, 1].
  BinomialSplit(const Integer& n, const Rational& p);

  const Integer& n() const { return n_; }
  const Rational& p() const { return p_; }

  // Bin(m, 1/2) by the rule above (m >= 0).
  template <BitSource B>
  static Integer half(B& bits, const Integer& m) {
    if (m > Integer(kCountBelow)) return internal::HalfBinomialRejection(m)(bits);
    auto left = m.convert_to<std::uint64_t>();
    std::uint64_t ones = 0;
    for (; left >= 64; left -= 64) ones += static_cast<std::uint64_t>(std::popcount(bits.next_bits(64)));
    if (left > 0) ones += static_cast<std::uint64_t>(std::popcount(bits.next_bits(static_cast<unsigned>(left))));
    return Integer(ones);
  }

  template <BitSource B>
  Integer operator()(B& bits) const {
    Integer count = 0, m = n_;
    Integer a = boost::multiprecision::numerator(p_);
    const Integer b = boost::multiprecision::denominator(p_);
    if (a == b) return n_;
    while (m > 0 && a > 0) {
      const Integer H = half(bits, m);
      a *= 2;
      if (a >= b) {
        count += H;
        m -= H;
        a -= b;
      } else {
        m = H;
      }
    }
    return count;
  }

 private:
  Integer n_;
  Rational p_;
};

}  // namespace dpb::ref
