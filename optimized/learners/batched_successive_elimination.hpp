// Private batch-based successive arm elimination (seed 000, Algorithm 1), optimized build.
// The algorithm, parameters and choices of reference/learners/batched_successive_elimination.hpp, with μ̂ and β(b)
// in double. Rewards are read from the tape in place (no copy, no allocation per round). Each elimination test
// d_a = max μ̂ − μ̂_a vs 2β(b) whose two sides are within their error bound is recorded as a NearTie.
#pragma once

#include "optimized/learners/batch_aggregator.hpp"
#include "optimized/learners/trajectory.hpp"
#include "reference/environments/reward_tape.hpp"
#include "reference/learners/batched_successive_elimination.hpp"
#include "reference/learners/noise_source.hpp"

namespace dpb::fast {

using BatchedSuccessiveEliminationParams = ref::BatchedSuccessiveEliminationParams;

Trajectory batched_successive_elimination(const BatchedSuccessiveEliminationParams& params, const ref::RewardTape& tape,
                                          const BatchAggregator& aggregator, NoiseSource noise,
                                          const LearnerOptions& options = {});

// β(b) of Lemma 2 (Chowdhury & Zhou 2023, arXiv:2206.05772) in double, for |Φ(b)| = active, batch size l,
// confidence p.
double confidence_radius(std::uint64_t active, std::uint32_t b, std::uint64_t l, double p, const NoiseConcentration& c);

}  // namespace dpb::fast
