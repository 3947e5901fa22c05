// RS-GLinCB in the optimized build (twin of reference/learners/rs_glincb.hpp; Sawarni et al. 2024,
// arXiv:2404.06831, Alg. 2; the non-private template of seed 003's Alg. 2, Sarmasarkar 2026, arXiv:2602.00417).
// Doubles (Eigen), no allocation per round once the data vectors are reserved:
//   * V = λI + Σ_{T_o} x xᵀ is exact in double (as in optimized/learners/glm_ucb.hpp; otherwise every round is
//     deferred) and V⁻¹ is kept by Sherman–Morrison rank-one updates on exploration rounds;
//   * H accumulates μ̇(⟨x, θ̂_o⟩)/e · x xᵀ with a running bound η_H on ‖H_true − H‖₂ (weight errors from θ̂_o's bound,
//     μ̇'s Lipschitz constant ≤ 1/4 and its value error, plus the rounding of each addition);
//   * θ̂_o and θ̂_τ by Newton's method warm-started at the previous estimate, with the certified bound
//     ‖θ − θ̂‖₂ ≤ (‖∇L(θ̂)‖₂ + e_g)/λ of optimized/learners/glm_ucb.hpp;
//   * ‖x‖²_{M⁻¹} for M = V or H_τ from a solve y ≈ M⁻¹x with |s − xᵀy| ≤ (‖x‖/λ)·(‖x − M y‖ + η‖y‖ + rounding)
//     (M_true ⪰ λI); log det H from a Cholesky factor, |log det H_true − log det H| ≤ d·η/(λ − η) with η covering
//     η_H and the factorisation's backward error (H ± ηI sandwich H_true; log det is monotone).
// Each decision (Criterion I, the exploration argmax, Criterion II, every elimination test, the UCB argmax) is taken
// when its computed value clears the boundary by the bound; otherwise the whole round is the reference's
// (ref::RsGlincbCertifier::decide on the same history), counted in `deferrals`. So both builds play the same arms,
// fire Criteria I and II at the same rounds and read the same reward bits (crosscheck --learner rs-glincb).
#pragma once

#include <cstdint>
#include <vector>

#include "optimized/environments/glm_instance.hpp"
#include "reference/learners/rs_glincb.hpp"

namespace dpb::fast {

struct RsGlincbFastTrajectory {
  std::vector<std::uint32_t> actions;
  std::vector<int> rewards;
  std::vector<std::uint8_t> explore;
  std::vector<std::uint64_t> switches;
  std::vector<double> theta_tau;        // d per switch: the estimate fitted at it
  std::vector<double> theta_tau_error;  // per switch: the bound on ‖θ − θ̂_τ‖₂
  std::uint64_t deferrals = 0;          // rounds handed to the reference
  std::uint64_t reward_deferrals = 0;
  double pseudo_regret = 0, pseudo_regret_error = 0;
};

struct RsGlincbFastOptions {
  bool defer = true;               // false: the computed decisions are taken as they are (a control)
  bool fault_criterion_i = false;  // control: Criterion I fires when max ‖x‖²_{V⁻¹} is BELOW the threshold
  bool fault_elimination = false;  // control: the elimination step is skipped (every arm kept)
  std::uint64_t force_defer_every = 0;  // tests: every k-th round is handed to the reference (0: none)
};

RsGlincbFastTrajectory rs_glincb(const ref::RsGlincbParams& params, const GlmEnvironment& env, std::uint64_t seed,
                                 std::uint64_t run, const RsGlincbFastOptions& options = {});

}  // namespace dpb::fast
