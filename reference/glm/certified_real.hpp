// A real number that feeds a randomizer (a link value μ(z), a weight μ̇(z), a gradient entry (μ(z) − r)·x_j) and the
// three decisions made on it: a comparison with a grid point, a floor ⌊x·s⌋, and a Bernoulli(x) draw. Seed 003
// (Sarmasarkar 2026, arXiv:2602.00417), issue 20 "Arithmetic and data"; docs/protocol-003.md "GLM layer and exact
// rewards" is normative for the bits a draw reads.
//
// The value is either known exactly (a Rational: μ(0) = ½, μ̇(0) = ¼ for logistic, a zero coordinate) or given by
// certified enclosures at any precision. A decision is taken on the exact value when there is one; otherwise on an
// enclosure computed at kGlmStartPrecision bits and recomputed at twice the precision until it decides, up to
// kGlmPrecisionCap bits: past the cap the call throws GlmUndecided (it never loops). Reaching the cap needs the value
// within about 2^−16384 of the grid point or chunk boundary it is compared with (or equal to it: a rational value
// that is not flagged exact, which the link functions never produce for z ≠ 0 — docs/protocol-003.md).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>

#include "reference/bits/bit_source.hpp"
#include "reference/core/interval.hpp"
#include "reference/core/rational.hpp"

namespace dpb::ref {

inline constexpr mpfr_prec_t kGlmStartPrecision = 64;
inline constexpr mpfr_prec_t kGlmPrecisionCap = 1 << 14;

// Thrown when a decision is still open at kGlmPrecisionCap bits.
class GlmUndecided : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class CertifiedReal {
 public:
  using Enclosure = std::function<Interval(mpfr_prec_t)>;

  CertifiedReal(const Rational& exact) : exact_(exact) {}  // NOLINT(google-explicit-constructor): exact values
  explicit CertifiedReal(Enclosure f) : enclose_(std::move(f)) {}

  bool is_exact() const { return exact_.has_value(); }
  const Rational& exact() const { return *exact_; }  // precondition: is_exact()
  // An enclosure at `prec` bits (for an exact value: the rational rounded outward).
  Interval enclose(mpfr_prec_t prec) const { return exact_ ? Interval(*exact_, prec) : enclose_(prec); }

 private:
  std::optional<Rational> exact_;
  Enclosure enclose_;
};

// Sign of x − q (−1, 0, +1). 0 only when x is exact and equal to q.
int compare(const CertifiedReal& x, const Rational& q);

// ⌊x·s⌋ for a rational s.
Integer floor_scaled(const CertifiedReal& x, const Rational& s);

namespace internal {
// After c chunks with value u (U ∈ I_c = [u/2^{64c}, (u+1)/2^{64c})): true when I_c ⊂ [0, p), false when
// I_c ⊂ [p, 1), nullopt when p lies strictly inside I_c (read another chunk).
std::optional<bool> decide_chunk(const CertifiedReal& p, const Integer& u, unsigned c);
}  // namespace internal

// Bernoulli(p) for p ∈ [0, 1] (precondition), exact: U uniform in [0, 1) read lazily in chunks of 64 bits
// (docs/bits.md §6), the draw is 1{U < p}. At least one chunk is read, also for p ∈ {0, ½, 1}.
template <BitSource B>
bool bernoulli_continue(const CertifiedReal& p, std::uint64_t first_chunk, B& bits) {
  Integer u = first_chunk;
  for (unsigned c = 1;; ++c) {
    if (auto d = internal::decide_chunk(p, u, c)) return *d;
    u <<= 64;
    u += bits.next_bits(64);
  }
}

template <BitSource B>
bool bernoulli(const CertifiedReal& p, B& bits) {
  return bernoulli_continue(p, bits.next_bits(64), bits);
}

}  // namespace dpb::ref
