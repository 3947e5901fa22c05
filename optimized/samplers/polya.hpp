// Pólya(r, β) and the Pólya difference, optimized build: the reference's inversion rule
// (reference/samplers/polya.hpp) with the first 64-bit chunk decided by integer comparisons against
// lo_k = ⌊F(k)·2^64⌋ (internal/fixed_point_cdf.hpp), deferring to the reference on the same stream when the chunk
// is undecidable. Bit-identical to the reference. Thread-safety: one object per thread.
#pragma once

#include <cstdint>

#include "optimized/samplers/internal/fixed_point_cdf.hpp"
#include "reference/bits/bit_source.hpp"
#include "reference/samplers/polya.hpp"

namespace dpb::fast {

class Polya {
 public:
  Polya(const Rational& r, const Rational& scale) : reference_(r, scale), table_(reference_.inversion()) {}

  const Rational& r() const { return reference_.r(); }
  const Rational& scale() const { return reference_.scale(); }

  template <BitSource B>
  std::int64_t operator()(B& bits) {
    const std::uint64_t u = bits.next_bits(64);
    const std::uint64_t k = table_.lookup(u, reference_.inversion());
    if (k != internal::FixedPointCdf::kDefer) return static_cast<std::int64_t>(k);
    return to_int64(reference_.continue_draw(u, bits));
  }

 private:
  ref::Polya reference_;
  internal::FixedPointCdf table_;
};

class PolyaDifference {
 public:
  PolyaDifference(const Rational& r, const Rational& scale) : polya_(validated(r, scale)) {}

  const Rational& r() const { return polya_.r(); }
  const Rational& scale() const { return polya_.scale(); }

  template <BitSource B>
  std::int64_t operator()(B& bits) {
    const std::int64_t plus = polya_(bits);
    const std::int64_t minus = polya_(bits);
    return plus - minus;
  }

 private:
  // The reference's validation (naming PolyaDifference), then the sampler.
  static Polya validated(const Rational& r, const Rational& scale) {
    ref::Polya::validate(r, scale, "PolyaDifference");
    return Polya(r, scale);
  }
  Polya polya_;
};

}  // namespace dpb::fast
