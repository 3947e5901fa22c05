// B-GLinCB in the optimized build (twin of reference/learners/b_glincb.hpp; Sawarni et al. 2024, arXiv:2404.06831,
// Alg. 1; the template of seed 003's ShuffleGLM, Sarmasarkar 2026, arXiv:2602.00417, Alg. 1). Doubles (Eigen):
//   * each batch MLE by Newton's method (Cholesky of the Hessian) with a certified bound ‖θ − θ̂‖₂ ≤ (‖∇L(θ̂)‖ + e_g)/λ
//     (L is λ-strongly convex; e_g bounds the rounding of the computed gradient); the rounding of θ̂ to 2^−24 is
//     taken when the bound leaves one grid point, else the reference's (glm_rounded_mle), counted;
//   * ‖x‖²_{M⁻¹} from a Cholesky factor of M in double with a residual bound (M ⪰ λI): |s − ŝ| ≤ (‖x‖/λ)·‖x − M y‖ +
//     rounding, M's own conversion error included;
//   * each elimination test D > w(√s_x + √s_y) and each weight ⌊c·2^32⌋ taken when the error bounds decide it,
//     else the reference's exact test / certified floor on the exact broadcast (kept in step), counted;
//   * the designs by fast::g_optimal_design(_scaled) (the reference's design bit for bit).
// So both builds play the same arms, read the same bits and broadcast the same θ̂ and weights
// (crosscheck --learner b-glincb).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "optimized/environments/glm_instance.hpp"
#include "reference/learners/b_glincb.hpp"

namespace dpb::fast {

struct BGlincbFastOptions {
  bool defer = true;            // false: the control without deferral (computed decisions taken as they are)
  bool fault_warmup_width = false;  // control: the warm-up estimate's width γ instead of γ√κ (elimination only)
  // Audits only (verify/audit/targets_003_learners.hpp): round t's reward is reward_tape[t − 1] ∈ {0, 1} instead of
  // the environment's draw (a user's reward as data; empty: drawn).
  std::span<const int> reward_tape;
};

struct BGlincbFastTrajectory {
  std::vector<std::uint64_t> schedule;
  std::vector<std::uint32_t> actions;
  std::vector<int> rewards;
  std::vector<std::uint32_t> survivors;
  std::vector<std::uint64_t> weights;              // ĉ_t·2^32
  std::vector<std::vector<Rational>> theta;        // θ̂_k (exact dyadics)
  std::vector<double> theta_error;                 // per batch: the bound on ‖θ − θ̂_MLE‖₂ before rounding
  std::uint64_t mle_deferrals = 0, elimination_deferrals = 0, weight_deferrals = 0, reward_deferrals = 0;
  std::uint64_t elimination_tests = 0;
  double pseudo_regret = 0, pseudo_regret_error = 0;
};

BGlincbFastTrajectory b_glincb(const ref::BGlincbParams& params, const GlmEnvironment& env, std::uint64_t seed,
                               std::uint64_t run, const BGlincbFastOptions& options = {});

}  // namespace dpb::fast
