// Running an experiment (verify/experiments/config.hpp): every run draws its instance and reward tape, then runs
// every (algorithm, ε) of the config with the OPTIMIZED learners (which cross-check against the reference:
// `dpbandit crosscheck`), and records the cumulative regret on a log-spaced grid of rounds. Runs go to worker
// threads; results do not depend on the number of threads.
//
// Streams (normative; ChaCha20Source(seed, stream)): run r's instance (seed-000 generators) from stream 2^20·r;
// arm a's rewards from stream 2^20·r + 2 + a (reference/environments/reward_tape.hpp); the noise of algorithm i at
// ε index j from stream 2^20·r + 2^19 + 1024·i + j. All algorithms of a run share its reward tape (common random
// numbers, as in the authors' code).
//
// Regret (docs/experiments.md): pseudo-regret Σ_{s<=t} Δ_{a_s} (Δ from the instance's means) by default; realized
// regret Σ_{s<=t} (X_{a*}(s) − X_{a_s}) with X_{a*}(s) the best arm's tape entry s − 1 (the authors' rt[best] − rt[arm],
// all arms drawn every round) and X_{a_s} the reward the learner received.
//
// Tapes are filled lazily per arm (docs/performance.md § simulate): bandit learners read arm a's entries only at
// indices < N_a(T), so a run on a tape whose arm a holds L_a >= N_a(T) true entries is exactly the run on the full
// tape; entries beyond L_a are not drawn yet (stored as 0, never read by a run that is kept). After each run the pulls
// are checked, and if some N_a(T) > L_a the arm is extended (its stream continued) and the run repeated. Full-information learners get full rows.
#pragma once

#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <utility>
#include <string>
#include <vector>

#include "reference/core/rational.hpp"
#include "verify/experiments/config.hpp"

namespace dpb::verify::experiments {

struct SimulationOptions {
  std::optional<std::uint64_t> horizon;
  std::optional<std::uint32_t> runs;
  std::optional<std::uint64_t> seed;
  std::optional<bool> realized;
  std::optional<std::string> data;            // letor: another file (e.g. the real MSLR-WEB10K)
  std::optional<std::uint32_t> arms;          // seed000-*, letor
  std::optional<std::vector<Rational>> epsilons;  // replaces the config's
  // Returning users for every algorithm (--returning-batches, --route, --delta): each must be a protocol SE learner
  // whose variant has the route (ParameterError naming --returning-batches / --route / --delta otherwise).
  std::optional<std::uint64_t> returning_batches;
  std::optional<std::string> route;
  std::optional<Rational> delta;
  unsigned threads = 0;                       // 0: std::thread::hardware_concurrency()
  // Called after every (run, algorithm, ε), from worker threads, serialized by the caller's lock.
  std::function<void(std::uint64_t done, std::uint64_t total)> progress;
};

// Applies the overrides (validated like the config: ParameterError naming the option).
ExperimentConfig effective_config(const ExperimentConfig& config, const SimulationOptions& options);
// How many of `wanted` worker threads fit the memory budget of a run of `config` (each holds about (8K + 8)·T
// bytes: its reward tape and actions; docs/reliability.md "Limits"); at least 1.
unsigned threads_within_memory(const ExperimentConfig& config, unsigned wanted);

// A returning-users cell (reference/learners/returning_se.hpp): the calibration the learner ran at, the user-level
// ledger of its schedule, and the audit of simulate's placement of users in every run.
struct ReturningCell {
  std::uint64_t B = 0;
  std::string route;
  std::optional<Rational> delta;
  Rational eps_batch;                 // the theorem ε of every batch
  std::uint64_t size_at_min = 0;      // the batch size whose returning calibration is eps_batch
  std::vector<std::pair<std::uint64_t, Rational>> per_size;
  Rational ledger_eps_upper;          // compose_returning_user of the schedule (worst B batches)
  std::string ledger_conversion;
  bool ledger_within_eps = false;     // ledger_eps_upper <= the cell's ε
  std::vector<std::uint64_t> max_batches_per_user;  // per run (0: a run of another rank)
  std::vector<std::string> placement_problem;       // per run: empty when the placement is as documented
};

struct CellResult {
  std::string algorithm;  // label
  Rational eps;
  std::vector<std::vector<double>> per_run;  // [run][grid point] cumulative regret
  std::vector<double> mean, se;              // over runs, at each grid point (se = sample sd/√runs; 0 for 1 run)
  std::vector<std::uint64_t> reruns;         // per run: repeats because the lazy tape was too short
  std::optional<ReturningCell> returning;    // the algorithm runs with returning users
};

struct SimulationResult {
  ExperimentConfig config;  // effective
  std::vector<std::uint64_t> grid;
  std::vector<CellResult> cells;  // algorithm-major: cells[i · |ε| + j]
  std::vector<std::vector<std::string>> instance_means;  // per run, exact
  std::vector<std::uint32_t> best_arm;                   // per run
  nlohmann::json environment = nlohmann::json::object();  // dataset details (letor), instance summary
  double wall_seconds = 0;
  unsigned threads = 0;
  std::uint64_t reward_entries = 0;  // tape entries drawn (all runs)
  std::uint64_t reruns = 0;

  const CellResult& cell(std::size_t algorithm, std::size_t eps) const {
    return cells.at(algorithm * config.epsilons.size() + eps);
  }
  // Final cumulative regret of every run.
  std::vector<double> final_regret(std::size_t algorithm, std::size_t eps) const;
  // Index of the algorithm labelled `label`, of ε (exact); throw std::out_of_range when absent.
  std::size_t algorithm_index(const std::string& label) const;
  std::size_t eps_index(const Rational& eps) const;
};

SimulationResult simulate(const ExperimentConfig& config, const SimulationOptions& options = {});

// round(T^{k/(points−1)}), k = 0..points−1, without repeats: 1 and T are always included.
std::vector<std::uint64_t> log_grid(std::uint64_t T, std::uint32_t points);
// ⌈T·k/(points − 1)⌉ for k = 1..points−1 and 1, without repeats: 1 and T are always included.
std::vector<std::uint64_t> linear_grid(std::uint64_t T, std::uint32_t points);

// Mean and standard error (sample sd/√n; 0 when n < 2).
std::pair<double, double> mean_and_se(const std::vector<double>& x);

}  // namespace dpb::verify::experiments
