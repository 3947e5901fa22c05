// Cross-check of the learners: the reference (exact) and the optimized build, fed the same reward tape and the
// same noise bit stream, must make the same decisions (docs/architecture.md §3).
//
// Per run r (seed S): the instance's means come from ChaCha20Source(S, 2^20·r), the noise from
// ChaCha20Source(S, 2^20·r + 1), and arm a's rewards from ChaCha20Source(S, 2^20·r + 2 + a) (reward_tape.hpp).
// Both builds draw the same noise values (their samplers are bit-identical), so every release (noisy statistic)
// must be equal exactly, and every action and elimination equal. Where the optimized build's floating-point
// comparison comes within its error bound of a tie (a NearTie) it defers to the certified path (the reference's
// comparison on the exact inputs) and counts the deferral, so the builds agree there too: **any divergence is a
// failure** (issue 13 §4; until session 5 a divergence at a flagged round was "explained", whatever the reference's
// margin). The reference is re-run recording its certified margin at every flagged round, which the report shows
// with the deferrals. The controls (tests/verify/crosscheck/) over-flag the fast build (near_tie_scale) with a fault
// at near ties: with deferral every run agrees and deferrals are counted; without it the cross-check fails.
#pragma once

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "optimized/learners/trajectory.hpp"
#include "reference/core/rational.hpp"
#include "reference/environments/reward_tape.hpp"
#include "reference/learners/protocol_aggregator.hpp"
#include "reference/learners/returning_se.hpp"
#include "reference/learners/trajectory.hpp"

namespace dpb::verify {

struct CrosscheckInput {
  const ref::RewardTape* tape = nullptr;
  std::uint64_t T = 0;
  Rational eps;
  std::uint64_t seed = 0;
  std::uint64_t noise_stream = 0;
  fast::LearnerOptions fast_options{};  // the optimized run's options (the controls' hooks)
};

struct CrosscheckLearner {
  std::string name;         // kebab-case, as on the command line
  std::string description;  // source and setting
  std::string environment;  // default environment
  bool pending = false;     // "pending protocol": listed, not runnable yet
  std::function<fast::Trajectory(const CrosscheckInput&)> run_fast;
  std::function<ref::Trajectory(const CrosscheckInput&, const ref::LearnerOptions&)> run_reference;
  // Optional: checks, before any run, what the parameters alone decide (horizon T, K arms, ε); throws
  // ParameterError naming the user's option as `names` says (ProtocolBatchNames below).
  std::function<void(std::uint64_t T, std::uint32_t K, const Rational& eps, const struct ProtocolBatchNames& names)>
      validate;
};

// Seed 000's protocol SE learners (ProtocolAggregator, both builds) calibrate each batch size n = l(b) when a run
// first reaches it; a noise no sampler takes at some n used to end a run there, after minutes of work (issue 14,
// docs/reliability.md "Refusals deep in a run"). Calibrates, before any run, n = 1 (the aggregators' constructors)
// and every batch a run without eliminations reaches (K·(l(1) + ... + l(b)) <= T: every run at an ε so small that
// its noise hides every gap), in the optimized build and, when `reference`, in the reference too (crosscheck runs
// both, simulate the optimized build only). A refusal is rethrown as a ParameterError of `command` naming `name`
// (the user's option or the config's field) with `value`, the batch and, within --horizon `T`, the reason.
// Batches reached only after eliminations stay calibrated when reached (data-dependent).
// `at`, when not empty, says at which ε the batches are calibrated when it is not the value named (returning users:
// "at the per-batch eps 1/2000000000 of --returning-batches 2"); a range check of that ε is then explained too.
struct ProtocolBatchNames {
  std::string command, name, value;
  std::string horizon = "--horizon";  // how the message calls T
  std::string at;
};
void validate_protocol_batches(const ref::ProtocolAggregatorParams& params, const Rational& eta, std::uint64_t T,
                               std::uint32_t K, bool reference, const ProtocolBatchNames& names);

// The registry (ready learners first, then the protocol variants pending the protocol).
const std::vector<CrosscheckLearner>& crosscheck_learners();
const CrosscheckLearner* find_crosscheck_learner(const std::string& name);

// Environments: seed002-setting1|2|3 (Bernoulli, K = 5), seed000-easy|hard (clipped Gaussian, K arms, default 10).
std::vector<std::string> crosscheck_environments();
ref::BanditInstance make_crosscheck_instance(const std::string& environment, std::uint32_t K, std::uint64_t seed,
                                             std::uint64_t stream);

struct CrosscheckConfig {
  std::string learner;
  std::uint64_t horizon = 2000;
  std::uint32_t runs = 20;
  std::uint64_t seed = 1;
  Rational eps{1, 2};
  bool eps_given = true;  // false: eps is the default, and a refusal naming --eps says so
  std::string environment;  // empty: the learner's default
  std::uint32_t arms = 10;  // seed000 environments only
  fast::LearnerOptions fast_options{};  // test hooks only (LearnerOptions::near_tie_scale, fault_at_near_ties)
  // Record the privacy ledger in both builds (LearnerOptions::record_ledger) and require byte-identical ledger texts
  // (ledger_text_of); a difference is a failure like any divergence.
  bool ledger = false;
  // Seed 000 returning users (App. I; reference/learners/returning_se.hpp), protocol SE learners only: both builds run
  // at the learner's returning calibration (the smallest of calibrate_returning's per-batch ε over the batch sizes,
  // total ε = eps), and every run's placement of users is audited (≤ B consecutive batches of one arm, once per batch).
  std::optional<ref::ReturningSetting> returning;
  // Optional: called with (reference rounds done, runs × horizon) after every round of every reference run, through
  // the reference learners' per-round hook (LearnerOptions::on_round), so one long run shows progress too (the CLI's
  // progress line; no effect on results). The optimized runs are not counted (they take a small part of the time).
  std::function<void(std::uint64_t, std::uint64_t)> progress;
};

struct FlaggedDecision {
  fast::NearTie tie;
  std::vector<ref::DecisionMargin> margins;  // the reference's certified margins at that round
};

struct RunComparison {
  std::uint32_t run = 0;
  std::string instance;
  std::uint64_t rounds = 0;
  std::uint64_t releases = 0;  // releases compared
  std::uint64_t eliminations = 0;
  std::vector<FlaggedDecision> flagged;
  std::uint64_t deferrals = 0;  // near ties the optimized build decided by the certified path
  std::optional<std::uint64_t> divergence;  // the first differing decision's round
  bool explained = true;                    // false: a disagreement (every divergence is one, since session 5)
  std::string detail;                       // what differed first
  std::string regret_reference;             // exact
  double regret_fast = 0;
  bool ledger_compared = false;  // both builds recorded a ledger and their texts were compared
  std::uint64_t ledger_bytes = 0;  // the reference's ledger text's size
};

struct CrosscheckReport {
  CrosscheckConfig config;
  std::optional<Rational> returning_eps_batch;  // the per-batch theorem ε both builds ran at (returning users)
  std::string environment;
  std::vector<RunComparison> runs;
  bool ok() const;
  std::uint64_t unexplained() const;
  std::uint64_t explained_divergences() const;
  std::uint64_t flagged_rounds() const;
  std::uint64_t deferrals() const;
};

// Validates the configuration (ParameterError naming the option), then runs. Throws ParameterError for an
// unknown learner or environment, and for a pending one.
CrosscheckReport crosscheck_learner(const CrosscheckConfig& config);

// The canonical ledger text of a trajectory (reference/privacy/ledger.hpp: ledger_entries, ledger_text); the two
// builds' texts must be byte-identical.
std::string ledger_text_of(const ref::Trajectory& trajectory);
std::string ledger_text_of(const fast::Trajectory& trajectory);

// Compares one pair of trajectories (exposed for tests): decisions and releases, and the ledgers when recorded.
RunComparison compare_trajectories(const ref::Trajectory& reference, const fast::Trajectory& optimized);

void print_report(const CrosscheckReport& report, std::ostream& out);
void print_learner_list(std::ostream& out);

}  // namespace dpb::verify
