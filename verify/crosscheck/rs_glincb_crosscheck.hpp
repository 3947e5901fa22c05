// Cross-check of rs-glincb (Sawarni et al. 2024, arXiv:2404.06831, Alg. 2; seed 003's non-private template of
// Alg. 2, Sarmasarkar 2026, arXiv:2602.00417): the reference (reference/learners/rs_glincb.hpp, every decision
// certified) and the optimized build (optimized/learners/rs_glincb.hpp, bounds and deferral) on the same instance and
// reward streams (verify/crosscheck/glm_crosscheck.hpp) must play the same arm at every round, read the same reward
// bits, fire Criterion I (T_o) and Criterion II (the switch rounds) at the same rounds, and the optimized θ̂_τ ± its
// bound must meet the certified box at every switch; the pseudo-regrets must overlap within their bounds.
#pragma once

#include "verify/crosscheck/glm_crosscheck.hpp"

namespace dpb::verify {

// The run's parameters: T = horizon, λ from config.params, γ, β from config.rs_params, κ from config.rs_params or,
// when that is 0 (not given), the instance's κ rounded up to an integer (the learner needs an upper bound on κ).
ref::RsGlincbParams rs_glincb_params(const GlmCrosscheckConfig& config, const ref::GlmInstance& instance);

GlmRunComparison compare_rs_glincb(const ref::GlmInstance& instance, const ref::RsGlincbTrajectory& reference,
                                   const fast::RsGlincbFastTrajectory& optimized);

}  // namespace dpb::verify
