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
// - Attempt tables: N1–N2, and N3–N4 for k ≤ 2, are looked up on the cursor's next 12 bits (L1-resident tables),
//   else its next 16 (for N3–N4 with k ≤ 1, then 20), when they end within them (detail::AttemptTables below: same
//   bits, same outcome); otherwise N1–N2 run as runs of H trials (h_run) and N3–N4 bit by bit, counted. The cursor
//   looks ahead across the source's word end (BitCursor::ensure).
// - The rounding's digits past m0 are decided by an integer recurrence on T = (M + 1)·den − lo (round_magnitude:
//   the same digits and value as decide() digit by digit, which takes over past 48 digits or for k ≥ 2^13).
// Range: sigma's numerator and denominator fit int64, 0 ≤ grid_bits ≤ 62, c = sigma·2^grid_bits ≤ 2^48 with
// numerator and denominator (lowest terms) below 2^63; anything else is refused with a ParameterError naming the
// parameter. Outputs then fit int64 unless k ≥ 2^15 (probability below e^{−2^29}), which throws std::overflow_error.
//
// Wide path (issue 21): RoundedNormal::wide(sigma, grid_bits) admits c = sigma·2^grid_bits ≤ 2^100 (the same checks
// on sigma and grid_bits; c > 2^100 is refused naming `sigma`). sample_wide(bits) returns the reference's value as an
// i128 for every admitted c; operator() (int64) stays the hot path for c ≤ 2^48 (narrow(); on an instance with
// c > 2^48 it throws std::logic_error). Both entry points share the attempt N1–N4 (detail::karney_attempt); for
// c ≤ 2^48 sample_wide rounds by the 128-bit rule above. For c > 2^48 the rounding decides on 256-bit integers
// (boost::multiprecision::uint256_t, unchecked, i.e. modulo 2^256, so the bounds below are what makes it exact):
//   c = cn/cd in lowest terms with sigma = sn/sd (|sn|, sd < 2^63) and r ≤ 62: cd divides sd, so cd < 2^63, and
//   cn ≤ sn·2^r < 2^125 (b = bit length of cn ≤ 125). With Y = k·2^m + a, k < 2^20 (else: hand-over), m ≤ 128:
//   lo = 2cn·Y + cd·2^m < 2^{b+21+m} + 2^{63+m}; the decision runs only when b + 21 + m ≤ 254 and 63 + m ≤ 254
//   (else: hand-over), so lo < 2^255, hi = lo + 2cn < 2^256 and den = cd·2^{m+1} < 2^255. M = ⌊lo/den⌋ (a shift
//   when cd is a power of two, the trees' case: σ̄ on 2^−32), rem = lo − M·den; decided iff rem + 2cn ≤ den (the
//   reference's hi ≤ (M + 1)·den, subtracting M·den on both sides), and rem + 2cn < 2^256. M ≤ c·(k + U) + 1/2 <
//   2^120 + 1, so |K| ≤ 2^120; the hand-over's result is checked against the same bound (std::overflow_error; only
//   k ≥ 2^20 can exceed it). At c ≤ 2^100 with cd = 1 (b ≤ 101) every m ≤ 128 decides on 256 bits; a U undecided
//   at m = 128 (probability about c·2^−128) is handed over before its u-rand would overflow. Counted as above;
//   `wide` counts the roundings decided on 256 bits.
#pragma once

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include <boost/multiprecision/cpp_int.hpp>

#include "optimized/internal/wide_int.hpp"
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
  // Attempts whose N1–N2 (resp. N3–N4) the window tables could not decide, run step by step (fast::RoundedNormal's
  // attempt tables below): the tables' fallback.
  std::uint64_t slow_n1n2 = 0;
  std::uint64_t slow_n3 = 0;
  // Roundings of sample_wide decided on 256-bit integers (c > 2^48; also counted in `fast`).
  std::uint64_t wide = 0;
  // Roundings at c ≤ 2^48 (round_magnitude) that the digit recurrence left to the per-digit loop: k ≥ 2^13, or more
  // than 48 digits (each also counted in `fast` or `handovers`).
  std::uint64_t digit_loop = 0;
};
inline RoundedNormalCounters& rounded_normal_counters() {
  thread_local RoundedNormalCounters counters;
  return counters;
}

// The wide path's 256-bit unsigned integer (arithmetic modulo 2^256: every use is bounded in the header comment).
using U256 = boost::multiprecision::uint256_t;
inline U256 to_u256(u128 x) {
  return (U256(static_cast<std::uint64_t>(x >> 64)) << 64) | U256(static_cast<std::uint64_t>(x));
}
// x < 2^127 (the callers bound it by 2^120).
inline i128 u256_to_i128(const U256& x) {
  const auto lo = static_cast<std::uint64_t>(x & U256(UINT64_MAX));
  const auto hi = static_cast<std::uint64_t>((x >> 64) & U256(UINT64_MAX));
  return static_cast<i128>((static_cast<u128>(hi) << 64) | lo);
}
inline i128 to_i128_checked(const Integer& x) {
  const Integer m = x < 0 ? Integer(-x) : x;
  if (m >= (Integer(1) << 127)) throw std::overflow_error("fast::RoundedNormal: sample exceeds the 128-bit range");
  const u128 v = (static_cast<u128>(Integer(m >> 64).convert_to<std::uint64_t>()) << 64) |
                 Integer(m & Integer(UINT64_MAX)).convert_to<std::uint64_t>();
  return x < 0 ? -static_cast<i128>(v) : static_cast<i128>(v);
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
    if (!bits.ensure(n)) return fresh_less<BitCursor<S>>(y, z, bits, i);
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
    bits.ensure(64);
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
  if (cur.ensure(12)) {
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

// Whole steps of one attempt of Algorithm N as tables on the next 16 bits (kN12Window, kN3Window; issue 17). A table
// entry is built by running the bit-by-bit rules above on the window's bits followed by arbitrary bits: when the step
// ends within the window it read only window bits, so its outcome and length are those of the same rules on any
// stream that starts with that window; otherwise (it read past the window) the entry says "undecided" (length 0) and the
// sampler runs the step bit by bit from the same position. Hence the same bits are read in the same order and the
// same values follow.
//   n1n2[w]: N1 and N2 (k, and whether the k(k − 1) trials all succeeded); kept when k ≤ 7.
//   n3[k][w], k ∈ {0, 1, 2}: the k + 1 runs of Algorithm B on a fresh u-rand x and, if they all succeed, N4's sign
//   bit; the digits of x drawn by then (at most the window's bits).
//   h_run[w]: the H trials (Algorithm H, one after another) at the window's start: how many succeed in a row within
//   the window, the bits they read, and the bits read through the failing trial after them when it also ends within
//   the window — N1–N2 as runs of H trials when the n1n2 tables cannot decide (k ≥ 2, or longer than the window).
inline constexpr unsigned kN12Window = 16;
inline constexpr unsigned kN3Window = 16;
inline constexpr unsigned kN3TableMaxK = 2;  // n3 tables for k ≤ 2
//   n3_ext[k] (k ≤ 1): the second level of n3 on the next 20 bits, for the 16-bit windows whose n3 entry is
//   undecided (17 % for k = 1, 4 % for k = 0; about half of them end within 20 bits): such an n3 entry holds, in its
//   bits 12–31, 1 + the index of its block of 16 entries, one for each value of the window's bits 17–20.
inline constexpr unsigned kN3ExtWindow = 20;
inline constexpr unsigned kN3ExtMaxK = 1;
inline constexpr unsigned kHRunWindow = 16;

// Reads a fixed window `s` (`width` bits, first at the top) and then pseudo-random bits, noting whether any
// bit past the window was read. The continuation only has to make every step end (it is random-looking, so each
// step ends with probability 1); entries that read it are marked undecided.
class WindowBits {
 public:
  WindowBits(std::uint32_t s, unsigned width) : s_(s), width_(width), rng_(0x9E3779B97F4A7C15ULL ^ s) {}
  bool next_bit() { return next_bits(1) != 0; }
  std::uint64_t next_bits(unsigned k) {
    std::uint64_t r = 0;
    for (unsigned i = 0; i < k; ++i, ++pos_) {
      bool b;
      if (pos_ < width_) {
        b = ((s_ >> (width_ - 1 - pos_)) & 1u) != 0;
      } else {
        overrun_ = true;
        rng_ ^= rng_ << 13;
        rng_ ^= rng_ >> 7;
        rng_ ^= rng_ << 17;
        b = (rng_ >> 63) != 0;
      }
      r = (r << 1) | static_cast<std::uint64_t>(b);
    }
    return r;
  }
  unsigned position() const { return pos_; }
  bool overrun() const { return overrun_; }

 private:
  std::uint32_t s_;
  unsigned width_;
  std::uint64_t rng_;
  unsigned pos_ = 0;
  bool overrun_ = false;
};

struct AttemptTables {
  // n1n2 entry: bits 0–4 the length (0: undecided), bit 5 N2 passed, bits 6–8 k.
  // n3 entry: bits 0–4 the length (0: undecided), bit 5 N3 passed, bit 6 the sign (1: negative; when passed),
  // bits 7–11 x.m, bits 12–27 x's digits; undecided for k ≤ 1: bits 12–31 hold 1 + the index of its n3_ext block.
  std::uint16_t n1n2[1u << kN12Window];
  std::uint32_t n3[kN3TableMaxK + 1][1u << kN3Window];
  // n3_ext entry: as n3's (bits 12–31 x's digits, up to 20).
  std::vector<std::uint32_t> n3_ext[kN3ExtMaxK + 1];

  // The n3 entry of the `width`-bit window s (width ≤ 20), 0 when N3–N4 read past it.
  static std::uint32_t n3_entry(std::uint64_t k, std::uint32_t s, unsigned width) {
    WindowBits bits(s, width);
    URand128 x;
    bool ok = true;
    try {
      for (std::uint64_t i = 0; ok && !bits.overrun() && i <= k; ++i) ok = karney_b(k, x, bits);
    } catch (const std::overflow_error&) {
      return 0;  // 128 digits: only past the window
    }
    const bool negative = ok && bits.next_bits(1) != 0;
    if (bits.overrun()) return 0;
    return bits.position() | (ok ? 1u << 5 : 0u) | (negative ? 1u << 6 : 0u) | (x.m << 7) |
           (static_cast<std::uint32_t>(x.a) << 12);
  }
  // h_run entry: bits 0–4 t, the successes in a row (≤ 16); bits 5–9 the bits they read; bits 10–14 the bits read
  // through the failure that follows them (0: it does not end within the window).
  std::uint16_t h_run[1u << kHRunWindow];
  // The first level (issue 17): the entries of the tables above that end within the window's first kSmallWindow = 12
  // bits, in 4 + 24 KB that stay in the L1 cache (the 16-bit tables n1n2 and n3, 896 KB, do not: each lookup there is
  // an L1 miss; h_run, 128 KB, and n3_ext, 870 KB, serve only the attempts these leave). An entry that reads only its first L ≤ 12 bits is the same for every 16-bit window starting with them, so
  // small[w] = big[w·2^4] when its length is at most 12 (and, for n3, x.m ≤ 7), else 0 (undecided: the 16-bit table).
  //   n1n2_small entry: bits 0–3 the length (0: undecided), bit 4 N2 passed, bits 5–7 k.
  //   n3_small entry: bits 0–3 the length (0: undecided), bit 4 N3 passed, bit 5 the sign, bits 6–8 x.m,
  //   bits 9–15 x's digits.
  std::uint8_t n1n2_small[1u << 12];
  std::uint16_t n3_small[kN3TableMaxK + 1][1u << 12];

  AttemptTables() {
    for (std::uint32_t s = 0; s < (1u << kN12Window); ++s) {
      n1n2[s] = 0;
      WindowBits bits(s, kN12Window);
      std::uint64_t k = 0;
      while (!bits.overrun() && k <= 7 && bernoulli_exp_half(bits)) ++k;
      bool ok = true;
      const std::uint64_t trials = k == 0 ? 0 : k * (k - 1);
      for (std::uint64_t i = 0; ok && !bits.overrun() && k <= 7 && i < trials; ++i) ok = bernoulli_exp_half(bits);
      if (!bits.overrun() && k <= 7)
        n1n2[s] = static_cast<std::uint16_t>(bits.position() | (ok ? 1u << 5 : 0u) | (k << 6));
    }
    for (std::uint32_t s = 0; s < (1u << kHRunWindow); ++s) {
      WindowBits bits(s, kHRunWindow);
      std::uint32_t t = 0, len_t = 0, len_f = 0;
      for (;;) {
        const bool success = bernoulli_exp_half(bits);
        if (bits.overrun()) break;  // this trial read past the window: its outcome is not the window's
        if (!success) {
          len_f = bits.position();
          break;
        }
        ++t;
        len_t = bits.position();
      }
      h_run[s] = static_cast<std::uint16_t>(t | (len_t << 5) | (len_f << 10));
    }
    for (std::uint32_t s = 0; s < (1u << kN3Window); ++s) {
      for (std::uint64_t k = 0; k <= kN3TableMaxK; ++k) {
        n3[k][s] = n3_entry(k, s, kN3Window);
        if (n3[k][s] != 0 || k > kN3ExtMaxK) continue;
        constexpr unsigned extra = kN3ExtWindow - kN3Window;
        const auto block = static_cast<std::uint32_t>(n3_ext[k].size() >> extra);  // < 2^16
        n3[k][s] = (block + 1) << 12;
        for (std::uint32_t t = 0; t < (1u << extra); ++t)
          n3_ext[k].push_back(n3_entry(k, (s << extra) | t, kN3ExtWindow));
      }
    }
    for (std::uint32_t s = 0; s < (1u << 12); ++s) {
      const std::uint32_t e = n1n2[s << (kN12Window - 12)];
      const std::uint32_t len = e & 31u;
      n1n2_small[s] = len != 0 && len <= 12
                          ? static_cast<std::uint8_t>(len | (((e >> 5) & 1u) << 4) | ((e >> 6) << 5))
                          : std::uint8_t{0};
      for (unsigned k = 0; k <= kN3TableMaxK; ++k) {
        const std::uint32_t f = n3[k][s << (kN3Window - 12)];
        const std::uint32_t flen = f & 31u, passed = (f >> 5) & 1u, xm = (f >> 7) & 31u;
        n3_small[k][s] = 0;
        if (flen == 0 || flen > 12 || (passed != 0 && xm > 7)) continue;
        n3_small[k][s] = static_cast<std::uint16_t>(
            flen | (passed << 4) | (passed != 0 ? (((f >> 6) & 1u) << 5) | (xm << 6) | ((f >> 12) << 9) : 0u));
      }
    }
  }
};

inline const AttemptTables& attempt_tables() {
  static const AttemptTables tables;
  return tables;
}

// H trials known to succeed (a run found by h_run): only their bits are skipped, by the H table or H's rule.
template <BitSource B>
inline void skip_h_successes(BitCursor<B>& bits, std::uint64_t count) {
  for (std::uint64_t i = 0; i < count; ++i) {
    if (bits.ensure(12)) {
      const HalfExpTable::Entry t = kHalfExp.e[bits.window() >> 52];
      if (t.n != 0) {
        bits.skip(t.n);
        continue;
      }
    }
    bernoulli_exp_half(bits);
  }
}

// N1 and N2 as runs of H trials (the n1n2 tables' fallback): the same trials in the same order as the loops
//   while (H) ++k;  then up to k(k − 1) trials of H, stopping at the first failure,
// taking a run of successes (and the failure after it) from h_run when the cursor holds the bits they read (an
// entry's trials depend only on the bits they read; the window shows zeros past what the cursor holds, so a trial
// is taken from the entry only when it ends within those bits), else one trial by the H table. Returns whether N2
// passed; k is N1's count.
template <BitSource B>
inline bool karney_n1n2_runs(BitCursor<B>& bits, const AttemptTables& tables, std::uint64_t& k) {
  k = 0;
  for (;;) {  // N1: successes until the first failure
    bits.ensure(kHRunWindow);
    const std::uint32_t e = tables.h_run[bits.window() >> (64 - kHRunWindow)];
    const std::uint32_t t = e & 31u, len_t = (e >> 5) & 31u, len_f = e >> 10;
    if (len_f - 1u < bits.available()) {  // t successes, then the failure
      k += t;
      bits.skip(len_f);
      break;
    }
    if (t != 0 && len_t <= bits.available()) {  // t successes; the next trial reads past them
      k += t;
      bits.skip(len_t);
      continue;
    }
    if (!bernoulli_exp_half_tabled(bits)) break;
    ++k;
  }
  std::uint64_t left = k == 0 ? 0 : k * (k - 1);  // N2: this many successes, or the first failure
  while (left != 0) {
    bits.ensure(kHRunWindow);
    const std::uint32_t e = tables.h_run[bits.window() >> (64 - kHRunWindow)];
    const std::uint32_t t = e & 31u, len_t = (e >> 5) & 31u, len_f = e >> 10;
    if (t >= left && len_t <= bits.available()) {  // the trials left all succeed: skip their bits
      skip_h_successes(bits, left);
      return true;
    }
    if (t < left && len_f - 1u < bits.available()) {  // t < left successes, then the failure
      bits.skip(len_f);
      return false;
    }
    if (t != 0 && t < left && len_t <= bits.available()) {
      left -= t;
      bits.skip(len_t);
      continue;
    }
    if (!bernoulli_exp_half_tabled(bits)) return false;
    --left;
  }
  return true;
}

// N1 and N2 of one attempt: k, and whether N2 passed. One lookup when they end within the window and the cursor
// holds the bits they read (the bits past the cursor's word show as zeros in window(), but an entry's outcome
// depends only on the bits it read), else as runs of H trials.
template <BitSource B>
[[gnu::always_inline]] inline bool karney_n1n2(BitCursor<B>& bits, const AttemptTables& tables, std::uint64_t& k) {
  bits.ensure(kN12Window);
  const std::uint32_t s12 = tables.n1n2_small[bits.window() >> 52];
  if ((s12 & 15u) - 1u < bits.available()) {
    bits.skip(s12 & 15u);
    k = s12 >> 5;
    return (s12 & (1u << 4)) != 0;
  }
  const std::uint32_t e12 = tables.n1n2[bits.window() >> (64 - kN12Window)];
  if ((e12 & 31u) - 1u < bits.available()) {
    bits.skip(e12 & 31u);
    k = e12 >> 6;
    return (e12 & (1u << 5)) != 0;
  }
  ++rounded_normal_counters().slow_n1n2;
  return karney_n1n2_runs(bits, tables, k);
}

// N3 and N4 of one attempt after N1–N2 passed with k: true when the k + 1 runs of B accept, with x (its digits drawn
// so far) and the sign. One lookup for k ≤ 2 when they end within the window, else step by step.
template <BitSource B>
[[gnu::always_inline]] inline bool karney_n3n4(BitCursor<B>& bits, const AttemptTables& tables, std::uint64_t k,
                                               URand128& x, bool& negative) {
  bits.ensure(kN3Window);
  const std::uint32_t s3 = k <= kN3TableMaxK ? tables.n3_small[k][bits.window() >> 52] : 0u;
  if ((s3 & 15u) - 1u < bits.available()) {
    bits.skip(s3 & 15u);
    if ((s3 & (1u << 4)) == 0) return false;
    negative = (s3 & (1u << 5)) != 0;
    x.m = (s3 >> 6) & 7u;
    x.a = s3 >> 9;
    return true;
  }
  const std::uint32_t e3 = k <= kN3TableMaxK ? tables.n3[k][bits.window() >> (64 - kN3Window)] : 0u;
  if ((e3 & 31u) - 1u < bits.available()) {
    bits.skip(e3 & 31u);
    if ((e3 & (1u << 5)) == 0) return false;
    negative = (e3 & (1u << 6)) != 0;
    x.m = (e3 >> 7) & 31u;
    x.a = e3 >> 12;
    return true;
  }
  // The second level (k ≤ 1): the 16-bit window's n3 entry, read again once the cursor holds 20 bits (the first
  // lookup may have seen zeros past the bits it held), names the block of the window's bits 17–20.
  if (k <= kN3ExtMaxK && bits.ensure(kN3ExtWindow)) {
    const std::uint64_t w = bits.window();
    const std::uint32_t first = tables.n3[k][w >> (64 - kN3Window)];
    if ((first & 31u) == 0 && (first >> 12) != 0) {
      constexpr unsigned extra = kN3ExtWindow - kN3Window;
      const std::size_t index = (static_cast<std::size_t>((first >> 12) - 1) << extra) |
                                static_cast<std::size_t>((w >> (64 - kN3ExtWindow)) & ((1u << extra) - 1));
      const std::uint32_t f = tables.n3_ext[k][index];
      if ((f & 31u) - 1u < bits.available()) {
        bits.skip(f & 31u);
        if ((f & (1u << 5)) == 0) return false;
        negative = (f & (1u << 6)) != 0;
        x.m = (f >> 7) & 31u;
        x.a = f >> 12;
        return true;
      }
    }
  }
  ++rounded_normal_counters().slow_n3;
  bool ok = true;
  for (std::uint64_t i = 0; ok && i <= k; ++i) ok = karney_b(k, x, bits);
  if (!ok) return false;
  negative = bits.next_bits(1) != 0;
  return true;
}

// One attempt of Algorithm N (N1–N4) on the cursor, shared by RoundedNormal's two entry points: true when accepted,
// with k, the u-rand x (its digits drawn so far) and the sign; false: restart (the reference's `continue`).
template <BitSource B>
[[gnu::always_inline]] inline bool karney_attempt(BitCursor<B>& bits, const AttemptTables& tables, std::uint64_t& k,
                                                  URand128& x, bool& negative) {
  if (!karney_n1n2(bits, tables, k)) return false;
  return karney_n3n4(bits, tables, k, x, negative);
}

}  // namespace detail

class RoundedNormal {
 public:
  // c ≤ 2^48: operator() and sample_wide.
  RoundedNormal(const Rational& sigma, const Integer& grid_bits) : RoundedNormal(sigma, grid_bits, false) {}
  // c ≤ 2^100: sample_wide (and operator() when narrow()).
  static RoundedNormal wide(const Rational& sigma, const Integer& grid_bits) {
    return RoundedNormal(sigma, grid_bits, true);
  }

  // c ≤ 2^48 with numerator and denominator below 2^63: operator() (int64) admitted.
  bool narrow() const { return narrow_; }

  const Rational& sigma() const { return ref_.sigma(); }
  long grid_bits() const { return ref_.grid_bits(); }
  const Rational& scale() const { return ref_.scale(); }

  template <BitSource B>
  std::int64_t operator()(B& source) const {
    if (!narrow_) [[unlikely]]
      throw std::logic_error("fast::RoundedNormal: operator() needs c = sigma*2^grid_bits <= 2^48; use sample_wide");
    // Every bit is read through a cursor over the source's pending word (same bits, consumed on exit).
    detail::BitCursor<B> bits(source);
    const detail::AttemptTables& tables = detail::attempt_tables();
    for (;;) {
      std::uint64_t k;
      detail::URand128 x;
      bool negative;
      if (!detail::karney_attempt(bits, tables, k, x, negative)) continue;
      const std::int64_t M = round_magnitude(k, x, bits);
      return negative ? -M : M;
    }
  }

  // The reference's value (same bits) as an i128, for every admitted c; |K| ≤ 2^120.
  template <BitSource B>
  i128 sample_wide(B& source) const {
    detail::BitCursor<B> bits(source);
    const detail::AttemptTables& tables = detail::attempt_tables();
    for (;;) {
      std::uint64_t k;
      detail::URand128 x;
      bool negative;
      if (!detail::karney_attempt(bits, tables, k, x, negative)) continue;
      const i128 M = narrow_ ? static_cast<i128>(round_magnitude(k, x, bits)) : round_wide(k, x, bits);
      return negative ? -M : M;
    }
  }

 private:
  RoundedNormal(const Rational& sigma, const Integer& grid_bits, bool allow_wide) : ref_(sigma, grid_bits) {
    detail::require_fits_int64(sigma, "RoundedNormal", "sigma");
    if (grid_bits > 62)
      throw_parameter_error("RoundedNormal", "grid-bits", "at most 62 in the optimized build", to_string(grid_bits));
    const Rational& c = ref_.scale();
    const Integer cn = boost::multiprecision::numerator(c), cd = boost::multiprecision::denominator(c);
    narrow_ = c <= Rational(Integer(1) << 48) && fits_int64(cn) && fits_int64(cd);
    if (!narrow_ && !allow_wide)
      throw_parameter_error("RoundedNormal", "sigma",
                            "such that c = sigma*2^grid_bits <= 2^48 with numerator and denominator below 2^63 in "
                            "the optimized build (grid_bits = " + to_string(grid_bits) + ")",
                            to_string(sigma));
    if (!narrow_ && c > Rational(Integer(1) << 100))
      throw_parameter_error("RoundedNormal", "sigma",
                            "such that c = sigma*2^grid_bits <= 2^100 in the optimized build's wide path "
                            "(grid_bits = " + to_string(grid_bits) + ")",
                            to_string(sigma));
    if (narrow_) {
      cn_ = to_uint64(cn);
      cd_ = to_uint64(cd);
      while ((static_cast<detail::u128>(cd_) << m0_) < cn_) ++m0_;
      cd_pow2_ = (cd_ & (cd_ - 1)) == 0;
      if (cd_pow2_) cd_log2_ = static_cast<unsigned>(__builtin_ctzll(cd_));
      return;
    }
    // Wide: cd < 2^63 and cn < 2^125 by the header comment's argument; checked, not assumed.
    if (!fits_int64(cd) || msb(cn) >= 125)
      throw std::logic_error("fast::RoundedNormal: c's numerator or denominator past the wide path's bounds");
    cd_ = to_uint64(cd);
    cd_pow2_ = (cd_ & (cd_ - 1)) == 0;
    if (cd_pow2_) cd_log2_ = static_cast<unsigned>(__builtin_ctzll(cd_));
    const unsigned b = static_cast<unsigned>(msb(cn)) + 1;  // bit length of cn, ≤ 125
    wide_max_m_ = std::min({128u, 233u - b, 191u});
    two_cn_ = (detail::U256(to_uint64(Integer(cn >> 64))) << 64) | detail::U256(to_uint64(Integer(cn & Integer(UINT64_MAX))));
    two_cn_ <<= 1;
    while ((cd << m0_) < cn) ++m0_;
  }

  template <BitSource B>
  [[gnu::always_inline]] std::int64_t round_magnitude(std::uint64_t k, detail::URand128& x, B& bits) const {
    using detail::u128;
    // Digits below m0 never decide (the interval is wider than 1): read them at once.
    u128 xa = x.a;
    unsigned xm = x.m;
    if (xm < m0_) {
      const unsigned take = m0_ - xm;  // ≤ 48
      xa = (xa << take) | bits.next_bits(take);
      xm = m0_;
    }
    // The decision as a digit recurrence (issue 17), for k < 2^13 and m ≤ 48. With Y = k·2^m + a, lo = 2cn·Y + cd·2^m,
    // den = cd·2^{m+1}, M = ⌊lo/den⌋, T = (M + 1)·den − lo and W = 2cn, decide() below is decided iff W ≤ T (it
    // returns M). A further digit d gives lo' = 2lo + W·d and den' = 2den, so T' = 2T − W·d: for d = 0 decided iff
    // 2T ≥ W (value M), else T' = 2T; for d = 1, if 2T ≤ W then lo' ≥ (M + 1)·den' and, as W ≤ den (m ≥ m0), M' = M + 1
    // with T'' = T' + den' ≥ den' − W ≥ W: decided (value M + 1); else T' = 2T − W ∈ (0, W), undecided, M' = M. So the
    // same digits are read and the same value returned as by the per-digit loop below, which takes over at m = 48.
    // Bounds (cn, cd < 2^63, c ≤ 2^48, so M ≤ c·(k + 1) + 1 < 2^62): Y < 2^62, lo < 2^127, (M + 1)·den ≤ lo + den <
    // 2^128 and T < W < 2^64; decide() returns no −2 there, so the counters agree as well.
    if ((k >> 13) == 0 && xm <= 48) [[likely]] {
      const u128 Y = (static_cast<u128>(k) << xm) + xa;
      const u128 lo = 2 * static_cast<u128>(cn_) * Y + (static_cast<u128>(cd_) << xm);
      u128 M, T;
      if (cd_pow2_) {
        const unsigned sh = xm + 1 + cd_log2_;
        M = lo >> sh;
        T = ((M + 1) << sh) - lo;
      } else {
        M = (lo >> (xm + 1)) / cd_;
        T = (M + 1) * (static_cast<u128>(cd_) << (xm + 1)) - lo;
      }
      const std::uint64_t W = 2 * cn_;
      std::int64_t result = static_cast<std::int64_t>(M);
      bool decided = T >= W;
      if (!decided) {
        std::uint64_t t = static_cast<std::uint64_t>(T);  // T < W
        std::uint64_t digits = 0;
        unsigned n = 0;
        while (xm + n < 48) {
          const bool d = bits.next_bit();
          digits = (digits << 1) | static_cast<std::uint64_t>(d);
          ++n;
          const std::uint64_t rest = W - t;  // > 0
          if (!d) {
            if (t >= rest) {
              decided = true;
              break;
            }
            t += t;
          } else {
            if (t <= rest) {
              decided = true;
              ++result;
              break;
            }
            t -= rest;
          }
        }
        if (!decided) {  // undecided at m = 48: the per-digit loop continues with the digits read
          x.a = (xa << n) | digits;
          x.m = xm + n;
        }
      }
      if (decided) {
        ++detail::rounded_normal_counters().fast;
        return result;
      }
    } else {
      x.a = xa;
      x.m = xm;
    }
    return round_magnitude_digits(k, x, bits);
  }

  // round_magnitude past the digit recurrence (k ≥ 2^13 or m > 48: rare unless c is near 2^48), out of line so that
  // the recurrence above inlines into operator() without this part's frame: the per-digit rule, then the hand-over
  // to the reference.
  template <BitSource B>
  [[gnu::noinline]] std::int64_t round_magnitude_digits(std::uint64_t k, detail::URand128& x, B& bits) const {
    ++detail::rounded_normal_counters().digit_loop;
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

  template <BitSource B>
  i128 round_wide(std::uint64_t k, detail::URand128& x, B& bits) const {
    // Digits below m0 never decide (the interval is wider than 1): read them at once, at most 64 per read.
    while (x.m < m0_) {
      const unsigned take = std::min(m0_ - x.m, 64u);
      x.a = (x.a << take) | bits.next_bits(take);
      x.m += take;
    }
    for (;;) {
      const i128 d = decide_wide(k, x);
      if (d >= 0) {
        ++detail::rounded_normal_counters().fast;
        ++detail::rounded_normal_counters().wide;
        return d;
      }
      if (d == -2 || x.m == 128) break;  // past the 256-bit bounds, or the u-rand is full: the reference
      x.append(bits.next_bits(1) != 0);
    }
    ++detail::rounded_normal_counters().handovers;
    ref::internal::URand rx;
    rx.a = detail::to_integer(x.a);
    rx.m = x.m;
    const Integer M = ref_.round_magnitude(static_cast<unsigned long>(k), rx, bits);
    if (M > (Integer(1) << 120)) throw std::overflow_error("fast::RoundedNormal: sample exceeds 2^120 in magnitude");
    return detail::to_i128_checked(M);
  }

  // M ≥ 0 when decided, −1 when undecided, −2 past the 256-bit bounds (header comment).
  i128 decide_wide(std::uint64_t k, const detail::URand128& x) const {
    using detail::U256;
    const unsigned m = x.m;
    if ((k >> 20) != 0 || m > wide_max_m_) return -2;
    const U256 Y = (U256(k) << m) + detail::to_u256(x.a);  // < 2^{20+m}
    const U256 lo = two_cn_ * Y + (U256(cd_) << m);       // < 2^255
    U256 M, rem, den;
    if (cd_pow2_) {
      const unsigned sh = m + 1 + cd_log2_;
      den = U256(1) << sh;
      M = lo >> sh;
      rem = lo & (den - 1);
    } else {
      den = U256(cd_) << (m + 1);
      boost::multiprecision::divide_qr(lo, den, M, rem);
    }
    if (rem + two_cn_ > den) return -1;
    return detail::u256_to_i128(M);  // M ≤ 2^120
  }

  ref::RoundedNormal ref_;
  std::uint64_t cn_ = 0, cd_ = 1;
  bool cd_pow2_ = true;
  unsigned cd_log2_ = 0;
  unsigned m0_ = 0;
  bool narrow_ = true;
  detail::U256 two_cn_ = 0;  // wide path: 2·cn
  unsigned wide_max_m_ = 0;  // wide path: the largest m decided on 256 bits
};

}  // namespace dpb::fast
