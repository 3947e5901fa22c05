// Golden vectors of ECOLog (reference/learners/ecolog.hpp; Faury, Abeille, Jun & Calauzènes 2022, arXiv:2201.01985,
// seed 003's logistic baseline), category `ecolog003` (docs/vectors.md §24): two logistic instances (kind
// `glm_instance`, the fields of glmlearners003's) and short ecolog trajectories on them in both profiles
// (`ecolog_run`: profile, λ, δ, actions, rewards, and the learner's exact grid state: the grid root z̃ and the weight
// of every round, θ_{T+1}). `--impl optimized` generates the instances with fast::make_glm_instance and runs
// fast::ecolog. The learner is defined exactly on 2^−32 grids, so check_vectors.py replays it completely: every
// argmax (130 digits for μ, √ and γ_t, exact rationals for W⁻¹), every reward, root, weight and the final θ.
#pragma once

#include "verify/vectors/format.hpp"

namespace dpb::verify::vectors {

CategoryFile generate_ecolog003(Impl impl);

}  // namespace dpb::verify::vectors
