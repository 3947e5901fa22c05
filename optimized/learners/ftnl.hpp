// FTNL with Report-Noisy-Max and naive FTNL (seed 002, Algorithms 2–3, §5), optimized build:
// reference/learners/ftnl.hpp on 64-bit integers. The noisy gains are exact integers, so every decision equals the
// reference's (no floating point at all); full-information sums are read from the tape rows in place.
#pragma once

#include "optimized/learners/trajectory.hpp"
#include "reference/environments/reward_tape.hpp"
#include "reference/learners/ftnl.hpp"
#include "reference/learners/noise_source.hpp"

namespace dpb::fast {

using FtnlParams = ref::FtnlParams;

Trajectory ftnl(const FtnlParams& params, const ref::RewardTape& tape, NoiseSource noise,
                const LearnerOptions& options = {});
Trajectory naive_ftnl(FtnlParams params, const ref::RewardTape& tape, NoiseSource noise,
                      const LearnerOptions& options = {});

}  // namespace dpb::fast
