// GLOC in the optimized build (twin of reference/learners/gloc.hpp; Jun, Bhargava, Nowak & Willett 2017,
// arXiv:1706.00136, Algs 1–2, Thms 1 and 3; seed 003's baseline, Sarmasarkar 2026, arXiv:2602.00417, Sec. 8).
// Doubles (Eigen), no allocation per round:
//   * V = λI + Σ x xᵀ exact in double (as glm-ucb: (λ + T)·4^q < 2^53), V⁻¹ by Sherman–Morrison rank-one updates;
//   * the ONS iterate as a double centre ĉ with a certified radius r ≥ ‖θ_t − ĉ_t‖_{V_{t−1}}, propagated as the
//     reference propagates it (docs/decisions.md "GLOC"): r' = r·√(1 + s)·max(1, κk_μs' − 1) + κ·e_μ·√s' + the step's
//     own rounding (‖ŵ − V⁻¹x‖_V ≤ ‖Vŵ − x‖/√λ, the vector update's roundings in the V-norm), then the V-norm
//     projection (non-expansive) by Newton on its multiplier ν and the duality-gap bound
//     ν(S² − ‖z‖²) + ‖V(z − c') + νz‖²/(λ + ν) evaluated with rounding allowances;
//   * enclosures of z_s, B_t, θ̂_t's index term and β_t as in the reference, each with the rounding of its double
//     computation (running sums inflated per addition; composite bounds by 1 + 2^−40 ≥ 1 + γ_1024).
// When the computed best index does not beat every other distinct arm's by the bounds, the decision is the
// reference's (ref::GlocCertifier::decide on the exact history), counted in `deferrals`, and the double state is
// then re-anchored on the certifier's enclosures (its centre rounded to doubles, the rounding added to the radius):
// the certifier works at the precision the recursion needs (probit at large κ amplifies rounding by hundreds of bits
// in the first rounds, docs/learners.md "gloc"), so the double radius, useless during that phase, is small again
// afterwards. κ, S or λ not exact in double: every decision is deferred.
#pragma once

#include <cstdint>
#include <vector>

#include "optimized/environments/glm_instance.hpp"
#include "reference/learners/gloc.hpp"

namespace dpb::fast {

struct GlocFastTrajectory {
  std::vector<std::uint32_t> actions;
  std::vector<int> rewards;
  std::vector<double> radius;       // T: the bound on ‖θ_t − ĉ_t‖_{V_{t−1}} at each decision
  std::uint64_t deferrals = 0;      // decisions taken by ref::GlocCertifier
  std::uint64_t reference_replays = 0;  // the certifier's replays at a higher precision
  std::uint64_t projections = 0;    // projecting rounds computed in double
  std::uint64_t reward_deferrals = 0;
  double pseudo_regret = 0, pseudo_regret_error = 0;
};

struct GlocFastOptions {
  bool defer = true;          // false: the control without deferral (the computed argmax is taken as is)
  bool fault_radial = false;  // control: the baseline code's radial rescaling S·θ'/‖θ'‖ replaces the projection
};

GlocFastTrajectory gloc(const ref::GlocParams& params, const GlmEnvironment& env, std::uint64_t seed,
                        std::uint64_t run, const GlocFastOptions& options = {});

}  // namespace dpb::fast
