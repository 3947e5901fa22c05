// Bernoulli(e^{−γ}) for a rational γ ≥ 0 by comparing a lazily drawn uniform with e^{−γ} (not API; the normative
// description is docs/samplers.md, "Inversion methods for the discrete Laplace and Gaussian").
//
// The rule: γ = 0 returns true and reads nothing. Otherwise U ∈ [0, 1) is read 64 bits at a time; after c chunks
// U ∈ I_c = [u/2^{64c}, (u+1)/2^{64c}). Return true when I_c ⊂ [0, e^{−γ}), false when I_c ⊂ [e^{−γ}, 1), else read
// another chunk. e^{−γ} is irrational for rational γ > 0 (Lambert/Hermite), so it is never a chunk boundary: the
// certified comparisons (MPFI enclosures of e^{−γ}, refined by doubling the precision) always end, and the bits
// read are a function of the stream alone. The optimized build decides the first chunk from ⌊e^{−γ}·2^64⌋ and
// defers to continue_bernoulli_exp when u equals it (the only undecided first chunk).
#pragma once

#include <cstdint>
#include <optional>

#include "reference/bits/bit_source.hpp"
#include "reference/core/interval.hpp"
#include "reference/core/rational.hpp"

namespace dpb::ref::internal {

// e^{−γ} for a rational γ ≥ 0 with a cached enclosure at 128 bits (refined on demand for undecided comparisons).
class ExpNeg {
 public:
  explicit ExpNeg(const Rational& gamma);
  const Rational& gamma() const { return gamma_; }
  bool is_one() const { return gamma_ == 0; }

  // The decision after c chunks for γ > 0: true when I_c ⊂ [0, e^{−γ}), false when I_c ⊂ [e^{−γ}, 1), nullopt
  // when e^{−γ} lies inside I_c.
  std::optional<bool> decide(const Integer& u, unsigned chunks) const;
  // ⌊e^{−γ}·2^64⌋ for γ > 0, certified (e^{−γ}·2^64 is never an integer).
  std::uint64_t floor_scaled() const;

 private:
  Rational gamma_;
  Interval enclosure_;
};

// Finishes a draw for γ > 0 whose first 64-bit chunk was already read.
template <BitSource B>
bool continue_bernoulli_exp(const ExpNeg& p, std::uint64_t first_chunk, B& bits) {
  Integer u = first_chunk;
  for (unsigned c = 1;; ++c) {
    if (auto d = p.decide(u, c)) return *d;
    u <<= 64;
    u += bits.next_bits(64);
  }
}

template <BitSource B>
bool bernoulli_exp_by_chunks(const ExpNeg& p, B& bits) {
  if (p.is_one()) return true;
  const std::uint64_t first = bits.next_bits(64);
  return continue_bernoulli_exp(p, first, bits);
}

}  // namespace dpb::ref::internal
