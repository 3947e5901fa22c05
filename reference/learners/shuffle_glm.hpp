// ShuffleGLM (Sarmasarkar 2026, "Shuffle and Joint Differential Privacy for Generalized Linear Contextual Bandits",
// arXiv:2602.00417, Alg. 1; spec 003 §3.1), reference build, `scaled` profile: B-GLinCB's batched core
// (reference/learners/b_glincb.hpp: the same rounds, eliminations, scaled designs and exact decisions) with the
// broadcast produced privately after every batch but the last:
//   line 5–6:  every user of batch 1 sends R₂(x xᵀ, Δ = 1); V = A₂(S₂(·)) + λI (reference/protocols/p2.hpp, count
//              path, (g, b) = Eq. 127 at (ε/2, δ/2, n = B₁, d));
//   line 15–16: every user of batch k ≥ 2 sends R₂(w_t x_t x_tᵀ, Δ = 1/κ*) with the weight CLIPPED:
//              w_t = min(⌊c(x_t)·2^w⌋, ⌊2^w/κ*⌋)·2^−w, w = 62 − 2q (the message grid), so ‖w_t x_t x_tᵀ‖_F ≤ 1/κ* holds
//              exactly and P₂'s sensitivity is the one the calibration uses (the paper's Δ = 1/κ* holds only w.h.p.:
//              footnote 3, Lemma E.7); H_k = A₂(·) + λI;
//   line 7/17: θ̂_k = P_GD over batch k's (r_t, x_t) at (ε/2, δ/2) on the S-ball with the per-user regulariser
//              (λ_max/(2B_k))‖θ‖² (reference/protocols/p_gd.hpp; T_it, η, L, g, b from calibrate_pgd).
// The last batch releases nothing (its V/H and θ̂ would never be used). A released V or H that is not positive
// definite takes no part in elimination (and V's β takes its cap e^{2S}), counted in `not_pd`.
// Profile `scaled` (not the theorem; docs/decisions.md "shuffle-glm scaled profile"): B₁ = ⌈(c·α)^{2/3}⌉ with
// c = 64 in place of Eq. 6's √κ e^{3S} d² γ²/S; B₂..B_M, λ (Obs. 1, σ̃ of the V release), λ_max (Eq. 15) as the
// paper; the width γ is an input (Eq. 9's γ is in the thousands at these sizes).
// Streams (docs/bits.md §8): designs and rewards as b-glincb; batch k's (0-based) P₂ release reads
// ChaCha20Source(seed, 2^40·(r + 1) + 2^39 + 2^38 + 2k) and its P_GD call the stream after it.
#pragma once

#include <cstdint>
#include <vector>

#include "reference/learners/b_glincb.hpp"
#include "reference/learners/round_hook.hpp"
#include "reference/protocols/p_gd.hpp"

namespace dpb::ref {

struct ShuffleGlmParams {
  std::uint64_t T = 0;
  std::uint32_t M = 0;              // 0: ⌊log₂ log₂ T⌋
  Rational eps = Rational(1);       // (0, 5): Thm 5.1
  Rational delta = Rational(1, 100);  // (0, 1/2): Lemma S.1
  Rational kappa = Rational(8);     // >= κ*
  Rational kappa_star = Rational(4);  // >= 1/sup μ̇ of the link
  Rational S = Rational(2);         // the instance's S
  Rational gamma = Rational(1, 2);  // the width γ, [0, 2^20]
  GlmWidths widths = GlmWidths::paper;
};

inline constexpr unsigned kShuffleGlmWarmupFactor = 64;  // c of the scaled B₁

// ParameterError naming shuffle_glm (and the parameter) outside the ranges above, T in [16, 2^24], M in [2, 8],
// q in [1, 15].
void validate_shuffle_glm(const ShuffleGlmParams& params, Link link, unsigned q);
std::uint32_t shuffle_glm_batches(const ShuffleGlmParams& params);
// The scaled schedule (users per batch, the last cut at T).
std::vector<std::uint64_t> shuffle_glm_schedule(std::uint64_t T, std::uint32_t M);
// λ (Obs. 1) and λ_max (Eq. 15), each rounded UP to an integer.
std::pair<Integer, Integer> shuffle_glm_lambdas(const ShuffleGlmParams& params, std::uint32_t d);
std::uint64_t shuffle_glm_release_stream(std::uint64_t run, std::uint64_t batch);  // P₂; P_GD is the next one
unsigned shuffle_glm_weight_bits(unsigned q);  // 62 − 2q

struct ShuffleGlmTrajectory {
  BGlincbTrajectory run;                 // schedule, actions, rewards, survivors, weights (on 2^−w), θ̂_k
  Integer lambda, lambda_max;
  std::vector<Integer> pgd_iterations;   // T_it per released batch
  std::vector<bool> positive_definite;   // per released batch (V, H_2, …)
  std::uint64_t not_pd = 0;
  std::uint64_t clipped = 0;             // weights cut to ⌊2^w/κ*⌋
  // The releases, per released batch (what the optimized build must reproduce bit for bit): P₂'s counts and its
  // d×d output (before λI), P_GD's per-iteration counts, and the bits each call read.
  std::vector<std::vector<Integer>> p2_counts;
  std::vector<std::vector<Rational>> released;
  std::vector<std::vector<std::vector<Integer>>> pgd_counts;
  std::vector<std::uint64_t> p2_bits, pgd_bits;
};

ShuffleGlmTrajectory shuffle_glm(const ShuffleGlmParams& params, const GlmInstance& instance, std::uint64_t seed,
                                 std::uint64_t run, RoundHook on_round = {});

}  // namespace dpb::ref
