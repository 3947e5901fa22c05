// Rounded Gaussian: K = σ̄·X correctly rounded to the grid 2^{−r} (K is the integer with K·2^{−r} the grid point),
// X ~ N(0, 1) drawn exactly in the random-bit model. Used by seed 001 (Chowdhury and Zhou 2022, arXiv:2202.05567,
// the Gaussian noise of R_Amp, P_Amp and the tree mechanism, with σ̄ the certified upper rounding of the calibrated σ).
//
// X = s·(k + U) by Karney's exact normal algorithm (C. F. F. Karney, "Sampling exactly from the normal distribution",
// ACM TOMS 42(1), 2016; arXiv:1303.6257, Algorithm N with Algorithm B, binary digits), written from the paper:
//   N1  k = number of successes of Bernoulli(e^{−1/2}) before the first failure   (P[k] ∝ e^{−k/2})
//   N2  k(k−1) Bernoulli(e^{−1/2}) draws, all true, else restart                  (× e^{−k(k−1)/2})
//   N3  U a fresh lazily drawn uniform; k + 1 runs of B(k, U), all true, else restart (× e^{−U(2k+U)/2})
//   N4  s = one bit (1: negative)
// so (k, U) has density ∝ e^{−(k+U)²/2}. U is a "u-rand": its binary digits are drawn only when a comparison needs
// them; every acceptance test is decided by the digits drawn so far, so the undrawn digits are still fair bits.
// Then the magnitude M = ⌊c·(k + U) + 1/2⌋, c = σ̄·2^r, is decided lazily: with the m digits of U drawn (U in
// [a/2^m, (a+1)/2^m)), c(k + U) + 1/2 lies in [lo, hi); if ⌊lo⌋ = ⌈hi⌉ − 1 that is M, else the next digit of U is
// drawn. Output K = s ? −M : M. This is round-to-nearest of σ̄X·2^r with ties (probability 0) away from zero: the
// output is a deterministic function of the bit stream. Law: P[K = j] = Φ((j+½)/c) − Φ((j−½)/c)
// (reference/pmf/rounded_normal.hpp). docs/samplers.md, "Rounded Gaussian", has the bit-level rule and the proof.
#pragma once

#include <cstdint>
#include <optional>
#include <utility>

#include "reference/bits/bit_source.hpp"
#include "reference/bits/uniform.hpp"
#include "reference/core/rational.hpp"

namespace dpb::ref {

namespace internal {

// A u-rand: a uniform U ∈ [0, 1) of which the first m binary digits are known, as the integer a (digit 0 is the
// most significant of the m bits of a).
struct URand {
  Integer a = 0;
  unsigned long m = 0;
  bool digit(unsigned long i) const { return bit_test(a, static_cast<unsigned>(m - 1 - i)); }
  void append(bool d) {
    a <<= 1;
    if (d) a += 1;
    ++m;
  }
};

// Compares a fresh u-rand Z with y: for i = 0, 1, ...: draw Z's digit i, then (if y has only i digits) y's digit i;
// stop at the first i where they differ. Returns whether Z < y, and stores Z's known digits in *z.
template <BitSource B>
bool fresh_less(URand& y, URand* z, B& bits) {
  for (unsigned long i = 0;; ++i) {
    const bool zd = bits.next_bit();
    if (i == y.m) y.append(bits.next_bit());
    const bool yd = y.digit(i);
    if (zd != yd) {
      if (z != nullptr) {
        z->a = y.a >> static_cast<unsigned>(y.m - i);  // Z's digits 0..i−1 are y's
        z->m = i;
        z->append(zd);
      }
      return !zd;
    }
  }
}

// Bernoulli(e^{−1/2}) (Karney's Algorithm H, von Neumann): Z₁ < 1/2 (first digit 0), Z₂ < Z₁, …; n = length of the
// decreasing run; P[n ≥ j] = 2^{−j}/j!, so P[n even] = e^{−1/2}.
template <BitSource B>
bool bernoulli_exp_half(B& bits) {
  if (bits.next_bit()) return true;  // Z₁ ≥ 1/2: n = 0
  URand y;
  y.append(false);
  unsigned long n = 1;
  URand z;
  while (fresh_less(y, &z, bits)) {
    std::swap(y, z);
    ++n;
  }
  return n % 2 == 0;
}

// Karney's Algorithm B: true with probability e^{−x(2k+x)/(2k+2)}. Z₁ < x, Z₂ < Z₁, …, each step also passing an
// independent event R of probability (2k + x)/(2k + 2): f = uniform_below(2k + 2); f < 2k passes, f = 2k passes iff a
// fresh W < x, f = 2k + 1 fails. P[n ≥ j] = (px)^j/j!, p = (2k+x)/(2k+2), so P[n even] = e^{−px}.
template <BitSource B>
bool karney_b(unsigned long k, URand& x, B& bits) {
  const Integer m2 = Integer(2 * k + 2);
  unsigned long n = 0;
  URand y, z;
  bool first = true;
  for (;;) {
    if (!fresh_less(first ? x : y, &z, bits)) break;
    const Integer f = uniform_below(bits, m2);
    if (f == 2 * k + 1) break;
    if (f == 2 * k && !fresh_less(x, nullptr, bits)) break;
    std::swap(y, z);
    first = false;
    ++n;
  }
  return n % 2 == 0;
}

}  // namespace internal

class RoundedNormal {
 public:
  static constexpr long kMaxGridBits = 1024;

  // Throws ParameterError naming RoundedNormal unless sigma > 0 (numerator and denominator of at most 4096 bits)
  // and 0 ≤ grid_bits ≤ 1024.
  RoundedNormal(const Rational& sigma, const Integer& grid_bits);

  const Rational& sigma() const { return sigma_; }
  long grid_bits() const { return r_; }
  // c = σ̄·2^r, the scale of the output in grid units.
  const Rational& scale() const { return c_; }

  template <BitSource B>
  Integer operator()(B& bits) const {
    for (;;) {
      unsigned long k = 0;
      while (internal::bernoulli_exp_half(bits)) ++k;  // N1
      bool ok = true;
      const unsigned long trials = k == 0 ? 0 : k * (k - 1);
      for (unsigned long i = 0; ok && i < trials; ++i) ok = internal::bernoulli_exp_half(bits);
      if (!ok) continue;  // N2
      internal::URand x;
      for (unsigned long i = 0; ok && i <= k; ++i) ok = internal::karney_b(k, x, bits);
      if (!ok) continue;  // N3
      const bool negative = bits.next_bit();  // N4
      const Integer M = round_magnitude(k, x, bits);
      return negative ? Integer(-M) : M;
    }
  }

  // M = ⌊c(k + U) + 1/2⌋ with U's first x.m digits known: draws U's next digits until decided (the optimized build
  // hands its state over here when its integers would overflow).
  template <BitSource B>
  Integer round_magnitude(unsigned long k, internal::URand& x, B& bits) const {
    for (;;) {
      if (auto M = decide(Integer(k), x.a, x.m)) return *M;
      x.append(bits.next_bit());
    }
  }

  // The rounding decision for k + U ∈ [k + a/2^m, k + (a+1)/2^m): M if ⌊c·(k+U) + 1/2⌋ is the same over the whole
  // interval, else nullopt.
  std::optional<Integer> decide(const Integer& k, const Integer& a, unsigned long m) const;

 private:
  Rational sigma_;
  long r_ = 0;
  Rational c_;
  Integer cn_, cd_;  // c = cn_/cd_ in lowest terms
};

}  // namespace dpb::ref
