// Anytime-Lazy-UCB (seed 002, Algorithm 1), optimized build: reference/learners/anytime_lazy_ucb.hpp with the
// index in double. O(1) state per arm (App. A) and no allocation per round: per round one log and one sqrt,
// then per arm μ̃_j + √(ln t)·√(3/2^{r_j}) + ln t·3/(ε·2^{r_j}) with the per-arm factors cached when r_j changes.
// The noisy sums are exact integers (the same discrete noise as the reference, from the same bits).
#pragma once

#include "optimized/learners/trajectory.hpp"
#include "reference/environments/reward_tape.hpp"
#include "reference/learners/anytime_lazy_ucb.hpp"
#include "reference/learners/noise_source.hpp"

namespace dpb::fast {

using AnytimeLazyUcbParams = ref::AnytimeLazyUcbParams;

Trajectory anytime_lazy_ucb(const AnytimeLazyUcbParams& params, const ref::RewardTape& tape, NoiseSource noise,
                            const LearnerOptions& options = {});

}  // namespace dpb::fast
