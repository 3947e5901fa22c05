// Seed 004's failure-probability claims (issue 16 §3; errata, issue 16): `004.prop4.2.failure` (DP-MASE, Prop. 4.2)
// and `004.prop5.2.failure` (CORRUPTED ELIMINATION, Prop. 5.2): P(returned arm ≠ the best) ≤ δ at every setting of
// the grid. Undecided runs (the guards of spec A7/A8) count as failures and are listed.
//
// Verdict (errata): with m settings, each failure count gets one-sided Clopper–Pearson bounds at level α/m
// (Bonferroni over the grid); `holds` iff every upper bound ≤ δ, `violated` iff some lower bound > δ, otherwise
// `inconclusive` with the runs that would decide it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "reference/core/rational.hpp"
#include "reference/learners/mase.hpp"
#include "verify/claims/claim.hpp"

namespace dpb::verify::statistical {

struct FailureSetting {
  std::string name;
  ref::MultiAgentAlgorithm algorithm = ref::MultiAgentAlgorithm::DpMase;
  ref::MultiAgentParams params;  // params.delta is the δ tested
  std::uint64_t runs = 300;
};

struct FailureCount {
  std::uint64_t runs = 0, failures = 0, undecided = 0;  // failures include the undecided runs
};

// Runs one setting on P1 (optimized engine, runs r = 0..runs−1 of `seed`).
FailureCount count_failures(const FailureSetting& s, std::uint64_t seed);

// The verdict rule above on given counts (tests feed it made-up counts). alpha ∈ (0, 1).
Outcome test_failures(const std::vector<FailureSetting>& settings, const std::vector<FailureCount>& counts,
                      double alpha);

// The claims' checkers: quick, a small grid on P1; full, every point of Figs 1–6 (run_figure_grid in the .cpp).
Outcome check_prop42_failure(const RunOptions& options);
Outcome check_prop52_failure(const RunOptions& options);

}  // namespace dpb::verify::statistical
