// Exact inversion sampling with a lazily drawn uniform, decided by certified CDF enclosures (not API; the
// normative description is docs/samplers.md, "Inversion samplers").
//
// U ∈ [0, 1) is the binary fraction of the bit stream, read 64 bits at a time: after c chunks U is known to lie
// in I_c = [u/2^{64c}, (u+1)/2^{64c}). The draw is the unique k ≥ 0 with I_c ⊂ [F(k−1), F(k)) (F(−1) = 0); while
// no such k exists (some F(k) lies inside I_c) another chunk is read. The rule depends only on the exact reals
// F(k), never on a precision, so the bits consumed are a function of the stream alone; the optimized build
// (optimized/samplers/internal/fixed_point_cdf.hpp) follows it bit for bit.
//
// Certified decisions: "F(k) > x" for an exact dyadic x is read from a table of enclosures of F at 128 bits
// (built by the pmf ratio recursion, lazily, outward from a mode), and when an enclosure contains x the value is
// recomputed by the certified cdf at doubling precision. F(k) is irrational for every k ≥ 0 of the laws sampled
// (Poisson, Pólya: docs/samplers.md), so it never equals a dyadic x and the refinement ends.
#pragma once

#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <optional>

#include "reference/bits/bit_source.hpp"
#include "reference/core/interval.hpp"
#include "reference/pmf/distribution.hpp"

namespace dpb::ref::internal {

// A law on {0, 1, 2, …} with P[k] > 0 for all k and irrational F(k).
struct InvertibleLaw {
  std::shared_ptr<const CertifiedDistribution> dist;      // certified pmf and cdf at any precision
  std::function<Interval(std::uint64_t k)> ratio;         // P[k+1]/P[k] at CdfInversion::kTablePrecision
  std::uint64_t start = 0;                                // where the table starts (a mode)
};

class CdfInversion {
 public:
  static constexpr mpfr_prec_t kTablePrecision = 128;

  explicit CdfInversion(InvertibleLaw law);

  // The unique k with I_c ⊂ [F(k−1), F(k)) for I_c = [u/2^{64c}, (u+1)/2^{64c}), 0 ≤ u < 2^{64c}; nullopt when
  // some F(k) lies in the interior of I_c (the rule then reads another chunk).
  std::optional<std::uint64_t> decide(const Integer& u, unsigned chunks);

  // A whole draw: reads the first chunk, then continues.
  template <BitSource B>
  std::uint64_t draw(B& bits) {
    const std::uint64_t first = bits.next_bits(64);
    return continue_draw(first, bits);
  }
  // A draw whose first 64-bit chunk was already read from `bits` (the optimized build defers here with it).
  template <BitSource B>
  std::uint64_t continue_draw(std::uint64_t first_chunk, B& bits) {
    Integer u = first_chunk;
    for (unsigned c = 1;; ++c) {
      if (auto k = decide(u, c)) return *k;
      u <<= 64;
      u += bits.next_bits(64);
    }
  }

  // ⌊F(k)·2^64⌋, certified (F(k)·2^64 is never an integer); for the optimized build's fixed-point table.
  std::uint64_t floor_cdf_scaled(std::uint64_t k);
  // The start of the table (a mode of the law).
  std::uint64_t start() const { return law_.start; }

 private:
  // Sign of F(k) − x for an exact x (never 0: F(k) is irrational), refining the precision as needed.
  int compare(std::uint64_t k, mpfr_srcptr x);
  const Interval& enclosure(std::uint64_t k);  // F(k) at kTablePrecision (extends the table)
  void extend_right();
  void extend_left();

  InvertibleLaw law_;
  std::uint64_t base_;        // F_[i] encloses F(base_ + i)
  std::deque<Interval> F_;
  Interval p_base_, p_top_;   // P[base_], P[base_ + F_.size() − 1]
};

}  // namespace dpb::ref::internal
