// Binomial(n, p) for a rational p ∈ [0, 1] by p's binary expansion, optimized build: the algorithm of
// reference/samplers/binomial_split.hpp on machine integers, drawing the same bits and returning the same values.
// p = a/b is expanded on 64-bit integers when b <= 2^62 (2a < 2^63); a larger denominator runs the reference's
// loop on the same bits. Half(m) counts bits in 64-bit words up to kCountBelow and calls BinomialLarge's rejection
// step above (its squeeze, then the reference's certified test when the squeeze cannot decide). Thread-safety:
// const, one object may be shared.
#pragma once

#include <bit>
#include <cstdint>

#include "optimized/samplers/binomial_large.hpp"
#include "reference/bits/bit_source.hpp"
#include "reference/core/rational.hpp"
#include "reference/samplers/binomial_split.hpp"

namespace dpb::fast {

class BinomialSplit {
 public:
  static constexpr std::uint64_t kMaxDenominator = std::uint64_t{1} << 62;

  BinomialSplit(const Integer& n, const Rational& p)
      : ref_(n, p),
        n_(to_uint64(n)),
        small_(boost::multiprecision::denominator(p) <= Integer(kMaxDenominator)),
        a_(small_ ? to_uint64(Integer(boost::multiprecision::numerator(p))) : 0),
        b_(small_ ? to_uint64(Integer(boost::multiprecision::denominator(p))) : 1) {}

  Integer n() const { return ref_.n(); }
  const Rational& p() const { return ref_.p(); }

  // Bin(m, 1/2): the reference's BinomialSplit::half on machine integers (m <= 2^63 − 1).
  template <BitSource B>
  static std::uint64_t half(B& bits, std::uint64_t m) {
    if (m > ref::BinomialSplit::kCountBelow)
      return static_cast<std::uint64_t>(BinomialLarge::draw_half(static_cast<detail::u128>(m), bits));
    std::uint64_t ones = 0;
    for (; m >= 64; m -= 64) ones += static_cast<std::uint64_t>(std::popcount(bits.next_bits(64)));
    if (m > 0) ones += static_cast<std::uint64_t>(std::popcount(bits.next_bits(static_cast<unsigned>(m))));
    return ones;
  }

  // Bin(n, a/b) for a/b in lowest terms, 0 <= a <= b <= 2^62, n <= 2^63 − 1: the same bits and value as
  // ref::BinomialSplit(n, a/b).
  template <BitSource B>
  static std::uint64_t draw(B& bits, std::uint64_t n, std::uint64_t a, std::uint64_t b) {
    if (a == b) return n;
    std::uint64_t count = 0, m = n;
    while (m > 0 && a > 0) {
      const std::uint64_t H = half(bits, m);
      a *= 2;  // a < b <= 2^62: no overflow
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

  template <BitSource B>
  std::int64_t operator()(B& bits) const {
    if (!small_) return to_int64(ref_(bits));
    return static_cast<std::int64_t>(draw(bits, n_, a_, b_));
  }

 private:
  ref::BinomialSplit ref_;  // validation, and the loop for denominators above 2^62
  std::uint64_t n_;
  bool small_;
  std::uint64_t a_, b_;
};

}  // namespace dpb::fast
