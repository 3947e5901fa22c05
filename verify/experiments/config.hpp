// Declarative experiment configurations (testdata/experiments/<name>.json; docs/experiments.md): the papers'
// figures as data. A config names an environment, the horizon, the number of runs, the privacy levels and the
// algorithms with their parameters (exact rationals, as strings such as "1/10"); `dpbandit simulate` and the trend
// claims (verify/claims/claims_experiments.cpp) run them through verify/experiments/simulation.hpp.
//
// Validation happens here, at the boundary: every problem throws ParameterError naming the field, e.g.
//   "experiment 000-fig2-easy: parameter 'algorithms[1].learner' must be one of se, dp-se, …, got 'foo'".
#pragma once

#include <cstdint>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "reference/core/rational.hpp"
#include "reference/protocols/calibration.hpp"

namespace dpb::verify::experiments {

// The learners a config may name (kebab-case, as `dpbandit crosscheck --list`).
const std::vector<std::string>& simulation_learners();
bool is_linear_learner_name(const std::string& learner);  // seed 001's
bool is_seed001_environment(const std::string& kind);
// The protocol variant of a seed-000 protocol learner (dist-dp-se, dist-rdp-se, dist-cdp-se, shuffle-se, cdp-se,
// ldp-se); nullopt for every other learner.
std::optional<ref::Variant> protocol_learner_variant(const std::string& learner);

struct EnvironmentConfig {
  // seed000-easy | seed000-hard (clipped Gaussian, σ = 1/10, grid 1/1000; a new instance per run),
  // seed002-setting1|2|3 (Bernoulli, K = 5, fixed means), letor (a LETOR/MSLR file clustered into `arms` arms).
  std::string kind;
  std::uint32_t arms = 10;       // seed000-*, letor
  std::string data;              // letor: the file (relative paths are relative to the source tree)
  std::uint64_t kmeans_seed = 1;  // letor
  std::uint32_t kmeans_sample = 100000;  // letor: rows used to fit the centroids (all rows are then assigned)
  // seed001-paper (§6.1's instances, the learners' theorem profile) | seed001-code (the authors' instances of §6.2,
  // the paper-code profile: every arm's reward every round): d, and `arms` = K fixed arms (default 100).
  std::uint32_t d = 5;
};

struct AlgorithmConfig {
  std::string label;    // shown in plots and CSV, e.g. "Dist-RDP-SE (s=10)"
  std::string learner;  // one of simulation_learners()
  std::optional<Rational> eta;    // SE family: batch growth η (l(b) = ⌈η^b⌉)
  std::optional<Rational> p;      // SE family: confidence p (and the protocol's calibration p)
  std::optional<Rational> beta;   // dp-se: confidence β
  std::optional<Rational> s;      // dist-rdp-se, dist-cdp-se: scaling factor
  std::optional<Rational> c;      // ldp-se: Lemma 5 constant
  std::optional<Rational> noise_multiplier;     // ftnl
  std::optional<std::uint32_t> initial_action;  // ftnl, naive-ftnl
  std::string noise_path = "aggregate";         // protocol learners: aggregate | per-user
  std::string dp_se_noise = "exact";            // dp-se: exact | float (the paper's continuous Laplace; not exact)
  std::string tree_scale = "paper";             // hybrid-ucb: paper | levels-plus-one
  // Seed 001's linear learners (linucb, linucb-sdp-amp, linucb-sdp-vec, linucb-ldp, linucb-jdp; seed001-* only).
  std::optional<std::uint64_t> batch;   // B (default 20 for linucb-sdp-*, 1 otherwise)
  std::optional<Rational> delta;        // δ (default 1/10)
  std::optional<Rational> vec_scale;    // paper-code linucb-sdp-vec: C (default 1 at ε = 1/5, 10 otherwise)
  std::string users = "unique";         // ref::UserModel (set by the exponents experiments; theorem profile)
  std::optional<std::uint64_t> m0;      // linucb-jdp with users returning: M₀ (default ⌈T^{1/3}⌉)
  // Seed 000's protocol SE learners: returning users (App. I, Assumption 2; reference/learners/returning_se.hpp),
  // both or neither: B batches per user and the route (approx | rdp | pure, as `dpbandit calibrate`); `delta` is then
  // the total δ (required on approx and rdp, refused on pure). The config's ε is the total over a user's B batches.
  std::optional<std::uint64_t> returning_batches;
  std::string route;
};

struct ExperimentConfig {
  std::string name;         // file stem, e.g. "000-fig2-easy"
  std::string description;  // one line
  std::string source;       // where the settings come from (spec sections)
  std::string figure;       // the paper's figure(s)
  EnvironmentConfig environment;
  std::uint64_t horizon = 0;
  std::uint32_t runs = 0;
  std::uint64_t seed = 1;
  std::vector<Rational> epsilons;  // at least one (non-private learners ignore ε)
  std::vector<AlgorithmConfig> algorithms;
  bool realized = false;           // realized instead of pseudo-regret
  std::string y_axis = "time-average";  // plot: time-average | cumulative
  std::uint32_t grid_points = 120;     // rounds of the curves (log-spaced, or evenly spaced with x_axis linear)
  std::string x_axis = "log";          // plot and grid: log | linear (seed 001's figures: rounds on a linear axis)
  nlohmann::json raw;                  // the file as read (echoed in the summary)
};

// Parses and validates a config (name: used in messages and as the experiment's name).
ExperimentConfig parse_experiment_config(const nlohmann::json& j, const std::string& name);
ExperimentConfig load_experiment_config(const std::filesystem::path& file);  // a `bai` file: ParameterError
// A config file read with the bounds of docs/reliability.md (≤ 1 MiB, nesting ≤ 64), parsed, not validated.
nlohmann::json read_experiment_json(const std::filesystem::path& file);
// {"kind": "bai", …}: a seed-004 sweep (verify/experiments/bai.hpp), not a regret experiment.
bool is_bai_file(const nlohmann::json& j);
// {"kind": "glm", …}: a seed-003 GLM experiment (verify/experiments/glm_experiment.hpp).
bool is_glm_file(const nlohmann::json& j);

// testdata/experiments in the source tree.
std::filesystem::path default_experiments_dir();
// The regret configs in a directory, sorted by name (each parsed: a malformed file throws; `bai` and `glm` files
// skipped).
std::vector<ExperimentConfig> list_experiments(const std::filesystem::path& dir = default_experiments_dir());
// The named experiment in `dir`; ParameterError (parameter 'experiment', listing the names) when absent.
ExperimentConfig find_experiment(const std::string& name, const std::filesystem::path& dir = default_experiments_dir());

// A data path as given, or relative to the source tree when not found relative to the working directory.
std::filesystem::path resolve_data_path(const std::string& path);

}  // namespace dpb::verify::experiments
