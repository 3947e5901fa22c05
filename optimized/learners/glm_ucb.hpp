// GLM-UCB in the optimized build (twin of reference/learners/glm_ucb.hpp; Filippi et al. 2010, Alg. 1; seed 003's
// baseline, Sarmasarkar 2026, arXiv:2602.00417, Sec. 8). Doubles (Eigen), no allocation per round:
//   * V = λI + Σ x xᵀ is exact in double (numerators ≤ 2^(2q) summed over T ≤ 2^24 rounds stay below 2^53 for
//     q ≤ 14; for larger q every decision is deferred, see below) and V⁻¹ is kept by Sherman–Morrison rank-one updates;
//   * θ̂ by Newton's method warm-started at the previous estimate (Cholesky of the Hessian);
//   * a certified error bound per decision: ‖θ − θ̂‖₂ ≤ (‖∇L(θ)‖₂ + e_g)/λ (L is λ-strongly convex; e_g bounds the
//     rounding of the computed gradient), so |μ(⟨x,θ⟩) − μ(⟨x,θ̂⟩)| ≤ sup μ̇·‖x‖·‖θ − θ̂‖ + the link's error; and
//     |s − ŝ| ≤ (‖x‖/λ)·‖x − V y‖ + rounding for ŝ = xᵀy, y ≈ V⁻¹x (V ⪰ λI), so ρ|√s − √ŝ| ≤ ρ√|s − ŝ|.
// When the best computed index does not exceed every other (distinct) arm's by the two bounds, the decision is the
// reference's (ref::glm_ucb_certified_action on the exact data), counted in `deferrals`. So both builds play the
// same arms and read the same reward bits (crosscheck --learner glm-ucb).
#pragma once

#include <cstdint>
#include <vector>

#include "optimized/environments/glm_instance.hpp"
#include "reference/learners/glm_ucb.hpp"

namespace dpb::fast {

struct GlmUcbFastTrajectory {
  std::vector<std::uint32_t> actions;
  std::vector<double> theta;        // T·d: the estimate used at each round
  std::vector<double> theta_error;  // T: the bound on ‖θ − θ̂‖₂ at each round
  std::vector<int> rewards;
  std::uint64_t deferrals = 0;      // argmax decisions handed to the reference
  std::uint64_t reward_deferrals = 0;
  double pseudo_regret = 0, pseudo_regret_error = 0;
};

struct GlmUcbFastOptions {
  bool defer = true;           // false: the control without deferral (the computed argmax is taken as is)
  bool fault_sign = false;     // control: the bonus enters with the wrong sign (μ − ρ‖x‖)
};

GlmUcbFastTrajectory glm_ucb(const ref::GlmUcbParams& params, const GlmEnvironment& env, std::uint64_t seed,
                             std::uint64_t run, const GlmUcbFastOptions& options = {});

}  // namespace dpb::fast
