// Golden vectors of seed 003's GLM layer (docs/vectors.md §15), category `glm003`:
//   `glm_value`    per (link, z): ⌊μ·2^64⌋, ⌊μ̇·2^64⌋, ⌊μ̈·2^64⌋, ⌊b·2^64⌋ and the gradient entries ⌊(μ − r)·x_j·2^52⌋
//                  for x_j = −3/4, r ∈ {0, 1} (the optimized build recomputes the μ̇ and gradient floors its own way);
//   `glm_rewards`  64 exact Bernoulli(μ(z)) rewards on one stream, and the bits they read;
//   `g_design`     a G-optimal design of a generated arm set: the arms, the counts on 2^−32, the exact max leverage,
//                  and 16 draws from the design on one stream.
// Seed 20261121, streams 5000, 5001, … in record order (value records draw nothing). No Python replay yet
// (check_vectors.py skips unknown categories).
#pragma once

#include "verify/vectors/format.hpp"

namespace dpb::verify::vectors {

CategoryFile generate_glm003(Impl impl);

}  // namespace dpb::verify::vectors
