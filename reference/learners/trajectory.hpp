// What a reference learner returns: the decisions (one arm per round), every private statistic it released, its
// eliminations, the pull counts and the pseudo-regret, all exact. The optimized build's twin is
// optimized/learners/trajectory.hpp; verify/crosscheck compares the two field by field.
//
// Indices are 0-based in code (arm 0 is the paper's arm 1); rounds are 1-based as in the papers.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "reference/core/rational.hpp"
#include "reference/learners/internal/certified.hpp"
#include "reference/learners/round_hook.hpp"
#include "reference/privacy/release_law.hpp"

namespace dpb::ref {

// One private statistic released to the decision maker: a noisy sum of the rewards in pulls
// [first, first + count) of `arm` (per-arm pull indices, 0-based; for full-information learners the round indices
// of the epoch). `value` is that noisy sum in reward units (the noise included), exact.
struct Release {
  std::uint64_t round = 0;  // the round after which it was released
  std::uint32_t arm = 0;
  std::uint32_t index = 0;  // batch b, epoch e, array r, epoch s, or tree/node label (see each learner)
  std::uint64_t first = 0;
  std::uint64_t count = 0;
  Rational value;
  // The release's noise law: an index into Trajectory::laws, meaningful only when the ledger was recorded
  // (LearnerOptions::record_ledger; the coverage above is then the exact set of observations the release contains).
  std::uint32_t law = 0;
};

struct Elimination {
  std::uint64_t round = 0;  // the round after which the arm was eliminated (end of its batch or epoch)
  std::uint32_t arm = 0;
  std::uint32_t batch = 0;
};

// The reference's certified margin of one decision (recorded for the rounds a cross-check asks about).
// UCB-type: chosen index − runner-up index. Elimination-type: (threshold − gap) for `arm`, negative = eliminated.
struct DecisionMargin {
  std::uint64_t round = 0;
  std::uint32_t arm = 0;
  std::uint32_t other = 0;
  internal::Margin margin;
};

struct Trajectory {
  std::uint64_t horizon = 0;
  std::vector<std::uint32_t> actions;  // actions[t − 1] = the arm played at round t
  std::vector<Release> releases;       // in the order of release (= the order of the noise draws)
  std::vector<Elimination> eliminations;
  std::vector<std::uint64_t> pulls;     // N_a(T)
  Rational pseudo_regret;               // Σ_a Δ_a N_a(T), Δ from the instance's means
  std::vector<DecisionMargin> margins;  // only for LearnerOptions::margin_rounds
  // The noise laws of the releases (Release::law), only with LearnerOptions::record_ledger (else empty): the input
  // of the privacy ledger (reference/privacy/ledger.hpp: ledger_entries, compose_ledger).
  std::vector<ReleaseLaw> laws;
};

// Options shared by all reference learners.
struct LearnerOptions {
  bool record_actions = true;
  bool record_releases = true;
  // Record each release's noise law (Trajectory::laws, Release::law) for the privacy ledger. Off unless asked;
  // needs record_releases (ParameterError naming 'record_ledger' otherwise).
  bool record_ledger = false;
  std::vector<std::uint64_t> margin_rounds;  // sorted; the rounds whose decision margins are recorded
  // Called once per round played, with the round t (round_hook.hpp; progress of one long run). Unset by default.
  RoundHook on_round;
  bool wants_margin(std::uint64_t round) const;
};

// Σ_a Δ_a N_a for gaps Δ_a = max μ − μ_a.
Rational pseudo_regret(std::span<const Rational> means, std::span<const std::uint64_t> pulls);
// The cumulative pseudo-regret after each round t = 1..T (from the recorded actions).
std::vector<Rational> cumulative_pseudo_regret(std::span<const Rational> means, std::span<const std::uint32_t> actions);

// Forgetfulness (Hu, Huang & Mehta 2021, arXiv:2102.07929, Algorithm 1): every reward enters at most one release.
// Returns "" when it holds, else a description of the first reward used twice.
std::string check_at_most_one_release_per_reward(const Trajectory& trajectory, std::uint32_t arms);

}  // namespace dpb::ref
