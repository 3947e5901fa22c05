// Rounded Gaussian, optimized build: the algorithm of reference/samplers/rounded_normal.hpp (Karney's exact normal
// algorithm N/B/H with lazily drawn binary digits, then the lazy round-to-nearest of c(k + U), c = σ̄·2^r) on machine
// integers, drawing the same bits in the same order and returning the same values.
//
// Differences from the reference are in representation only:
// - u-rands hold at most 128 known digits in an unsigned __int128. A comparison that would need a 129th digit (two
//   u-rands agreeing on 128 digits: probability 2^{−128} per comparison) throws std::overflow_error.
// - Rounding: while the interval c·[k + a/2^m, k + (a+1)/2^m) is wider than 1 it always contains an integer plus
//   1/2, so the reference's rule reads another digit without deciding; those m0 − m digits (m0 = the least m with
//   2^m ≥ c) are read at once with next_bits, which consumes the same bits. Each decision uses 128-bit products and
//   one division by cd; if a product would overflow, the state (k, a, m) is handed to the reference's
//   round_magnitude, which continues on the same stream (same bits, same value). Every rounding is counted in
//   detail::rounded_normal_counters() (per thread): `fast` decided on machine integers, `handovers` decided by the
//   reference's exact integers — the counted exact fallback the errata ask for (issue 17, "Overflow").
// Range: sigma's numerator and denominator fit int64, 0 ≤ grid_bits ≤ 62, c = sigma·2^grid_bits ≤ 2^48 with
// numerator and denominator (lowest terms) below 2^63; anything else is refused with a ParameterError naming the
// parameter. Outputs then fit int64 unless k ≥ 2^15 (probability below e^{−2^29}), which throws std::overflow_error.
#pragma once

#include <algorithm>
#include <cstdint>
#include <stdexcept>

#include "optimized/samplers/bernoulli.hpp"
#include "optimized/samplers/internal/bit_cursor.hpp"
#include "reference/bits/bit_source.hpp"
#include "reference/bits/uniform.hpp"
#include "reference/core/errors.hpp"
#include "reference/core/rational.hpp"
#include "reference/samplers/rounded_normal.hpp"

namespace dpb::fast {

namespace detail {

// Roundings of fast::RoundedNormal on this thread: decided on machine integers, or handed over to the reference.
struct RoundedNormalCounters {
  std::uint64_t fast = 0;
  std::uint64_t handovers = 0;
};
inline RoundedNormalCounters& rounded_normal_counters() {
  thread_local RoundedNormalCounters counters;
  return counters;
}

struct URand128 {
  u128 a = 0;
  unsigned m = 0;
  bool digit(unsigned i) const { return ((a >> (m - 1 - i)) & 1) != 0; }
  void append(bool d) {
    if (m == 128) throw std::overflow_error("fast::RoundedNormal: a u-rand needs more than 128 digits");
    a = (a << 1) | static_cast<u128>(d);
    ++m;
  }
};

// As ref::internal::fresh_less: Z's digit i, then y's digit i if y has only i digits, until they differ. `from`:
// the iterations before it were done (their digits agreed) — the bit-parallel version below continues here.
template <BitSource B>
inline bool fresh_less(URand128& y, URand128* z, B& bits, unsigned from = 0) {
  for (unsigned i = from;; ++i) {
    const bool zd = bits.next_bits(1) != 0;
    if (i == y.m) y.append(bits.next_bits(1) != 0);
    const bool yd = y.digit(i);
    if (zd != yd) {
      if (z != nullptr) {
        z->a = i == 0 ? 0 : (y.a >> (y.m - i));
        z->m = i;
        z->append(zd);
      }
      return !zd;
    }
  }
}

// y's digits [from, from + n) in the top n bits of a word (1 ≤ n ≤ 64, from + n ≤ y.m).
inline std::uint64_t digits_at_top(const URand128& y, unsigned from, unsigned n) {
  return static_cast<std::uint64_t>(y.a >> (y.m - from - n)) << (64 - n);
}

// The bits at odd positions from the top (1, 3, …, 63) of w, in order, in the low 32 bits.
inline std::uint64_t odd_positions(std::uint64_t w) {
  w &= 0x5555555555555555ULL;
  w = (w | (w >> 1)) & 0x3333333333333333ULL;
  w = (w | (w >> 2)) & 0x0F0F0F0F0F0F0F0FULL;
  w = (w | (w >> 4)) & 0x00FF00FF00FF00FFULL;
  w = (w | (w >> 8)) & 0x0000FFFF0000FFFFULL;
  return (w | (w >> 16)) & 0x00000000FFFFFFFFULL;
}

inline std::uint64_t top_mask(unsigned n) { return n >= 64 ? ~0ULL : ~(~0ULL >> n); }

// fresh_less on the cursor's window, bit-parallel and on the same bits: while y has known digits, iteration i reads
// one bit (Z's digit) and compares it with y's digit i — the first difference is the leading zero count of
// (window XOR y's digits); past them, iteration i reads Z's digit and then y's new digit — the first differing pair
// is the leading zero count of (window XOR window << 1) on the pairs' first positions, and y gains the pairs' second
// bits. Falls back to the bit-by-bit loop (from the same iteration) when the window runs short.
template <BitSource S>
inline bool fresh_less(URand128& y, URand128* z, BitCursor<S>& bits) {
  const auto finish = [&](unsigned i, bool zd) {
    if (z != nullptr) {
      z->a = i == 0 ? 0 : (y.a >> (y.m - i));
      z->m = i;
      z->append(zd);
    }
    return !zd;
  };
  unsigned i = 0;
  while (i < y.m) {
    const unsigned n = std::min(y.m - i, 64u);
    if (!bits.has(n)) return fresh_less<BitCursor<S>>(y, z, bits, i);
    const std::uint64_t w = bits.window();
    const std::uint64_t diff = (w ^ digits_at_top(y, i, n)) & top_mask(n);
    if (diff != 0) {
      const unsigned p = static_cast<unsigned>(__builtin_clzll(diff));
      const bool zd = ((w >> (63 - p)) & 1) != 0;
      bits.skip(p + 1);
      return finish(i + p, zd);
    }
    bits.skip(n);
    i += n;
  }
  for (;;) {
    const unsigned pairs = std::min({bits.available() / 2, 32u, 128u - y.m});
    if (pairs == 0) return fresh_less<BitCursor<S>>(y, z, bits, i);
    const std::uint64_t w = bits.window();
    const std::uint64_t diff = (w ^ (w << 1)) & 0xAAAAAAAAAAAAAAAAULL & top_mask(2 * pairs);
    const unsigned used = diff != 0 ? static_cast<unsigned>(__builtin_clzll(diff)) / 2 + 1 : pairs;
    const std::uint64_t digits = odd_positions(w) >> (32 - used);
    y.a = (y.a << used) | static_cast<u128>(digits);
    y.m += used;
    bits.skip(2 * used);
    i += used;
    if (diff != 0) return finish(i - 1, (digits & 1) == 0);  // the pair differs: Z's digit is not y's
  }
}

template <BitSource B>
inline bool bernoulli_exp_half(B& bits) {
  if (bits.next_bits(1) != 0) return true;
  URand128 y, z;
  y.m = 1;
  unsigned long n = 1;
  while (fresh_less(y, &z, bits)) {
    y = z;
    ++n;
  }
  return n % 2 == 0;
}

// Algorithm H as a table on its next 12 bits: for each 12-bit string, the number of bits H reads and its result when
// H ends within them (n = 0: it does not). Built by running the rule above on the string (probability that H reads
// more than 12 bits: below 2^−10).
struct HalfExpTable {
  struct Entry {
    std::uint8_t n = 0;
    bool result = false;
  };
  Entry e[1u << 12];
  constexpr HalfExpTable() : e{} {
    for (unsigned s = 0; s < (1u << 12); ++s) {
      unsigned pos = 0;
      auto bit = [&](bool& ok) {
        if (pos == 12) {
          ok = false;
          return false;
        }
        return ((s >> (11 - pos++)) & 1u) != 0;
      };
      bool ok = true;
      if (bit(ok)) {
        e[s] = {static_cast<std::uint8_t>(pos), true};
        continue;
      }
      std::uint64_t ya = 0;  // y's digits
      unsigned ym = 1;
      unsigned long n = 1;
      bool done = false, result = false;
      while (ok && !done) {
        for (unsigned i = 0; ok; ++i) {
          const bool zd = bit(ok);
          if (!ok) break;
          if (i == ym) {
            const bool yd_new = bit(ok);
            if (!ok) break;
            ya = (ya << 1) | (yd_new ? 1u : 0u);
            ++ym;
          }
          const bool yd = ((ya >> (ym - 1 - i)) & 1u) != 0;
          if (zd != yd) {
            if (zd) {  // Z > y: the run ends
              done = true;
              result = n % 2 == 0;
            } else {  // Z < y: y = Z
              ya = ((ya >> (ym - i)) << 1);
              ym = i + 1;
              ++n;
            }
            break;
          }
        }
      }
      if (ok && done) e[s] = {static_cast<std::uint8_t>(pos), result};
    }
  }
};
inline constexpr HalfExpTable kHalfExp{};

template <BitSource B>
inline bool bernoulli_exp_half_tabled(BitCursor<B>& cur) {
  if (cur.has(12)) {
    const HalfExpTable::Entry t = kHalfExp.e[cur.window() >> 52];
    if (t.n != 0) {
      cur.skip(t.n);
      return t.result;
    }
  }
  return bernoulli_exp_half(cur);
}

template <BitSource B>
inline bool karney_b(std::uint64_t k, URand128& x, B& bits) {
  const std::uint64_t m2 = 2 * k + 2;
  unsigned long n = 0;
  URand128 y, z;
  URand128* cur = &x;
  for (;;) {
    if (!fresh_less(*cur, &z, bits)) break;
    const std::uint64_t f = uniform_below_u64(bits, m2);
    if (f == 2 * k + 1) break;
    if (f == 2 * k && !fresh_less(x, nullptr, bits)) break;
    y = z;
    cur = &y;
    ++n;
  }
  return n % 2 == 0;
}

}  // namespace detail

class RoundedNormal {
 public:
  RoundedNormal(const Rational& sigma, const Integer& grid_bits) : ref_(sigma, grid_bits) {
    detail::require_fits_int64(sigma, "RoundedNormal", "sigma");
    if (grid_bits > 62)
      throw_parameter_error("RoundedNormal", "grid-bits", "at most 62 in the optimized build", to_string(grid_bits));
    const Rational& c = ref_.scale();
    const Integer cn = boost::multiprecision::numerator(c), cd = boost::multiprecision::denominator(c);
    if (c > Rational(Integer(1) << 48) || !fits_int64(cn) || !fits_int64(cd))
      throw_parameter_error("RoundedNormal", "sigma",
                            "such that c = sigma*2^grid_bits <= 2^48 with numerator and denominator below 2^63 in "
                            "the optimized build (grid_bits = " + to_string(grid_bits) + ")",
                            to_string(sigma));
    cn_ = to_uint64(cn);
    cd_ = to_uint64(cd);
    while ((static_cast<detail::u128>(cd_) << m0_) < cn_) ++m0_;
    cd_pow2_ = (cd_ & (cd_ - 1)) == 0;
    if (cd_pow2_) cd_log2_ = static_cast<unsigned>(__builtin_ctzll(cd_));
  }

  const Rational& sigma() const { return ref_.sigma(); }
  long grid_bits() const { return ref_.grid_bits(); }
  const Rational& scale() const { return ref_.scale(); }

  template <BitSource B>
  std::int64_t operator()(B& source) const {
    // Every bit is read through a cursor over the source's pending word (same bits, consumed on exit).
    detail::BitCursor<B> bits(source);
    for (;;) {
      std::uint64_t k = 0;
      while (detail::bernoulli_exp_half_tabled(bits)) ++k;
      bool ok = true;
      const std::uint64_t trials = k == 0 ? 0 : k * (k - 1);
      for (std::uint64_t i = 0; ok && i < trials; ++i) ok = detail::bernoulli_exp_half_tabled(bits);
      if (!ok) continue;
      detail::URand128 x;
      for (std::uint64_t i = 0; ok && i <= k; ++i) ok = detail::karney_b(k, x, bits);
      if (!ok) continue;
      const bool negative = bits.next_bits(1) != 0;
      const std::int64_t M = round_magnitude(k, x, bits);
      return negative ? -M : M;
    }
  }

 private:
  template <BitSource B>
  std::int64_t round_magnitude(std::uint64_t k, detail::URand128& x, B& bits) const {
    // Digits below m0 never decide (the interval is wider than 1): read them at once.
    while (x.m < m0_) {
      const unsigned take = m0_ - x.m;
      x.a = (x.a << take) | bits.next_bits(take);
      x.m += take;
    }
    for (;;) {
      const std::int64_t d = decide(k, x);
      if (d >= 0) {
        ++detail::rounded_normal_counters().fast;
        return d;
      }
      if (d == -2) break;
      x.append(bits.next_bits(1) != 0);
    }
    // Hand over to the reference (exact integers) on the same stream.
    ++detail::rounded_normal_counters().handovers;
    ref::internal::URand rx;
    rx.a = detail::to_integer(x.a);
    rx.m = x.m;
    const Integer M = ref_.round_magnitude(static_cast<unsigned long>(k), rx, bits);
    if (!fits_int64(M)) throw std::overflow_error("fast::RoundedNormal: sample exceeds the 64-bit range");
    return to_int64(M);
  }

  // M ≥ 0 when decided, −1 when undecided, −2 when the 128-bit products would overflow.
  std::int64_t decide(std::uint64_t k, const detail::URand128& x) const {
    using detail::u128;
    const unsigned m = x.m;
    if (cd_pow2_ && (k >> 20) == 0 && m + cd_log2_ <= 56) {
      // Dyadic c = cn/2^e ≤ 2^48: 2cn·Y < 2^{49+e}·2^{20+m} ≤ 2^125, so nothing below overflows; the same decision
      // as the checked path (lo, hi and the bound are the same integers).
      const u128 Y = (static_cast<u128>(k) << m) + x.a;
      const u128 lo = 2 * static_cast<u128>(cn_) * Y + (static_cast<u128>(cd_) << m);
      const u128 hi = lo + 2 * static_cast<u128>(cn_);
      const unsigned sh = m + 1 + cd_log2_;
      const u128 M = lo >> sh;
      if (M >= (static_cast<u128>(1) << 62)) return -2;
      return hi <= ((M + 1) << sh) ? static_cast<std::int64_t>(M) : -1;
    }
    if (m > 62 || (k >> 20) != 0) return -2;
    const u128 Y = (static_cast<u128>(k) << m) + x.a;  // < 2^83
    const u128 half = static_cast<u128>(cd_) << m;      // cd·2^m < 2^125
    u128 t, lo, hi;
    if (__builtin_mul_overflow(static_cast<u128>(2 * static_cast<u128>(cn_)), Y, &t) ||
        __builtin_add_overflow(t, half, &lo) || __builtin_add_overflow(lo, 2 * static_cast<u128>(cn_), &hi))
      return -2;
    // ⌊lo/(cd·2^{m+1})⌋; a dyadic c (every σ̄ on the grid 2^−32) needs only a shift, not a 128-bit division
    const u128 M = cd_pow2_ ? lo >> (m + 1 + cd_log2_) : (lo >> (m + 1)) / cd_;
    if (M >= (static_cast<u128>(1) << 62)) return -2;
    // Decided iff hi ≤ (M + 1)·cd·2^{m+1}.
    u128 bound;
    if (__builtin_mul_overflow(static_cast<u128>(M + 1), half << 1, &bound)) return -2;
    return hi <= bound ? static_cast<std::int64_t>(M) : -1;
  }

  ref::RoundedNormal ref_;
  std::uint64_t cn_ = 0, cd_ = 1;
  bool cd_pow2_ = true;
  unsigned cd_log2_ = 0;
  unsigned m0_ = 0;
};

}  // namespace dpb::fast
