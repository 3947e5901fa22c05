// Golden vectors of rs-glincb (reference/learners/rs_glincb.hpp; Sawarni et al. 2024, arXiv:2404.06831, Alg. 2),
// category `rsglincb003` (docs/vectors.md §18): the two instances of `glmlearners003` (kind `glm_instance`, the same
// fields) and short rs-glincb trajectories on them (`rs_glincb_run`: actions, Criterion I flags, switch rounds,
// rewards). `--impl optimized` generates the instances with fast::make_glm_instance and runs fast::rs_glincb.
// check_vectors.py replays the rewards and, in exact rationals, every Criterion I decision and exploration argmax.
#pragma once

#include "verify/vectors/format.hpp"

namespace dpb::verify::vectors {

CategoryFile generate_rs_glincb003(Impl impl);

}  // namespace dpb::verify::vectors
