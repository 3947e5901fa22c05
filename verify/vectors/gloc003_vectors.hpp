// Golden vectors of GLOC (reference/learners/gloc.hpp; Jun et al. 2017, arXiv:1706.00136, Algs 1–2), category
// `gloc003` (docs/vectors.md §22): the two instances of `glmlearners003` (kind `glm_instance`, the same fields) and
// short gloc trajectories on them in both profiles (`gloc_run`: profile, λ, κ, δ, actions, rewards).
// `--impl optimized` generates the instances with fast::make_glm_instance and runs fast::gloc. check_vectors.py
// replays the rewards and, in exact rationals, the first rounds' decisions (θ_1 = 0: argmax ‖x‖²_{V⁻¹}, lowest
// index; the paper profile's second round too, since z_1 = ⟨x_1, θ_1⟩ = 0 keeps θ̂_1 = 0).
#pragma once

#include "verify/vectors/format.hpp"

namespace dpb::verify::vectors {

CategoryFile generate_gloc003(Impl impl);

}  // namespace dpb::verify::vectors
