// UCB1 (Auer, Cesa-Bianchi & Fischer 2002), the non-private baseline, exact reference.
//
// Spec: Hu, Huang & Mehta 2021 (arXiv:2102.07929) ("Hybrid-UCB with large ε behaves basically like UCB1"). Pull each
// arm once, then
//   J_t = argmax_j  μ̂_j + √(2·ln t / N_j)
// with μ̂_j the empirical mean of all N_j rewards of arm j (exact rationals); the argmax is certified, ties go to
// the lowest index.
#pragma once

#include <cstdint>

#include "reference/environments/reward_tape.hpp"
#include "reference/learners/trajectory.hpp"

namespace dpb::ref {

struct UcbParams {
  std::uint64_t K = 0;
  std::uint64_t T = 0;
};

// No releases (nothing is private).
Trajectory ucb(const UcbParams& params, const RewardTape& tape, const LearnerOptions& options = {});

}  // namespace dpb::ref
