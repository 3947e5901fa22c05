// Joint-DP GLM bandit (Sarmasarkar 2026, "Shuffle and Joint Differential Privacy for Generalized Linear Contextual
// Bandits", arXiv:2602.00417, Sec. 6, Alg. 2; spec 003 §3.4–3.6, §9 items 21, 26, 28–30), reference build, profile
// `theorem`: RS-GLinCB's round (reference/learners/rs_glincb.hpp) with V and H released by two symmetric-matrix
// Gaussian trees (reference/protocols/tree_mechanism.hpp, symmetrisation `half`, Lemma I.4) and θ̂_o, θ̂_τ from P_GD
// (reference/protocols/p_gd.hpp). Constants from `calibrate jdp-glm` (calibration_003_glm.hpp), rounded UP:
//   λ, λ_max: ⌈·⌉ (integers); γ, β: ⌈·2^32⌉·2^−32; σ_V = tree_sigma_V_corrected, σ_H = tree_sigma (⌈·2^32⌉·2^−32);
//   count1 = k₁, count2 = k₂ (the printed count2, not item 28's); per-call (ε_o, δ_o) = theta_o_*_call, theta_tau_*_call.
// Round t (R = 1; threshold τ₁ = 1/(γ²κ) exact with the rounded γ):
//   V_t = λI + V-tree prefix after t − 1 leaves, H_t = λI + H-tree prefix (exact rationals on 2^−r, r = 2q + 32);
//   Criterion I: V_t not PD, or max_x ‖x‖²_{V_t⁻¹} ≥ τ₁ (exact, Bareiss) → play argmax ‖x‖_{V⁻¹} (V not PD: argmax
//     ‖x‖₂; ties lowest index); V leaf xxᵀ, H leaf 0; if count1 < cutoff: θ̂_o = P_GD on T_o (ball ‖θ‖ ≤ S,
//     reg λ_max/|T_o|), count1++.
//   D_t = max(D_{t−1}, det H_t) at every round (exact; D_0 = λ^d, item 30);
//   else (no Criterion I): Criterion II: D_t > 2·D_τ and count2 < cutoff → τ = t, D_τ = D_t,
//     θ̂_τ = P_GD on [t−1]∖T_o (ellipsoid {‖θ − θ̂_o‖²_V ≤ γ²κ}, reg λ_max/n; n = 0: θ̂_τ = θ̂_o), then, when
//     ‖θ̂_τ‖ > S, θ̂_τ is moved onto the S-ball by P_GD's ball rule (counted: `tau_projected`); H_τ = H_t.
//     H_τ not PD: the round counts as Criterion I (above; counted `not_pd`), no elimination.
//     Elimination with θ̂_o, V_t (rs_round eliminate), UCB argmax with θ̂_τ, H_τ (rs_round ucb_argmax, certified,
//     refined up to kGlmPrecisionCap); H leaf w·xxᵀ with w = min(⌊μ̇(⟨x,θ̂_o⟩)/e·2^32⌋, ⌊2^32/κ*⌋)·2^−32 (so
//     ‖w xxᵀ‖_F ≤ 1/κ*, the H tree's clip, exactly), V leaf 0.
// Initial values: θ̂_o = θ̂_τ = 0, H_τ = λI (item 30). δ ≤ ζ is refused (Thm 6.2 needs δ > ζ); ζ defaults to δ/2.
// The probit link is outside Def. 4.1 (F1) and labelled so in the trajectory.
// Streams: rewards as rs-glincb; V tree ChaCha20Source(seed, glm_instance_stream(r) + 2^39 + 2^37), H tree the next
// stream, the j-th P_GD call (0-based, θ̂_o and θ̂_τ calls in round order) the stream 2 + j after the V tree's.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "reference/environments/glm_instance.hpp"

namespace dpb::ref {

struct JdpGlmParams {
  std::uint64_t T = 0;
  Rational eps = Rational(1), delta = Rational(1, 100);
  std::optional<Rational> zeta;  // default δ/2
  Rational kappa = Rational(8), kappa_star = Rational(4);
  Rational S = Rational(2);
  Rational beta_constant = Rational(1), gamma_constant = Rational(1);
};

// The learner's constants, rounded up as in the header.
struct JdpGlmConstants {
  Integer lambda, lambda_max;
  Rational gamma, beta, threshold, sigma_V, sigma_H, zeta;
  Integer count1, count2;
  Rational eps_o, delta_o, eps_tau, delta_tau;
  unsigned grid_bits = 0;  // r = 2q + 32
};

inline constexpr unsigned kJdpWeightBits = 32;

// ParameterError naming jdp_glm (T in [16, 2^24], q in [1, 15], S in (0, 64], ζ in (0, δ)); calibrate's for the rest.
JdpGlmConstants jdp_glm_constants(const JdpGlmParams& params, Link link, std::uint32_t d, unsigned q);
std::uint64_t jdp_glm_stream(std::uint64_t run, std::uint64_t k);  // k = 0: V tree, 1: H tree, 2 + j: P_GD call j

struct JdpGlmTrajectory {
  JdpGlmConstants constants;
  std::string link_label;                 // "logistic" or "probit (outside Def. 4.1 (F1))"
  std::vector<std::uint32_t> actions;
  std::vector<int> rewards;
  std::vector<std::uint8_t> explore;      // Criterion I (or a non-PD round)
  std::vector<std::uint64_t> switches;    // Criterion II rounds
  std::vector<Integer> weights;           // per exploitation round: w·2^32
  std::vector<std::vector<Rational>> theta_o, theta_tau;  // after each call
  std::vector<Integer> pgd_iterations;    // T_it per call, in call order
  std::uint64_t count1 = 0, count2 = 0;
  std::uint64_t not_pd = 0, tau_projected = 0, refinements = 0;
  std::vector<std::uint64_t> v_not_pd, h_not_pd;  // rounds whose noisy V (resp. H_τ) was not positive definite
  Interval pseudo_regret;
};

JdpGlmTrajectory jdp_glm(const JdpGlmParams& params, const GlmInstance& instance, std::uint64_t seed,
                         std::uint64_t run);

}  // namespace dpb::ref
