// Poisson(λ), optimized build: the reference's inversion rule (reference/samplers/poisson.hpp) with the first
// 64-bit chunk decided by integer comparisons against lo_k = ⌊F(k)·2^64⌋ (internal/fixed_point_cdf.hpp); when
// the chunk is undecidable (probability about 2^{−58}) the reference finishes the draw on the same stream.
// Bit-identical to the reference: same values, same bits. Thread-safety: one object per thread.
#pragma once

#include <cstdint>

#include "optimized/samplers/internal/fixed_point_cdf.hpp"
#include "reference/bits/bit_source.hpp"
#include "reference/samplers/poisson.hpp"

namespace dpb::fast {

class Poisson {
 public:
  explicit Poisson(const Rational& mean) : reference_(mean), table_(reference_.inversion()) {}

  const Rational& mean() const { return reference_.mean(); }

  template <BitSource B>
  std::int64_t operator()(B& bits) {
    const std::uint64_t u = bits.next_bits(64);
    const std::uint64_t k = table_.lookup(u, reference_.inversion());
    if (k != internal::FixedPointCdf::kDefer) return static_cast<std::int64_t>(k);
    return to_int64(reference_.continue_draw(u, bits));
  }

 private:
  ref::Poisson reference_;
  internal::FixedPointCdf table_;
};

}  // namespace dpb::fast
