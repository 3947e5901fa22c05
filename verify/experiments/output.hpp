// The outputs of an experiment (docs/experiments.md):
//   <experiment>-curves.csv    algorithm,eps,round,regret_mean,regret_se,avg_regret_mean,avg_regret_se — one row per
//                 (algorithm, ε, grid round); regret = cumulative regret Reg(t), avg = Reg(t)/t, se = standard error
//                 over the runs;
//   <experiment>-summary.json  the effective config, seeds and streams, per run the instance, per (algorithm, ε) the final regret
//                 (mean, se, every run), wall time, threads, tape entries drawn, reruns, the plot files;
//   <name>.png / <name>.svg          one panel per ε: the regret curves (mean ± 1 se band), log-scaled rounds;
//   <name>-final.png / -final.svg    final regret against ε per algorithm (when there are at least 2 values of ε);
//   <name>.gp                        the gnuplot script that drew them (plots need gnuplot on the PATH).
// Every file is written to a temporary name in the directory and renamed into place, so a failure never leaves a
// partial file behind.
#pragma once

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "verify/experiments/simulation.hpp"

namespace dpb::verify::experiments {

std::string curves_csv(const SimulationResult& result);
// Returning-users cells (000-returning): <experiment>-returning.csv, one row per (algorithm, ε) with returning users:
// algorithm,learner,route,B,eps,delta,eps_batch,final_regret_mean,final_regret_se,ledger_eps_upper,max_batches_per_user;
// with plots, <name>-returning.png/.svg: final regret against B, one curve per (learner, route).
bool has_returning(const SimulationResult& result);
std::string returning_csv(const SimulationResult& result);
nlohmann::json summary_json(const SimulationResult& result);

// A single-quoted shell word; a single-quoted gnuplot string ('' stands for ').
std::string shell_quote(const std::string& s);
std::string gnuplot_quote(const std::string& s);

// Whether `gnuplot` runs (checked once).
bool gnuplot_available();

struct WrittenFiles {
  std::vector<std::filesystem::path> files;  // everything written
  std::vector<std::filesystem::path> plots;  // the PNG and SVG files
  std::string plot_error;                    // why plots are missing (no gnuplot, gnuplot failed), else empty
};

// Creates `dir` if needed and writes the files above (plots only if `plots` and gnuplot is available).
WrittenFiles write_outputs(const SimulationResult& result, const std::filesystem::path& dir, bool plots = true);

}  // namespace dpb::verify::experiments
