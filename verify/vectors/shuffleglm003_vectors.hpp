// Golden vectors of seed 003's ShuffleGLM (Sarmasarkar 2026, arXiv:2602.00417, Alg. 1; reference/learners/
// shuffle_glm.hpp, optimized/learners/shuffle_glm.hpp; scaled profile; docs/vectors.md §20), category `shuffleglm003`:
// short runs on two small instances, with the per-batch P₂ counts and P_GD estimates.
#pragma once

#include "verify/vectors/format.hpp"

namespace dpb::verify::vectors {

CategoryFile generate_shuffleglm003(Impl impl);

}  // namespace dpb::verify::vectors
