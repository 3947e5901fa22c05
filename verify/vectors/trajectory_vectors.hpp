// Golden vectors, category (f) `trajectories` (docs/vectors.md §9): every learner of the crosscheck registry
// (verify/crosscheck/learners_crosscheck.hpp) run on a small recorded reward tape (K = 3, or 2) and a seeded noise
// stream: the tape itself, the action of every round, every released statistic with its exact value, the eliminations,
// the pull counts and the exact pseudo-regret. The tape is drawn by the build's own generator and the learner is the
// build's own, so `--impl optimized` checks fast::make_reward_tape and the optimized learners byte for byte
// against the reference's records (the optimized releases are exact fixed-point fractions; the pseudo-regret is
// computed exactly from the pull counts and the instance's means in both cases).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "verify/vectors/format.hpp"

namespace dpb::verify::vectors {

struct TrajectoryCase {
  std::string learner;   // crosscheck name, e.g. "anytime-lazy-ucb"
  std::string instance;  // "bern3", "bern3-wide", "gauss3", "bern2-wide"
  std::uint64_t horizon = 0;
  std::string eps;  // rational text
};

// The trajectory cases of the committed file, in file order.
std::vector<TrajectoryCase> trajectory_cases();

CategoryFile generate_trajectories(Impl impl);

}  // namespace dpb::verify::vectors
