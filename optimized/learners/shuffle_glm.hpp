// ShuffleGLM in the optimized build (twin of reference/learners/shuffle_glm.hpp; Sarmasarkar 2026, "Shuffle and
// Joint Differential Privacy for Generalized Linear Contextual Bandits", arXiv:2602.00417, Alg. 1; spec 003 §3.1),
// scaled profile. The releases run on machine integers and doubles, the rounds on the reference's exact core:
//   * line 6/16, P₂: fast::P2 (optimized/protocols/p2.hpp) on the grid 2^−2q (warm-up, Δ = 1) or 2^−62 (weighted
//     batches, Δ = 1/κ*): the same messages, counts and release after the same bits. When fast::PVec's 64/128-bit
//     bounds refuse the call (its rounding denominator 2^s·Δ_den·r_num reaches 2^64 for s = 62 and κ* >= 2, i.e.
//     every weighted batch at the default κ* = 4), the batch's release is the reference's P2 on the same stream,
//     counted in p2_deferrals;
//   * line 7/17, P_GD: fast::PGd (optimized/protocols/p_gd.hpp), its own certified deferrals counted in
//     pgd_deferrals;
//   * lines 11–14 (elimination, the scaled design, the clipped weight ⌊c·2^w⌋ ∧ ⌊2^w/κ*⌋): the reference's exact
//     functions on the exact broadcast (ref::glm_survivors, ref::glm_scale, ref::glm_weight; the designs by
//     fast::g_optimal_design(_scaled), the reference's design bit for bit). No double decides anything there yet:
//     every such decision is the reference's, counted in exact_rounds (docs/learners.md "shuffle-glm").
// So both builds play the same arms, read the same bits and release the same P₂ counts, matrices and P_GD counts
// (tests/optimized/learners/shuffle_glm_cross_test.cpp).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "optimized/environments/glm_instance.hpp"
#include "reference/learners/shuffle_glm.hpp"

namespace dpb::fast {

struct ShuffleGlmFastOptions {
  bool fault_weight_grid = false;    // control: weights floored to the grid 2^−(w−2) (P₂'s messages change)
  bool fault_warmup_width = false;   // control: V's elimination width γ instead of γ√κ
  // Audits only (verify/audit/targets_003_learners.hpp): round t's reward is reward_tape[t − 1] ∈ {0, 1} instead of
  // the environment's draw (a user's reward as data; empty: drawn), and the leaky twin's noise: P₂'s and P_GD's
  // noise bits per user ⌈b/noise_divisor⌉ (1: as calibrated). Neither is part of the learner as specified.
  std::span<const int> reward_tape;
  Integer noise_divisor{1};
};

struct ShuffleGlmFastTrajectory {
  std::vector<std::uint64_t> schedule;
  std::vector<std::uint32_t> actions;
  std::vector<int> rewards;
  std::vector<std::uint32_t> survivors;
  std::vector<std::uint64_t> weights;                 // on 2^−w (2^w in the warm-up)
  std::vector<std::vector<Rational>> theta;           // P_GD's θ̄ per released batch
  Integer lambda, lambda_max;
  std::vector<Integer> pgd_iterations;
  std::vector<bool> positive_definite;
  std::uint64_t not_pd = 0, clipped = 0;
  std::vector<std::vector<Integer>> p2_counts;
  std::vector<std::vector<Rational>> released;
  std::vector<std::vector<std::vector<Integer>>> pgd_counts;
  std::vector<std::uint64_t> p2_bits, pgd_bits;
  std::uint64_t p2_deferrals = 0, pgd_deferrals = 0, exact_rounds = 0, reward_deferrals = 0;
  double pseudo_regret = 0, pseudo_regret_error = 0;
};

ShuffleGlmFastTrajectory shuffle_glm(const ref::ShuffleGlmParams& params, const GlmEnvironment& env,
                                     std::uint64_t seed, std::uint64_t run, const ShuffleGlmFastOptions& options = {});

}  // namespace dpb::fast
