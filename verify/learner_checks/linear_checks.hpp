// Claims on seed 001's learner trajectories (Chowdhury & Zhou, ICML 2022, arXiv:2202.05567; issue 18):
//   001.claim-a6           Claim A.6 (App. A): with the virtual design V̂_k = Σ_{s≤k} φ_sφ_sᵀ + λ_min I,
//                          Ψ̂ = {m : det V̂_{t_m} > 4 det V̂_{t_{m−1}}} and Ψ = {t : ‖x_t‖²_{V̂_{t_{m−1}}⁻¹} >
//                          4‖x_t‖²_{V̂_{t−1}⁻¹}} (Γ_{m_t}/Γ_{t−1} > 2) satisfy |Ψ̂| ≤ (d/(2 ln 2)) ln(1 + T/(dλ_min)),
//                          |Ψ| ≤ B·|Ψ̂| and |Ψ| ≤ (dT/(2M ln 2)) ln(1 + T/(dλ_min)); the sets are computed exactly
//                          (Bareiss, integers) on trajectories of the learners, the bounds by MPFI.
//   001.sec6.adaptive-gap  §6: an adaptive (determinant-trick) schedule needs V_t ⪰ V_{τ_t}; under private noise it
//                          fails — an exact witness x with xᵀ(V_m − V_{m−1})x < 0 on a private trajectory.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "reference/core/interval.hpp"
#include "reference/environments/linear_instance.hpp"
#include "reference/learners/shuffle_private_linucb.hpp"
#include "verify/claims/claim.hpp"

namespace dpb::verify::learner_checks {

struct A6Counts {
  std::uint64_t psi = 0, psi_hat = 0, M = 0, B = 0, T = 0;
};
// Exact |Ψ| and |Ψ̂| of the actions' first M·B rounds (B ≥ 1, M = ⌊actions/B⌋).
A6Counts claim_a6_counts(const ref::LinearInstance& instance, const std::vector<std::uint32_t>& actions,
                         std::uint64_t B, const Rational& lambda_min);

// `bound_scale` multiplies both printed bounds (1: the claim; the negative control shrinks them).
Outcome check_claim_a6(bool full, std::uint64_t seed, const Rational& bound_scale = Rational(1));
// `learner`: a private learner has a witness; `linucb` (V_m − V_{m−1} = Σφφᵀ ⪰ 0) is the control (inconclusive).
Outcome check_adaptive_gap(std::uint64_t seed, const std::string& learner = "linucb-ldp");

// 001.lemma-a2.confidence  Lemma A.2's confidence event: θ* ∈ C_m = {θ : ‖θ − θ̂_m‖_{V_m} ≤ β_m} for every broadcast m
//                          of a run, with probability ≥ 1 − α (the statement; the proof's union bound gives 1 − 2α).
//                          Decided exactly per broadcast: with w = D·u_m − (D·V_m)θ*, ‖θ̂_m − θ*‖²_{V_m} =
//                          wᵀ(D·V_m)⁻¹w / D, compared with β_m² in rationals (β_m as configured, rounded up).
//                          The failure count of R runs per learner gets one-sided Clopper–Pearson bounds at
//                          α_claim/(2L) (L learners): holds iff every upper bound ≤ α, violated iff some lower
//                          bound > α; the proof's 2α is reported beside. Runs at α = 1/4 (the lemma holds for every
//                          α; a small α needs ≫ 1/α runs to show anything).
struct ConfidenceCount {
  std::uint64_t runs = 0, failed_runs = 0, broadcasts = 0, outside = 0;
  double max_ratio = 0;  // max over broadcasts of ‖θ̂_m − θ*‖_{V_m} / β_m (report only)
};
// `beta_scale` multiplies every β_m (1: the claim; the negative control shrinks the ellipsoids).
ConfidenceCount lemma_a2_confidence_count(const std::string& learner, std::uint32_t runs, std::uint64_t seed,
                                          std::uint64_t horizon, const Rational& beta_scale = Rational(1));
Outcome check_lemma_a2_confidence(bool full, std::uint64_t seed, double alpha_claim,
                                  const Rational& beta_scale = Rational(1));

// 001.lemma-a4.regularity  Assumption A.1's event with Lemma A.4's λ = 2Σ_N (the theorem profile's λ, λ_min = λ/2,
//                          λ_max = 3λ/2, ν = Σ_n/√λ_min): for every broadcast m, λ_min I ⪯ H_m ⪯ λ_max I and
//                          ‖h_m‖_{H_m⁻¹} ≤ ν, where H_m = V_m − Σ_{t≤t_m} φφᵀ (λI plus the accumulated matrix noise)
//                          and h_m = u_m − Σ_{t≤t_m} φ_t y_t — with probability ≥ 1 − α. Decided exactly per broadcast
//                          (positive definiteness of H_m − λ_min I and λ_max I − H_m by exact pivots, hᵀH⁻¹h against
//                          ν² with ν enclosed as (ν↑ − 2^−32, ν↑]; a value inside that sliver counts as a miss for
//                          `holds` and not for `violated`). Private learners only (σ = 0 makes H_m = λI, h_m = 0).
//                          `band` scales the allowed deviations (1: the claim; the control tightens them).
struct RegularityCount {
  std::uint64_t runs = 0, failed_runs = 0, failed_runs_certain = 0, broadcasts = 0;
  double max_low = 0, max_high = 0, max_nu = 0;  // report only: worst ratios λ_min/λ_min(H), ‖H‖/λ_max, ‖h‖/ν
};
RegularityCount lemma_a4_regularity_count(const std::string& learner, std::uint32_t runs, std::uint64_t seed,
                                          std::uint64_t horizon, const Rational& band = Rational(1));
Outcome check_lemma_a4_regularity(bool full, std::uint64_t seed, double alpha_claim,
                                  const Rational& band = Rational(1));

// 001.lemma-a2.regret     Lemma A.2's regret bound: with probability ≥ 1 − α, Reg(T) ≤ (dT/(2M ln 2)) ln(1 + T/(dλ_min))
//                          + 4β_M √(2dT ln(1 + T/(dλ_min))), β_M = √(2 ln(1/α) + d ln(1 + T/(dλ_min))) + √λ_max + ν
//                          (the statement's β_M; M = ⌊T/B⌋). Decided exactly per run: the pseudo-regret Σ_t (μ* −
//                          μ_{a_t}) is an exact rational, the bound an MPFI enclosure with ν ∈ (ν↑ − 2^−32, ν↑]; a run
//                          is a certain failure when Reg > the bound's upper end, undecided inside the enclosure (a
//                          failure for `holds`, not for `violated`). The failure count of R runs per learner gets
//                          one-sided Clopper–Pearson bounds at α_claim/(2L): holds iff every upper bound ≤ α, violated
//                          iff some lower bound (of the certain failures) > α; the proof's 1 − 2α reported beside.
//                          `bound_scale` multiplies the bound (1: the claim; the negative control shrinks it).
// The bound above for one configured learner (conf: ref::configure_linucb's, T = conf.T), enclosed in 256-bit MPFI
// with ν ∈ (ν↑ − 2^−32, ν↑], times `scale`. Shared with the rate claims of 001-exponents, which call a grid point
// vacuous when the bound's lower end is ≥ T (means in [0, 1]: no regret exceeds T·max gap ≤ T, so the theorem then
// predicts nothing there).
Interval lemma_a2_bound(const ref::LinUcbConfig& conf, std::uint32_t d, const Rational& scale = Rational(1));
struct RegretBoundCount {
  std::uint64_t runs = 0, failed_runs = 0, failed_runs_certain = 0, vacuous_runs = 0;
  double max_ratio = 0;      // max over runs of Reg(T) / bound (report only)
  double min_bound = 0;      // the smallest bound over runs (report only)
  double max_regret = 0;     // report only
};
RegretBoundCount lemma_a2_regret_count(const std::string& learner, std::uint32_t runs, std::uint64_t seed,
                                       std::uint64_t horizon, const Rational& bound_scale = Rational(1));
// runs: 0 for the suite's size (quick 80, full 300).
Outcome check_lemma_a2_regret(bool full, std::uint64_t seed, double alpha_claim,
                              const Rational& bound_scale = Rational(1), std::uint32_t runs = 0,
                              const std::vector<std::string>& learners = {});

}  // namespace dpb::verify::learner_checks
