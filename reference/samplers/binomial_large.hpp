// Binomial(n, p) for large n (0 ≤ n ≤ 2^80) and p ∈ {1/2, 1/4}, exact in the random-bit model with expected cost
// independent of n (about 2.3 trials of ~70 bits and a few certified ln Γ evaluations). The `large` method of
// `dpbandit sample binomial`; the O(n) Binomial (binomial.hpp) and its bit stream are unchanged.
//
// Bin(n, 1/2) by exact rejection from a piecewise-uniform proposal (the block idea of Bringmann, Kuhn, Panagiotou,
// Peters and Sauerwald, "Internal DLA: efficient simulation of a physical growth model", ICALP 2014; the envelope and
// the acceptance rule below are this project's, docs/samplers.md "Binomial for large n" has the proofs):
//   m = ⌊n/2⌋ (a mode), w = ⌈√m⌉ + 2, P(k) = C(n, k)/2^n.
//   loop {
//     b = number of 0 bits before the first 1 bit              (P[b] = 2^{−(b+1)})
//     u = uniform_below(w); s = one bit
//     j = s ? −(b·w + u + 1) : b·w + u                       (every integer j exactly once, q(j) = 2^{−b}/(4w))
//     if m + j ∉ [0, n]: reject (no bits)
//     a = 2^b · P(m+j)/P(m)                                  (≤ 1: P(m+j)/P(m) ≤ e^{−|j|(|j|−1)/(m+|j|)} ≤ 2^{−b})
//     a = 1 (b = 0 and j = 0, or n odd and j = 1): accept (no bits)
//     else accept iff U < a, U a uniform read in 64-bit chunks (the chunk rule of docs/bits.md §6)
//   }
//   return m + j
// Bin(n, 1/4) = Bin(Bin(n, 1/2), 1/2): two such draws, the second with n' = the first's value.
//
// The acceptance decides U < a with certified arithmetic only (no floating point): for |j| ≤ 64 from the exact
// rational a = 2^b·Π(ratios); otherwise, for m ≥ 2^14 and 2|j| ≤ m, first from one 128-bit MPFI enclosure of ln a by
// Stirling's formula with Robbins' remainder bounds (docs/samplers.md "Binomial for large n", § "Certified decisions");
// then (undecided, or outside that range) from enclosures of ln a = b ln 2 + ln m! + ln (n−m)! − ln (m+j)! −
// ln (n−m−j)! (MPFR ln Γ), refined by doubling the precision; when the refinement reaches 64c + 2048 bits
// (c chunks read) a is computed as the exact rational (|j| ≤ 2^24; beyond, std::runtime_error — reaching it needs
// U within 2^{−2048} of a, or a dyadic a at a chunk boundary). Every stage decides the same exact comparison, so the
// stages change costs, never values or bits. The optimized build first tries a floating-point squeeze with a proven
// error bound and calls continue_acceptance only when it cannot decide
// (optimized/samplers/internal/binomial_squeeze.hpp).
#pragma once

#include <cstdint>
#include <optional>

#include "reference/bits/bit_source.hpp"
#include "reference/bits/uniform.hpp"
#include "reference/core/interval.hpp"
#include "reference/core/rational.hpp"

namespace dpb::ref {

namespace internal {

// The constants of Bin(n, 1/2)'s rejection sampler for one n, and its acceptance decisions.
class HalfBinomialRejection {
 public:
  explicit HalfBinomialRejection(const Integer& n);

  const Integer& n() const { return n_; }
  const Integer& m() const { return m_; }
  const Integer& w() const { return w_; }

  // a(j, b) = 1 exactly (accepted without bits)?
  bool certain(const Integer& j, unsigned long b) const;
  // After c chunks with value u: true when I_c ⊂ [0, a), false when I_c ⊂ [a, 1), nullopt when a lies inside I_c.
  std::optional<bool> decide(const Integer& j, unsigned long b, const Integer& u, unsigned c) const;

  // a(j, b) as an exact rational: 2^b·Π of |j| ratios (throws std::runtime_error when |j| > 2^24).
  Rational exact_acceptance(const Integer& j, unsigned long b) const;

  template <BitSource B>
  bool continue_acceptance(const Integer& j, unsigned long b, std::uint64_t first_chunk, B& bits) const {
    Integer u = first_chunk;
    for (unsigned c = 1;; ++c) {
      if (auto d = decide(j, b, u, c)) return *d;
      u <<= 64;
      u += bits.next_bits(64);
    }
  }

  template <BitSource B>
  Integer operator()(B& bits) const {
    for (;;) {
      unsigned long b = 0;
      while (!bits.next_bit()) ++b;
      const Integer u = uniform_below(bits, w_);
      const bool negative = bits.next_bit();
      const Integer j = negative ? Integer(-(Integer(b) * w_ + u + 1)) : Integer(Integer(b) * w_ + u);
      const Integer k = m_ + j;
      if (k < 0 || k > n_) continue;
      if (certain(j, b)) return k;
      if (continue_acceptance(j, b, bits.next_bits(64), bits)) return k;
    }
  }

 private:
  Interval log_acceptance(const Integer& j, unsigned long b, mpfr_prec_t prec) const;
  // ln a enclosed by Stirling's formula with Robbins' bounds (m ≥ 2^14, 2|j| ≤ m; else nullopt).
  std::optional<Interval> stirling_log_acceptance(const Integer& j, unsigned long b) const;

  Integer n_, m_, w_;
};

}  // namespace internal

class BinomialLarge {
 public:
  // The largest n (docs/decisions.md "BinomialLarge up to 2^80").
  static inline const Integer kMaxN = Integer(1) << 80;

  // Throws ParameterError naming BinomialLarge unless 0 ≤ n ≤ 2^80 and p ∈ {1/2, 1/4}.
  BinomialLarge(const Integer& n, const Rational& p) : p_(checked_p(p)), half_(checked_n(n)) {}

  const Integer& n() const { return half_.n(); }
  const Rational& p() const { return p_; }

  template <BitSource B>
  Integer operator()(B& bits) const {
    const Integer x = half_(bits);
    if (p_ == Rational(1, 2)) return x;
    return internal::HalfBinomialRejection(x)(bits);  // Bin(Bin(n, 1/2), 1/2) = Bin(n, 1/4)
  }

 private:
  static Rational checked_p(const Rational& p);
  static Integer checked_n(const Integer& n);

  Rational p_;
  internal::HalfBinomialRejection half_;
};

}  // namespace dpb::ref
