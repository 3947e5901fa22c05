// Binomial(n, p) for large n, optimized build: the rejection sampler of reference/samplers/binomial_large.hpp
// (p ∈ {1/2, 1/4}), drawing the same bits and returning the same values. The proposal (block b, offset u, sign) runs
// on machine integers (unsigned __int128: n ≤ 2^80; uniform_below_u64 reads the bits of dpb::uniform_below). The
// acceptance test U < a(j, b) is first tried on the first 64-bit chunk by the squeeze of
// optimized/samplers/internal/binomial_squeeze.hpp (machine floating point with a proven error bound); when U's
// chunk lies within that bound of a, the reference's certified chunk rule decides, with the first chunk already read
// (HalfBinomialRejection::continue_acceptance). Every decision is a fact about the exact a, so every value and every
// bit is the reference's. The reference's constants (two certified ln Γ) are built only for such a fallback.
// BinomialLarge returns std::int64_t (n ≤ 2^63 − 1); BinomialLargeWide takes the reference's whole range (n ≤ 2^80)
// and returns Integer (draw(): unsigned __int128). Thread-safety: const, one object may be shared (the squeeze's
// counters are per thread).
#pragma once

#include <cmath>
#include <cstdint>

#include "optimized/samplers/bernoulli.hpp"
#include "optimized/samplers/internal/binomial_squeeze.hpp"
#include "reference/bits/bit_source.hpp"
#include "reference/bits/uniform.hpp"
#include "reference/core/errors.hpp"
#include "reference/core/rational.hpp"
#include "reference/samplers/binomial_large.hpp"

namespace dpb::fast {

namespace detail {

// ⌈√m⌉ + 2 for m < 2^100 (the reference's block width).
inline std::uint64_t binomial_block_width(u128 m) {
  auto s = static_cast<u128>(std::sqrt(static_cast<double>(m)));  // within a few units of ⌊√m⌋
  while (s * s > m) --s;
  while ((s + 1) * (s + 1) <= m) ++s;
  return static_cast<std::uint64_t>(s * s == m ? s + 2 : s + 3);
}

}  // namespace detail

class BinomialLarge {
 public:
  // The reference's checks, then n ≤ 2^63 − 1 (the std::int64_t result; BinomialLargeWide beyond).
  BinomialLarge(const Integer& n, const Rational& p)
      : ref_(n, p), n_(checked_n(n)), w_(detail::binomial_block_width(n_ / 2)), half_(n),
        quarter_(p == Rational(1, 4)) {}

  Integer n() const { return ref_.n(); }
  const Rational& p() const { return ref_.p(); }

  template <BitSource B>
  std::int64_t operator()(B& bits) const {
    const detail::u128 x = draw_half(n_, w_, bits, &half_);
    if (!quarter_) return static_cast<std::int64_t>(x);
    return static_cast<std::int64_t>(draw_half(x, bits));
  }

  // One draw of the rejection sampler for Bin(n, 1/2), 0 ≤ n ≤ 2^80: the bits and value of
  // ref::internal::HalfBinomialRejection(n)(bits). `law`, when given, is that object (reused by a fallback).
  // Also BinomialSplit's half step above its counting range.
  template <BitSource B>
  static detail::u128 draw_half(detail::u128 n, B& bits) {
    return draw_half(n, detail::binomial_block_width(n / 2), bits, nullptr);
  }
  template <BitSource B>
  static detail::u128 draw_half(detail::u128 n, std::uint64_t w, B& bits,
                                const ref::internal::HalfBinomialRejection* law) {
    using detail::u128;
    __extension__ typedef __int128 i128;
    const u128 m = n / 2;
    for (;;) {
      std::uint64_t b = 0;
      while (bits.next_bits(1) == 0) ++b;
      const std::uint64_t u = uniform_below_u64(bits, w);
      const bool negative = bits.next_bits(1) != 0;
      const u128 off = static_cast<u128>(b) * w + u + (negative ? 1 : 0);  // |j| (< 2^64·2^41 + 2^41: no overflow)
      if (negative ? off > m : off > n - m) continue;                     // m + j outside [0, n]
      const u128 k = negative ? m - off : m + off;
      if (b == 0 && (off == 0 || (!negative && off == 1 && n % 2 == 1))) return k;  // a = 1
      const i128 j = negative ? -static_cast<i128>(off) : static_cast<i128>(off);   // |j| ≤ n ≤ 2^80
      const std::uint64_t chunk = bits.next_bits(64);
      auto& counters = detail::binomial_squeeze_counters();
      if (const auto d = detail::binomial_squeeze(n, j, b, chunk)) {
        ++counters.decided;
        if (*d) return k;
        continue;
      }
      ++counters.fallbacks;
      const Integer J = negative ? Integer(-detail::to_integer(off)) : detail::to_integer(off);
      const bool accept =
          law != nullptr
              ? law->continue_acceptance(J, static_cast<unsigned long>(b), chunk, bits)
              : ref::internal::HalfBinomialRejection(detail::to_integer(n))
                    .continue_acceptance(J, static_cast<unsigned long>(b), chunk, bits);
      if (accept) return k;
    }
  }

 private:
  static detail::u128 checked_n(const Integer& n) {
    if (n > Integer(detail::kInt64Max))
      throw_parameter_error("fast::BinomialLarge", "n", "<= 2^63 - 1 (the 64-bit result; BinomialLargeWide beyond)",
                            to_string(n));
    return static_cast<detail::u128>(to_uint64(n));
  }

  ref::BinomialLarge ref_;  // validation
  detail::u128 n_;
  std::uint64_t w_;
  ref::internal::HalfBinomialRejection half_;
  bool quarter_;
};

// BinomialLarge over the reference's whole range (0 ≤ n ≤ 2^80): the same bits and values, returned as Integer
// (draw(): unsigned __int128).
class BinomialLargeWide {
 public:
  BinomialLargeWide(const Integer& n, const Rational& p)
      : ref_(n, p), n_(to_u128(n)), w_(detail::binomial_block_width(n_ / 2)), half_(n),
        quarter_(p == Rational(1, 4)) {}

  Integer n() const { return ref_.n(); }
  const Rational& p() const { return ref_.p(); }

  template <BitSource B>
  detail::u128 draw(B& bits) const {
    const detail::u128 x = BinomialLarge::draw_half(n_, w_, bits, &half_);
    if (!quarter_) return x;
    return BinomialLarge::draw_half(x, bits);
  }

  template <BitSource B>
  Integer operator()(B& bits) const {
    return detail::to_integer(draw(bits));
  }

 private:
  static detail::u128 to_u128(const Integer& n) {  // 0 ≤ n ≤ 2^80 (checked by ref_ first)
    const Integer high = n >> 64;
    return (static_cast<detail::u128>(to_uint64(high)) << 64) |
           static_cast<detail::u128>(to_uint64(Integer(n - (high << 64))));
  }

  ref::BinomialLarge ref_;  // validation
  detail::u128 n_;
  std::uint64_t w_;
  ref::internal::HalfBinomialRejection half_;
  bool quarter_;
};

}  // namespace dpb::fast
