// Golden vectors of seed 003's GLM instances and non-private learners (docs/vectors.md §17), category
// `glmlearners003`:
//   `glm_instance`  a generated instance (reference/environments/glm_instance.hpp): its parameters, θ*'s and the
//                   arms' numerators on 2^−q, and ⌊κ·2^32⌋, ⌊κ*·2^32⌋;
//   `glm_ucb_run`   a short glm-ucb trajectory on it (run r's per-round reward streams): actions and rewards.
// `--impl optimized` generates the instances with fast::make_glm_instance and runs fast::glm_ucb. check_vectors.py
// replays the authors' θ*, κ, κ* and every run's rewards (docs/vectors.md §17).
#pragma once

#include <string>

#include "reference/environments/glm_instance.hpp"
#include "verify/vectors/format.hpp"

namespace dpb::verify::vectors {

CategoryFile generate_glm_learners003(Impl impl);

// The `glm_instance` record and its id, shared by every seed-003 learner category that embeds its instances
// (bglincb003, rsglincb003, shuffleglm003): the same fields, so check_vectors.py checks them one way.
std::string glm_instance_id(const ref::GlmInstance& instance);
Record glm_instance_record(const ref::GlmInstance& instance);

// The instances those categories run on, all made alike: glmlearners003's seed 20261127, stream 0, `sets` arm sets
// of K arms in dimension d on the grid 2^-q, by the build under test (`--impl optimized`: fast::make_glm_instance,
// which the vectors check against the reference's instance record for record).
ref::GlmInstance glm_vector_instance(Impl impl, ref::Link link, ref::GlmGenerator generator, std::uint32_t d,
                                     std::uint32_t K, const Rational& S, std::uint64_t sets = 30, unsigned q = 12);

}  // namespace dpb::verify::vectors
