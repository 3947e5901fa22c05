// Returning users (seed 000 App. I, Assumption 2) in the SE learners (dist-dp-se, dist-rdp-se, dist-cdp-se, and the
// other protocol variants where the route applies): the learner's per-batch calibration and simulate's placement of
// users. docs/privacy-000.md §4.2, docs/learners.md "Returning users", docs/decisions.md "Returning users".
//
// Calibration. Algorithm 1 (Chowdhury & Zhou 2023, arXiv:2206.05772) has one theorem ε for every batch. With
// returning users (B, route) the learner runs at ε_b = the smallest, over the batch sizes l(b) a run of horizon T can
// release (those of batched_se_schedule), of calibrate_returning(variant, {n = l(b), T, s, p, c; total ε}, B, route,
// δ).eps_param — the theorem ε `dpbandit calibrate VARIANT --n l(b) --returning-batches B --route R` reports. Every
// batch of size n is then calibrate(variant, n, ε_b): at the size attaining the minimum exactly calibrate's returning
// batch, elsewhere at most that size's returning ε (more noise). Nothing else of the learner changes: its decisions
// see only the aggregator, so a returning run is the unique-user run at ε = ε_b (tested byte for byte; with B = 1
// and the pure route ε_b = ε, so the run is today's run).
//
// User-level ledger. Under Assumption 2 a user is in at most B batches and at most once per batch, hence in at most
// one release per batch index b (the releases of one batch are the active arms', one user serves one arm). The laws
// depend on b only (l(b) and ε_b), so the worst user's releases are B distinct batches of one arm's schedule —
// batched_se_schedule — and compose_returning_user on that schedule (its worst B, a batch repeated when B exceeds the
// schedule: several runs) bounds every user of every run of horizon ≤ T. The run's own releases across arms are not
// that object (composing the B worst of them could count one batch index twice, which Assumption 2 excludes).
//
// Placement (simulate). Users are data about who is who; the placement does not touch the rewards' law (a reward is
// the tape's entry for the arm's pull, whoever the user is) nor any decision. An arm's released batches are its
// batches b = 1, 2, … (an arm takes part from b = 1 until eliminated); they are cut into blocks of B consecutive
// batches (b = 1..B, B+1..2B, …), and slot j (0-based) of every batch of a block is one user. Since l(b) does not
// decrease, the batches of a block in which slot j exists form a suffix of the block: each user is in ≤ B consecutive
// batches of one arm, once per batch. A block cut short (the arm is eliminated, or the horizon ends, before B
// batches) leaves its users in fewer batches — still ≤ B. Rounds outside a released batch (the survivor's rounds, a
// batch truncated at T) get a new user each (they enter no release).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "reference/core/rational.hpp"
#include "reference/learners/protocol_aggregator.hpp"
#include "reference/learners/release_schedule.hpp"
#include "reference/privacy/ledger.hpp"
#include "reference/privacy/returning_users.hpp"

namespace dpb::ref {

struct ReturningSetting {
  std::uint64_t B = 1;                          // batches per user, 1 ≤ B ≤ 2^40 (kMaxReturningBatches)
  ReturningRoute route = ReturningRoute::Pure;  // must apply to the variant (returning_route_applies)
  std::optional<Rational> delta;                // approx, rdp: the total δ ∈ (0, 1); pure: absent
};

// The batch sizes l(b) = ⌈η^b⌉ of batched_se_schedule at horizon T (one arm's batches while Σ_{b'≤b} l(b') ≤ T), in
// the order of b (non-decreasing). Every complete batch of a run of horizon ≤ T is one of them.
std::vector<std::uint64_t> se_schedule_batch_sizes(const Rational& eta, std::uint64_t T);

struct ReturningSeCalibration {
  Variant variant{};
  ReturningSetting setting;
  Rational eps_total;  // the target ε over a user's B batches
  std::vector<std::pair<std::uint64_t, Rational>> per_size;  // (l(b), calibrate_returning's eps_param at n = l(b))
  Rational eps_batch;                                        // the smallest of them: the learner's theorem ε
  std::uint64_t size_at_min = 0;                             // a size attaining it (the smallest such)
  ReturningCalibration at_min;                               // calibrate_returning at size_at_min
};

// `base`: the learner's aggregator at the total ε (base.eps), with its horizon, s, p, c. ParameterError from
// calibrate_returning (naming returning-batches, route, delta or eps) for an invalid setting, and naming `eta` / `T`
// for η ≤ 1 or T < 1; `T` also when no batch completes within T (l(1) > T: nothing is released, nothing to calibrate).
ReturningSeCalibration calibrate_returning_se(const ProtocolAggregatorParams& base, const Rational& eta, std::uint64_t T,
                                              const ReturningSetting& setting);
// The returning run's aggregator: `base` with eps = c.eps_batch.
ProtocolAggregatorParams returning_aggregator_params(const ProtocolAggregatorParams& base,
                                                     const ReturningSeCalibration& c);

struct ReturningSeLedger {
  ReleaseSchedule schedule;  // batched_se_schedule of the returning run's aggregator
  LedgerResult result;       // compose_returning_user(schedule, B charged, δ for the non-pure routes)
};
// The user-level ledger of the returning run (see the header comment). `charged`: the B the ledger charges (0: the
// setting's B; tests pass more for the negative control).
ReturningSeLedger returning_se_ledger(const ProtocolAggregatorParams& base, const Rational& eta, std::uint64_t T,
                                      const ReturningSeCalibration& c, std::uint64_t charged = 0);

// One released batch of a trajectory: rounds [first_round, first_round + count) (0-based), all served with `arm`.
struct BatchSpan {
  std::uint64_t first_round = 0;
  std::uint64_t count = 0;
  std::uint32_t arm = 0;
  std::uint32_t batch = 0;  // b
};
// The released batches of a batched-SE trajectory (ref::Release or fast::Release: round = rounds served after the
// batch, count = l(b), index = b; the batch's users are served consecutively).
template <class Release>
std::vector<BatchSpan> batch_spans(std::span<const Release> releases) {
  std::vector<BatchSpan> out;
  out.reserve(releases.size());
  for (const Release& r : releases) out.push_back(BatchSpan{r.round - r.count, r.count, r.arm, r.index});
  return out;
}

// The user of every round (user[t − 1] for round t), ids 0, 1, … in order of first appearance. ParameterError naming
// `B` (< 1) or `batches` (overlapping, beyond T, an arm's batches not b = 1, 2, … in order, or a batch larger than
// the arm's next one).
std::vector<std::uint64_t> place_returning_users(std::uint64_t T, std::span<const BatchSpan> batches, std::uint64_t B);

struct PlacementReport {
  std::uint64_t users = 0;
  std::uint64_t max_batches_per_user = 0;  // distinct batches a user's rounds fall in
  bool once_per_batch = true;              // no user twice in one batch
  bool one_arm = true;                     // every user's released batches are of one arm
  bool consecutive = true;                 // and their indices b are consecutive
  std::string first_problem;               // empty when none
};
// Checks a placement against the batches (any placement: the tests' and simulate's audit of its own).
PlacementReport check_placement(std::span<const std::uint64_t> user_of_round, std::span<const BatchSpan> batches);

}  // namespace dpb::ref
