// Bernoulli(exp(−gamma)), optimized build: CKS20 Algorithm 1 as in reference/samplers/bernoulli_exp.hpp, on
// machine integers, drawing the same bits. Every Bernoulli(gamma/K) of the von Neumann loop is taken with gamma/K
// in lowest terms, as the reference's canonical rationals are: with gamma = a/b reduced, gamma/K = (a/g)/(b·K/g)
// where g = gcd(a, K) (because gcd(a, b) = 1).
// Overflow: b < 2^64 and K < 2^64 make b·K/g < 2^128, so the 64-bit entry points never overflow. The 128-bit entry
// point (used by the discrete Gaussian's acceptance exponent) detects b·K/g >= 2^128 and then takes that one step
// with the reference's big integers (same bits, same law).
#pragma once

#include <cstdint>

#include "reference/bits/bit_source.hpp"
#include "reference/bits/uniform.hpp"
#include "reference/core/rational.hpp"
#include "optimized/samplers/bernoulli.hpp"

namespace dpb::fast {
namespace detail {

// BernoulliExp(1): the von Neumann loop with gamma = 1, i.e. Bernoulli(1/K) = [uniform_below(K) = 0].
template <BitSource B>
bool exp_minus_one(B& bits) {
  // K = 1: Bernoulli(1/1) succeeds without drawing a bit.
  for (std::uint64_t K = 2;; ++K)
    if (uniform_below_u64(bits, K) != 0) return (K & 1) != 0;
}

// The von Neumann loop for gamma = a/b ∈ [0, 1] in lowest terms, 1 <= b < 2^64.
template <BitSource B>
bool von_neumann_u64(B& bits, std::uint64_t a, std::uint64_t b) {
  if (uniform_below_u64(bits, b) >= a) return true;  // K = 1 fails: K odd
  if (a == b) return exp_minus_one(bits);            // gamma = 1 (a = b = 1): the loop continues as BernoulliExp(1)
  for (std::uint64_t K = 2;; ++K) {
    const std::uint64_t g = gcd_with_step(a, K);
    const std::uint64_t K_g = K / g;
    if ((b >> 32) == 0 && (K_g >> 32) == 0) {  // the usual case: b·K/g < 2^64
      if (uniform_below_u64(bits, b * K_g) >= a / g) return (K & 1) != 0;
    } else if (uniform_below_u128(bits, static_cast<u128>(b) * K_g) >= a / g) {
      return (K & 1) != 0;
    }
  }
}

// The von Neumann loop for gamma = a/b ∈ [0, 1] in lowest terms, 1 <= b < 2^128.
template <BitSource B>
bool von_neumann_u128(B& bits, u128 a, u128 b) {
  if (fits_u64(b)) return von_neumann_u64(bits, static_cast<std::uint64_t>(a), static_cast<std::uint64_t>(b));
  if (uniform_below_u128(bits, b) >= a) return true;
  for (std::uint64_t K = 2;; ++K) {
    const std::uint64_t g = gcd_u64(K, static_cast<std::uint64_t>(a % K));
    const u128 a_g = a / g;
    u128 den;
    if (__builtin_mul_overflow(b, static_cast<u128>(K / g), &den)) {
      // b·K/g >= 2^128: this step in the reference's big integers (the same uniform_below, the same bits).
      if (uniform_below(bits, Integer(to_integer(b) * (K / g))) >= to_integer(a_g)) return (K & 1) != 0;
      continue;
    }
    if (uniform_below_u128(bits, den) >= a_g) return (K & 1) != 0;
  }
}

// BernoulliExp(N/D) for any N >= 0, D >= 1 (not necessarily reduced), drawing the bits of the reference's
// BernoulliExp(Rational(N, D)): floor(N/D) draws of BernoulliExp(1), then the von Neumann loop on the fractional
// part (N mod D)/D in lowest terms. (For N/D = 1 the reference runs von Neumann on 1/1, whose K = 1 step draws
// nothing and whose later steps are exactly BernoulliExp(1); here that is BernoulliExp(1) then gamma = 0/1, which
// draws nothing: the same bits and the same result.)
template <BitSource B>
bool bernoulli_exp_u64(B& bits, std::uint64_t N, std::uint64_t D) {
  std::uint64_t r = N;
  if (N >= D) {  // the division only when gamma >= 1
    const std::uint64_t whole = N / D;
    r = N % D;
    for (std::uint64_t i = 0; i < whole; ++i)
      if (!exp_minus_one(bits)) return false;
  }
  const std::uint64_t g = gcd_u64(r, D);
  return von_neumann_u64(bits, r / g, D / g);
}

template <BitSource B>
bool bernoulli_exp_u128(B& bits, u128 N, u128 D) {
  if (fits_u64(N) && fits_u64(D))
    return bernoulli_exp_u64(bits, static_cast<std::uint64_t>(N), static_cast<std::uint64_t>(D));
  const u128 whole = N / D, r = N % D;
  for (u128 i = 0; i < whole; ++i)
    if (!exp_minus_one(bits)) return false;
  const u128 g = gcd_u128(r, D);
  return von_neumann_u128(bits, r / g, D / g);
}

}  // namespace detail

class BernoulliExp {
 public:
  explicit BernoulliExp(const Rational& gamma) {
    const auto q =
        detail::require_fits_int64(require_nonnegative(gamma, "BernoulliExp", "gamma"), "BernoulliExp", "gamma");
    num_ = static_cast<std::uint64_t>(q.num);
    den_ = q.den;
  }

  Rational gamma() const { return Rational(Integer(num_), Integer(den_)); }

  template <BitSource B>
  bool operator()(B& bits) const {
    return detail::bernoulli_exp_u64(bits, num_, den_);
  }

 private:
  std::uint64_t num_ = 0, den_ = 1;  // gamma = num/den in lowest terms
};

}  // namespace dpb::fast
