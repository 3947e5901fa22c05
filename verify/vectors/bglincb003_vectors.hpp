// Golden vectors of seed 003's batched non-private learner b-glincb (Sawarni et al. 2024, arXiv:2404.06831, Alg. 1;
// the template of ShuffleGLM; docs/vectors.md §18), category `bglincb003`:
//   `glm_instance`   the instance the runs use (the fields of category glmlearners003's record of the same kind);
//   `b_glincb_run`   a short trajectory on it: the schedule, actions, rewards, survivors after elimination, H's
//                    weights ⌊c·2^32⌋ and every broadcast θ̂_k (numerators on 2^−24).
// `--impl optimized` generates the instance with fast::make_glm_instance and runs fast::b_glincb. check_vectors.py
// recomputes the schedule with exact integer roots, replays every run's rewards from its actions and checks the
// warm-up's unit weights (docs/vectors.md §18).
#pragma once

#include "verify/vectors/format.hpp"

namespace dpb::verify::vectors {

CategoryFile generate_bglincb003(Impl impl);

}  // namespace dpb::verify::vectors
