// The release schedules of the private learners: which releases, with which noise law, contain which observations,
// for a horizon T — computed from the learners' schedules, not by running them (issue 11 §3). The privacy ledger
// (reference/privacy/ledger.hpp) composes them per observation; verify/privacy_checks/ledger_checks.cpp turns the
// result into the `<seed>.<learner>.ledger` claims.
//
// Each schedule is the worst case over runs for one stream: one arm pulled up to T times (bandit learners: the
// releases an arm's n-th pull can enter are fixed by n alone for the index learners, and by the epoch/batch
// boundaries for the elimination learners, which the run's active set only moves — every pull still enters at most
// one release), or the T rounds (full information). A schedule is a superset of the releases of any run of horizon
// ≤ T (a run releases a prefix of its arms' schedules), so its per-observation maximum bounds every run's.
// The laws are the ones the learners record (LearnerOptions::record_ledger); tests check the two agree.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "reference/learners/anytime_lazy_ucb.hpp"
#include "reference/learners/batch_aggregator.hpp"
#include "reference/learners/batched_successive_elimination.hpp"
#include "reference/learners/dp_successive_elimination.hpp"
#include "reference/learners/ftnl.hpp"
#include "reference/learners/hybrid_ucb.hpp"
#include "reference/privacy/ledger.hpp"

namespace dpb::ref {

struct ReleaseSchedule {
  std::vector<ReleaseLaw> laws;
  std::vector<LedgerEntry> entries;
  std::uint64_t horizon = 0;
  std::string description;
};

// `grid` = the reward grid G (the laws are in units of 1/(G·q)). T = params.T.
ReleaseSchedule dp_se_schedule(const DpSuccessiveEliminationParams& params, std::int64_t grid);
ReleaseSchedule anytime_lazy_ucb_schedule(const AnytimeLazyUcbParams& params, std::int64_t grid);
ReleaseSchedule hybrid_ucb_schedule(const HybridUcbParams& params, std::int64_t grid);
ReleaseSchedule ftnl_schedule(const FtnlParams& params, std::int64_t grid);
// DP-MASE (seed 004, Alg. 2 + App. B.1 Alg. 4): `agents` agents, K arms, `rounds` rounds. Stream n·K + a is agent
// n's pulls of arm a; agent n's epochs e = 1, 2, … last R(e) = dp_se_epoch_length(|𝒦_n(e)|, e, β, ε) activations
// and release one Lap_Z(Gq/ε) per active arm. The worst case of a stream: the agent is active in every round and the
// arm is never eliminated (so it enters every epoch), with a non-increasing path of frozen sizes |𝒦_n(e)| — agent n
// starts at K − (n mod (K − 1)) and loses one arm per epoch down to 2 — so that every size 2..K appears. The
// schedule holds every epoch that ends within `rounds`. Throws ParameterError (function dp_mase_schedule) for
// agents outside [1, 2^20], K outside [2, 64], agents·K > 2^26, rounds < 1 or grid < 1.
ReleaseSchedule dp_mase_schedule(std::uint32_t agents, std::uint32_t K, std::uint64_t rounds, const Rational& beta,
                                 const Rational& eps, std::int64_t grid, std::int64_t noise_refinement = 1);

ReleaseSchedule batched_se_schedule(const BatchedSuccessiveEliminationParams& params,
                                    const BatchAggregator& aggregator);

// Analytic bounds for every horizon (anytime learners, errata of issue 11):
//  * anytime-lazy-ucb: observation n (n >= 0) of an arm is in array r = ⌊log₂(n + 1)⌋ only: 1 release, ε.
//  * hybrid-ucb: observation 0 is in array 0 only (ε/2); observation n >= 1 of tree r = ⌊log₂(n + 1)⌋... see
//    hybrid_ucb_releases_bound: at most r + 1 tree nodes of Lap(2·levels(r)/ε) and one array of Lap(2/ε), so its
//    loss is at most ε(r + 1)/(2·levels(r)) + ε/2, which decreases in r: the supremum over all T is its value at
//    r = 1 (levels = r: 3ε/2; levels = r + 1: ε).
std::uint64_t hybrid_ucb_releases_bound(std::uint32_t r);  // r + 2
Rational hybrid_ucb_eps_bound_all_horizons(const Rational& eps, TreeScale scale);

}  // namespace dpb::ref
