// Calibration of seed 003's P₂, the matrix P_Vec (Sarmasarkar 2026, arXiv:2602.00417, App. S, Eq. 127; Lemma S.2;
// spec 003 §3.2, §6 V2/V3, §9 items 18, 19; docs/protocol-003.md "P₂: the matrix P_Vec"), certified:
//   g = max{⌈2√n⌉, d, 4} (Eq. 127's max{2√n, d, 4}, whose ceiling is this exactly),
//   b = ⌈24·10⁴ g² ln²(4(d²+1)/δ)/(ε² n)⌉ (the ceiling decided on refined MPFI enclosures), p = 1/4,
// the same g, b as seed 001's Thm C.1 (ref::thm35_g_b, reused). Theorem profile only: Lemma S.1/S.2's range is
// 0 < ε <= 15, 0 < δ < 1/2; outside it the calibration is refused, naming eps or delta.
// Derived quantities for the encoding in use (range r = 2Δ by default, r = Δ as printed; the spec's V2/V3 constants
// assume the scale g/Δ, i.e. r = Δ; with r they scale by (r/Δ)²), with ℓ = ln(4(d²+1)/δ):
//   message_bits             g + b (r = 2Δ) or 2g + b (r = Δ; g + b as printed overflows, claim 003.v5)
//   labels                   d(d+1)/2; bits per user ℓ_msg·d(d+1)/2 (as written: (g + b)·d²)
//   V2 binomial part         (r/g)²·n·b·3/16 >= 45 000·r²ℓ²/ε² (equality before the ceiling)
//   V2 rounding part bound   (r/g)²·n/4 <= r²/16 (g² >= 4n)
//   V3 proxy                 (r/g)²·n(b + 1)/4 <= 6·10⁴ r²ℓ²/ε² + r²/8 (b <= b₀ + 1; the spec's + Δ²/16 is for b₀)
// Sizes whose integers would not fit (b or n·ℓ_msg·d(d+1)/2 > 2^63 − 1) are refused, naming the parameter.
#pragma once

#include <optional>

#include "reference/core/rational.hpp"
#include "reference/protocols/calibration_001.hpp"
#include "reference/protocols/p_vec.hpp"

namespace dpb::ref {

struct CalibrationP2Input {
  std::optional<Rational> eps, delta;  // --eps, --delta (required)
  std::optional<Integer> n, d;         // --n (users in the call), --d (required)
  Rational Delta{1};                   // --sensitivity-bound Δ > 0 (1 for batch 1, 1/κ* for batches >= 2)
  PVecRange range = PVecRange::TwoDelta;
};

// The JSON-ready calibration (Calibration001's structure: a list of named quantities); ParameterError
// ("calibrate: parameter 'NAME' must be …, got VALUE") for anything outside Lemma S.2's range or the integers.
Calibration001 calibrate_p2(const CalibrationP2Input& in);

// Eq. 127's (g, b) with the range checks of Lemma S.1/S.2 (ParameterError naming eps, delta, n or d).
std::pair<Integer, Integer> eq127_g_b(const Rational& eps, const Rational& delta, const Integer& n, const Integer& d);

// ln(4(d²+1)/δ) and the spec's closed forms, as enclosures at `prec`.
Interval eq127_log(const Rational& delta, const Integer& d, mpfr_prec_t prec);
Interval v2_binomial_closed_form(const Rational& eps, const Rational& delta, const Integer& d, const Rational& r,
                                 mpfr_prec_t prec);  // 45 000 r² ℓ²/ε²
Interval v3_proxy_bound(const Rational& eps, const Rational& delta, const Integer& d, const Rational& r,
                        mpfr_prec_t prec);  // 6·10⁴ r² ℓ²/ε² + r²/8

// The exact quantities at (g, b) (no range check): (r/g)² n b 3/16, (r/g)² n/4 and (r/g)² n(b + 1)/4.
Rational p2_binomial_variance(const Integer& g, const Integer& b, const Integer& n, const Rational& r);
Rational p2_rounding_variance_bound(const Integer& g, const Integer& n, const Rational& r);
Rational p2_subgaussian_proxy(const Integer& g, const Integer& b, const Integer& n, const Rational& r);

}  // namespace dpb::ref
