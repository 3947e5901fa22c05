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
  auto fail = [&c](std::uint64_t round, std::string why) {
    if (!c.divergence) {
      c.divergence = round;
      c.detail = std::move(why);
    }
  };
  for (std::uint64_t t = 0; t < r.actions.size() && !c.divergence; ++t) {
    const std::string at = "round " + std::to_string(t + 1) + ": ";
    if (t >= f.actions.size() || r.actions[t] != f.actions[t])
      fail(t + 1, at + "reference plays " + std::to_string(r.actions[t]) + ", optimized " +
                      (t < f.actions.size() ? std::to_string(f.actions[t]) : "nothing"));
    else if (r.explore[t] != f.explore[t])
      fail(t + 1, at + "Criterion I " + (r.explore[t] ? "fires" : "does not fire") + " in the reference only");
    else if (r.rewards[t] != f.rewards[t])
      fail(t + 1, at + "the rewards differ");
  }
  if (!c.divergence && r.switches != f.switches) {
    std::size_t i = 0;
    while (i < r.switches.size() && i < f.switches.size() && r.switches[i] == f.switches[i]) ++i;
    const std::uint64_t round = std::min(i < r.switches.size() ? r.switches[i] : UINT64_MAX,
                                         i < f.switches.size() ? f.switches[i] : UINT64_MAX);
    fail(round, "Criterion II switches differ at round " + std::to_string(round));
  }
  const std::uint32_t d = inst.d;
  for (std::size_t k = 0; k < r.switches.size() && !c.divergence; ++k) {
    const double e = f.theta_tau_error[k];
    c.max_theta_error = std::max(c.max_theta_error, e);
    for (std::uint32_t j = 0; j < d; ++j) {
      const double v = f.theta_tau[k * d + j];
      if (Rational(v + e) < r.theta_tau[k][j].lower() || Rational(v - e) > r.theta_tau[k][j].upper()) {
        fail(r.switches[k], "switch at round " + std::to_string(r.switches[k]) + ": theta_tau_" + std::to_string(j) +
                                " = " + std::to_string(v) + " +- " + std::to_string(e) + " misses the certified box");
        break;
      }
    }
  }
  if (!c.divergence && f.actions.size() != r.actions.size())
    fail(f.actions.size(), "the optimized run has " + std::to_string(f.actions.size()) + " rounds");
  if (!c.divergence && (Rational(f.pseudo_regret + f.pseudo_regret_error) < r.pseudo_regret.lower() ||
                        Rational(f.pseudo_regret - f.pseudo_regret_error) > r.pseudo_regret.upper()))
    fail(r.actions.size(), "the pseudo-regrets differ beyond their bounds");
  c.regret_reference = r.pseudo_regret.midpoint_for_report();
  c.regret_fast = f.pseudo_regret;
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
