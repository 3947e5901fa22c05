#include "verify/crosscheck/glm_crosscheck.hpp"

#include <chrono>
#include <ostream>

#include "reference/core/errors.hpp"
#include "verify/crosscheck/jdp_glm_crosscheck.hpp"
#include "verify/crosscheck/rs_glincb_crosscheck.hpp"

namespace dpb::verify {

namespace {

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace

bool is_glm_learner(const std::string& name) {
  return name == "glm-ucb" || name == "b-glincb" || name == "rs-glincb" || name == "shuffle-glm" || name == "gloc" ||
         name == "jdp-glm";
}
std::vector<std::string> glm_learner_names() {
  return {"glm-ucb", "b-glincb", "rs-glincb", "shuffle-glm", "gloc", "jdp-glm"};
}

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
  c.full_fits = r.full_fits;
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

GlmRunComparison compare_b_glincb(const ref::GlmInstance& inst, const ref::BGlincbTrajectory& r,
                                  const fast::BGlincbFastTrajectory& f) {
  GlmRunComparison c;
  c.rounds = r.actions.size();
  c.deferrals = f.elimination_deferrals;
  c.mle_deferrals = f.mle_deferrals;
  c.weight_deferrals = f.weight_deferrals;
  c.elimination_tests = f.elimination_tests;
  c.reward_deferrals = f.reward_deferrals;
  c.refinements = r.refinements;
  for (std::uint64_t n : r.schedule) c.schedule += (c.schedule.empty() ? "" : ",") + std::to_string(n);
  for (std::uint32_t s : r.survivors) c.eliminated += inst.K - s;
  for (double e : f.theta_error) c.max_theta_error = std::max(c.max_theta_error, e);
  auto fail = [&](std::uint64_t t, std::string what) {
    if (!c.divergence) {
      c.divergence = t;
      c.detail = std::move(what);
    }
  };
  if (r.schedule != f.schedule) fail(1, "the batch schedules differ");
  for (std::uint64_t t = 0; t < r.actions.size() && !c.divergence; ++t) {
    const std::string at = "round " + std::to_string(t + 1) + ": ";
    if (t >= f.actions.size()) fail(t + 1, at + "the optimized run stopped");
    else if (r.actions[t] != f.actions[t])
      fail(t + 1, at + "reference plays " + std::to_string(r.actions[t]) + ", optimized " + std::to_string(f.actions[t]));
    else if (r.rewards[t] != f.rewards[t]) fail(t + 1, at + "the rewards differ");
    else if (r.survivors[t] != f.survivors[t])
      fail(t + 1, at + std::to_string(r.survivors[t]) + " arms survive in the reference, " +
                      std::to_string(f.survivors[t]) + " in the optimized build");
    else if (r.weights[t] != Integer(f.weights[t])) fail(t + 1, at + "the weights of H differ");
  }
  if (!c.divergence && f.actions.size() != r.actions.size())
    fail(f.actions.size(), "the optimized run has " + std::to_string(f.actions.size()) + " rounds");
  if (!c.divergence && r.theta != f.theta) fail(r.actions.size(), "the batch estimates differ");
  if (!c.divergence &&
      (Rational(f.pseudo_regret + f.pseudo_regret_error) < r.pseudo_regret.lower() ||
       Rational(f.pseudo_regret - f.pseudo_regret_error) > r.pseudo_regret.upper()))
    fail(r.actions.size(), "the pseudo-regrets differ beyond their bounds");
  c.regret_reference = r.pseudo_regret.midpoint_for_report();
  c.regret_fast = f.pseudo_regret;
  return c;
}

GlmRunComparison compare_shuffle_glm(const ref::GlmInstance& inst, const ref::ShuffleGlmTrajectory& rs,
                                     const fast::ShuffleGlmFastTrajectory& f) {
  const ref::BGlincbTrajectory& r = rs.run;
  GlmRunComparison c;
  c.rounds = r.actions.size();
  c.reward_deferrals = f.reward_deferrals;
  c.p2_deferrals = f.p2_deferrals;
  c.pgd_deferrals = f.pgd_deferrals;
  c.exact_rounds = f.exact_rounds;
  c.clipped = f.clipped;
  c.not_pd = f.not_pd;
  for (std::uint64_t n : r.schedule) c.schedule += (c.schedule.empty() ? "" : ",") + std::to_string(n);
  for (std::uint32_t s : r.survivors) c.eliminated += inst.K - s;
  auto fail = [&](std::uint64_t t, std::string what) {
    if (!c.divergence) {
      c.divergence = t;
      c.detail = std::move(what);
    }
  };
  if (r.schedule != f.schedule) fail(1, "the batch schedules differ");
  if (rs.lambda != f.lambda || rs.lambda_max != f.lambda_max) fail(1, "lambda or lambda_max differ");
  // the first round after each released batch (where a differing release shows first)
  std::vector<std::uint64_t> ends;
  std::uint64_t used = 0;
  for (std::uint64_t n : r.schedule) ends.push_back(used += n);
  std::size_t batch = 0;
  for (std::uint64_t t = 0; t < r.actions.size() && !c.divergence; ++t) {
    while (batch < ends.size() && t >= ends[batch]) {
      // batch `batch` has ended: its releases are compared before any round that used them
      const std::size_t k = batch++;
      if (k >= rs.released.size()) continue;
      const std::string at = "batch " + std::to_string(k + 1) + ": ";
      if (k >= f.released.size()) fail(t + 1, at + "the optimized run released nothing");
      else if (rs.p2_counts[k] != f.p2_counts[k]) fail(t + 1, at + "the P2 counts differ");
      else if (rs.released[k] != f.released[k]) fail(t + 1, at + "the P2 releases differ");
      else if (rs.p2_bits[k] != f.p2_bits[k])
        fail(t + 1, at + "P2 read " + std::to_string(rs.p2_bits[k]) + " bits in the reference, " +
                        std::to_string(f.p2_bits[k]) + " in the optimized build");
      else if (rs.pgd_counts[k] != f.pgd_counts[k]) fail(t + 1, at + "the P_GD counts differ");
      else if (rs.pgd_bits[k] != f.pgd_bits[k]) fail(t + 1, at + "P_GD read different numbers of bits");
      else if (r.theta[k] != f.theta[k]) fail(t + 1, at + "the P_GD estimates differ");
      else if (rs.positive_definite[k] != f.positive_definite[k]) fail(t + 1, at + "positive definiteness differs");
    }
    if (c.divergence) break;
    const std::string at = "round " + std::to_string(t + 1) + ": ";
    if (t >= f.actions.size()) fail(t + 1, at + "the optimized run stopped");
    else if (r.actions[t] != f.actions[t])
      fail(t + 1, at + "reference plays " + std::to_string(r.actions[t]) + ", optimized " + std::to_string(f.actions[t]));
    else if (r.rewards[t] != f.rewards[t]) fail(t + 1, at + "the rewards differ");
    else if (r.survivors[t] != f.survivors[t])
      fail(t + 1, at + std::to_string(r.survivors[t]) + " arms survive in the reference, " +
                      std::to_string(f.survivors[t]) + " in the optimized build");
    else if (r.weights[t] != Integer(f.weights[t])) fail(t + 1, at + "the (clipped) weights differ");
  }
  if (!c.divergence && f.actions.size() != r.actions.size())
    fail(f.actions.size(), "the optimized run has " + std::to_string(f.actions.size()) + " rounds");
  if (!c.divergence && (rs.released.size() != f.released.size() || rs.pgd_iterations != f.pgd_iterations ||
                        rs.clipped != f.clipped || rs.not_pd != f.not_pd))
    fail(r.actions.size(), "the release counts, P_GD iterations, clipped weights or not-PD counts differ");
  if (!c.divergence &&
      (Rational(f.pseudo_regret + f.pseudo_regret_error) < r.pseudo_regret.lower() ||
       Rational(f.pseudo_regret - f.pseudo_regret_error) > r.pseudo_regret.upper()))
    fail(r.actions.size(), "the pseudo-regrets differ beyond their bounds");
  c.regret_reference = r.pseudo_regret.midpoint_for_report();
  c.regret_fast = f.pseudo_regret;
  return c;
}

GlmRunComparison compare_gloc(const ref::GlocTrajectory& r, const fast::GlocFastTrajectory& f) {
  GlmRunComparison c;
  c.rounds = r.actions.size();
  c.deferrals = f.deferrals;
  c.reward_deferrals = f.reward_deferrals;
  c.refinements = r.refinements;
  c.exact_rounds = r.exact_decisions;
  for (double e : f.radius) c.max_theta_error = std::max(c.max_theta_error, e);
  for (std::uint64_t t = 0; t < r.actions.size() && !c.divergence; ++t) {
    const std::string at = "round " + std::to_string(t + 1) + ": ";
    if (t >= f.actions.size()) {
      c.divergence = t + 1;
      c.detail = at + "the optimized run stopped";
    } else if (r.actions[t] != f.actions[t]) {
      c.divergence = t + 1;
      c.detail = at + "reference plays " + std::to_string(r.actions[t]) + ", optimized " + std::to_string(f.actions[t]);
    } else if (r.rewards[t] != f.rewards[t]) {
      c.divergence = t + 1;
      c.detail = at + "the rewards differ";
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
    throw_parameter_error("crosscheck", "learner",
                          "a GLM learner (glm-ucb, b-glincb, rs-glincb, shuffle-glm, gloc, jdp-glm)", config.learner);
  if (config.runs < 1) throw_parameter_error("crosscheck", "runs", ">= 1", "0");
  if (config.learner == "rs-glincb") return crosscheck_rs_glincb(config);
  if (config.learner == "jdp-glm") return crosscheck_jdp_glm(config);
  GlmCrosscheckReport rep;
  rep.config = config;
  rep.config.params.T = config.horizon;
  rep.config.bglincb.T = config.horizon;
  rep.config.bglincb.lambda = config.params.lambda;
  rep.config.shuffle.T = config.horizon;
  rep.instance = glm_crosscheck_instance(config);
  rep.config.gloc.T = config.horizon;
  const bool b = config.learner == "b-glincb", sh = config.learner == "shuffle-glm", gl = config.learner == "gloc";
  if (gl) (void)ref::gloc_constants(rep.config.gloc, rep.instance);  // validates
  else if (b) ref::validate_b_glincb(rep.config.bglincb, rep.instance.q);
  else if (sh) ref::validate_shuffle_glm(rep.config.shuffle, rep.instance.link, rep.instance.q);
  else ref::validate_glm_ucb(rep.config.params, rep.instance.q);
  if (rep.instance.sets < config.horizon && !config.loaded)
    throw_parameter_error("crosscheck", "horizon", "<= the instance's arm sets", std::to_string(config.horizon));
  const fast::GlmEnvironment env(rep.instance);
  for (std::uint32_t run = 0; run < config.runs; ++run) {
    auto t0 = std::chrono::steady_clock::now();
    if (gl) {
      const ref::GlocTrajectory r = ref::gloc(rep.config.gloc, rep.instance, config.seed, run);
      const double sr = seconds_since(t0);
      t0 = std::chrono::steady_clock::now();
      const fast::GlmEnvironment run_env(rep.instance);
      const fast::GlocFastTrajectory f = fast::gloc(rep.config.gloc, run_env, config.seed, run, config.gloc_fast_options);
      GlmRunComparison c = compare_gloc(r, f);
      c.run = run;
      c.seconds_reference = sr;
      c.seconds_fast = seconds_since(t0);
      rep.runs.push_back(std::move(c));
      continue;
    }
    if (sh) {
      const ref::ShuffleGlmTrajectory r = ref::shuffle_glm(rep.config.shuffle, rep.instance, config.seed, run);
      const double sr = seconds_since(t0);
      t0 = std::chrono::steady_clock::now();
      const fast::GlmEnvironment run_env(rep.instance);
      const fast::ShuffleGlmFastTrajectory f =
          fast::shuffle_glm(rep.config.shuffle, run_env, config.seed, run, config.shuffle_fast_options);
      GlmRunComparison c = compare_shuffle_glm(rep.instance, r, f);
      c.run = run;
      c.seconds_reference = sr;
      c.seconds_fast = seconds_since(t0);
      rep.runs.push_back(std::move(c));
      continue;
    }
    if (b) {
      const ref::BGlincbTrajectory r = ref::b_glincb(rep.config.bglincb, rep.instance, config.seed, run);
      const double sr = seconds_since(t0);
      t0 = std::chrono::steady_clock::now();
      const fast::GlmEnvironment run_env(rep.instance);
      const fast::BGlincbFastTrajectory f =
          fast::b_glincb(rep.config.bglincb, run_env, config.seed, run, config.bglincb_fast_options);
      GlmRunComparison c = compare_b_glincb(rep.instance, r, f);
      c.run = run;
      c.seconds_reference = sr;
      c.seconds_fast = seconds_since(t0);
      rep.runs.push_back(std::move(c));
      continue;
    }
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
      << ", runs = " << c.runs << ", seed = " << c.seed;
  if (c.learner == "gloc") {
    const ref::GlocConstants k = ref::gloc_constants(rep.config.gloc, rep.instance);
    out << ", profile " << ref::gloc_profile_name(k.profile) << ", lambda = " << to_string(k.lambda)
        << ", kappa = " << to_string(k.kappa) << ", delta = " << to_string(k.delta) << "\n";
  } else if (c.learner == "jdp-glm") {
    print_jdp_glm_header(rep, out);
  } else if (c.learner != "shuffle-glm") {
    out << ", lambda = " << to_string(c.params.lambda);
  }
  if (c.learner == "gloc" || c.learner == "jdp-glm") {
  } else if (c.learner == "b-glincb")
    out << ", gamma = " << to_string(c.bglincb.gamma) << ", kappa = " << to_string(c.bglincb.kappa)
        << ", S = " << to_string(c.bglincb.S) << ", M = " << ref::b_glincb_batches(rep.config.bglincb)
        << ", widths = " << ref::glm_widths_name(c.bglincb.widths) << "\n";
  else if (c.learner == "shuffle-glm")
    out << ", eps = " << to_string(c.shuffle.eps) << ", delta = " << to_string(c.shuffle.delta)
        << ", gamma = " << to_string(c.shuffle.gamma) << ", kappa = " << to_string(c.shuffle.kappa)
        << ", kappa* = " << to_string(c.shuffle.kappa_star) << ", S = " << to_string(c.shuffle.S)
        << ", M = " << ref::shuffle_glm_batches(rep.config.shuffle)
        << ", widths = " << ref::glm_widths_name(c.shuffle.widths) << " (scaled profile)\n";
  else if (c.learner == "rs-glincb")
    out << ", gamma = " << to_string(c.rs_params.gamma) << ", kappa = " << to_string(c.rs_params.kappa)
        << ", beta = " << to_string(c.rs_params.beta) << "\n";
  else if (c.learner != "jdp-glm")
    out << ", rho = " << ref::glm_ucb_rho_name(c.params) << "\n";
  std::uint64_t bad = 0, deferred = 0;
  for (const auto& r : rep.runs) {
    if (c.learner == "gloc") {
      out << "  run " << r.run << ": " << r.rounds << " rounds, " << r.deferrals << " argmax decisions deferred, "
          << r.reward_deferrals << " reward draws deferred, " << r.refinements << " reference replays, "
          << r.exact_rounds << " reference decisions exact, max radius " << r.max_theta_error << ", pseudo-regret "
          << r.regret_fast << " (reference " << r.regret_reference << "); reference " << r.seconds_reference
          << " s, optimized " << r.seconds_fast << " s";
      deferred += r.deferrals;
      if (r.divergence) {
        ++bad;
        out << "  DISAGREEMENT: " << r.detail;
      }
      out << "\n";
      continue;
    }
    if (c.learner == "jdp-glm") {
      out << "  run " << r.run << ": " << r.rounds << " rounds, |T_o| = " << r.explorations << ", switches = "
          << r.switches << ", count1 = " << r.count1 << ", count2 = " << r.count2 << " (cutoffs " << r.cutoffs
          << "), " << r.not_pd << " rounds with a non-PD V or H_tau; deferred to the reference: " << r.deferrals
          << " rounds (" << r.deferral_kinds << "), " << r.pgd_deferrals << " P_GD roundings, " << r.weight_deferrals
          << " weights, " << r.reward_deferrals << " reward draws; pseudo-regret " << r.regret_fast << " (reference "
          << r.regret_reference << "); reference " << r.seconds_reference << " s, optimized " << r.seconds_fast
          << " s";
      deferred += r.deferrals + r.pgd_deferrals + r.reward_deferrals;
      if (r.divergence) {
        ++bad;
        out << "  DISAGREEMENT: " << r.detail;
      }
      out << "\n";
      continue;
    }
    if (c.learner == "shuffle-glm") {
      out << "  run " << r.run << ": " << r.rounds << " rounds in batches " << r.schedule << ", " << r.eliminated
          << " arms eliminated, " << r.clipped << " weights clipped, " << r.not_pd
          << " releases not positive definite; deferred to the reference: " << r.p2_deferrals << " P2 releases, "
          << r.pgd_deferrals << " P_GD roundings, " << r.exact_rounds << " rounds (exact core), "
          << r.reward_deferrals << " reward draws; pseudo-regret " << r.regret_fast << " (reference "
          << r.regret_reference << "); reference " << r.seconds_reference << " s, optimized " << r.seconds_fast << " s";
      deferred += r.p2_deferrals + r.pgd_deferrals + r.exact_rounds;
      if (r.divergence) {
        ++bad;
        out << "  DISAGREEMENT: " << r.detail;
      }
      out << "\n";
      continue;
    }
    if (c.learner == "b-glincb") {
      out << "  run " << r.run << ": " << r.rounds << " rounds in batches " << r.schedule << ", " << r.eliminated
          << " arms eliminated, " << r.elimination_tests << " elimination tests (" << r.deferrals << " deferred), "
          << r.mle_deferrals << " MLE roundings deferred, " << r.weight_deferrals << " weights deferred, "
          << r.reward_deferrals << " reward draws deferred, " << r.refinements
          << " reference refinements, max theta bound " << r.max_theta_error << ", pseudo-regret " << r.regret_fast
          << " (reference " << r.regret_reference << "); reference " << r.seconds_reference << " s, optimized "
          << r.seconds_fast << " s";
      deferred += r.deferrals + r.mle_deferrals + r.weight_deferrals;
      if (r.divergence) {
        ++bad;
        out << "  DISAGREEMENT: " << r.detail;
      }
      out << "\n";
      continue;
    }
    out << "  run " << r.run << ": " << r.rounds << " rounds, " << r.deferrals << " argmax decisions deferred, "
        << r.reward_deferrals << " reward draws deferred, " << r.refinements
        << " reference refinements, " << r.full_fits << " reference full fits, max theta bound " << r.max_theta_error << ", pseudo-regret " << r.regret_fast
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
      << " runs agree (actions, rewards, " << (c.learner == "b-glincb" ? "survivors, weights, batch estimates"
                                        : c.learner == "shuffle-glm" ? "survivors, weights, P2 and P_GD releases and bits"
                                        : c.learner == "jdp-glm" ? "Criterion I/II events, weights, tree releases, P_GD estimates and bits"
                                                                     : "estimates within bounds")
      << ", pseudo-regret); " << deferred
      << " decisions deferred to the reference\n";
}

}  // namespace dpb::verify
