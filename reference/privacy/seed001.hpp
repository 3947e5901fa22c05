// Privacy accounting of seed 001 (Chowdhury & Zhou, ICML 2022, arXiv:2202.05567), certified (MPFI enclosures,
// directed rounding; docs/privacy-001.md):
//   - the exact Gaussian privacy profile (Balle and Wang 2018, Thm 8):
//       δ(ε) = Φ(Δ/(2σ) − εσ/Δ) − e^ε·Φ(−Δ/(2σ) − εσ/Δ),   Φ(x) = erfc(−x/√2)/2 (MPFR's erfc, directed);
//   - the Gaussian LDP calibration of Cor. B.3 / Prop. F.1: σ = 4√(2 ln(2.5/δ₀))/ε₀;
//   - Lemma B.4 (Feldman, McMillan, Talwar 2021, Thm 3.8; the shuffled view of an (ε₀, δ₀)-LDP randomizer over n
//     users): if ε₀ ≤ ln(n/(16 ln(2/δ′))), the shuffle is (ε̃, δ̃)-DP with
//       ε̃ = ln(1 + ((e^{ε₀} − 1)/(e^{ε₀} + 1))·(8√(e^{ε₀} ln(4/δ′))/√n + 8e^{ε₀}/n)),
//       δ̃ = δ′ + (e^{ε̃} + 1)(1 + e^{−ε₀}/2)·n·δ₀.
//     The precondition is decided exactly (enclosures refined until they separate); ε̃ and δ̃ are increasing in ε₀
//     and δ₀, so enclosures of the inputs give enclosures of the outputs, and the upper ends are the safe values.
#pragma once

#include <functional>
#include <optional>

#include "reference/core/interval.hpp"
#include "reference/core/rational.hpp"

namespace dpb::ref {

// An irrational (or rational) input given by enclosures that shrink as the precision grows.
using RealFn = std::function<Interval(mpfr_prec_t)>;
RealFn exact_real(const Rational& q);

// Φ over an enclosure (Φ increases).
Interval normal_cdf(const Interval& x);

// δ(ε) of the Gaussian mechanism N(·, σ²) with ℓ₂ sensitivity Δ, as an enclosure at precision prec.
Interval gaussian_delta(const Interval& sensitivity, const Interval& sigma, const Rational& eps, mpfr_prec_t prec);
// Certified upper bound of δ(ε) (the upper end of an enclosure at 256 bits).
Rational gaussian_delta_upper_bound(const RealFn& sensitivity, const Rational& sigma, const Rational& eps);

// σ = 4√(2 ln(2.5/δ₀))/ε₀ (Cor. B.3).
Interval ldp_gauss_sigma(const Interval& eps0, const Rational& delta0, mpfr_prec_t prec);

// ⌈x·2^k⌉/2^k for a real x, decided exactly (refinement from `start` bits, doubling; std::runtime_error if undecidable
// at 2^16 bits). The result does not depend on `start`: a lower start only makes the common case cheaper.
Rational round_up_to_grid(const RealFn& x, unsigned k, mpfr_prec_t start = 128);
// ⌈x⌉ for a real x, decided exactly (same refinement).
Integer certified_ceiling(const RealFn& x, mpfr_prec_t start = 128);
// Decides x <= y for reals (refinement; std::runtime_error when they cannot be separated at 2^16 bits: equal).
bool certainly_le(const RealFn& x, const RealFn& y);

struct FmtBound {
  bool applicable = false;        // ε₀ ≤ ln(n/(16 ln(2/δ′))), decided exactly
  Interval threshold;             // ln(n/(16 ln(2/δ′))) (meaningless when n ≤ 16 ln(2/δ′): then not applicable)
  bool threshold_defined = false; // n > 16 ln(2/δ′)
  Interval eps_tilde, delta_tilde;
  Rational eps_tilde_upper, delta_tilde_upper;  // the enclosures' upper ends (valid only when applicable)
};

// Throws ParameterError (naming fmt) unless ε₀ > 0 (checked on the enclosure), δ₀ ∈ [0, 1], n ≥ 1, δ′ ∈ (0, 1].
FmtBound fmt_amplification(const RealFn& eps0, const Rational& delta0, const Integer& n, const Rational& delta_prime);

}  // namespace dpb::ref
