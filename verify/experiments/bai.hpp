// Best-arm-identification sweeps of seed 004 (Rio, Barlier, Colin & Soare, "Multi-Agent Best Arm Identification with
// Private Communications", ICML 2023; spec 004 §7; issue 16 §4): experiments of kind `bai`, sample complexity (rounds:
// iterations of the while loop of Algorithms 1–3 until the output) against the number of agents N, or against η
// (x_axis "eta", Fig. 2).
//
// A config (testdata/experiments/004-fig*.json; docs/experiments.md "Seed 004") names the problems (p1, p2), the
// agent counts, δ, the runs and the algorithms, each a multi-agent learner of reference/learners/mase.hpp with its
// parameters as exact rationals (strings such as "1/20"):
//   {"kind": "bai", "description", "source", "figure", "problems": ["p1"], "agents": [64, 128, 256, 512, 1024],
//    "delta": "1/20", "runs": 10, "seed": 1, "x_axis": "n" | "eta",
//    "algorithms": [{"label", "learner", "panel", "baseline", "eps", "beta", "eta", "xi", "law", "gamma",
//                    "independent_stop"}]}
// `panel` groups algorithms into plot panels (default: the learner); `baseline: true` draws an algorithm in every
// panel. Validation names the field ("experiment 004-fig1: parameter 'algorithms[2].eps' must be …").
//
// Streams (normative): run r of every (problem, algorithm, N) uses ref::multi_agent_streams(seed, r), so all cells of a
// run share the agents' draws and the reward tape (common random numbers: comparisons are paired by run), and a cell
// reruns identically in another config (004-fig4's cells are 004-fig1's and 004-fig3's). Runs go to worker threads;
// results do not depend on the number of threads.
//
// Per cell: rounds (mean, Student-t 95 % interval, nearest-rank quantiles 0.05/0.5/0.95 — the ⌈q·n⌉-th smallest),
// mean pulls and messages, failures (decided on another arm than the best) and undecided runs (max_rounds or a guard).
// Doubles here are statistics of simulated runs (display and trend tests only; no privacy decision depends on them).
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "reference/core/rational.hpp"
#include "reference/learners/mase.hpp"

namespace dpb::verify::experiments {

struct BaiAlgorithm {
  std::string label;    // e.g. "DP-MASE eps=1/20"
  std::string learner;  // mase, dp-mase, corrupted-elimination, decentralized-elimination, central-se, independent-se
  std::string panel;    // plot panel (default: the learner)
  bool baseline = false;  // drawn in every panel
  ref::MultiAgentAlgorithm algorithm = ref::MultiAgentAlgorithm::Mase;
  ref::MultiAgentParams params;  // agents and delta are set per cell
};

struct BaiConfig {
  std::string name, description, source, figure;
  std::vector<std::string> problems;    // p1 | p2
  std::vector<std::uint32_t> agents;    // N values, increasing
  Rational delta{1, 20};
  std::uint32_t runs = 10;
  std::uint64_t seed = 1;
  std::string x_axis = "n";             // n | eta
  std::uint64_t max_rounds = std::uint64_t{1} << 40;
  std::vector<BaiAlgorithm> algorithms;
  nlohmann::json raw;
};

// The file is a bai experiment ({"kind": "bai", …}).
bool is_bai_json(const nlohmann::json& j);
BaiConfig parse_bai_config(const nlohmann::json& j, const std::string& name);
// The bai configs in testdata/experiments (sorted by name); the named one (ParameterError naming 'experiment').
std::vector<BaiConfig> list_bai_experiments();
std::optional<BaiConfig> find_bai_experiment(const std::string& name);

struct BaiOptions {
  std::optional<std::uint32_t> runs;
  std::optional<std::uint64_t> seed;
  std::optional<std::vector<std::uint32_t>> agents;  // replaces the config's N values
  std::optional<std::vector<std::string>> problems;  // replaces the config's problems
  std::optional<std::vector<std::string>> labels;    // keep only these algorithms
  unsigned threads = 0;                               // 0: hardware concurrency
  std::function<void(std::uint64_t done, std::uint64_t total)> progress;  // serialized by the caller
};

BaiConfig effective_bai_config(const BaiConfig& config, const BaiOptions& options);

struct BaiCell {
  std::string problem;
  std::size_t algorithm = 0;  // index into config.algorithms
  std::uint32_t agents = 0;
  std::uint64_t votes_threshold = 0;  // M
  std::vector<std::uint64_t> rounds, pulls, messages;  // per run
  std::vector<std::uint8_t> failed, undecided;         // per run
  std::vector<std::uint64_t> first_finish;             // per run (INDEPENDENT: the first agent's finish round, else 0)
  double mean = 0, ci_low = 0, ci_high = 0, q05 = 0, q50 = 0, q95 = 0, pulls_mean = 0, messages_mean = 0;
  std::uint64_t failures = 0, undecided_runs = 0;
};

struct BaiResult {
  BaiConfig config;  // effective
  std::vector<BaiCell> cells;  // problem-major, then algorithm, then N
  double wall_seconds = 0;
  unsigned threads = 0;

  const BaiCell& cell(const std::string& problem, const std::string& label, std::uint32_t agents) const;
  // Per-run rounds of a cell as doubles (for the sign tests).
  std::vector<double> rounds(const std::string& problem, const std::string& label, std::uint32_t agents) const;
};

BaiResult run_bai(const BaiConfig& config, const BaiOptions& options = {});

std::string bai_csv(const BaiResult& result);
// An algorithm's parameters and agent law as the CSV prints them ("eps=1/20 beta=1/2 law=uniform"): with the
// problem, the learner, N and δ they determine a cell's law (the failure claims key cells by it).
std::string bai_parameters_text(const BaiAlgorithm& a);
nlohmann::json bai_summary_json(const BaiResult& result);

struct BaiFiles {
  std::vector<std::filesystem::path> files, plots;
  std::string plot_error;
};
// <name>-bai.csv, <name>-summary.json and (with gnuplot) <name>.png/.svg and <name>.gp, published all or nothing.
BaiFiles write_bai_outputs(const BaiResult& result, const std::filesystem::path& dir, bool plots = true);

}  // namespace dpb::verify::experiments
