// Privacy accountants and conversions, with conservative (directed) rounding. Every function returns either an
// upper bound (`*_upper_bound`: the exact value of the formula is ≤ the result, which is the safe side for an ε or
// δ that is claimed) or a lower bound (`*_lower_bound`: a per-step budget, where smaller is safe). Results are
// exact rationals: the ends of certified MPFI enclosures of the formula.
//
// Spec: Chowdhury & Zhou 2023 (arXiv:2206.05772), App. K (Lemma 10, Theorem 7, pure DP → RDP), App. I (returning
// users); issue 4 item 5.
// docs/privacy-000.md §4 gives each formula's source and proof sketch. Infima over α > 1 are replaced by minima
// over a fixed grid of rational α (each grid point gives a valid bound, so the minimum is one too; it can only be
// larger than the infimum).
#pragma once

#include <utility>
#include <vector>

#include "reference/core/interval.hpp"
#include "reference/core/rational.hpp"

namespace dpb::ref {

inline constexpr mpfr_prec_t kAccountantPrecision = 192;

// ---- pure DP → RDP ----
// ε-DP ⇒ D_α ≤ D_α(RR_ε) = (1/(α−1)) log((e^{αε} + e^{(1−α)ε})/(1 + e^ε)), the divergence of randomized response
// (tight: every ε-DP pair is a post-processing of RR_ε — docs/privacy-000.md §4.1 — and D_α obeys data processing).
Interval randomized_response_renyi(const Rational& eps, const Rational& alpha, mpfr_prec_t prec);
// min(RR value, ε, αε²/2) rounded up (the last two: Bun–Steinke 2016 Prop. 3.3 and D_α ≤ D_∞ = ε).
Rational pure_to_rdp_upper_bound(const Rational& eps, const Rational& alpha);

// An RDP curve: points (α, an upper bound of ε(α)), α > 1.
using RdpCurve = std::vector<std::pair<Rational, Rational>>;

// ---- RDP → (ε, δ) ----
// Standard (Mironov 2017, Prop. 3): ε′ = min_α ε(α) + log(1/δ)/(α−1). Rounded up.
Rational rdp_to_dp_standard_upper_bound(const RdpCurve& curve, const Rational& delta);
// Seed 000 Lemma 10 (= Canonne–Kamath–Steinke 2020, Prop. 12): ε′ = min_α ε(α) + log(1/(αδ))/(α−1) + log(1−1/α).
// Rounded up; never below 0 (the minimum is negative for small curves, and (ε < 0, δ)-DP implies (0, δ)-DP).
Rational rdp_to_dp_lemma10_upper_bound(const RdpCurve& curve, const Rational& delta);

// ---- ρ-zCDP (½ε̂²-CDP, ρ = ε̂²/2) → (ε, δ) ----
// Canonne–Kamath–Steinke 2020 (Prop. 12 applied to ε(α) = αρ; the tight conversion of their Cor. 13):
//   ε(δ) = inf_{α>1} αρ + log(1/(αδ))/(α−1) + log(1−1/α),   rounded up;
//   δ(ε) = inf_{α>1} e^{(α−1)(αρ−ε)} (1−1/α)^{α−1}/α,        rounded up.
Rational zcdp_to_dp_cks_upper_bound(const Rational& rho, const Rational& delta);
Rational zcdp_delta_cks_upper_bound(const Rational& rho, const Rational& eps);
// Bun–Steinke 2016 Prop. 1.3: ε = ρ + 2√(ρ log(1/δ)), rounded up (for comparison; never below the CKS value).
Rational zcdp_to_dp_bun_steinke_upper_bound(const Rational& rho, const Rational& delta);
// The α grid used for the infima: α − 1 = 2^{j/16}, j = −160, …, 224 (α − 1 from 2^{−10} to 2^{14}).
const std::vector<Rational>& accountant_alpha_grid();

// ---- composition ----
// Advanced composition (Dwork–Roth 2014, Thm 3.20): k-fold adaptive composition of (ε, δ)-DP mechanisms is
// (ε_tot, kδ + δ′)-DP with ε_tot = √(2k log(1/δ′)) ε + k ε (e^ε − 1). Returns ε_tot rounded up.
Rational advanced_composition_eps_upper_bound(const Rational& eps, const Integer& k, const Rational& delta_prime);
// Seed 000 Theorem 7 (Dwork–Roth Cor. 3.21): per-step ε = ε′/(2√(2k log(1/δ′))), rounded down.
Rational theorem7_per_step_eps_lower_bound(const Rational& eps_target, const Integer& k, const Rational& delta_prime);

// ---- returning users (seed 000 App. I) ----
struct ReturningUsersBudget {
  Rational eps_batch;        // ε_i = ε/(2√(2B log(1/δ′))), rounded down
  Rational delta_batch;      // δ_i = δ/(2B), exact
  Rational delta_prime;      // δ′ = δ/2, exact
  Rational eps_total_upper;  // advanced composition of B batches at (ε_i, δ_i), rounded up
  Rational delta_total;      // B δ_i + δ′ = δ, exact
};
// Approximate-DP route of App. I (ParameterError unless eps > 0, delta ∈ (0,1), B ≥ 1).
ReturningUsersBudget returning_users_budget(const Rational& eps, const Rational& delta, const Integer& B);
// RDP route of App. I: B batches of ρ_b-zCDP compose to Bρ_b-zCDP; then the CKS conversion. Rounded up.
Rational returning_users_zcdp_eps_upper_bound(const Rational& rho_batch, const Integer& B, const Rational& delta);

}  // namespace dpb::ref
