// Cross-check of jdp-glm (Sarmasarkar 2026, "Shuffle and Joint Differential Privacy for Generalized Linear Contextual
// Bandits", arXiv:2602.00417, Sec. 6, Alg. 2; theorem profile, and the paper-code profile of spec 003 §7.3): the reference (reference/learners/jdp_glm.hpp, exact
// and certified) and the optimized build (optimized/learners/jdp_glm.hpp, doubles with bounds and deferral) on the
// same instance and streams must play the same arm at every round, read the same reward bits, fire Criterion I and
// Criterion II at the same rounds, meet the same non-PD rounds, draw the same tree bits and end with the same tree
// releases, call P_GD the same number of times with the same T_it and get the same (exact) θ̂_o and θ̂_τ, use the same
// H weights; the pseudo-regrets must overlap within their bounds. Any difference is a failure (exit 1).
#pragma once

#include <iosfwd>
#include <string>

#include "optimized/learners/jdp_glm.hpp"
#include "reference/learners/jdp_glm.hpp"
#include "verify/crosscheck/glm_crosscheck.hpp"

namespace dpb::verify {

// jdp-glm's comparison (fields of GlmRunComparison: explorations, switches, not_pd, deferrals; the kinds in detail).
GlmRunComparison compare_jdp_glm(const ref::JdpGlmTrajectory& reference, const fast::JdpGlmFastTrajectory& optimized);
// The report's first line after the instance: the run's constants, including the cutoffs k₁, k₂.
void print_jdp_glm_header(const GlmCrosscheckReport& report, std::ostream& out);
// "lambda = …, lambda_max = …, gamma = …, beta = …, threshold = …, k1 = …, k2 = …, sigma_V = …, sigma_H = …, zeta = …".
std::string jdp_glm_constants_text(const ref::JdpGlmConstants& k);
// The paper-code profile's: "lambda = …, gamma = …, beta = …, threshold = …, k1 = …, k2 = …, sigma_V = …, …".
std::string jdp_glm_paper_constants_text(const ref::JdpGlmPaperConstants& k);

}  // namespace dpb::verify
