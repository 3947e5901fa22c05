// Binomial(n, p) for large n, optimized build: the rejection sampler of reference/samplers/binomial_large.hpp
// (p ∈ {1/2, 1/4}, 0 ≤ n ≤ 2^63 − 1), drawing the same bits and returning the same values. The proposal (block b,
// offset u, sign) runs on machine integers (uniform_below_u64 reads the bits of dpb::uniform_below); the acceptance
// test U < a(j, b) is the reference's certified chunk rule, called with the first 64-bit chunk already read
// (HalfBinomialRejection::continue_acceptance), so every decision and every bit is the reference's. The constants
// of Bin(n', 1/2) (two certified ln Γ values) are built once for n and once per draw for the inner n' of p = 1/4.
// Range: the reference's. Thread-safety: const, one object may be shared.
#pragma once

#include <cstdint>

#include "optimized/samplers/bernoulli.hpp"
#include "reference/bits/bit_source.hpp"
#include "reference/bits/uniform.hpp"
#include "reference/core/rational.hpp"
#include "reference/samplers/binomial_large.hpp"

namespace dpb::fast {

class BinomialLarge {
 public:
  BinomialLarge(const Integer& n, const Rational& p) : ref_(n, p), half_(n), quarter_(p == Rational(1, 4)) {}

  Integer n() const { return ref_.n(); }
  const Rational& p() const { return ref_.p(); }

  template <BitSource B>
  std::int64_t operator()(B& bits) const {
    const std::int64_t x = draw_half(half_, bits);
    if (!quarter_) return x;
    return draw_half(ref::internal::HalfBinomialRejection(Integer(x)), bits);
  }

  // One draw of the rejection sampler for Bin(law.n(), 1/2) (law.n() <= 2^63 − 1): the bits and value of
  // law(bits). Also BinomialSplit's half step above its counting range.
  template <BitSource B>
  static std::int64_t draw_half(const ref::internal::HalfBinomialRejection& law, B& bits) {
    using detail::u128;
    const auto n = static_cast<std::uint64_t>(to_int64(law.n()));
    const std::uint64_t m = n / 2, w = to_uint64(law.w());
    for (;;) {
      std::uint64_t b = 0;
      while (bits.next_bits(1) == 0) ++b;
      const std::uint64_t u = uniform_below_u64(bits, w);
      const bool negative = bits.next_bits(1) != 0;
      const u128 off = static_cast<u128>(b) * w + u + (negative ? 1 : 0);  // |j|
      if (negative ? off > m : off > n - m) continue;                     // m + j outside [0, n]
      const auto J = static_cast<std::int64_t>(off);
      const std::int64_t j = negative ? -J : J;
      const auto k = static_cast<std::int64_t>(m) + j;
      if (b == 0 && (j == 0 || (j == 1 && n % 2 == 1))) return k;  // a = 1
      if (law.continue_acceptance(Integer(j), static_cast<unsigned long>(b), bits.next_bits(64), bits)) return k;
    }
  }

 private:
  ref::BinomialLarge ref_;  // validation
  ref::internal::HalfBinomialRejection half_;
  bool quarter_;
};

}  // namespace dpb::fast
