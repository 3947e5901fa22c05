// Follow-the-Noisy-Leader with Report-Noisy-Max (full-information DTOL), and naive FTNL; exact reference.
//
// Spec: seed 002 = Hu, Huang & Mehta 2021 (arXiv:2102.07929), Algorithm 2 (FTNL) and Algorithm 3 (RNM), naive FTNL (§5
// text, no pseudocode); Algorithm 2's initial-action indexing is ambiguous, we read it as: epoch 0 plays the initial
// action (docs/decisions.md § learners). Claims: 002.15–002.17.
// Symbols: epoch s = 0, 1, … covers rounds [2^s, 2^{s+1} − 1] (cut at T); G_j^(s) = Σ_{t ∈ epoch s} X_j(t);
//   J^(0) = initial_action;  J^(s+1) = RNM(X[s]) = argmax_j (G_j^(s) + L_j),  L_j i.i.d. Lap(c/ε)
// with c = 1 (RNM, the paper), c = 2 (the scale the spec's §8 suggests for vectors whose coordinates move in
// opposite directions), or c = K (naive FTNL: each action's sum is (ε/K)-DP). Only epoch s's data enters RNM
// (forgetfulness); no RNM is run when no round remains.
// Full information: the learner reads X_j(t) for every j at every round, from tape entry (j, t − 1).
// Noise: Lap(c/ε) on the sum becomes Lap_Z(c·G·q/ε) in units of 1/(G·q), drawn for j = 0..K−1 in order. The noisy
// gains are exact integers, so the argmax is exact in both builds (ties: lowest index).
// Pseudo-regret (eq. 1, point masses): Σ_t Δ_{J_t}.
#pragma once

#include <cstdint>

#include "reference/environments/reward_tape.hpp"
#include "reference/learners/noise_source.hpp"
#include "reference/learners/trajectory.hpp"

namespace dpb::ref {

struct FtnlParams {
  std::uint64_t K = 0;
  std::uint64_t T = 0;
  Rational eps{1};
  Rational noise_multiplier{1};  // c > 0: L_j ~ Lap(c/ε)
  std::uint32_t initial_action = 0;
  std::int64_t noise_refinement = 1;
};

// Releases: one per action per RNM call (index = s, first = 2^s − 1, count = 2^s, value = G_j^(s) + L_j).
// pulls[j] counts the rounds at which j was played.
Trajectory ftnl(const FtnlParams& params, const RewardTape& tape, NoiseSource noise,
                const LearnerOptions& options = {});

// Naive FTNL: ftnl with noise_multiplier = K.
Trajectory naive_ftnl(FtnlParams params, const RewardTape& tape, NoiseSource noise, const LearnerOptions& options = {});

}  // namespace dpb::ref
