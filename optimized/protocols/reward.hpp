// A reward x ∈ [0, 1] as an exact fraction num/den of 64-bit integers (the optimized build's input type), and the
// optimized randomized rounding x̂ = ⌊x g⌋ + Bernoulli(x g − ⌊x g⌋), drawing exactly the bits of
// reference/samplers/rounding.hpp: the Bernoulli is decided on the fractional part in lowest terms.
//
// Arithmetic: x·g = num·g/den with num <= den < 2^64 and g < 2^62, computed in 128 bits (no overflow); the
// floor is <= g, so x̂ ∈ [0, g] (proofs/000.encode.smt2).
#pragma once

#include <cstdint>

#include "optimized/samplers/bernoulli.hpp"
#include "reference/bits/bit_source.hpp"
#include "reference/core/rational.hpp"

namespace dpb::fast {

struct Reward {
  std::uint64_t num = 0;
  std::uint64_t den = 1;  // 0 <= num <= den, den >= 1
  friend bool operator==(const Reward&, const Reward&) = default;
};

// Throws ParameterError naming `function`, parameter "x", unless x ∈ [0, 1] with numerator and denominator < 2^64.
Reward to_reward(const Rational& x, const char* function = "Protocol::run");
inline Rational to_rational(const Reward& r) { return Rational(Integer(r.num), Integer(r.den)); }

// x̂ for x = r, precision g (1 <= g < 2^62). Precondition: r valid (to_reward's conditions).
template <BitSource B>
std::int64_t encode(const Reward& r, std::uint64_t g, B& bits) {
  const detail::u128 xg = static_cast<detail::u128>(r.num) * g;
  const auto low = static_cast<std::uint64_t>(xg / r.den);  // <= g because num <= den
  const auto rem = static_cast<std::uint64_t>(xg % r.den);
  if (rem == 0) return static_cast<std::int64_t>(low);  // Bernoulli(0): the reference draws no bit either
  const std::uint64_t d = detail::gcd_u64(rem, r.den);
  return static_cast<std::int64_t>(low + (detail::bernoulli_u64(bits, rem / d, r.den / d) ? 1 : 0));
}

}  // namespace dpb::fast
