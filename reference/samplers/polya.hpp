// Exact Pólya(r, β) sampler (negative binomial, β = e^{−1/scale}), r > 0 and scale > 0 rational, by inversion with a
// lazily drawn uniform (internal/cdf_inversion.hpp; docs/samplers.md, "Inversion samplers"), decided by certified
// enclosures of the Pólya CDF (reference/pmf/polya.hpp; table by P[x+1]/P[x] = β(x+r)/(x+1)). This is the exact
// reference, used in place of the Gamma–Poisson mixture, which underflows for r = 1/n (Gamma draws of tiny shape round
// to 0); tiny r is fine here (the mass sits at 0, the table grows only as far as draws reach).
//
// PolyaDifference draws γ⁺ then γ⁻ from one Pólya sampler and returns γ⁺ − γ⁻: the per-user noise of seed 000
// Theorem 1 (Fact 1: Σ over n users of Pólya(1/n, β) differences is Lap_Z(scale)).
//
// Spec: Chowdhury & Zhou 2023 (arXiv:2206.05772), Fact 1. Thread-safety: one sampler object per thread (the CDF table
// is cached).
#pragma once

#include "reference/bits/bit_source.hpp"
#include "reference/core/rational.hpp"
#include "reference/samplers/internal/cdf_inversion.hpp"

namespace dpb::ref {

class Polya {
 public:
  // Throws ParameterError naming Polya unless 0 < r ≤ 2^20 and 0 < scale ≤ 2^32.
  Polya(const Rational& r, const Rational& scale);

  const Rational& r() const { return r_; }
  const Rational& scale() const { return scale_; }
  // The constructor's validation on its own, naming `function` (the optimized build shares it).
  static void validate(const Rational& r, const Rational& scale, const char* function = "Polya");

  template <BitSource B>
  Integer operator()(B& bits) {
    return Integer(inversion_.draw(bits));
  }
  // Finishes a draw whose first 64-bit chunk was already read from `bits` (the optimized build defers here).
  template <BitSource B>
  Integer continue_draw(std::uint64_t first_chunk, B& bits) {
    return Integer(inversion_.continue_draw(first_chunk, bits));
  }
  internal::CdfInversion& inversion() { return inversion_; }

 private:
  Polya(const Rational& r, const Rational& scale, const char* function);
  friend class PolyaDifference;
  Rational r_;
  Rational scale_;
  internal::CdfInversion inversion_;
};

class PolyaDifference {
 public:
  // Throws ParameterError naming PolyaDifference unless 0 < r ≤ 2^20 and 0 < scale ≤ 2^32.
  PolyaDifference(const Rational& r, const Rational& scale);

  const Rational& r() const { return polya_.r(); }
  const Rational& scale() const { return polya_.scale(); }

  template <BitSource B>
  Integer operator()(B& bits) {
    Integer plus = polya_(bits);
    Integer minus = polya_(bits);
    return plus - minus;
  }
  Polya& polya() { return polya_; }

 private:
  Polya polya_;
};

}  // namespace dpb::ref
