// `004.prop5.3.approx` (issue 16 §3; errata, issue 16; spec §5 Prop. 5.3, V7, V20, E4): CORRUPTED ELIMINATION with
// uniform agents needs about T̂(α) = N·Q⁻¹(T(η_ξ), 1 − α^{1/M}) rounds with probability α.
//
// Method: certified + statistical (docs/decisions.md, "Prop. 5.3"). T̂ is certified; the claim it is compared with is
// a quantile of a random stopping time, so that side is statistical:
//   * T(η_ξ) as spec V20 (§7.4) defines it: the first agent round t at which SE's test passes for the smallest gap
//     when the estimates equal the means, min{t : 2·√(ln(cKt²/η_ξ)/t) ≤ Δ₂} (c = 1; P1: K = 10, Δ₂ = 1/5; 1733 at
//     η_ξ = 9/10), decided in MPFI.
//   * Q(s, λ) = e^{−λ} Σ_{j<s} λ^j/j! for integer s (V6), MPFI 256 bits; Q⁻¹(s, y) by bisection on dyadic rationals,
//     keeping Q(s, lo) > y > Q(s, hi) certainly, to relative width 1e-15; y = 1 − α^{1/M} enclosed, α ∈ {1/2, 19/20}.
//     M is the engine's vote threshold ⌈log δ/log η_ξ⌉ (E6, E7).
//   * Boost's gamma_q_inv(s, y) must lie within 1e-12 relative of the certified interval (tested).
//   * Verdict (the paper says "approximately"; the reading takes a factor 2 either way): with F(x) = P(rounds ≤ x),
//     the α-quantile lies in [T̂/2, 2T̂] iff F(T̂/2) < α ≤ F(2T̂). One-sided Clopper–Pearson at α_claim/(2m) (two
//     tests per point, m points): `holds` iff at every point CP-upper F(T̂/2) < α and CP-lower F(2T̂) ≥ α;
//     `violated` iff at some point CP-lower F(T̂/2) ≥ α (quantile ≤ T̂/2) or CP-upper F(2T̂) < α (quantile > 2T̂);
//     else `inconclusive`. Undecided runs count as beyond every threshold. The ratio measured quantile / T̂ is
//     reported.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "reference/core/interval.hpp"
#include "reference/core/rational.hpp"
#include "verify/claims/claim.hpp"

namespace dpb::verify::statistical {

// Q(s, λ) = P(Poisson(λ) ≤ s − 1), s ≥ 1, λ ≥ 0, MPFI.
Interval poisson_gamma_q(std::uint64_t s, const Rational& lambda, mpfr_prec_t prec = 256);
// A certified enclosure of Q⁻¹(s, y) for y given as an enclosure inside (0, 1).
Interval gamma_q_inv_certified(std::uint64_t s, const Interval& y, const Rational& rel_width = Rational(1, 1000000000000000));
// Boost's gamma_q_inv(s, y) (double), the optimized cross-check.
double gamma_q_inv_boost(std::uint64_t s, double y);
// V20's T(η_ξ): min{t ≥ 1 : 2·√(ln(cKt²/η)/t) ≤ gap}.
std::uint64_t se_local_count(const Rational& eta, std::uint32_t K, const Rational& c, const Rational& gap);
// T̂(α) = N·Q⁻¹(s, 1 − α^{1/M}).
Interval prop53_rounds(std::uint32_t N, std::uint64_t s, std::uint64_t M, const Rational& alpha);

struct Prop53Point {
  std::uint32_t N = 64;
  Rational delta{1, 20}, eta{9, 10}, xi{1, 10};
  std::uint64_t runs = 30;
  Rational factor{1};  // scales T̂ before the comparison (1 for the claim; a negative control moves it)
  std::vector<Rational> levels{Rational(1, 2), Rational(19, 20)};  // the α tested at this point
};

Outcome check_prop53_grid(const std::vector<Prop53Point>& grid, const RunOptions& options);
Outcome check_prop53_approx(const RunOptions& options);

// `004.prop5.3.direction` (issue 16 §3, "the use the paper makes of it", §5.3 and App. C.2): T̂(1/2) moves with η
// (ξ = 0) and with ξ (η fixed) as the measured rounds do. Along each sweep, for every adjacent pair of settings a → b
// the certified order of T̂_a(1/2) and T̂_b(1/2) (disjoint enclosures; a pair whose enclosures meet is listed and not
// tested) predicts the sign of the paired difference rounds_b − rounds_a (the runs share their streams); an exact
// sign test per pair, the family judged by Holm (verify/experiments/trend.hpp): holds iff every predicted direction
// is confirmed, violated iff some pair's rounds move against T̂ with confidence, else inconclusive.
struct Prop53Sweep {
  std::string name;                // "eta" or "xi"
  std::uint32_t N = 64;
  Rational delta{1, 20};
  std::vector<std::pair<Rational, Rational>> settings;  // (η, ξ), in sweep order
  std::uint64_t runs = 30;
  bool reverse_prediction = false;  // negative control: predict the opposite of T̂'s order
};
Outcome check_prop53_direction_grid(const std::vector<Prop53Sweep>& sweeps, const RunOptions& options);
Outcome check_prop53_direction(const RunOptions& options);

}  // namespace dpb::verify::statistical
