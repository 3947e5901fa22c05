#include "verify/crosscheck/glm_crosscheck.hpp"

#include <chrono>
#include <ostream>

#include "reference/core/errors.hpp"
#include "verify/crosscheck/rs_glincb_crosscheck.hpp"

namespace dpb::verify {

namespace {

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace

bool is_glm_learner(const std::string& name) { return name == "glm-ucb" || name == "rs-glincb"; }
std::vector<std::string> glm_learner_names() { return {"glm-ucb", "rs-glincb"}; }

bool GlmCrosscheckReport::ok() const {
  for (const auto& r : runs)
    if (r.divergence) return false;
  return !runs.empty();
}

ref::GlmInstance glm_crosscheck_instance(const GlmCrosscheckConfig& c) {
  if (c.loaded) return *c.loaded;
  ref::GlmInstanceParams p = c.instance;
  p.sets = c.horizon;
  p.seed = c.seed;
  p.stream = 0;
  return fast::make_glm_instance(p).instance;  // the reference's instance (glm_instance_cross_test.cpp)
}

GlmRunComparison compare_glm(const ref::GlmInstance& inst, const ref::GlmUcbTrajectory& r,
                             const fast::GlmUcbFastTrajectory& f) {
  GlmRunComparison c;
  c.rounds = r.actions.size();
  c.deferrals = f.deferrals;
  c.reward_deferrals = f.reward_deferrals;
  c.refinements = r.refinements;
  const std::uint32_t d = inst.d;
  for (std::uint64_t t = 0; t < r.actions.size() && !c.divergence; ++t) {
    if (t >= f.actions.size() || r.actions[t] != f.actions[t]) {
      c.divergence = t + 1;
      c.detail = "round " + std::to_string(t + 1) + ": reference plays " + std::to_string(r.actions[t]) +
                 ", optimized " + (t < f.actions.size() ? std::to_string(f.actions[t]) : "nothing");
      break;
    }
    if (r.rewards[t] != f.rewards[t]) {
      c.divergence = t + 1;
      c.detail = "round " + std::to_string(t + 1) + ": the rewards differ";
      break;
    }
    const double e = f.theta_error[t];
    c.max_theta_error = std::max(c.max_theta_error, e);
    for (std::uint32_t j = 0; j < d; ++j) {
      const double v = f.theta[t * d + j];
      if (Rational(v + e) < r.theta[t][j].lower() || Rational(v - e) > r.theta[t][j].upper()) {
        c.divergence = t + 1;
        c.detail = "round " + std::to_string(t + 1) + ": theta_" + std::to_string(j) + " = " + std::to_string(v) +
                   " +- " + std::to_string(e) + " misses the certified box";
        break;
      }
    }
  }
  if (!c.divergence && f.actions.size() != r.actions.size()) {
    c.divergence = f.actions.size();
    c.detail = "the optimized run has " + std::to_string(f.actions.size()) + " rounds";
  }
  if (!c.divergence &&
      (Rational(f.pseudo_regret + f.pseudo_regret_error) < r.pseudo_regret.lower() ||
       Rational(f.pseudo_regret - f.pseudo_regret_error) > r.pseudo_regret.upper())) {
    c.divergence = r.actions.size();
    c.detail = "the pseudo-regrets differ beyond their bounds";
  }
  c.regret_reference = r.pseudo_regret.midpoint_for_report();
  c.regret_fast = f.pseudo_regret;
  return c;
}

GlmCrosscheckReport crosscheck_glm(const GlmCrosscheckConfig& config) {
  if (!is_glm_learner(config.learner))
    throw_parameter_error("crosscheck", "learner", "a GLM learner (glm-ucb)", config.learner);
  if (config.runs < 1) throw_parameter_error("crosscheck", "runs", ">= 1", "0");
  if (config.learner == "rs-glincb") return crosscheck_rs_glincb(config);
  GlmCrosscheckReport rep;
  rep.config = config;
  rep.config.params.T = config.horizon;
  rep.instance = glm_crosscheck_instance(config);
  ref::validate_glm_ucb(rep.config.params, rep.instance.q);
  if (rep.instance.sets < config.horizon && !config.loaded)
    throw_parameter_error("crosscheck", "horizon", "<= the instance's arm sets", std::to_string(config.horizon));
  const fast::GlmEnvironment env(rep.instance);
  for (std::uint32_t run = 0; run < config.runs; ++run) {
    auto t0 = std::chrono::steady_clock::now();
    const ref::GlmUcbTrajectory r = ref::glm_ucb(rep.config.params, rep.instance, config.seed, run);
    const double sr = seconds_since(t0);
    t0 = std::chrono::steady_clock::now();
    const fast::GlmEnvironment run_env(rep.instance);  // fresh deferral counters per run
    const fast::GlmUcbFastTrajectory f = fast::glm_ucb(rep.config.params, run_env, config.seed, run, config.fast_options);
    GlmRunComparison c = compare_glm(rep.instance, r, f);
    c.run = run;
    c.seconds_reference = sr;
    c.seconds_fast = seconds_since(t0);
    rep.runs.push_back(std::move(c));
  }
  (void)env;
  return rep;
}

void print_glm_report(const GlmCrosscheckReport& rep, std::ostream& out) {
  const auto& c = rep.config;
  out << "crosscheck " << c.learner << ": " << rep.instance.describe() << ", T = " << c.horizon
      << ", runs = " << c.runs << ", seed = " << c.seed << ", lambda = " << to_string(c.params.lambda)
      << (c.learner == "rs-glincb" ? ", gamma = " + to_string(c.rs_params.gamma) + ", kappa = " +
                                          to_string(c.rs_params.kappa) + ", beta = " + to_string(c.rs_params.beta)
                                    : ", rho = " + to_string(c.params.rho))
      << "\n";
  std::uint64_t bad = 0, deferred = 0;
  for (const auto& r : rep.runs) {
    out << "  run " << r.run << ": " << r.rounds << " rounds, " << r.deferrals << " argmax decisions deferred, "
        << r.reward_deferrals << " reward draws deferred, " << r.refinements
        << " reference refinements, max theta bound " << r.max_theta_error << ", pseudo-regret " << r.regret_fast
        << " (reference " << r.regret_reference << "); reference " << r.seconds_reference << " s, optimized "
        << r.seconds_fast << " s";
    if (c.learner == "rs-glincb") out << "; |T_o| = " << r.explorations << ", switches = " << r.switches;
    deferred += r.deferrals;
    if (r.divergence) {
      ++bad;
      out << "  DISAGREEMENT: " << r.detail;
    }
    out << "\n";
  }
  out << (bad ? "FAILED" : "ok") << ": " << rep.runs.size() - bad << "/" << rep.runs.size()
      << " runs agree (actions, rewards, estimates within bounds, pseudo-regret); " << deferred
      << " decisions deferred to the reference\n";
}

}  // namespace dpb::verify
