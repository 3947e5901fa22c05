// Golden vectors of jdp-glm (reference/learners/jdp_glm.hpp; Sarmasarkar 2026, arXiv:2602.00417, Alg. 2, theorem
// profile), category `jdpglm003` (docs/vectors.md §21): instances (kind `glm_instance`, the shared record of
// glm_learners003_vectors.hpp) and short jdp-glm trajectories on them (`jdp_glm_run`: the parameters and rounded-up
// constants, actions, Criterion I flags, switch rounds, rewards, H weights, non-PD rounds, counts, T_it per P_GD call,
// θ̂_o and θ̂_τ after each call, both trees' last releases and the bits drawn). `--impl optimized` generates the
// instances with fast::make_glm_instance and runs fast::jdp_glm. check_vectors.py replays the rewards, both trees
// (every node's rounded Gaussians from the leaves the record implies: the last releases and the bits), Criterion I
// and the exploration argmax at every round, the non-PD V and H_τ rounds, Criterion II (the running maximum of the
// replayed det H) and the weights while θ̂_o = 0; the elimination and UCB argmax and θ̂ are consistency-only.
#pragma once

#include "verify/vectors/format.hpp"

namespace dpb::verify::vectors {

CategoryFile generate_jdp_glm003(Impl impl);

}  // namespace dpb::verify::vectors
