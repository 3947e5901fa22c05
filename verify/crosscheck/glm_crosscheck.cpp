#include "verify/crosscheck/glm_crosscheck.hpp"

#include <ostream>

#include "reference/core/errors.hpp"
#include "verify/crosscheck/glm_learners.hpp"

namespace dpb::verify {

bool is_glm_learner(const std::string& name) { return find_glm_learner(name) != nullptr; }
std::vector<std::string> glm_learner_names() {
  std::vector<std::string> v;
  for (const auto& l : glm_learners()) v.push_back(l.name);
  return v;
}

void GlmRunComparison::fail(std::uint64_t round, std::string why) {
  if (!divergence) {
    divergence = round;
    detail = std::move(why);
  }
}

void same_length(GlmRunComparison& c, std::size_t reference_rounds, std::size_t optimized_rounds) {
  if (optimized_rounds != reference_rounds)
    c.fail(optimized_rounds, "the optimized run has " + std::to_string(optimized_rounds) + " rounds");
}

void overlapping_regrets(GlmRunComparison& c, std::size_t rounds, const Interval& reference, double optimized,
                         double optimized_error) {
  if (Rational(optimized + optimized_error) < reference.lower() || Rational(optimized - optimized_error) > reference.upper())
    c.fail(rounds, "the pseudo-regrets differ beyond their bounds");
  c.regret_reference = reference.midpoint_for_report();
  c.regret_fast = optimized;
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
    if (!same_action_and_reward(c, t, r.actions, f.actions, r.rewards, f.rewards)) break;
    const double e = f.theta_error[t];
    c.max_theta_error = std::max(c.max_theta_error, e);
    for (std::uint32_t j = 0; j < d; ++j) {
      const double v = f.theta[t * d + j];
      if (Rational(v + e) < r.theta[t][j].lower() || Rational(v - e) > r.theta[t][j].upper()) {
        c.fail(t + 1, "round " + std::to_string(t + 1) + ": theta_" + std::to_string(j) + " = " + std::to_string(v) +
                          " +- " + std::to_string(e) + " misses the certified box");
        break;
      }
    }
  }
  same_length(c, r.actions.size(), f.actions.size());
  overlapping_regrets(c, r.actions.size(), r.pseudo_regret, f.pseudo_regret, f.pseudo_regret_error);
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
  if (r.schedule != f.schedule) c.fail(1, "the batch schedules differ");
  for (std::uint64_t t = 0; t < r.actions.size() && !c.divergence; ++t) {
    const std::string at = "round " + std::to_string(t + 1) + ": ";
    if (!same_action_and_reward(c, t, r.actions, f.actions, r.rewards, f.rewards)) break;
    if (r.survivors[t] != f.survivors[t])
      c.fail(t + 1, at + std::to_string(r.survivors[t]) + " arms survive in the reference, " +
                      std::to_string(f.survivors[t]) + " in the optimized build");
    else if (r.weights[t] != Integer(f.weights[t])) c.fail(t + 1, at + "the weights of H differ");
  }
  same_length(c, r.actions.size(), f.actions.size());
  if (!c.divergence && r.theta != f.theta) c.fail(r.actions.size(), "the batch estimates differ");
  overlapping_regrets(c, r.actions.size(), r.pseudo_regret, f.pseudo_regret, f.pseudo_regret_error);
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
  if (r.schedule != f.schedule) c.fail(1, "the batch schedules differ");
  if (rs.lambda != f.lambda || rs.lambda_max != f.lambda_max) c.fail(1, "lambda or lambda_max differ");
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
      if (k >= f.released.size()) c.fail(t + 1, at + "the optimized run released nothing");
      else if (rs.p2_counts[k] != f.p2_counts[k]) c.fail(t + 1, at + "the P2 counts differ");
      else if (rs.released[k] != f.released[k]) c.fail(t + 1, at + "the P2 releases differ");
      else if (rs.p2_bits[k] != f.p2_bits[k])
        c.fail(t + 1, at + "P2 read " + std::to_string(rs.p2_bits[k]) + " bits in the reference, " +
                        std::to_string(f.p2_bits[k]) + " in the optimized build");
      else if (rs.pgd_counts[k] != f.pgd_counts[k]) c.fail(t + 1, at + "the P_GD counts differ");
      else if (rs.pgd_bits[k] != f.pgd_bits[k]) c.fail(t + 1, at + "P_GD read different numbers of bits");
      else if (r.theta[k] != f.theta[k]) c.fail(t + 1, at + "the P_GD estimates differ");
      else if (rs.positive_definite[k] != f.positive_definite[k]) c.fail(t + 1, at + "positive definiteness differs");
    }
    if (c.divergence) break;
    const std::string at = "round " + std::to_string(t + 1) + ": ";
    if (!same_action_and_reward(c, t, r.actions, f.actions, r.rewards, f.rewards)) break;
    if (r.survivors[t] != f.survivors[t])
      c.fail(t + 1, at + std::to_string(r.survivors[t]) + " arms survive in the reference, " +
                      std::to_string(f.survivors[t]) + " in the optimized build");
    else if (r.weights[t] != Integer(f.weights[t])) c.fail(t + 1, at + "the (clipped) weights differ");
  }
  same_length(c, r.actions.size(), f.actions.size());
  if (!c.divergence && (rs.released.size() != f.released.size() || rs.pgd_iterations != f.pgd_iterations ||
                        rs.clipped != f.clipped || rs.not_pd != f.not_pd))
    c.fail(r.actions.size(), "the release counts, P_GD iterations, clipped weights or not-PD counts differ");
  overlapping_regrets(c, r.actions.size(), r.pseudo_regret, f.pseudo_regret, f.pseudo_regret_error);
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
  for (std::uint64_t t = 0; t < r.actions.size() && !c.divergence; ++t)
    if (!same_action_and_reward(c, t, r.actions, f.actions, r.rewards, f.rewards)) break;
  same_length(c, r.actions.size(), f.actions.size());
  overlapping_regrets(c, r.actions.size(), r.pseudo_regret, f.pseudo_regret, f.pseudo_regret_error);
  return c;
}

GlmRunComparison compare_ecolog(const ref::EcologTrajectory& r, const fast::EcologFastTrajectory& f) {
  GlmRunComparison c;
  c.rounds = r.actions.size();
  c.deferrals = f.deferrals;
  c.reward_deferrals = f.reward_deferrals;
  c.exact_rounds = r.exact_decisions;
  c.refinements = r.certified_comparisons;
  c.mle_deferrals = f.step_deferrals;
  c.weight_deferrals = f.weight_deferrals;
  for (std::uint64_t t = 0; t < r.actions.size() && !c.divergence; ++t) {
    if (!same_action_and_reward(c, t, r.actions, f.actions, r.rewards, f.rewards)) break;
    if (t >= f.z.size() || r.z[t] != f.z[t] || r.weights[t] != f.weights[t])
      c.fail(t + 1, "round " + std::to_string(t + 1) + ": the root or the weight differs");
  }
  same_length(c, r.actions.size(), f.actions.size());
  if (!c.divergence) {
    bool same = r.theta.size() == f.theta.size();
    for (std::size_t i = 0; same && i < r.theta.size(); ++i) same = r.theta[i] == f.theta[i];
    if (!same) c.fail(r.actions.size(), "the final theta differs");
  }
  overlapping_regrets(c, r.actions.size(), r.pseudo_regret, f.pseudo_regret, f.pseudo_regret_error);
  return c;
}

GlmCrosscheckReport crosscheck_glm(const GlmCrosscheckConfig& config) {
  const GlmLearner* learner = find_glm_learner(config.learner);
  if (!learner) {
    std::string names;
    for (const auto& n : glm_learner_names()) names += (names.empty() ? "" : ", ") + n;
    throw_parameter_error("crosscheck", "learner", "a GLM learner (" + names + ")", config.learner);
  }
  if (config.runs < 1) throw_parameter_error("crosscheck", "runs", ">= 1", "0");
  GlmCrosscheckReport rep;
  rep.config = config;
  rep.instance = glm_crosscheck_instance(config);
  learner->prepare(rep.config, rep.instance);  // validates
  if (rep.instance.sets < config.horizon && !config.loaded)
    throw_parameter_error("crosscheck", "horizon", "<= the instance's arm sets", std::to_string(config.horizon));
  for (std::uint32_t run = 0; run < config.runs; ++run) {
    const std::uint64_t before = std::uint64_t{run} * config.horizon;
    const std::uint64_t total = std::uint64_t{config.runs} * config.horizon;
    auto on_round = [&](std::uint64_t t) { config.progress(before + t, total); };
    if (config.progress) rep.config.reference_round = ref::round_hook(on_round);
    rep.runs.push_back(learner->run(rep.config, rep.instance, run));
    rep.config.reference_round = {};
  }
  return rep;
}

void print_glm_report(const GlmCrosscheckReport& rep, std::ostream& out) {
  const auto& c = rep.config;
  const GlmLearner& learner = *find_glm_learner(c.learner);
  out << "crosscheck " << c.learner << ": " << rep.instance.describe() << ", T = " << c.horizon
      << ", runs = " << c.runs << ", seed = " << c.seed;
  learner.print_header(rep, out);
  std::uint64_t bad = 0, deferred = 0;
  for (const auto& r : rep.runs) {
    deferred += learner.print_run(r, out);
    if (r.divergence) {
      ++bad;
      out << "  DISAGREEMENT: " << r.detail;
    }
    out << "\n";
  }
  out << (bad ? "FAILED" : "ok") << ": " << rep.runs.size() - bad << "/" << rep.runs.size()
      << " runs agree (actions, rewards, " << learner.agreement << ", pseudo-regret); " << deferred
      << " decisions deferred to the reference\n";
}

}  // namespace dpb::verify
