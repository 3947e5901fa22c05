// Calibrations of seed 003's two learners (Sarmasarkar, "Shuffle and Joint Differential Privacy for Generalized
// Linear Contextual Bandits", 2026, arXiv:2602.00417; spec 003 §3.1, §3.4, §7.3, §9 items 2–11, 21, 28), certified:
// every irrational quantity is an MPFI enclosure refined until the integer it defines (a batch size, an iteration
// count, a cutoff) is decided. `dpbandit calibrate shuffle-glm|jdp-glm` prints them (docs/privacy-003.md,
// "Calibrations of the learners"). log = ln throughout (the paper does not say; §9 item 9's resolution).
//
// shuffle-glm (Alg. 1, theorem profile only: the authors never ran it). Where the paper gives two readings, both are
// printed and the default (first) is what `schedule_*` uses:
//   α: Eq. 6's T^{1/(2(1−2^{1−M}))} (B_M = T exactly: the batches overrun T, the last one is cut) | Thm E.1's
//      T^{1/(2(1−2^{−M}))};
//   B₁: Eq. 6's (√κ e^{3S} d² γ² α/S)^{2/3} | App. F's (φ d² α/R)^{2/3} with φ = √κ e^{3S}γ/(2S) (Eq. 26) or
//      √κ e^{3S}γ²/S; B₂ = α, B_k = α√B_{k−1} = α^{2−2^{2−k}} (real), each batch ⌈·⌉;
//   σ̃ (Eq. 10 gives no constant): the sub-Gaussian proxy of the P₂ release that is actually run — Lemma S.2's
//      bound 6·10⁴ r² ℓ²/ε₂² + r²/8 at the optimizer-free budget (ε₂, δ₂) = (ε/2, δ/2), ℓ = ln(4(d²+1)/δ₂), r = 2Δ —
//      separately for V (Δ = 1) and H (Δ = 1/κ*) (§9 item 6); γ uses the larger;
//   λ: Obs. 1's 20dR ln T + σ̃(√d + 6√ln(2dMT/δ)) (default, item 5) | Eq. 8's 20dR ln T + 6σ̃√ln(2dMT/δ);
//      λ_min, λ_max = λ ∓ σ̃(√d + 6√ln(2dMT/δ));
//   ν = c_ν (R S²/ε) √(d ln³(Td/δ)) (Eq. 10, c_ν = --nu-constant, default 1);
//   γ = 30RS√(dR ln T + 12σ̃√ln(2dMT/δ)) + √(4RSν) (Eq. 9, default) | with √(4RSν) inside the root (Thm E.1);
//   per batch: P_GD at (ε/2, δ/2), T_it = ⌊(ε/2)² n² / (d ln³(n d/(δ/2)))⌋ and T_it·n·d roundings.
// Refused (theorem): ε ≥ 5 (Thm 5.1), δ ≥ 1/2 (Lemma S.1), M < 2, κ < κ*.
//
// jdp-glm (Alg. 2). theorem: λ (Eq. 19), λ_min, λ_max; β = C R S √d ln(T/ζ) ln(1/δ)/√(εκ*) (Eq. 20, C =
// --beta-constant, default 1); γ = c R⁵S⁴ d ln²(Td/ζ) ln(32/δ)/(min(ε,1)κ*²) (Eq. 21, c = --gamma-constant, default
// 1) and the proof's κ* form (item 2); the Criterion-I threshold 1/(γ²κR²); count1 = 8dR²κγ² ln T; count2 as printed
// log₂(λ_max/λ_min + T/(κ*²λ_min d)) and §9 item 28's ⌈d log₂(2 + 2T/(κ*²λ_min d))⌉; per-call budgets
// ε_o = ε/(6√(2k ln(4/δ))), δ_o = δ/(6k) with k = ⌈count⌉; T_it at the largest call (n = T); tree σ (Lemma I.4,
// and the corrected V tree). Refused (theorem): ζ ≥ δ (Thm 6.2 needs δ > ζ).
// paper-code (spec 003 §7.3, the authors' code): λ = 2 ln(4/δ) ln²(4T/ζ)/(εκ*) + 0.75 d ln(4T/ζ)/R², λ_max/min =
// λ ± 1.5 ln(4/δ) ln²(4T/ζ)/(εκ*), γ = RS√(d ln(T/ζ)), β = 4√(d ln(T/ζ)), threshold 1/(0.01κR⁴S²d), count1 =
// max(1, ⌊dR²κγ² ln T/20000⌋), count2 = ⌊log₂(λ_max/λ_min + T/(κ*²λ_min d))⌋ (×3 in the later commit), per-call
// budget per_step_budget_auto(ε/3, δ/3, k): the naive split for k ≤ 10, else the largest e₀ on the grid 2^−40 with
// √(2k ln(2/δ₃)) e₀ + k e₀(e^{e₀} − 1) ≤ ε/3 (δ₃ = δ/3; δ₀ = δ₃/(2k)), decided on enclosures; ζ = δ allowed.
#pragma once

#include <optional>
#include <string>

#include "reference/core/rational.hpp"
#include "reference/protocols/calibration_001.hpp"
#include "reference/protocols/calibration_003.hpp"

namespace dpb::ref {

struct CalibrationGlmInput {
  std::string variant;                       // shuffle-glm | jdp-glm
  Profile003 profile = Profile003::Theorem;  // paper-code: jdp-glm only
  std::optional<Rational> eps, delta;        // required
  std::optional<Integer> horizon, d;         // required: T >= 16 (shuffle-glm: M >= 2), d in [1, 1024]
  std::optional<Rational> kappa, kappa_star; // required: κ >= κ* >= 1/sup μ̇ of the link
  std::optional<Rational> theta_norm;        // --theta-norm S > 0 (required), <= 64
  std::optional<Rational> reward_bound;      // --reward-bound R > 0 (default 1)
  std::optional<Rational> zeta;              // jdp-glm: ζ (default δ/2 theorem, δ paper-code)
  std::optional<Integer> batches;            // shuffle-glm: M (default ⌊log₂ log₂ T⌋)
  std::optional<Rational> beta_constant, gamma_constant, nu_constant;  // C, c, c_ν (default 1)
  std::optional<std::string> link;           // logistic (default) | probit
};

bool is_variant_glm003(const std::string& variant);
// ParameterError ("calibrate: parameter 'NAME' must be …, got VALUE") for anything outside the variant's range.
Calibration001 calibrate_glm003(const CalibrationGlmInput& in);

}  // namespace dpb::ref
