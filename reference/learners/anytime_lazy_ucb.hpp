// Anytime-Lazy-UCB, exact reference.
//
// Spec: seed 002 = Hu, Huang & Mehta 2021 (arXiv:2102.07929), Algorithm 1, eq. (3) private mean, eq. (4) index; App. A
// (O(1) state per arm); the initialization pull is noised too (the paper leaves its noise implicit). Claims:
// 002.1–002.4 (array schedule, one noise draw per completed array, forgetfulness, the width), 002.9 (anytime).
// Symbols: arm j, array r of size 2^r (array 0 = the initialization pull), r_j the last completed array,
// μ̃_j = (Σ T_j^(r_j) + Lap(1/ε))/2^{r_j}, index at round t
//   μ̄_j(t) = μ̃_j + √(3·ln t / 2^{r_j}) + 3·ln t/(ε·2^{r_j}),
// J_t = argmax_j μ̄_j(t) (lowest index among exact ties: docs/decisions.md § learners). T is only the loop bound:
// rounds 1..t never depend on T.
//
// Noise: Lap(1/ε) on each completed array's sum becomes the exact Lap_Z(G·q/ε) on the sum in units of 1/(G·q)
// (reward grid 1/G, refinement q): exactly ε-DP, as in dp_successive_elimination.hpp. The argmax of the indices
// (which involve √ and ln) is decided by certified intervals with exact tie detection (internal/certified.hpp).
#pragma once

#include <cstdint>

#include "reference/environments/reward_tape.hpp"
#include "reference/learners/noise_source.hpp"
#include "reference/learners/trajectory.hpp"

namespace dpb::ref {

struct AnytimeLazyUcbParams {
  std::uint64_t K = 0;
  std::uint64_t T = 0;
  Rational eps{1};
  std::int64_t noise_refinement = 1;
};

// Release.index = r (the array), value = its noisy sum; first/count = the array's pulls [2^r − 1, 2^{r+1} − 1).
Trajectory anytime_lazy_ucb(const AnytimeLazyUcbParams& params, const RewardTape& tape, NoiseSource noise,
                            const LearnerOptions& options = {});

}  // namespace dpb::ref
