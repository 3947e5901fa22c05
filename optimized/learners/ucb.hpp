// UCB1, optimized build: reference/learners/ucb.hpp with the index μ̂_j + √(ln t)·√(2/N_j) in double (per-arm
// factors cached), exact integer reward sums, and near-tie flags.
#pragma once

#include "optimized/learners/trajectory.hpp"
#include "reference/environments/reward_tape.hpp"
#include "reference/learners/ucb.hpp"

namespace dpb::fast {

using UcbParams = ref::UcbParams;

Trajectory ucb(const UcbParams& params, const ref::RewardTape& tape, const LearnerOptions& options = {});

}  // namespace dpb::fast
