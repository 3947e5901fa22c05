// Bernoulli(p), optimized build: the algorithm of reference/samplers/bernoulli.hpp on machine integers.
// Also home of the 64/128-bit helpers shared by the optimized CKS20 samplers (dpb::fast::detail): uniform draws
// that consume exactly the bits of dpb::uniform_below, binary gcds, and the parameter checks of the 64-bit build.
#pragma once

#include <cstdint>
#include <string_view>

#include "reference/bits/bit_source.hpp"
#include "reference/bits/uniform.hpp"
#include "reference/core/errors.hpp"
#include "reference/core/rational.hpp"

namespace dpb::fast {
namespace detail {

__extension__ typedef unsigned __int128 u128;

inline constexpr std::uint64_t kInt64Max = 0x7fffffffffffffffULL;

inline unsigned bit_length_u64(std::uint64_t x) { return x == 0 ? 0 : 64U - static_cast<unsigned>(__builtin_clzll(x)); }
inline unsigned bit_length_u128(u128 x) {
  const auto hi = static_cast<std::uint64_t>(x >> 64);
  return hi != 0 ? 64U + bit_length_u64(hi) : bit_length_u64(static_cast<std::uint64_t>(x));
}
inline bool fits_u64(u128 x) { return (x >> 64) == 0; }

// Same law and the same bits as dpb::uniform_below(bits, Integer(n)) for 1 <= n < 2^128: k = bit_length(n − 1)
// bits per try, read as next_bits_integer does (the k mod 64 leading bits first, then 64-bit words).
template <BitSource B>
u128 uniform_below_u128(B& bits, u128 n) {
  if (fits_u64(n)) return uniform_below_u64(bits, static_cast<std::uint64_t>(n));
  const unsigned k = bit_length_u128(n - 1);  // 64 <= k <= 128
  if (k == 64) return bits.next_bits(64);     // n = 2^64: every 64-bit word is below n
  for (;;) {
    const u128 high = bits.next_bits(k - 64);
    const u128 u = (high << 64) | bits.next_bits(64);
    if (u < n) return u;
  }
}

// Bernoulli(a/b) with b >= 1 (a/b need not be reduced here: callers pass lowest terms to match the reference).
template <BitSource B>
bool bernoulli_u64(B& bits, std::uint64_t a, std::uint64_t b) {
  return uniform_below_u64(bits, b) < a;
}

// gcd(a, b) for a, b < 64 by table: the von Neumann steps mostly need gcd(numerator, K) of small numbers, where a
// gcd loop's data-dependent exit would cost a branch misprediction per step.
struct SmallGcdTable {
  std::uint8_t g[64][64];
  constexpr SmallGcdTable() : g{} {
    for (unsigned a = 0; a < 64; ++a)
      for (unsigned b = 0; b < 64; ++b) {
        unsigned x = a, y = b;
        while (y != 0) {
          const unsigned r = x % y;
          x = y;
          y = r;
        }
        g[a][b] = static_cast<std::uint8_t>(x);
      }
  }
};
inline constexpr SmallGcdTable kSmallGcd{};

// Binary gcd; gcd(0, b) = b.
inline std::uint64_t gcd_u64(std::uint64_t a, std::uint64_t b) {
  if ((a | b) < 64) return kSmallGcd.g[a][b];
  if (a == 0) return b;
  if (b == 0) return a;
  const int shift = __builtin_ctzll(a | b);
  a >>= __builtin_ctzll(a);
  do {  // branch-free body (conditional moves): the operands are random, a branch would mispredict half the time
    b >>= __builtin_ctzll(b);
    const std::uint64_t lo = a < b ? a : b, hi = a < b ? b : a;
    a = lo;
    b = hi - lo;
  } while (b != 0);
  return a << shift;
}

// gcd(a, K) for a small step counter K (von Neumann's K): gcd(a mod K, K) by table when K < 64.
inline std::uint64_t gcd_with_step(std::uint64_t a, std::uint64_t K) {
  if (K < 64) {
    const std::uint64_t r = a < 64 ? a : (a >> 32) == 0 ? static_cast<std::uint32_t>(a) % static_cast<std::uint32_t>(K)
                                                         : a % K;
    return kSmallGcd.g[r][K];
  }
  return gcd_u64(a, K);
}

inline unsigned ctz_u128(u128 x) {
  const auto lo = static_cast<std::uint64_t>(x);
  return lo != 0 ? static_cast<unsigned>(__builtin_ctzll(lo))
                 : 64U + static_cast<unsigned>(__builtin_ctzll(static_cast<std::uint64_t>(x >> 64)));
}

inline u128 gcd_u128(u128 a, u128 b) {
  if (fits_u64(a) && fits_u64(b)) return gcd_u64(static_cast<std::uint64_t>(a), static_cast<std::uint64_t>(b));
  if (a == 0) return b;
  if (b == 0) return a;
  const unsigned shift = ctz_u128(a | b);
  a >>= ctz_u128(a);
  do {
    b >>= ctz_u128(b);
    if (a > b) {
      const u128 t = a;
      a = b;
      b = t;
    }
    b -= a;
  } while (b != 0);
  return a << shift;
}

inline Integer to_integer(u128 x) {
  Integer r = static_cast<std::uint64_t>(x >> 64);
  r <<= 64;
  r += static_cast<std::uint64_t>(x);
  return r;
}

// Parameter checks of the 64-bit build (after the reference's checks, so both builds reject the same bad values
// with the same messages and the optimized build refuses, by name, what only it cannot represent).
struct Fraction64 {
  std::int64_t num;
  std::uint64_t den;  // 1 <= den <= 2^63 − 1
};

inline Fraction64 require_fits_int64(const Rational& q, std::string_view function, std::string_view name) {
  const Integer num = boost::multiprecision::numerator(q), den = boost::multiprecision::denominator(q);
  if (!fits_int64(num) || !fits_int64(den))
    throw_parameter_error(function, name,
                          "a rational whose numerator and denominator fit the optimized build's 64-bit integers",
                          to_string(q));
  return {to_int64(num), static_cast<std::uint64_t>(to_int64(den))};
}

inline std::int64_t require_fits_int64(const Integer& z, std::string_view function, std::string_view name) {
  if (!fits_int64(z))
    throw_parameter_error(function, name, "an integer that fits the optimized build's 64-bit integers",
                          to_string(z));
  return to_int64(z);
}

}  // namespace detail

class Bernoulli {
 public:
  explicit Bernoulli(const Rational& p) {
    const auto q = detail::require_fits_int64(require_probability(p, "Bernoulli", "p"), "Bernoulli", "p");
    num_ = static_cast<std::uint64_t>(q.num);
    den_ = q.den;
  }

  Rational p() const { return Rational(Integer(num_), Integer(den_)); }

  template <BitSource B>
  bool operator()(B& bits) const {
    return detail::bernoulli_u64(bits, num_, den_);
  }

 private:
  std::uint64_t num_ = 0, den_ = 1;  // p = num/den in lowest terms
};

}  // namespace dpb::fast
