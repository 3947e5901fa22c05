// Hybrid-UCB (seed 002, Algorithm 4), optimized build: reference/learners/hybrid_ucb.hpp with the index in double
// and the same noise draws in the same order (exact integers). Per arm: F̃, the current array's raw sum and a
// fixed stack of at most 64 dyadic blocks; B̃ is kept as a running total, so each round costs one log₂, one sqrt
// and O(K) arithmetic, and allocates nothing.
#pragma once

#include "optimized/learners/trajectory.hpp"
#include "reference/environments/reward_tape.hpp"
#include "reference/learners/hybrid_ucb.hpp"
#include "reference/learners/noise_source.hpp"

namespace dpb::fast {

using HybridUcbParams = ref::HybridUcbParams;
using ref::TreeScale;

Trajectory hybrid_ucb(const HybridUcbParams& params, const ref::RewardTape& tape, NoiseSource noise,
                      const LearnerOptions& options = {});

}  // namespace dpb::fast
