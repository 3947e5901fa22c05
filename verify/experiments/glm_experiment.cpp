#include "verify/experiments/glm_experiment.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <mutex>
#include <set>
#include <span>
#include <sstream>
#include <thread>

#include "optimized/environments/glm_instance.hpp"
#include "optimized/learners/b_glincb.hpp"
#include "optimized/learners/glm_ucb.hpp"
#include "optimized/learners/ecolog.hpp"
#include "optimized/learners/gloc.hpp"
#include "optimized/learners/jdp_glm.hpp"
#include "optimized/learners/rs_glincb.hpp"
#include "optimized/learners/shuffle_glm.hpp"
#include "reference/core/error_reason.hpp"
#include "reference/core/errors.hpp"
#include "reference/glm/link.hpp"
#include "reference/learners/b_glincb.hpp"
#include "reference/learners/glm_ucb.hpp"
#include "reference/learners/rs_glincb.hpp"
#include "reference/learners/shuffle_glm.hpp"
#include "verify/cluster/cancellation.hpp"
#include "verify/cluster/worker_pool.hpp"
#include "verify/experiments/config.hpp"
#include "verify/experiments/internal/config_reader.hpp"
#include "verify/experiments/output.hpp"
#include "verify/experiments/simulation.hpp"
#include "verify/input/publish.hpp"
#include "verify/experiments/experiment_files.hpp"

namespace dpb::verify::experiments {

namespace {

using Field = internal::Reader;
using internal::joined;

// What one run of one learner returns to the experiment.
struct GlmRunOutcome {
  std::vector<std::uint32_t> actions;
  double pseudo_regret = 0;
  std::uint64_t deferrals = 0;
  std::map<std::string, double> stats;
};

// The registry (see the header). `options` lists the algorithm keys each learner takes.
const std::vector<GlmExperimentLearner>& registry() {
  static const std::vector<GlmExperimentLearner> r = {
      {"glm-ucb", false, true, "", {"lambda", "rho"}},
      {"rs-glincb", false, true, "", {"lambda", "width", "kappa", "ucb_width"}},
      {"b-glincb", false, true, "", {"lambda", "width", "kappa", "batches", "widths"}},
      {"shuffle-glm", true, true, "", {"width", "kappa", "kappa_star", "batches", "widths", "profile"}},
      {"jdp-glm", true, true, "", {"kappa", "kappa_star", "profile", "zeta", "code_version"}},
      {"gloc", false, true, "", {"lambda", "kappa", "profile"}},
      {"ecolog", false, true, "", {"lambda", "profile"}},  // logistic only (refused on probit below)
  };
  return r;
}

const GlmExperimentLearner* find_learner(const std::string& name) {
  for (const auto& l : registry())
    if (l.name == name) return &l;
  return nullptr;
}

std::vector<std::string> learner_names() {
  std::vector<std::string> v;
  for (const auto& l : registry()) v.push_back(l.name);
  return v;
}

bool is_private(const std::string& learner) { return find_learner(learner)->is_private; }

std::string r_text(const Rational& r) { return to_string(r); }

// The learner's parameters for one cell (ParameterError from the learner's own validation passes through).
ref::GlmUcbParams glm_ucb_params(const GlmAlgorithm& a, std::uint64_t T) {
  ref::GlmUcbParams p;
  p.T = T;
  if (a.lambda) p.lambda = *a.lambda;
  p.rho = a.rho;
  return p;
}

Rational kappa_of(const GlmAlgorithm& a, const Rational& instance_kappa_up, const Rational& fallback) {
  if (a.kappa_instance) return instance_kappa_up;
  return a.kappa.value_or(fallback);
}

ref::RsGlincbParams rs_params(const GlmAlgorithm& a, std::uint64_t T, const Rational& kappa_up) {
  ref::RsGlincbParams p;
  p.T = T;
  if (a.lambda) p.lambda = *a.lambda;
  if (a.width) p.gamma = *a.width;
  if (a.ucb_width) p.beta = *a.ucb_width;
  p.kappa = a.kappa ? *a.kappa : kappa_up;  // default: the instance's κ rounded up
  return p;
}

ref::BGlincbParams b_params(const GlmAlgorithm& a, std::uint64_t T, const Rational& S, const Rational& kappa_up) {
  ref::BGlincbParams p;
  p.T = T;
  if (a.lambda) p.lambda = *a.lambda;
  if (a.width) p.gamma = *a.width;
  p.kappa = kappa_of(a, kappa_up, Rational(4));
  if (a.batches) p.M = *a.batches;
  p.widths = ref::parse_glm_widths(a.widths);
  p.S = S;
  return p;
}

ref::ShuffleGlmParams shuffle_params(const GlmAlgorithm& a, std::uint64_t T, const Rational& S,
                                     const Rational& kappa_up, const Rational& eps, const Rational& delta) {
  ref::ShuffleGlmParams p;
  p.T = T;
  p.eps = eps;
  p.delta = delta;
  if (a.kappa_star) p.kappa_star = *a.kappa_star;
  p.kappa = kappa_of(a, kappa_up, std::max(Rational(8), p.kappa_star));
  if (a.width) p.gamma = *a.width;
  if (a.batches) p.M = *a.batches;
  p.widths = ref::parse_glm_widths(a.widths);
  p.S = S;
  return p;
}

// jdp-glm: the profile (theorem | paper-code), ε of the cell, the experiment's δ; ζ the algorithm's (theorem) or the
// experiment's (paper-code); κ* (default 4); κ the algorithm's, else max(κ*, the instance's κ rounded up); S the cell's.
ref::JdpGlmParams jdp_params(const GlmAlgorithm& a, const GlmExperimentConfig& c, std::uint64_t T, const Rational& S,
                             const Rational& kappa_up, const Rational& eps) {
  ref::JdpGlmParams p;
  p.profile = a.profile == "paper-code" ? ref::JdpProfile::PaperCode : ref::JdpProfile::Theorem;
  p.code_version = a.code_version == "later" ? ref::JdpCodeVersion::Later : ref::JdpCodeVersion::First;
  p.T = T;
  p.eps = eps;
  p.delta = c.delta;
  p.zeta = p.profile == ref::JdpProfile::PaperCode ? std::optional<Rational>(c.zeta) : a.zeta;
  if (a.kappa_star) p.kappa_star = *a.kappa_star;
  p.kappa = a.kappa_instance ? std::max(kappa_up, p.kappa_star) : a.kappa.value_or(std::max(kappa_up, p.kappa_star));
  p.S = S;
  return p;
}

ref::GlocParams gloc_params(const GlmAlgorithm& a, std::uint64_t T, const Rational& kappa_up) {
  ref::GlocParams p;
  p.T = T;
  p.profile = ref::parse_gloc_profile(a.profile == "paper-code" ? "baseline-code" : "paper");
  p.lambda = a.lambda;
  if (a.kappa_instance) p.kappa = kappa_up;
  else p.kappa = a.kappa;  // absent: the profile's default
  return p;
}

ref::EcologParams ecolog_params(const GlmAlgorithm& a, std::uint64_t T, const Rational& delta) {
  ref::EcologParams p;
  p.T = T;
  p.profile = ref::parse_ecolog_profile(a.profile == "paper-code" ? "baseline-code" : "paper");
  p.lambda = a.lambda;
  p.delta = delta;  // the experiment's δ
  return p;
}

// Validates every cell's parameters before any instance exists: kappa "instance" stands in as 8 (≥ every κ* bound;
// the runs use the instance's κ rounded up).
void validate_cell(const GlmAlgorithm& a, const GlmExperimentConfig& c, std::uint64_t T, const Rational& S,
                   const Rational& eps) {
  const Rational kappa_stand_in(8);
  if (a.learner == "glm-ucb") ref::validate_glm_ucb(glm_ucb_params(a, T), c.q);
  else if (a.learner == "rs-glincb") ref::validate_rs_glincb(rs_params(a, T, kappa_stand_in), c.q);
  else if (a.learner == "b-glincb") ref::validate_b_glincb(b_params(a, T, S, kappa_stand_in), c.q);
  else if (a.learner == "gloc") ref::validate_gloc(gloc_params(a, T, kappa_stand_in), c.link, c.q);
  else if (a.learner == "ecolog") ref::validate_ecolog(ecolog_params(a, T, c.delta), c.link, c.q);
  else if (a.learner == "shuffle-glm") {
    const ref::ShuffleGlmParams p = shuffle_params(a, T, S, std::max(kappa_stand_in, a.kappa_star.value_or(Rational(4))),
                                                   eps, c.delta);
    if (!a.kappa_instance && p.kappa < p.kappa_star)
      throw_parameter_error("shuffle_glm", "kappa", ">= kappa_star (" + r_text(p.kappa_star) + ")", r_text(p.kappa));
    ref::validate_shuffle_glm(p, c.link, c.q);
  } else if (a.learner == "jdp-glm") {
    const ref::JdpGlmParams p = jdp_params(a, c, T, S, std::max(kappa_stand_in, a.kappa_star.value_or(Rational(4))), eps);
    // The optimized twins' exact range of λ, as crosscheck's jdp_glm_prepare checks it: paper-code below 2^20 on its
    // 2^-32 grid (λ = 2 ln(4/δ) ln²(4T/ζ)/(ε·κ*) + …), theorem at most 2^52 (Eq. 19, 64 ln(32/δ) ln T (4√d + 1)
    // (ln(16T/ζ) + √d)/(ε·κ*)). λ depends on κ* (the algorithm's, default 4), not on the instance's κ that the stand-in
    // value 8 replaces here, so this check is exact and runs before any instance is built. `simulate --experiment
    // 003-fig1-logistic --eps 1e-9` used to pass here and end its first optimized run with exit 3 (scripts/
    // sweep-refusals). For the theorem profile jdp_glm_constants' per-call ε check (ε/(6√(2k ln(4/δ))) >= 2^-64)
    // refuses first in practice: at T = 64 it refuses ε = 10^-7, where λ is about 5·10^11 < 2^52 ≈ 4.5·10^15.
    if (p.profile != ref::JdpProfile::PaperCode) {
      if (ref::jdp_glm_constants(p, c.link, c.d, c.q).lambda > Integer(1) << 52)
        throw_parameter_error("jdp_glm", "eps",
                              "large enough (with kappa-star) that the theorem's lambda (Eq. 19), about 1/(eps·kappa*), "
                              "stays within 2^52, the optimized build's exact range",
                              r_text(eps));
    } else if (ref::jdp_glm_paper_constants(p, c.link, c.d, c.q).lambda >= Rational(1 << 20))
      throw_parameter_error("jdp_glm", "eps",
                            "large enough (with kappa-star) that the paper-code lambda, about 1/(eps·kappa*), stays "
                            "below 2^20, the optimized build's exact range",
                            r_text(eps));
  }
}

GlmRunOutcome run_learner(const GlmAlgorithm& a, const GlmExperimentConfig& c, const fast::GlmEnvironment& env,
                          std::uint64_t T, const Rational& S, const Rational& kappa_up,
                          const std::optional<Rational>& eps, std::uint32_t run) {
  GlmRunOutcome o;
  if (a.learner == "glm-ucb") {
    fast::GlmUcbFastTrajectory t = fast::glm_ucb(glm_ucb_params(a, T), env, c.seed, run);
    o.actions = std::move(t.actions);
    o.pseudo_regret = t.pseudo_regret;
    o.deferrals = t.deferrals;
  } else if (a.learner == "rs-glincb") {
    fast::RsGlincbFastTrajectory t = fast::rs_glincb(rs_params(a, T, kappa_up), env, c.seed, run);
    std::uint64_t explorations = 0;
    for (const auto e : t.explore) explorations += e;
    o.stats["explorations"] = static_cast<double>(explorations);
    o.stats["switches"] = static_cast<double>(t.switches.size());
    o.actions = std::move(t.actions);
    o.pseudo_regret = t.pseudo_regret;
    o.deferrals = t.deferrals;
  } else if (a.learner == "b-glincb") {
    fast::BGlincbFastTrajectory t = fast::b_glincb(b_params(a, T, S, kappa_up), env, c.seed, run);
    o.stats["batches"] = static_cast<double>(t.schedule.size());
    o.actions = std::move(t.actions);
    o.pseudo_regret = t.pseudo_regret;
    o.deferrals = t.elimination_deferrals + t.mle_deferrals + t.weight_deferrals;
  } else if (a.learner == "gloc") {
    fast::GlocFastTrajectory t = fast::gloc(gloc_params(a, T, kappa_up), env, c.seed, run);
    o.stats["reference_replays"] = static_cast<double>(t.reference_replays);
    o.actions = std::move(t.actions);
    o.pseudo_regret = t.pseudo_regret;
    o.deferrals = t.deferrals;
  } else if (a.learner == "ecolog") {
    fast::EcologFastTrajectory t = fast::ecolog(ecolog_params(a, T, c.delta), env, c.seed, run);
    o.stats["update_deferrals"] = static_cast<double>(t.step_deferrals);
    o.actions = std::move(t.actions);
    o.pseudo_regret = t.pseudo_regret;
    o.deferrals = t.deferrals + t.step_deferrals;
  } else if (a.learner == "shuffle-glm") {
    const auto started = std::chrono::steady_clock::now();
    fast::ShuffleGlmFastTrajectory t =
        fast::shuffle_glm(shuffle_params(a, T, S, kappa_up, *eps, c.delta), env, c.seed, run);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    double iterations = 0, pgd_bits = 0, p2_bits = 0;
    for (const auto& k : t.pgd_iterations) iterations += k.convert_to<double>();
    for (const auto b : t.pgd_bits) pgd_bits += static_cast<double>(b);
    for (const auto b : t.p2_bits) p2_bits += static_cast<double>(b);
    const double calls = static_cast<double>(std::max<std::size_t>(t.pgd_bits.size(), 1));
    o.stats["pgd_calls"] = static_cast<double>(t.pgd_bits.size());
    o.stats["pgd_iterations_per_call"] = iterations / calls;
    o.stats["pgd_bits_per_call"] = pgd_bits / calls;
    o.stats["p2_bits_per_release"] = p2_bits / static_cast<double>(std::max<std::size_t>(t.p2_bits.size(), 1));
    o.stats["batches"] = static_cast<double>(t.schedule.size());
    o.stats["warmup_users"] = t.schedule.empty() ? 0.0 : static_cast<double>(t.schedule.front());
    o.stats["not_pd"] = static_cast<double>(t.not_pd);
    o.stats["clipped"] = static_cast<double>(t.clipped);
    o.stats["run_seconds"] = seconds;  // timing: ignored by comparisons
    o.actions = std::move(t.actions);
    o.pseudo_regret = t.pseudo_regret;
    o.deferrals = t.p2_deferrals + t.pgd_deferrals + t.exact_rounds;
  } else if (a.learner == "jdp-glm") {
    const auto started = std::chrono::steady_clock::now();
    fast::JdpGlmFastTrajectory t = fast::jdp_glm(jdp_params(a, c, T, S, kappa_up, *eps), env, c.seed, run);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    std::uint64_t explorations = 0;
    for (const auto e : t.explore) explorations += e;
    o.stats["explorations"] = static_cast<double>(explorations);
    o.stats["switches"] = static_cast<double>(t.switches.size());
    o.stats["count1"] = static_cast<double>(t.count1);
    o.stats["count2"] = static_cast<double>(t.count2);
    o.stats["tree_reference"] = t.tree_reference ? 1.0 : 0.0;
    o.stats["run_seconds"] = seconds;  // timing: ignored by comparisons
    o.actions = std::move(t.actions);
    o.pseudo_regret = t.pseudo_regret;
    o.deferrals = t.deferrals + t.pgd_deferrals + t.sgd_deferrals;
  } else {
    throw std::logic_error("run_learner: no runner for " + a.learner);  // refused at parse time
  }
  return o;
}

Rational ceil_rational(const Rational& x) {
  return Rational(Integer((numerator(x) + denominator(x) - 1) / denominator(x)));
}

std::vector<Rational> rational_list(const Field& f, const nlohmann::json& j, const std::string& key, bool required,
                                    const Rational& lo, const Rational& hi, const std::string& range) {
  std::vector<Rational> out;
  if (!j.contains(key)) {
    if (required) f.fail(key, "a non-empty list of exact rationals " + range, nullptr);
    return out;
  }
  const auto& v = j.at(key);
  // At most 12 values (S, ε), 8 horizons and 16 algorithms: every cell is validated at parse time.
  if (!v.is_array() || v.empty() || v.size() > 12) f.fail(key, "a list of 1 to 12 exact rationals " + range, v);
  for (std::size_t k = 0; k < v.size(); ++k) {
    const std::string field = key + "[" + std::to_string(k) + "]";
    const Rational x = f.rational(v[k], field);
    if (x <= lo || x > hi) f.fail(field, range, v[k]);
    if (!out.empty() && x <= out.back()) f.fail(field, "increasing", v[k]);
    out.push_back(x);
  }
  return out;
}

std::vector<std::string> text_list(const Field& f, const nlohmann::json& v, const std::string& field, std::size_t n) {
  if (!v.is_array() || v.size() != n) f.fail(field, "a list of " + std::to_string(n) + " strings (one per S)", v);
  std::vector<std::string> out;
  for (std::size_t k = 0; k < n; ++k) {
    if (!v[k].is_string()) f.fail(field + "[" + std::to_string(k) + "]", "a string", v[k]);
    out.push_back(v[k].get<std::string>());
  }
  return out;
}

// Per-config checks shared by the parser and the overrides.
void check_config(const GlmExperimentConfig& c, const Field& f) {
  for (std::size_t i = 0; i < c.algorithms.size(); ++i) {
    const auto& a = c.algorithms[i];
    const std::string at = "algorithms[" + std::to_string(i) + "]";
    for (const auto T : c.horizons)
      for (const auto& S : c.S) {
        std::vector<Rational> eps = is_private(a.learner) ? c.epsilons : std::vector<Rational>{Rational(1)};
        for (const auto& e : eps) {
          try {
            validate_cell(a, c, T, S, e);
          } catch (const ParameterError& err) {
            f.fail(at, "a valid setting at S = " + r_text(S) + ", T = " + std::to_string(T) +
                           (is_private(a.learner) ? ", eps = " + r_text(e) : std::string()) + " (" +
                           parameter_error_reason(err.what()).substr(0, 160) + ")",
                   a.label);
          }
        }
      }
  }
}

}  // namespace

const std::vector<GlmExperimentLearner>& glm_experiment_learners() { return registry(); }

bool is_glm_experiment_json(const nlohmann::json& j) {
  return j.is_object() && j.contains("kind") && j.at("kind").is_string() && j.at("kind").get<std::string>() == "glm";
}

namespace {
GlmExperimentConfig parse_checked(const nlohmann::json& j, const std::string& name);
}  // namespace

// A JSON value of a shape the checks below do not name is a usage error too (as for the regret configs).
GlmExperimentConfig parse_glm_experiment(const nlohmann::json& j, const std::string& name) {
  try {
    return parse_checked(j, name);
  } catch (const nlohmann::json::exception& e) {
    throw_parameter_error("experiment " + name, "config",
                          "a valid glm experiment (" + std::string(e.what()).substr(0, 80) + ")", "the file");
  }
}

namespace {
GlmExperimentConfig parse_checked(const nlohmann::json& j, const std::string& name) {
  const Field f{"experiment " + name};
  if (!j.is_object()) f.fail("config", "a JSON object", j);
  static const std::set<std::string> kKeys = {
      "kind",      "description", "source", "figure",        "comment",   "link",  "d",         "arms",
      "S",         "horizons",    "epsilons", "delta",       "zeta",      "runs",  "seed",      "generator",
      "instances", "instance_seed", "q",     "x_axis",       "grid_points", "paper", "algorithms"};
  for (const auto& [key, value] : j.items())
    if (!kKeys.count(key)) f.fail(key, "a known key of a glm experiment (" + joined({kKeys.begin(), kKeys.end()}) + ")", key);
  if (!is_glm_experiment_json(j)) f.fail("kind", "\"glm\"", j.contains("kind") ? j.at("kind") : nlohmann::json());
  GlmExperimentConfig c;
  c.name = name;
  c.raw = j;
  c.description = f.string(j, "description", "description", true);
  c.source = f.string(j, "source", "source", true);
  c.figure = f.string(j, "figure", "figure", false);
  c.link = ref::parse_link(f.choice(j, "link", "link", {"logistic", "probit"}, "logistic"));
  if (!j.contains("link")) f.fail("link", "given (logistic or probit)", nullptr);
  c.generator = ref::parse_glm_generator(f.choice(j, "generator", "generator", {"authors", "sphere"}, "authors"));
  c.d = static_cast<std::uint32_t>(f.unsigned_integer(j, "d", "d", 2, ref::kGlmMaxDim, std::nullopt));
  c.K = static_cast<std::uint32_t>(f.unsigned_integer(j, "arms", "arms", 2, 1000, std::nullopt));
  c.S = rational_list(f, j, "S", true, Rational(0), Rational(ref::kGlmMaxS), "in (0, 64]");
  if (!j.contains("horizons") || !j.at("horizons").is_array() || j.at("horizons").empty() ||
      j.at("horizons").size() > 8)
    f.fail("horizons", "a list of 1 to 8 horizons", j.contains("horizons") ? j.at("horizons") : nlohmann::json());
  for (std::size_t k = 0; k < j.at("horizons").size(); ++k) {
    const std::string field = "horizons[" + std::to_string(k) + "]";
    const std::uint64_t T = f.integer(j.at("horizons")[k], field, 16, std::uint64_t{1} << 20);
    if (!c.horizons.empty() && T <= c.horizons.back()) f.fail(field, "increasing", j.at("horizons")[k]);
    c.horizons.push_back(T);
  }
  c.epsilons = rational_list(f, j, "epsilons", false, Rational(0), Rational(1000), "in (0, 1000]");
  if (j.contains("delta")) c.delta = f.rational(j.at("delta"), "delta");
  if (c.delta <= 0 || c.delta >= 1) f.fail("delta", "in (0, 1)", j.at("delta"));
  c.zeta = j.contains("zeta") ? f.rational(j.at("zeta"), "zeta") : c.delta;
  if (c.zeta <= 0 || c.zeta >= 1) f.fail("zeta", "in (0, 1)", j.at("zeta"));
  c.runs = static_cast<std::uint32_t>(f.unsigned_integer(j, "runs", "runs", 1, 10000, std::uint64_t{10}));
  c.seed = f.unsigned_integer(j, "seed", "seed", 0, ~std::uint64_t{0}, std::uint64_t{1});
  c.instance_seed =
      f.unsigned_integer(j, "instance_seed", "instance_seed", 0, ~std::uint64_t{0}, std::uint64_t{109832});
  c.per_run_instances = f.choice(j, "instances", "instances", {"shared", "per-run"}, "shared") == "per-run";
  c.x_axis = f.choice(j, "x_axis", "x_axis", {"rounds", "S", "T"}, "rounds");
  if (c.x_axis == "S" && c.S.size() < 2) f.fail("x_axis", "rounds or T with a single S", j.at("x_axis"));
  if (c.x_axis == "T" && c.horizons.size() < 2) f.fail("x_axis", "rounds or S with a single horizon", j.at("x_axis"));
  c.grid_points = static_cast<std::uint32_t>(f.unsigned_integer(j, "grid_points", "grid_points", 2, 1000, 100));
  const std::uint64_t coordinates = c.horizons.back() * c.K * c.d;
  if (coordinates > ref::kGlmMaxCoordinates)
    f.fail("horizons", "with max(horizons)·arms·d <= 2^25 (the instance's arm sets)", j.at("horizons"));

  if (!j.contains("algorithms") || !j.at("algorithms").is_array() || j.at("algorithms").empty() ||
      j.at("algorithms").size() > 16)
    f.fail("algorithms", "a list of 1 to 16 algorithms", j.contains("algorithms") ? j.at("algorithms") : nlohmann::json());
  std::set<std::string> labels;
  bool shuffle = false;
  for (std::size_t k = 0; k < j.at("algorithms").size(); ++k) {
    const auto& a = j.at("algorithms")[k];
    const std::string at = "algorithms[" + std::to_string(k) + "]";
    if (!a.is_object()) f.fail(at, "a JSON object", a);
    GlmAlgorithm alg;
    alg.learner = f.string(a, "learner", at + ".learner", true);
    const GlmExperimentLearner* entry = find_learner(alg.learner);
    if (!entry) f.fail(at + ".learner", "one of " + joined(learner_names()), a.at("learner"));
    if (alg.learner == "ecolog" && c.link != ref::Link::logistic)
      f.fail(at + ".learner", "not ecolog on the probit link (ECOLog is logistic-only)", a.at("learner"));
    std::set<std::string> allowed(entry->options.begin(), entry->options.end());
    allowed.insert({"label", "learner", "comment"});
    for (const auto& [key, value] : a.items())
      if (!allowed.count(key))
        f.fail(at + "." + key, "absent for learner " + alg.learner + " (it takes " + joined(entry->options) + ")", key);
    alg.label = f.string(a, "label", at + ".label", false, alg.learner);
    if (alg.label.empty() || alg.label.find_first_of(",\"\n") != std::string::npos || !labels.insert(alg.label).second)
      f.fail(at + ".label", "non-empty, unique, without commas, quotes or newlines", a.contains("label") ? a.at("label") : nlohmann::json(alg.label));
    alg.lambda = f.optional_rational(a, "lambda", at + ".lambda");
    alg.rho = f.optional_rational(a, "rho", at + ".rho");
    alg.width = f.optional_rational(a, "width", at + ".width");
    alg.ucb_width = f.optional_rational(a, "ucb_width", at + ".ucb_width");
    alg.kappa_star = f.optional_rational(a, "kappa_star", at + ".kappa_star");
    if (a.contains("kappa")) {
      if (a.at("kappa").is_string() && a.at("kappa").get<std::string>() == "instance") alg.kappa_instance = true;
      else alg.kappa = f.rational(a.at("kappa"), at + ".kappa");
      if (alg.kappa && (*alg.kappa < 1 || *alg.kappa > Rational(Integer(1) << 40)))
        f.fail(at + ".kappa", "\"instance\" or a rational in [1, 2^40]", a.at("kappa"));
    } else if (alg.learner == "rs-glincb") {
      alg.kappa_instance = true;  // the CLI's default: the instance's κ rounded up
    }
    if (a.contains("batches"))
      alg.batches = static_cast<std::uint32_t>(f.integer(a.at("batches"), at + ".batches", 2, 8));
    alg.widths = f.choice(a, "widths", at + ".widths", {"paper", "sqrt-kappa"}, "paper");
    alg.zeta = f.optional_rational(a, "zeta", at + ".zeta");
    if (alg.learner == "shuffle-glm") {
      shuffle = true;
      alg.profile = f.string(a, "profile", at + ".profile", false, "scaled");
      if (alg.profile == "theorem")
        f.fail(at + ".profile",
               "scaled for shuffle-glm (the theorem's warm-up B1 exceeds T at every feasible T: `dpbandit calibrate "
               "shuffle-glm` reports B1/T and the P_GD cost)",
               a.at("profile"));
      if (alg.profile != "scaled") f.fail(at + ".profile", "scaled", a.at("profile"));
      if (c.epsilons.empty()) f.fail("epsilons", "given (shuffle-glm is private)", nullptr);
      if (alg.kappa_star) ref::check_kappa_star(c.link, *alg.kappa_star, "experiment " + name, at + ".kappa_star");
    }
    if (alg.learner == "ecolog")  // theorem: the paper's logit-space index; paper-code: the authors' code's
      alg.profile = f.choice(a, "profile", at + ".profile", {"theorem", "paper-code"}, "theorem");
    if (alg.learner == "gloc")  // theorem: Jun et al.'s constants; paper-code: the baseline code's (docs/learners.md)
      alg.profile = f.choice(a, "profile", at + ".profile", {"theorem", "paper-code"}, "theorem");
    if (alg.learner == "jdp-glm") {
      alg.profile = f.choice(a, "profile", at + ".profile", {"theorem", "paper-code"}, "theorem");
      if (alg.profile == "theorem") {
        const Rational zeta = alg.zeta.value_or(c.delta / 2);
        if (c.delta <= zeta)
          f.fail(at + ".zeta", "below delta = " + r_text(c.delta) + " in jdp-glm's theorem profile (Thm 6.2 needs delta > zeta)",
                 a.contains("zeta") ? a.at("zeta") : nlohmann::json(r_text(zeta)));
      } else if (alg.zeta) {
        f.fail(at + ".zeta", "absent in the paper-code profile (the experiment's zeta applies)", a.at("zeta"));
      }
      if (a.contains("code_version") && alg.profile != "paper-code")
        f.fail(at + ".code_version", "absent in jdp-glm's theorem profile (paper-code only)", a.at("code_version"));
      alg.code_version = f.choice(a, "code_version", at + ".code_version", {"first", "later"}, "first");
    }
    if (!entry->available) f.fail(at + ".learner", "a learner that runs today (" + entry->pending + ")", a.at("learner"));
    c.algorithms.push_back(std::move(alg));
  }
  // shuffle-glm's P₂ message grid and jdp-glm's tree grid 2^-(2q+32) need q <= 15 (verify/cli/glm_options.cpp uses
  // 15 for shuffle-glm, 5 for jdp-glm: fast::RoundedNormal's range at the paper's σ).
  bool jdp = false;
  for (const auto& alg : c.algorithms) jdp = jdp || alg.learner == "jdp-glm";
  c.q = static_cast<unsigned>(
      f.unsigned_integer(j, "q", "q", 1, shuffle || jdp ? 15 : 16, std::uint64_t{shuffle || jdp ? 15u : 16u}));

  if (j.contains("paper")) {
    const auto& p = f.object(j.at("paper"), "paper");
    for (const auto& [key, value] : p.items()) {
      if (key == "kappa") c.paper_kappa = text_list(f, value, "paper.kappa", c.S.size());
      else if (key == "kappa_star") c.paper_kappa_star = text_list(f, value, "paper.kappa_star", c.S.size());
      else if (key == "regret") {
        f.object(value, "paper.regret");
        for (const auto& [label, list] : value.items())
          c.paper_regret[label] = text_list(f, list, "paper.regret." + label, c.S.size());
      } else if (key != "comment") {
        f.fail("paper." + key, "one of kappa, kappa_star, regret, comment", key);
      }
    }
  }
  check_config(c, f);
  return c;
}
}  // namespace

std::vector<GlmExperimentConfig> list_glm_experiments() {
  return list_experiments_of_kind<GlmExperimentConfig>([](const nlohmann::json& j) { return is_glm_experiment_json(j); },
                                      [](const nlohmann::json& j, const std::string& name) { return parse_glm_experiment(j, name); });
}

std::optional<GlmExperimentConfig> find_glm_experiment(const std::string& name) {
  return find_experiment_of_kind<GlmExperimentConfig>(name, [](const nlohmann::json& j) { return is_glm_experiment_json(j); },
                                     [](const nlohmann::json& j, const std::string& n) { return parse_glm_experiment(j, n); });
}

GlmExperimentConfig effective_glm_config(const GlmExperimentConfig& config, const GlmExperimentOptions& o) {
  GlmExperimentConfig c = config;
  if (o.runs) {
    if (*o.runs < 1 || *o.runs > 10000) throw_parameter_error("simulate", "--runs", "in [1, 10000]", std::to_string(*o.runs));
    c.runs = *o.runs;
  }
  if (o.seed) c.seed = *o.seed;
  // Each override is checked against every learner as it is applied, so that the refusal names the option that
  // caused it, with the value given (issue 14: --eps 1000 with --horizon used to blame --horizon, showing the
  // inner message where the value goes).
  const auto check = [&](const char* name, const std::string& value) {
    try {
      check_config(c, Field{"experiment " + c.name});
    } catch (const ParameterError& e) {
      throw_parameter_error("simulate", name,
                            "a value every learner accepts (" + parameter_error_reason(e.what()).substr(0, 160) + ")",
                            value);
    }
  };
  if (o.horizon) {
    if (*o.horizon < 16 || *o.horizon > (std::uint64_t{1} << 20))
      throw_parameter_error("simulate", "--horizon", "in [16, 2^20] for a glm experiment", std::to_string(*o.horizon));
    if (*o.horizon * c.K * c.d > ref::kGlmMaxCoordinates)
      throw_parameter_error("simulate", "--horizon", "with T·arms·d <= 2^25", std::to_string(*o.horizon));
    if (c.horizons != std::vector<std::uint64_t>{*o.horizon}) c.paper_regret.clear();  // the paper's T no longer
    c.horizons = {*o.horizon};
    if (c.x_axis == "T") c.x_axis = "rounds";
    check("--horizon", std::to_string(*o.horizon));
  }
  if (o.epsilons) {
    std::vector<Rational> e = *o.epsilons;
    std::sort(e.begin(), e.end());
    if (std::adjacent_find(e.begin(), e.end()) != e.end())
      throw_parameter_error("simulate", "--eps", "distinct values", "a repeated value");
    c.epsilons = e;
    std::string list;
    for (const auto& x : *o.epsilons) list += (list.empty() ? "" : ",") + to_string(x);
    check("--eps", list);
  }
  if (!o.horizon && !o.epsilons) check_config(c, Field{"experiment " + c.name});
  return c;
}

const GlmCell& GlmExperimentResult::cell(const std::string& label, std::size_t s, std::size_t t,
                                         const std::optional<Rational>& eps) const {
  for (const auto& c : cells)
    if (config.algorithms.at(c.algorithm).label == label && c.s_index == s && c.t_index == t && c.eps == eps) return c;
  throw std::out_of_range("GlmExperimentResult: no cell " + label);
}

GlmExperimentResult run_glm_experiment(const GlmExperimentConfig& input, const GlmExperimentOptions& options) {
  const auto started = std::chrono::steady_clock::now();
  GlmExperimentResult result;
  result.config = effective_glm_config(input, options);
  const GlmExperimentConfig& c = result.config;
  for (const auto T : c.horizons) result.grids.push_back(linear_grid(T, std::min<std::uint64_t>(c.grid_points, T)));

  // Instances: [S index][run] (shared: one per S, stored at run 0).
  const std::uint32_t n_inst = c.per_run_instances ? c.runs : 1;
  std::vector<std::vector<ref::GlmInstance>> instances(c.S.size());
  std::vector<std::vector<Rational>> kappa_up(c.S.size());
  for (std::size_t s = 0; s < c.S.size(); ++s)
    for (std::uint32_t r = 0; r < n_inst; ++r) {
      ref::GlmInstanceParams p;
      p.link = c.link;
      p.generator = c.generator;
      p.d = c.d;
      p.K = c.K;
      p.q = c.q;
      p.sets = c.horizons.back();
      p.S = c.S[s];
      p.seed = c.instance_seed;
      p.stream = c.per_run_instances ? ref::glm_instance_stream(r) : 0;
      instances[s].push_back(fast::make_glm_instance(p).instance);
      const ref::GlmInstance& inst = instances[s].back();
      const ref::KappaEnclosure k = ref::glm_instance_kappa(inst, 64);
      kappa_up[s].push_back(ceil_rational(k.kappa.upper()));
      GlmInstanceSummary sum;
      sum.s_index = s;
      sum.run = r;
      sum.kappa = k.kappa.midpoint_for_report();
      sum.kappa_star = k.kappa_star.midpoint_for_report();
      // Five significant digits, correctly rounded (then written without an exponent: "18.321").
      const auto plain = [](const std::string& text) {
        char buf[64];
        std::snprintf(buf, sizeof buf, "%.5g", std::stod(text));  // report-only: 5 digits survive the double
        return std::string(buf);
      };
      sum.kappa_text = plain(correctly_rounded_decimal(
          [&inst](mpfr_prec_t prec) { return ref::glm_instance_kappa(inst, prec).kappa; }, 5));
      sum.kappa_star_text = plain(correctly_rounded_decimal(
          [&inst](mpfr_prec_t prec) { return ref::glm_instance_kappa(inst, prec).kappa_star; }, 5));
      result.instances.push_back(sum);
    }

  // jdp-glm's theorem profile: λ (Eq. 19) within the optimized build's exact range (2^52), checked with the κ each
  // run will use (the instance's, rounded up), once the instances are known and before any run starts (issue 14:
  // it used to be found by the first optimized run, exit 3 "fast::jdp_glm: lambda beyond 2^52"). Named --eps (or the
  // config's epsilons[j]).
  for (const auto& a : c.algorithms) {
    if (a.learner != "jdp-glm" || a.profile == "paper-code") continue;
    for (std::size_t s = 0; s < c.S.size(); ++s)
      for (const auto& kappa : kappa_up[s])
        for (const auto T : c.horizons)
          for (std::size_t j = 0; j < c.epsilons.size(); ++j) {
            const ref::JdpGlmParams p = jdp_params(a, c, T, c.S[s], kappa, c.epsilons[j]);
            ref::JdpGlmConstants k;
            try {
              k = ref::jdp_glm_constants(p, c.link, c.d, c.q);
            } catch (const ParameterError& e) {
              throw_parameter_error("simulate", options.epsilons ? "--eps" : "epsilons[" + std::to_string(j) + "]",
                                    "a value " + a.label + " can be calibrated at with the instance's kappa " +
                                        r_text(kappa) + " (" + parameter_error_reason(e.what()).substr(0, 100) + ")",
                                    r_text(c.epsilons[j]));
            }
            if (k.lambda > Integer(1) << 52)
              throw_parameter_error("simulate", options.epsilons ? "--eps" : "epsilons[" + std::to_string(j) + "]",
                                    "large enough that " + a.label + "'s lambda (Eq. 19) stays within 2^52, the "
                                    "optimized build's exact range (kappa " + r_text(kappa) + ")",
                                    r_text(c.epsilons[j]));
          }
  }

  for (std::size_t a = 0; a < c.algorithms.size(); ++a)
    for (std::size_t s = 0; s < c.S.size(); ++s)
      for (std::size_t t = 0; t < c.horizons.size(); ++t) {
        std::vector<std::optional<Rational>> eps;
        if (is_private(c.algorithms[a].learner)) eps.assign(c.epsilons.begin(), c.epsilons.end());
        else eps.push_back(std::nullopt);
        for (const auto& e : eps) {
          GlmCell cell;
          cell.algorithm = a;
          cell.s_index = s;
          cell.t_index = t;
          cell.eps = e;
          cell.per_run.assign(c.runs, {});
          cell.final_regret.assign(c.runs, 0);
          cell.deferrals.assign(c.runs, 0);
          result.cells.push_back(std::move(cell));
        }
      }
  std::vector<std::vector<std::map<std::string, double>>> stats(result.cells.size(),
                                                                std::vector<std::map<std::string, double>>(c.runs));
  // Tasks (cell, run), the longest horizons first.
  std::vector<std::pair<std::size_t, std::uint32_t>> tasks;
  for (std::size_t k = 0; k < result.cells.size(); ++k)
    for (std::uint32_t r = 0; r < c.runs; ++r) tasks.emplace_back(k, r);
  std::stable_sort(tasks.begin(), tasks.end(), [&](const auto& x, const auto& y) {
    return result.cells[x.first].t_index > result.cells[y.first].t_index;
  });
  unsigned threads = options.threads ? options.threads : std::max(1U, std::thread::hardware_concurrency());
  threads = static_cast<unsigned>(std::min<std::size_t>(threads, tasks.size()));
  result.threads = threads;
  std::atomic<std::size_t> next{0};
  std::mutex progress_lock;
  std::uint64_t done = 0;
  cluster::run_workers(threads, [&](const std::atomic<bool>& failed) {
    for (;;) {
      if (failed) return;
      const std::size_t i = next.fetch_add(1);
      if (i >= tasks.size()) return;
      poll_cancellation();
      const auto [k, r] = tasks[i];
      GlmCell& cell = result.cells[k];
      const std::uint32_t inst_index = c.per_run_instances ? r : 0;
      const fast::GlmEnvironment env(instances[cell.s_index][inst_index]);  // its own deferral counters
      const std::uint64_t T = c.horizons[cell.t_index];
      GlmRunOutcome o = run_learner(c.algorithms[cell.algorithm], c, env, T, c.S[cell.s_index],
                                    kappa_up[cell.s_index][inst_index], cell.eps, r);
      const auto& grid = result.grids[cell.t_index];
      std::vector<double> curve;
      curve.reserve(grid.size());
      for (const auto g : grid)
        curve.push_back(env.pseudo_regret(std::span<const std::uint32_t>(o.actions.data(), g)));
      cell.per_run[r] = std::move(curve);
      cell.final_regret[r] = o.pseudo_regret;
      cell.deferrals[r] = o.deferrals + env.deferrals();
      stats[k][r] = std::move(o.stats);
      if (options.progress) {
        const std::lock_guard<std::mutex> g(progress_lock);
        options.progress(++done, tasks.size());
      }
    }
  });
  for (std::size_t k = 0; k < result.cells.size(); ++k) {
    GlmCell& cell = result.cells[k];
    const std::size_t points = result.grids[cell.t_index].size();
    for (std::size_t g = 0; g < points; ++g) {
      std::vector<double> x;
      for (const auto& run : cell.per_run) x.push_back(run[g]);
      const auto [m, se] = mean_and_se(x);
      cell.mean.push_back(m);
      cell.se.push_back(se);
    }
    for (const auto& run : stats[k])
      for (const auto& [key, value] : run) cell.stats[key] += value / static_cast<double>(c.runs);
  }
  result.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return result;
}

namespace {

std::string num(double x) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.6g", x);
  return buf;
}

std::string eps_cell(const GlmCell& cell) { return cell.eps ? to_string(*cell.eps) : "-"; }

// The curve's name in plots and tables: the label, with " eps=<ε>" for a private learner.
std::string curve_name(const GlmExperimentResult& r, const GlmCell& cell) {
  const std::string& label = r.config.algorithms.at(cell.algorithm).label;
  return cell.eps ? label + " eps=" + to_string(*cell.eps) : label;
}

const GlmInstanceSummary& instance_of(const GlmExperimentResult& r, std::size_t s) {
  for (const auto& i : r.instances)
    if (i.s_index == s) return i;
  throw std::out_of_range("no instance");
}

std::string paper_regret(const GlmExperimentResult& r, const GlmCell& cell) {
  const auto it = r.config.paper_regret.find(curve_name(r, cell));
  if (it == r.config.paper_regret.end() || r.config.horizons.size() != 1) return "";
  return it->second.at(cell.s_index);
}

std::vector<std::string> stat_keys(const GlmExperimentResult& r) {
  std::set<std::string> keys;
  for (const auto& cell : r.cells)
    for (const auto& [k, v] : cell.stats)
      if (k != "run_seconds") keys.insert(k);
  return {keys.begin(), keys.end()};
}

}  // namespace

std::string glm_curves_csv(const GlmExperimentResult& r) {
  std::ostringstream out;
  out << "algorithm,learner,S,T,eps,round,regret_mean,regret_se\n";
  for (const auto& cell : r.cells) {
    const auto& a = r.config.algorithms.at(cell.algorithm);
    const auto& grid = r.grids[cell.t_index];
    for (std::size_t g = 0; g < grid.size(); ++g)
      out << a.label << ',' << a.learner << ',' << to_string(r.config.S[cell.s_index]) << ','
          << r.config.horizons[cell.t_index] << ',' << eps_cell(cell) << ',' << grid[g] << ',' << num(cell.mean[g])
          << ',' << num(cell.se[g]) << "\n";
  }
  return out.str();
}

std::string glm_final_csv(const GlmExperimentResult& r) {
  const auto keys = stat_keys(r);
  std::ostringstream out;
  out << "algorithm,learner,S,T,eps,kappa,kappa_star,paper_kappa,runs,regret_mean,regret_se,paper_regret,"
         "deferrals_mean";
  for (const auto& k : keys) out << ',' << k;
  out << "\n";
  for (const auto& cell : r.cells) {
    const auto& a = r.config.algorithms.at(cell.algorithm);
    const auto [m, se] = mean_and_se(cell.final_regret);
    double deferrals = 0;
    for (const auto d : cell.deferrals) deferrals += static_cast<double>(d);
    const auto& inst = instance_of(r, cell.s_index);
    out << a.label << ',' << a.learner << ',' << to_string(r.config.S[cell.s_index]) << ','
        << r.config.horizons[cell.t_index] << ',' << eps_cell(cell) << ','
        << (r.config.per_run_instances ? "per-run" : inst.kappa_text) << ','
        << (r.config.per_run_instances ? "per-run" : inst.kappa_star_text) << ','
        << (r.config.paper_kappa.empty() ? "" : r.config.paper_kappa[cell.s_index]) << ',' << cell.final_regret.size()
        << ',' << num(m) << ',' << num(se) << ',' << paper_regret(r, cell) << ','
        << num(deferrals / static_cast<double>(cell.deferrals.size()));
    for (const auto& k : keys) {
      const auto it = cell.stats.find(k);
      out << ',' << (it == cell.stats.end() ? "" : num(it->second));
    }
    out << "\n";
  }
  return out.str();
}

nlohmann::json glm_summary_json(const GlmExperimentResult& r) {
  const auto& c = r.config;
  nlohmann::json j;
  j["experiment"] = c.name;
  j["kind"] = "glm";
  j["description"] = c.description;
  j["source"] = c.source;
  j["figure"] = c.figure;
  j["link"] = std::string(ref::link_name(c.link));
  j["generator"] = std::string(ref::generator_name(c.generator));
  j["d"] = c.d;
  j["arms"] = c.K;
  j["q"] = c.q;
  nlohmann::json S = nlohmann::json::array(), eps = nlohmann::json::array();
  for (const auto& s : c.S) S.push_back(to_string(s));
  for (const auto& e : c.epsilons) eps.push_back(to_string(e));
  j["S"] = S;
  j["horizons"] = c.horizons;
  j["epsilons"] = eps;
  j["delta"] = to_string(c.delta);
  j["zeta"] = to_string(c.zeta);
  j["runs"] = c.runs;
  j["seed"] = c.seed;
  j["instance_seed"] = c.instance_seed;
  j["instances_mode"] = c.per_run_instances ? "per-run" : "shared";
  j["regret"] = "pseudo";
  j["streams"] = {
      {"generator", "ChaCha20Source(seed, stream)"},
      {"instance", c.per_run_instances ? "ChaCha20Source(instance_seed, glm_instance_stream(r)) = 2^40·(r + 1), per run"
                                       : "ChaCha20Source(instance_seed, 0), one per S, sets = max(horizons), every run"},
      {"rewards", "round t of run r: ChaCha20Source(seed, 2^40·(r + 1) + t), every learner (paired)"},
      {"private noise", "the learner's own streams of (seed, r): docs/bits.md §8"}};
  nlohmann::json inst = nlohmann::json::array();
  for (const auto& i : r.instances) {
    nlohmann::json x = {{"S", to_string(c.S[i.s_index])},
                        {"kappa", i.kappa_text},
                        {"kappa_star", i.kappa_star_text}};
    if (c.per_run_instances) x["run"] = i.run;
    if (!c.paper_kappa.empty()) x["paper_kappa"] = c.paper_kappa[i.s_index];
    if (!c.paper_kappa_star.empty()) x["paper_kappa_star"] = c.paper_kappa_star[i.s_index];
    inst.push_back(x);
  }
  j["instances"] = inst;
  j["config"] = c.raw;
  nlohmann::json cells = nlohmann::json::array();
  for (const auto& cell : r.cells) {
    const auto& a = c.algorithms.at(cell.algorithm);
    const auto [m, se] = mean_and_se(cell.final_regret);
    nlohmann::json x = {{"algorithm", a.label},
                        {"learner", a.learner},
                        {"S", to_string(c.S[cell.s_index])},
                        {"T", c.horizons[cell.t_index]},
                        {"eps", eps_cell(cell)},
                        {"regret_mean", m},
                        {"regret_se", se},
                        {"regret_per_run", cell.final_regret},
                        {"deferrals_per_run", cell.deferrals}};
    nlohmann::json st = nlohmann::json::object();
    for (const auto& [k, v] : cell.stats)
      if (k != "run_seconds") st[k] = v;
    x["learner_stats"] = st;
    if (const std::string p = paper_regret(r, cell); !p.empty()) x["paper_regret"] = p;
    cells.push_back(x);
  }
  j["cells"] = cells;
  nlohmann::json timing = {{"wall_seconds", r.wall_seconds}, {"threads", r.threads}};
  for (const auto& cell : r.cells)
    if (const auto it = cell.stats.find("run_seconds"); it != cell.stats.end())
      timing["mean_run_seconds"][curve_name(r, cell) + " S=" + to_string(c.S[cell.s_index]) + " T=" +
                                 std::to_string(c.horizons[cell.t_index])] = it->second;
  j["timing"] = timing;
  return j;
}

std::string glm_final_table(const GlmExperimentResult& r) {
  const auto& c = r.config;
  std::ostringstream out;
  char line[256];
  for (std::size_t s = 0; s < c.S.size(); ++s) {
    for (const auto& i : r.instances)
      if (i.s_index == s) {
        std::snprintf(line, sizeof line, "S = %s%s: kappa = %s, kappa* = %s%s%s\n", to_string(c.S[s]).c_str(),
                      c.per_run_instances ? (" run " + std::to_string(i.run)).c_str() : "", i.kappa_text.c_str(),
                      i.kappa_star_text.c_str(), c.paper_kappa.empty() || c.paper_kappa[s].empty() ? "" : " (paper: kappa = ",
                      c.paper_kappa.empty() || c.paper_kappa[s].empty() ? "" : (c.paper_kappa[s] + ")").c_str());
        out << line;
      }
  }
  std::snprintf(line, sizeof line, "%-26s %-6s %-8s %-6s %14s %10s %12s\n", "algorithm", "S", "T", "eps", "final regret",
                "± se", "paper");
  out << line;
  for (const auto& cell : r.cells) {
    const auto [m, se] = mean_and_se(cell.final_regret);
    std::snprintf(line, sizeof line, "%-26s %-6s %-8llu %-6s %14.2f %10.2f %12s\n",
                  c.algorithms.at(cell.algorithm).label.c_str(), to_string(c.S[cell.s_index]).c_str(),
                  static_cast<unsigned long long>(c.horizons[cell.t_index]), eps_cell(cell).c_str(), m, se,
                  paper_regret(r, cell).c_str());
    out << line;
  }
  return out.str();
}

namespace {

struct PlotPlan {
  std::string data, script;
};

PlotPlan plot_plan(const GlmExperimentResult& r, const std::string& data_name, const std::string& png,
                   const std::string& svg, const std::string& final_png, const std::string& final_svg) {
  const auto& c = r.config;
  std::ostringstream data, script;
  std::size_t block = 0;
  // Panels of the regret-against-rounds figure: one per (S, T), curves = the cells there.
  struct Curve {
    std::string title;
    std::size_t block;
  };
  std::vector<std::pair<std::string, std::vector<Curve>>> panels;
  for (std::size_t s = 0; s < c.S.size(); ++s)
    for (std::size_t t = 0; t < c.horizons.size(); ++t) {
      std::vector<Curve> curves;
      for (const auto& cell : r.cells) {
        if (cell.s_index != s || cell.t_index != t) continue;
        const auto& grid = r.grids[t];
        for (std::size_t g = 0; g < grid.size(); ++g)
          data << grid[g] << ' ' << cell.mean[g] << ' ' << cell.mean[g] - cell.se[g] << ' '
               << cell.mean[g] + cell.se[g] << "\n";
        data << "\n\n";
        curves.push_back({curve_name(r, cell), block++});
      }
      std::string title = "S = " + to_string(c.S[s]) + " (kappa ~ " + instance_of(r, s).kappa_text + ")";
      if (c.horizons.size() > 1) title += ", T = " + std::to_string(c.horizons[t]);
      panels.emplace_back(title, curves);
    }
  // The final-regret figure against S or T: one curve per (label, ε).
  std::vector<Curve> finals;
  if (c.x_axis != "rounds") {
    std::vector<std::string> names;
    for (const auto& cell : r.cells)
      if (std::find(names.begin(), names.end(), curve_name(r, cell)) == names.end()) names.push_back(curve_name(r, cell));
    for (const auto& name : names) {
      for (const auto& cell : r.cells) {
        if (curve_name(r, cell) != name) continue;
        const double x = c.x_axis == "S" ? c.S[cell.s_index].convert_to<double>()
                                         : static_cast<double>(c.horizons[cell.t_index]);
        data << x << ' ' << cell.mean.back() << ' ' << cell.mean.back() - cell.se.back() << ' '
             << cell.mean.back() + cell.se.back() << "\n";
      }
      data << "\n\n";
      finals.push_back({name, block++});
    }
  }
  const std::size_t P = panels.size();
  const std::size_t cols = std::min<std::size_t>(P, 3);
  const std::size_t rows = (P + cols - 1) / cols;
  script << "# gnuplot script written by `dpbandit simulate` (" << c.name << ")\n";
  for (int pass = 0; pass < 2; ++pass) {
    script << (pass == 0 ? "set terminal pngcairo noenhanced size " : "set terminal svg noenhanced size ") << 520 * cols
           << "," << 400 * rows << (pass == 0 ? " font ',9'\n" : " font 'sans,9'\n");
    script << "set output " << gnuplot_quote(pass == 0 ? png : svg) << "\n";
    script << "set multiplot layout " << rows << "," << cols << " title "
           << gnuplot_quote(c.name + (c.figure.empty() ? "" : ": " + c.figure))
           << "\nset grid\nset key top left font ',8'\nset xlabel 'round t'\n"
              "set ylabel 'cumulative pseudo-regret (mean +- se)'\n";
    for (const auto& [title, curves] : panels) {
      script << "set title " << gnuplot_quote(title) << "\nplot ";
      for (std::size_t k = 0; k < curves.size(); ++k)
        script << (k ? ", \\\n  " : "") << gnuplot_quote(data_name) << " index " << curves[k].block
               << " using 1:3:4 with filledcurves fs transparent solid 0.2 lc " << k + 1 << " notitle, "
               << gnuplot_quote(data_name) << " index " << curves[k].block << " using 1:2 with lines lc " << k + 1
               << " lw 2 title " << gnuplot_quote(curves[k].title);
      script << "\n";
    }
    script << "unset multiplot\n";
  }
  if (!finals.empty()) {
    for (int pass = 0; pass < 2; ++pass) {
      script << (pass == 0 ? "set terminal pngcairo noenhanced size 640,480 font ',9'\n"
                           : "set terminal svg noenhanced size 640,480 font 'sans,9'\n");
      script << "set output " << gnuplot_quote(pass == 0 ? final_png : final_svg) << "\n";
      script << "set title " << gnuplot_quote(c.name + ": final regret against " + c.x_axis) << "\n";
      script << "set xlabel " << gnuplot_quote(c.x_axis == "S" ? "S (radius of theta*)" : "T (rounds)") << "\n";
      script << (c.x_axis == "T" ? "set logscale xy\n" : "unset logscale\n");
      script << "set offsets graph 0.05, graph 0.05, 0, 0\n";  // the end points' error bars off the border
      script << "set ylabel 'pseudo-regret at T (mean +- se)'\nset key top left font ',8'\nplot ";
      for (std::size_t k = 0; k < finals.size(); ++k)
        script << (k ? ", \\\n  " : "") << gnuplot_quote(data_name) << " index " << finals[k].block
               << " using 1:2:3:4 with yerrorlines lc " << k + 1 << " lw 2 title " << gnuplot_quote(finals[k].title);
      script << "\n";
    }
  }
  return {data.str(), script.str()};
}

}  // namespace

GlmFiles write_glm_outputs(const GlmExperimentResult& r, const std::filesystem::path& dir, bool plots) {
  const std::string name = r.config.name;
  output::Publication pub(dir, name);
  GlmFiles w;
  pub.write(name + "-curves.csv", glm_curves_csv(r));
  pub.write(name + "-final.csv", glm_final_csv(r));
  if (plots && gnuplot_available()) {
    const std::string data = name + "-plot.dat", png = name + ".png", svg = name + ".svg";
    const std::string fpng = name + "-final.png", fsvg = name + "-final.svg";
    const PlotPlan plan = plot_plan(r, data, png, svg, fpng, fsvg);
    pub.write(data, plan.data);
    pub.write(name + ".gp", plan.script);
    const std::string command =
        "cd " + shell_quote(pub.staged("").string()) + " && gnuplot " + shell_quote(name + ".gp") + " > gnuplot.log 2>&1";
    const int status = std::system(command.c_str());
    std::vector<std::string> made = {png, svg};
    if (r.config.x_axis != "rounds") made.insert(made.end(), {fpng, fsvg});
    bool all = status == 0;
    for (const auto& f : made) all = all && std::filesystem::exists(pub.staged(f));
    if (all) {
      for (const auto& f : made) {
        pub.add(f);
        w.plots.push_back(dir / f);
      }
    } else {
      std::ifstream in(pub.staged("gnuplot.log"));
      std::ostringstream ss;
      ss << in.rdbuf();
      w.plot_error = "gnuplot failed: " + ss.str().substr(0, 400);
    }
  } else {
    w.plot_error = plots ? "gnuplot not found on the PATH" : "plots not requested";
  }
  nlohmann::json summary = glm_summary_json(r);
  nlohmann::json list = nlohmann::json::array();
  for (const auto& p : w.plots) list.push_back(p.string());
  summary["plots"] = list;
  if (!w.plot_error.empty()) summary["plot_error"] = w.plot_error;
  pub.write(name + "-summary.json", summary.dump(2) + "\n");
  w.files = pub.commit();
  return w;
}

}  // namespace dpb::verify::experiments
