#include "verify/crosscheck/rs_glincb_crosscheck.hpp"

#include "reference/core/errors.hpp"

namespace dpb::verify {

GlmRunComparison compare_rs_glincb(const ref::GlmInstance& inst, const ref::RsGlincbTrajectory& r,
                                   const fast::RsGlincbFastTrajectory& f) {
  GlmRunComparison c;
  c.rounds = r.actions.size();
  c.deferrals = f.deferrals;
  c.reward_deferrals = f.reward_deferrals;
  c.refinements = r.refinements;
  for (const std::uint8_t e : r.explore) c.explorations += e;
  c.switches = r.switches.size();
  for (std::uint64_t t = 0; t < r.actions.size() && !c.divergence; ++t)
    if (!same_action_and_reward(c, t, r.actions, f.actions, r.rewards, f.rewards, &r.explore, &f.explore)) break;
  if (!c.divergence && r.switches != f.switches) {
    std::size_t i = 0;
    while (i < r.switches.size() && i < f.switches.size() && r.switches[i] == f.switches[i]) ++i;
    const std::uint64_t round = std::min(i < r.switches.size() ? r.switches[i] : UINT64_MAX,
                                         i < f.switches.size() ? f.switches[i] : UINT64_MAX);
    c.fail(round, "Criterion II switches differ at round " + std::to_string(round));
  }
  const std::uint32_t d = inst.d;
  for (std::size_t k = 0; k < r.switches.size() && !c.divergence; ++k) {
    const double e = f.theta_tau_error[k];
    c.max_theta_error = std::max(c.max_theta_error, e);
    for (std::uint32_t j = 0; j < d; ++j) {
      const double v = f.theta_tau[k * d + j];
      if (Rational(v + e) < r.theta_tau[k][j].lower() || Rational(v - e) > r.theta_tau[k][j].upper()) {
        c.fail(r.switches[k], "switch at round " + std::to_string(r.switches[k]) + ": theta_tau_" + std::to_string(j) +
                                " = " + std::to_string(v) + " +- " + std::to_string(e) + " misses the certified box");
        break;
      }
    }
  }
  same_length(c, r.actions.size(), f.actions.size());
  overlapping_regrets(c, r.actions.size(), r.pseudo_regret, f.pseudo_regret, f.pseudo_regret_error);
  return c;
}

ref::RsGlincbParams rs_glincb_params(const GlmCrosscheckConfig& config, const ref::GlmInstance& inst) {
  ref::RsGlincbParams p = config.rs_params;
  p.T = config.horizon;
  p.lambda = config.params.lambda;
  if (p.kappa == 0) {
    const Rational k = ref::glm_instance_kappa(inst, 64).kappa.upper();
    p.kappa = Rational(Integer((numerator(k) + denominator(k) - 1) / denominator(k)));
  }
  ref::validate_rs_glincb(p, inst.q);
  return p;
}

}  // namespace dpb::verify
