// Cross-check of seed 004's multi-agent learners (reference/learners/mase.hpp vs optimized/learners/mase.hpp): on
// the same streams (run r of seed S: reference/learners/mase.hpp multi_agent_streams), both builds must produce
// identical outcome records — agents drawn, releases, masks, messages, votes, global eliminations, result and
// rounds. The optimized build's deferrals to certified code (thresholds near an integer, DP-SE tests near a tie,
// P^γ chunks on a table entry) are counted, not excused: a deferral yields the reference's decision.
//
// Also the reductions of claims 004.reduction.dp-se and 004.reduction.feraud (errata, issue 15).
#pragma once

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

#include "reference/environments/bandit_instance.hpp"
#include "reference/learners/mase.hpp"

namespace dpb::verify {

// p1 (Bernoulli) or p2 (shifted clipped Gaussian; σ and shift configurable).
ref::BanditInstance make_seed004_instance(const std::string& environment, const Rational& sigma = Rational(1, 10),
                                          const Rational& shift = Rational(51, 5));
bool is_multi_agent_learner(const std::string& name);
std::vector<std::string> multi_agent_learner_names();

struct MultiAgentCrosscheckConfig {
  ref::MultiAgentAlgorithm algorithm = ref::MultiAgentAlgorithm::Mase;
  ref::MultiAgentParams params;
  std::string environment = "p1";
  Rational sigma{1, 10}, shift{51, 5};
  std::uint32_t runs = 20;
  std::uint64_t seed = 1;
  // Optional: called with (runs done, rounds of the run in progress) after every global round of every reference
  // run (run_multi_agent's per-round hook; a run's length is not known in advance) and with (runs done, 0) after
  // each run. The CLI's progress line; no effect on results.
  std::function<void(std::uint32_t, std::uint64_t)> progress;
};

struct MultiAgentRunComparison {
  std::uint32_t run = 0;
  std::string reason;             // the reference's end reason
  std::string arm;                // the returned arm or "-"
  std::uint64_t rounds = 0;
  std::uint64_t messages = 0;
  std::uint64_t eliminations = 0;   // global ones, plus the local ones of INDEPENDENT
  std::uint64_t releases = 0;
  std::uint64_t deferred = 0;     // optimized decisions deferred to certified code
  std::string difference;         // "" when identical
};

struct MultiAgentCrosscheckReport {
  MultiAgentCrosscheckConfig config;
  ref::MultiAgentConfig calibrated;
  std::vector<MultiAgentRunComparison> runs;
  bool ok() const;
};

// Validates (ParameterError naming the parameter) before running anything.
MultiAgentCrosscheckReport crosscheck_multi_agent(const MultiAgentCrosscheckConfig& config);
void print_multi_agent_report(const MultiAgentCrosscheckReport& report, std::ostream& out);

// 004.reduction.dp-se: DP-MASE with N = 1 and M = 0 (one vote eliminates) against dp-se on one tape and one noise
// stream (run r: noise 2^20·r + 1, arm a's rewards 2^20·r + 2 + a, as `dpbandit crosscheck`): the same
// eliminations (arm, epoch) in order and the same releases (arm, epoch, first pull, count, exact value).
struct ReductionResult {
  std::uint32_t runs = 0;
  std::uint64_t eliminations = 0;  // compared
  std::uint64_t releases = 0;      // compared
  std::uint32_t undecided = 0;     // runs whose DP-MASE side ended undecided (nothing to compare at the end)
  std::string difference;          // the first difference, "" when none
};
struct DpSeReductionParams {
  Rational eps{1, 2}, beta{1, 2};
  std::int64_t noise_refinement = 1;
  bool fast = false;  // run both sides in the optimized build
  // Negative control: shift agent 0's noise stream by one (the reduction must then fail).
  bool wrong_noise_stream = false;
};
ReductionResult reduction_dp_se(const ref::BanditInstance& instance, const DpSeReductionParams& params,
                                std::uint64_t seed, std::uint32_t runs);

// 004.reduction.feraud: corrupted elimination at ξ (0 for the claim) against decentralized elimination, same
// parameters and streams: outcome records identical apart from the algorithm's name.
ReductionResult reduction_feraud(const ref::BanditInstance& instance, ref::MultiAgentParams params,
                                 std::uint64_t seed, std::uint32_t runs);

}  // namespace dpb::verify
