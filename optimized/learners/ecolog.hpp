// ECOLog in the optimized build (twin of reference/learners/ecolog.hpp; Faury, Abeille, Jun & Calauzènes 2022,
// arXiv:2201.01985; seed 003's logistic baseline, Sarmasarkar 2026, arXiv:2602.00417, App. A). The learner is the
// reference's grid definition, computed in doubles (Eigen) and checked:
//   * θ_t (numerators on 2^−32, |θ_i| < 2^20: exact in double; beyond, a loud std::runtime_error), z̃ and the weights
//     are exact; N = 2^{32+2q}·W_t is kept exact in __int128 (|entries| < 2^96), W in double is N rounded (relative
//     error ≤ u per entry);
//   * y ≈ W⁻¹x by an LLT solve, with ‖y − W⁻¹x‖ ≤ ρ/λ, ρ ≥ ‖W y − x‖ bounded with the rounding of its own computation
//     and of W (W ⪰ λI); s = ‖x‖²_{W⁻¹} within ‖x‖ρ/λ + the dot product's rounding;
//   * γ_t in double with a relative error ≤ 2^−40 (a few dozen roundings and libm's log/sqrt, each within 16 ulp as
//     optimized/glm/link.hpp assumes), μ within kValueError = 2^−46;
//   * the root z̃ = ⌊z⌋ on 2^−32: Newton in double on F(z) = z + ĝ(μ(z) − r) − ĉ, and |ẑ − z| ≤ |F̂(ẑ)| + ĝ·2^−46 +
//     roundings + |ĉ − c| + |ĝ − g| (F' ≥ 1; ∂z/∂c, |∂z/∂g| ≤ 1); decided when ẑ ± that bound has one floor;
//   * θ_{t+1}'s roundings: the computed θ_i + 2^32·κ̂·y_i and its bound from |κ̂ − κ| and ‖y − W⁻¹x‖;
//   * the weight ⌊μ̇(z̃)·2^32⌋ by fast::Glm::floor_mu_dot (its own deferrals counted apart).
// An argmax the bounds cannot decide is ref::EcologCertifier::decide on the exact state (counted in `deferrals`); a
// root or a rounding they leave open makes the whole update the certifier's (`step_deferrals`). Both then continue
// from the same exact state, so the actions are the reference's.
#pragma once

#include <cstdint>
#include <vector>

#include "optimized/environments/glm_instance.hpp"
#include "reference/learners/ecolog.hpp"

namespace dpb::fast {

struct EcologFastTrajectory {
  std::vector<std::uint32_t> actions;
  std::vector<int> rewards;
  std::vector<std::int64_t> z;        // z̃_t·2^32 per round
  std::vector<std::int64_t> weights;  // w_t·2^32 per round
  std::vector<std::int64_t> theta;    // θ_{T+1}'s numerators on 2^−32
  std::uint64_t deferrals = 0;        // argmax decisions taken by ref::EcologCertifier
  std::uint64_t step_deferrals = 0;   // updates taken by ref::EcologCertifier (root or θ rounding open)
  std::uint64_t weight_deferrals = 0; // ⌊μ̇(z̃)·2^32⌋ left open by the double bound
  std::uint64_t reward_deferrals = 0;
  double pseudo_regret = 0, pseudo_regret_error = 0;
};

struct EcologFastOptions {
  bool defer = true;            // false: the control without deferral (the computed values are taken as they are)
  bool fault_old_weight = false;  // control: the weight at the old estimate, μ̇(⟨x_t, θ_t⟩), instead of at z̃
};

EcologFastTrajectory ecolog(const ref::EcologParams& params, const GlmEnvironment& env, std::uint64_t seed,
                            std::uint64_t run, const EcologFastOptions& options = {});

}  // namespace dpb::fast
