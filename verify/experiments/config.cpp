#include "verify/experiments/config.hpp"
#include "verify/experiments/seed001_exponents.hpp"

#include <algorithm>
#include <fstream>
#include <set>

#include "reference/core/build_info.hpp"
#include "reference/core/errors.hpp"
#include "reference/privacy/returning_users.hpp"
#include "verify/experiments/internal/config_reader.hpp"
#include "verify/input/bounded_input.hpp"

namespace dpb::verify::experiments {

namespace {

using internal::joined;
using internal::Reader;

const std::vector<std::string> kLearners = {"se",       "dp-se",          "dist-dp-se", "dist-rdp-se", "dist-cdp-se",
                                            "shuffle-se", "cdp-se",       "ldp-se",     "anytime-lazy-ucb",
                                            "hybrid-ucb", "ucb",          "ftnl",       "naive-ftnl",
                                            "linucb",     "linucb-sdp-amp", "linucb-sdp-vec", "linucb-ldp",
                                            "linucb-jdp"};
const std::vector<std::string> kEnvironments = {"seed000-easy",     "seed000-hard",     "seed002-setting1",
                                                "seed002-setting2", "seed002-setting3", "letor",
                                                "seed001-paper",    "seed001-code"};



const std::set<std::string> kSeFamily = {"se", "dist-dp-se", "dist-rdp-se", "dist-cdp-se", "shuffle-se", "cdp-se",
                                         "ldp-se"};

}  // namespace

const std::vector<std::string>& simulation_learners() { return kLearners; }
bool is_linear_learner_name(const std::string& learner) { return learner.rfind("linucb", 0) == 0; }
bool is_seed001_environment(const std::string& kind) { return kind.rfind("seed001-", 0) == 0; }
std::optional<ref::Variant> protocol_learner_variant(const std::string& learner) {
  if (learner == "dist-dp-se") return ref::Variant::DistDP;
  if (learner == "dist-rdp-se") return ref::Variant::DistRDP;
  if (learner == "dist-cdp-se") return ref::Variant::DistCDP;
  if (learner == "shuffle-se") return ref::Variant::Shuffle;
  if (learner == "cdp-se") return ref::Variant::Central;
  if (learner == "ldp-se") return ref::Variant::Local;
  return std::nullopt;
}

namespace {
ExperimentConfig parse_checked_config(const nlohmann::json& j, const std::string& name);
}  // namespace

// A JSON value of an unexpected shape that the checks below do not name (found by tests/fuzz/
// fuzz_experiment_config.cpp: a missing "kind" used to escape as nlohmann's out_of_range, exit 3) is a usage error.
ExperimentConfig parse_experiment_config(const nlohmann::json& j, const std::string& name) {
  try {
    return parse_checked_config(j, name);
  } catch (const nlohmann::json::exception& e) {
    throw_parameter_error("simulate", "--config", "a valid experiment config (" + std::string(e.what()).substr(0, 80) + ")",
                          input::quoted_prefix(name, 40));
  }
}

namespace {
ExperimentConfig parse_checked_config(const nlohmann::json& j, const std::string& name) {
  const Reader r{"experiment " + name};
  r.object(j, "config");
  static const std::set<std::string> kKeys = {"description", "source",   "figure",    "environment", "horizon",
                                              "runs",        "seed",     "epsilons",  "algorithms",  "regret",
                                              "y_axis",      "grid_points", "comment",  "x_axis"};
  for (const auto& [key, value] : j.items())
    if (!kKeys.count(key)) r.fail(key, "a known key (" + joined({kKeys.begin(), kKeys.end()}) + ")", key);

  ExperimentConfig c;
  c.name = name;
  c.raw = j;
  c.description = r.string(j, "description", "description", true);
  c.source = r.string(j, "source", "source", true);
  c.figure = r.string(j, "figure", "figure", false);

  if (!j.contains("environment")) r.fail("environment", "given (an object with a 'kind')", nullptr);
  const auto& env = r.object(j.at("environment"), "environment");
  c.environment.kind = r.choice(env, "kind", "environment.kind", kEnvironments, "");
  const bool seed000 = c.environment.kind.rfind("seed000", 0) == 0;
  const bool letor = c.environment.kind == "letor";
  const bool seed001 = is_seed001_environment(c.environment.kind);
  c.environment.arms = static_cast<std::uint32_t>(r.unsigned_integer(
      env, "arms", "environment.arms", 2, 1000,
      std::optional<std::uint64_t>(seed001 ? 100 : seed000 || letor ? 10 : 5)));
  if (!seed000 && !letor && !seed001 && c.environment.arms != 5)
    r.fail("environment.arms", "5 for the seed-002 settings", env.at("arms"));
  if (seed001) c.environment.d = static_cast<std::uint32_t>(r.unsigned_integer(env, "d", "environment.d", 2, 64, 5));
  else if (env.contains("d")) r.fail("environment.d", "absent (seed001-* environments only)", env.at("d"));
  if (letor) {
    c.environment.data = r.string(env, "data", "environment.data", true);
    c.environment.kmeans_seed = r.unsigned_integer(env, "kmeans_seed", "environment.kmeans_seed", 0,
                                                   UINT64_MAX, std::uint64_t{1});
    c.environment.kmeans_sample = static_cast<std::uint32_t>(
        r.unsigned_integer(env, "kmeans_sample", "environment.kmeans_sample", 1, 10000000, std::uint64_t{100000}));
  }

  c.horizon = r.unsigned_integer(j, "horizon", "horizon", 1, std::uint64_t{1} << 34, std::nullopt);
  c.runs = static_cast<std::uint32_t>(r.unsigned_integer(j, "runs", "runs", 1, 100000, std::nullopt));
  c.seed = r.unsigned_integer(j, "seed", "seed", 0, UINT64_MAX, std::uint64_t{1});
  c.grid_points = static_cast<std::uint32_t>(r.unsigned_integer(j, "grid_points", "grid_points", 2, 10000, 120));
  c.realized = r.choice(j, "regret", "regret", {"pseudo", "realized"}, "pseudo") == "realized";
  c.y_axis = r.choice(j, "y_axis", "y_axis", {"time-average", "cumulative"}, "time-average");
  c.x_axis = r.choice(j, "x_axis", "x_axis", {"log", "linear"}, "log");

  if (!j.contains("epsilons") || !j.at("epsilons").is_array() || j.at("epsilons").empty())
    r.fail("epsilons", "a non-empty array of exact rationals", j.contains("epsilons") ? j.at("epsilons") : nullptr);
  for (std::size_t i = 0; i < j.at("epsilons").size(); ++i) {
    const std::string field = "epsilons[" + std::to_string(i) + "]";
    const Rational eps = r.rational(j.at("epsilons")[i], field);
    if (eps <= 0 || eps > 1000) r.fail(field, "in (0, 1000]", j.at("epsilons")[i]);
    if (std::find(c.epsilons.begin(), c.epsilons.end(), eps) != c.epsilons.end())
      r.fail(field, "distinct from the other epsilons", j.at("epsilons")[i]);
    c.epsilons.push_back(eps);
  }

  if (!j.contains("algorithms") || !j.at("algorithms").is_array() || j.at("algorithms").empty())
    r.fail("algorithms", "a non-empty array of objects", j.contains("algorithms") ? j.at("algorithms") : nullptr);
  std::set<std::string> labels;
  static const std::set<std::string> kAlgKeys = {"label", "learner",          "eta",           "p",
                                                 "beta",  "s",                "c",             "noise_multiplier",
                                                 "initial_action", "noise_path", "dp_se_noise", "tree_scale",
                                                 "batch", "delta", "vec_scale", "returning_batches", "route"};
  for (std::size_t i = 0; i < j.at("algorithms").size(); ++i) {
    const std::string f = "algorithms[" + std::to_string(i) + "]";
    const auto& a = r.object(j.at("algorithms")[i], f);
    for (const auto& [key, value] : a.items())
      if (!kAlgKeys.count(key)) r.fail(f + "." + key, "a known key (" + joined({kAlgKeys.begin(), kAlgKeys.end()}) + ")", key);
    AlgorithmConfig alg;
    alg.learner = r.choice(a, "learner", f + ".learner", kLearners, "");
    alg.label = r.string(a, "label", f + ".label", false, alg.learner);
    if (alg.label.empty() || alg.label.find_first_of(",\"\n") != std::string::npos)
      r.fail(f + ".label", "non-empty, without commas, quotes or newlines", a.at("label"));
    if (!labels.insert(alg.label).second) r.fail(f + ".label", "unique", a.at("label"));
    alg.eta = r.optional_rational(a, "eta", f + ".eta");
    alg.p = r.optional_rational(a, "p", f + ".p");
    alg.beta = r.optional_rational(a, "beta", f + ".beta");
    alg.s = r.optional_rational(a, "s", f + ".s");
    alg.c = r.optional_rational(a, "c", f + ".c");
    alg.noise_multiplier = r.optional_rational(a, "noise_multiplier", f + ".noise_multiplier");
    if (a.contains("initial_action"))
      alg.initial_action = static_cast<std::uint32_t>(
          r.unsigned_integer(a, "initial_action", f + ".initial_action", 0, c.environment.arms - 1, std::nullopt));
    alg.noise_path = r.choice(a, "noise_path", f + ".noise_path", {"aggregate", "per-user"}, "aggregate");
    alg.dp_se_noise = r.choice(a, "dp_se_noise", f + ".dp_se_noise", {"exact", "float"}, "exact");
    alg.tree_scale = r.choice(a, "tree_scale", f + ".tree_scale", {"paper", "levels-plus-one"}, "paper");
    const bool linear = is_linear_learner_name(alg.learner);
    if (linear != seed001)
      r.fail(f + ".learner", seed001 ? "a seed 001 learner (linucb…) on a seed001-* environment"
                                     : "not a seed 001 learner (linucb…) off the seed001-* environments",
             a.at("learner"));
    if (a.contains("batch"))
      alg.batch = r.unsigned_integer(a, "batch", f + ".batch", 1, c.horizon, std::nullopt);
    alg.delta = r.optional_rational(a, "delta", f + ".delta");
    alg.vec_scale = r.optional_rational(a, "vec_scale", f + ".vec_scale");
    if (alg.delta && (*alg.delta <= 0 || *alg.delta >= 1)) r.fail(f + ".delta", "in (0, 1)", a.at("delta"));
    if (alg.vec_scale && *alg.vec_scale <= 0) r.fail(f + ".vec_scale", "> 0", a.at("vec_scale"));
    // Parameters that the learner does not take are refused rather than silently ignored.
    const bool se = kSeFamily.count(alg.learner) > 0;
    const auto refuse = [&](const char* key, bool allowed) {
      if (a.contains(key) && !allowed) r.fail(f + "." + key, std::string("absent for learner ") + alg.learner, a.at(key));
    };
    refuse("eta", se);
    refuse("p", se);
    refuse("beta", alg.learner == "dp-se");
    refuse("s", alg.learner == "dist-rdp-se" || alg.learner == "dist-cdp-se");
    refuse("c", alg.learner == "ldp-se");
    refuse("noise_multiplier", alg.learner == "ftnl");
    refuse("initial_action", alg.learner == "ftnl" || alg.learner == "naive-ftnl");
    refuse("noise_path", se && alg.learner != "se");
    refuse("dp_se_noise", alg.learner == "dp-se");
    refuse("tree_scale", alg.learner == "hybrid-ucb");
    refuse("batch", linear);
    const auto variant = protocol_learner_variant(alg.learner);
    if (a.contains("returning_batches"))
      alg.returning_batches = r.unsigned_integer(a, "returning_batches", f + ".returning_batches", 1,
                                                 std::uint64_t{1} << 40, std::nullopt);
    if (a.contains("route")) alg.route = r.choice(a, "route", f + ".route", {"approx", "rdp", "pure"}, "");
    refuse("returning_batches", variant.has_value());
    refuse("route", variant.has_value());
    if (alg.returning_batches.has_value() != !alg.route.empty())
      r.fail(f + (alg.route.empty() ? ".route" : ".returning_batches"), "given with the other (returning users)",
             alg.route.empty() ? a.at("returning_batches") : a.at("route"));
    if (!alg.route.empty()) {
      const ref::ReturningRoute route = ref::parse_returning_route(alg.route);
      if (!ref::returning_route_applies(*variant, route))
        r.fail(f + ".route", "a route of " + alg.learner + " (approx for every variant; rdp: dist-rdp, dist-cdp; pure: "
                                 "dist-dp, shuffle, central, local)",
               a.at("route"));
      if ((route == ref::ReturningRoute::Pure) == alg.delta.has_value())
        r.fail(f + ".delta", route == ref::ReturningRoute::Pure ? "absent on the pure route" : "given on the approx and rdp routes",
               a.contains("delta") ? a.at("delta") : nlohmann::json(nullptr));
    }
    refuse("delta", linear || !alg.route.empty());
    refuse("vec_scale", alg.learner == "linucb-sdp-vec" && c.environment.kind == "seed001-code");
    if (alg.eta && *alg.eta <= 1) r.fail(f + ".eta", "> 1", a.at("eta"));
    for (const auto* key : {"p", "beta"}) {
      const auto& v = std::string(key) == "p" ? alg.p : alg.beta;
      if (v && (*v <= 0 || *v >= 1)) r.fail(f + "." + key, "in (0, 1)", a.at(key));
    }
    if (alg.s && *alg.s < 1) r.fail(f + ".s", ">= 1", a.at("s"));
    if (alg.c && *alg.c <= 0) r.fail(f + ".c", "> 0", a.at("c"));
    if (alg.noise_multiplier && *alg.noise_multiplier <= 0)
      r.fail(f + ".noise_multiplier", "> 0", a.at("noise_multiplier"));
    c.algorithms.push_back(std::move(alg));
  }
  return c;
}
}  // namespace

nlohmann::json read_experiment_json(const std::filesystem::path& file) {
  std::error_code ec;
  if (std::filesystem::is_directory(file, ec))  // an ifstream opens a directory, and its first read fails (exit 3)
    throw_parameter_error("simulate", "--config", "a readable JSON file, not a directory",
                          input::quoted_prefix(file.string(), 80));
  std::ifstream in(file, std::ios::binary);
  if (!in)
    throw_parameter_error("simulate", "--config", "a readable JSON file (cannot read it)",
                          input::quoted_prefix(file.string(), 80));
  // Bounded before parsing (docs/reliability.md): a file of at most 1 MiB, nested at most 64 deep.
  const std::string text = input::read_at_most(in, input::kMaxConfigBytes);
  if (text.size() > input::kMaxConfigBytes)
    throw_parameter_error("simulate", "config",
                          "a JSON file of at most " + std::to_string(input::kMaxConfigBytes) + " bytes",
                          input::quoted_prefix(file.string(), 80));
  input::require_json_depth(text, "simulate", "config", input::quoted_prefix(file.string(), 80));
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(text);
  } catch (const nlohmann::json::exception& e) {
    throw_parameter_error("simulate", "--config", "valid JSON (" + std::string(e.what()).substr(0, 80) + ")",
                          input::quoted_prefix(file.string(), 80));
  }
  return j;
}

bool is_bai_file(const nlohmann::json& j) {
  return j.is_object() && j.contains("kind") && j.at("kind").is_string() && j.at("kind").get<std::string>() == "bai";
}

bool is_glm_file(const nlohmann::json& j) {
  return j.is_object() && j.contains("kind") && j.at("kind").is_string() && j.at("kind").get<std::string>() == "glm";
}

// (declared in verify/experiments/seed001_exponents.hpp)
bool is_exponents_file(const nlohmann::json& j) {
  return j.is_object() && j.contains("kind") && j.at("kind").is_string() &&
         j.at("kind").get<std::string>() == "exponents";
}

ExperimentConfig load_experiment_config(const std::filesystem::path& file) {
  const nlohmann::json j = read_experiment_json(file);
  if (is_bai_file(j) || is_glm_file(j) || is_exponents_file(j))
    throw_parameter_error("simulate", "--config",
                          "a regret experiment here (a 'bai', 'glm' or 'exponents' experiment has its own parser)",
                          input::quoted_prefix(file.string(), 80));
  return parse_experiment_config(j, file.stem().string());
}

std::filesystem::path default_experiments_dir() {
  return dpb::data_dir() / "testdata" / "experiments";
}

std::vector<ExperimentConfig> list_experiments(const std::filesystem::path& dir) {
  std::vector<std::filesystem::path> files;
  if (std::filesystem::is_directory(dir))
    for (const auto& e : std::filesystem::directory_iterator(dir))
      if (e.path().extension() == ".json") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  std::vector<ExperimentConfig> out;
  for (const auto& f : files) {
    const nlohmann::json j = read_experiment_json(f);
    if (is_bai_file(j)) continue;  // seed 004's sweeps: verify/experiments/bai.hpp
    if (is_glm_file(j)) continue;  // seed 003's GLM experiments: verify/experiments/glm_experiment.hpp
    if (is_exponents_file(j)) continue;  // seed 001's exponents: verify/experiments/seed001_exponents.hpp
    out.push_back(parse_experiment_config(j, f.stem().string()));
  }
  return out;
}

ExperimentConfig find_experiment(const std::string& name, const std::filesystem::path& dir) {
  const auto file = dir / (name + ".json");
  if (name.empty() || name.find('/') != std::string::npos || !std::filesystem::is_regular_file(file)) {
    std::vector<std::string> names;
    if (std::filesystem::is_directory(dir))
      for (const auto& e : std::filesystem::directory_iterator(dir))
        if (e.path().extension() == ".json") names.push_back(e.path().stem().string());
    std::sort(names.begin(), names.end());
    throw_parameter_error("simulate", "experiment", "one of " + joined(names), "'" + name + "'");
  }
  return load_experiment_config(file);
}

std::filesystem::path resolve_data_path(const std::string& path) {
  const std::filesystem::path p(path);
  if (p.is_absolute() || std::filesystem::exists(p)) return p;
  return dpb::data_dir() / p;
}

}  // namespace dpb::verify::experiments
