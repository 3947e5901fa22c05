// Regret experiments of seed 003 (Sarmasarkar 2026, "Shuffle and Joint Differential Privacy for Generalized Linear
// Contextual Bandits", arXiv:2602.00417, Sec. 8, Table 2, App. A, Figure 1; spec 003 §7; issue 21 "Experiments"):
// experiments of kind `glm`, cumulative pseudo-regret of GLM learners on GLM instances (reference/environments/
// glm_instance.hpp), run by the OPTIMIZED learners (which `dpbandit crosscheck` checks against the reference).
//
// A config (testdata/experiments/003-*.json; docs/experiments.md "Seed 003"):
//   {"kind": "glm", "description", "source", "figure", "comment",
//    "link": "logistic" | "probit", "d": 3, "arms": 20, "S": ["2", "5/2", "3"], "horizons": [5000],
//    "epsilons": ["4", "6", "8"], "delta": "1/50", "zeta": "1/50", "runs": 10, "seed": 1,
//    "generator": "authors" | "sphere", "instances": "shared" | "per-run", "instance_seed": 109832, "q": 16,
//    "x_axis": "rounds" | "S" | "T", "grid_points": 100,
//    "paper": {"kappa": ["18.39", …] (one per S), "kappa_star": [...], "regret": {"<label>[ eps=<ε>]": [one per S]}},
//    "algorithms": [{"label", "learner", "lambda", "rho", "width", "kappa", "ucb_width", "batches", "widths",
//                    "kappa_star", "profile", "zeta"}]}
// Every number that parameterises a learner is an exact rational (a string such as "1/50" or an integer). Unknown
// keys, options a learner does not take, unknown learners, links and generators are refused naming the field; the
// learners named by the paper that dpbandit does not run yet are refused with what is pending; ecolog is
// logistic-only and refused on the probit link. jdp-glm (Private-GLM; theorem or paper-code profile) needs q <= 15
// (default 15 with it).
// δ ≤ ζ is refused only for jdp-glm's theorem profile (Thm 6.2 needs δ > ζ; its ζ defaults to δ/2).
//
// The learner registry (glm_experiment_learners()) maps a name to its availability and its runner: adding a learner
// whose optimized twin exists is one entry there.
//
// Instances (normative): `shared` (the authors' layout, spec 003 §7.2): for each S one instance with
// sets = max(horizons) arm sets from ChaCha20Source(instance_seed, 0), reused by every run and every learner;
// `per-run`: run r's instance from ChaCha20Source(instance_seed, ref::glm_instance_stream(r)) (the same for every
// learner of run r). Instances for different S share their bits (θ* = S·u/‖u‖ from the same u; the same arms).
// Rewards: round t of run r reads ChaCha20Source(seed, ref::glm_reward_stream(r, t)) for every learner, S, T and ε
// (common random numbers: comparisons are paired by run); each learner's private noise uses its own documented
// streams of `seed` and run r (docs/bits.md §8). Runs go to worker threads; results do not depend on the threads.
//
// Per cell (learner, S, T, ε; a non-private learner has one cell per (S, T), ε shown as "-"): the cumulative
// pseudo-regret at `grid_points` evenly spaced rounds (mean, standard error over runs), the final regret of every
// run, the optimized build's deferrals, and the learner's own counters (shuffle-glm: P_GD iterations and bits per
// call, P₂ bits per release; rs-glincb: explorations and switches). Doubles here are statistics of simulated runs
// (display only; no privacy decision depends on them).
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "reference/core/rational.hpp"
#include "reference/environments/glm_instance.hpp"

namespace dpb::verify::experiments {

// One entry of the learner registry.
struct GlmExperimentLearner {
  std::string name;
  bool is_private = false;      // runs once per ε
  bool available = false;       // false: refused with `pending`
  std::string pending;          // why it cannot run yet
  std::vector<std::string> options;  // the algorithm keys it takes (besides label, learner)
};
const std::vector<GlmExperimentLearner>& glm_experiment_learners();

struct GlmAlgorithm {
  std::string label, learner;
  std::optional<Rational> lambda, rho, width, ucb_width, kappa_star;
  std::optional<Rational> kappa;  // absent with kappa_instance: the instance's κ rounded up
  bool kappa_instance = false;
  std::optional<std::uint32_t> batches;
  std::string widths = "paper";
  std::string profile;            // shuffle-glm: scaled; jdp-glm: theorem | paper-code
  std::optional<Rational> zeta;   // jdp-glm
  std::string code_version = "first";  // jdp-glm paper-code: first | later (the authors' commits)
};

struct GlmExperimentConfig {
  std::string name, description, source, figure;
  ref::Link link = ref::Link::logistic;
  ref::GlmGenerator generator = ref::GlmGenerator::authors;
  std::uint32_t d = 3, K = 20;
  unsigned q = 16;
  std::vector<Rational> S;                   // increasing
  std::vector<std::uint64_t> horizons;       // increasing
  std::vector<Rational> epsilons;            // the private learners' ε
  Rational delta{1, 50}, zeta{1, 50};
  std::uint32_t runs = 10;
  std::uint64_t seed = 1, instance_seed = 109832;
  bool per_run_instances = false;
  std::string x_axis = "rounds";             // rounds | S | T (the second plot's axis)
  std::uint32_t grid_points = 100;
  std::vector<std::string> paper_kappa, paper_kappa_star;  // as written (one per S, or empty)
  std::map<std::string, std::vector<std::string>> paper_regret;  // key "<label>" or "<label> eps=<ε>"
  std::vector<GlmAlgorithm> algorithms;
  nlohmann::json raw;
};

bool is_glm_experiment_json(const nlohmann::json& j);  // {"kind": "glm", …}
GlmExperimentConfig parse_glm_experiment(const nlohmann::json& j, const std::string& name);
std::vector<GlmExperimentConfig> list_glm_experiments();  // testdata/experiments, sorted by name
std::optional<GlmExperimentConfig> find_glm_experiment(const std::string& name);

struct GlmExperimentOptions {
  std::optional<std::uint32_t> runs;
  std::optional<std::uint64_t> seed;
  std::optional<std::uint64_t> horizon;            // replaces the horizons with one T
  std::optional<std::vector<Rational>> epsilons;   // replaces the config's
  unsigned threads = 0;                            // 0: hardware concurrency
  std::function<void(std::uint64_t done, std::uint64_t total)> progress;  // serialized by the caller
};

// The overrides applied and checked again (ParameterError naming the option).
GlmExperimentConfig effective_glm_config(const GlmExperimentConfig& config, const GlmExperimentOptions& options);

struct GlmInstanceSummary {
  std::size_t s_index = 0;
  std::uint32_t run = 0;          // per-run instances; 0 for shared
  double kappa = 0, kappa_star = 0;             // midpoints of the certified enclosures (report-only)
  std::string kappa_text, kappa_star_text;      // the enclosures, correctly rounded bounds
};

struct GlmCell {
  std::size_t algorithm = 0, s_index = 0, t_index = 0;
  std::optional<Rational> eps;                      // private learners
  std::vector<std::vector<double>> per_run;         // [run][grid point]
  std::vector<double> mean, se;                     // at each grid point
  std::vector<double> final_regret;                 // per run
  std::vector<std::uint64_t> deferrals;             // per run
  std::map<std::string, double> stats;              // means over runs of the learner's counters
};

struct GlmExperimentResult {
  GlmExperimentConfig config;  // effective
  std::vector<std::vector<std::uint64_t>> grids;  // per horizon
  std::vector<GlmInstanceSummary> instances;
  std::vector<GlmCell> cells;  // algorithm-major, then S, then T, then ε
  double wall_seconds = 0;
  unsigned threads = 0;

  // The cell of (label, S index, T index, ε); std::out_of_range when absent.
  const GlmCell& cell(const std::string& label, std::size_t s_index, std::size_t t_index,
                      const std::optional<Rational>& eps = std::nullopt) const;
};

GlmExperimentResult run_glm_experiment(const GlmExperimentConfig& config, const GlmExperimentOptions& options = {});

std::string glm_curves_csv(const GlmExperimentResult& result);
std::string glm_final_csv(const GlmExperimentResult& result);
nlohmann::json glm_summary_json(const GlmExperimentResult& result);
// The final-regret table printed by `simulate` (ours beside the paper's).
std::string glm_final_table(const GlmExperimentResult& result);

struct GlmFiles {
  std::vector<std::filesystem::path> files, plots;
  std::string plot_error;
};
// <name>-curves.csv, <name>-final.csv, <name>-summary.json and (with gnuplot) <name>.png/.svg (regret against rounds,
// one panel per (S, T)), <name>-final.png/.svg (final regret against S or T when x_axis says so), <name>.gp and
// <name>-plot.dat; published all or nothing.
GlmFiles write_glm_outputs(const GlmExperimentResult& result, const std::filesystem::path& dir, bool plots = true);

}  // namespace dpb::verify::experiments
