// Private batch-based successive arm elimination (the learner of seed 000), exact reference.
//
// Spec: Chowdhury & Zhou 2023 (arXiv:2206.05772), Algorithm 1 (lines 4–10 are lost in the text extract and are the
// project's reconstruction), Remark 4 (l(b) = η^b), Lemma 2 (the exact confidence radius β(b) with the mechanism's (σ,
// h), reconstructed by the project and confirmed against the authors' code). Claims: 000.v20 (on the good event the
// best arm is never eliminated), 000.v21 (N_a(T) <= 4 l(b̄_a)).
// Symbols as in the paper: K arms, horizon T, batch b = 1, 2, …, l(b) = ⌈η^b⌉ users per active arm, active set
// Φ(b), confidence p (default 1/T), R_a(b) the private estimate of the batch sum, μ̂_a(b) = R_a(b)/l(b).
//
//   for b = 1, 2, …: for each a ∈ Φ(b) in increasing order: serve l(b) users with arm a; R_a(b) = aggregate(…)
//   β(b) = √(log(4|Φ(b)|b²/p)/(2l(b))) + σ·√(log(2|Φ(b)|b²/p))/l(b) + h·log(2|Φ(b)|b²/p)/l(b)
//   Φ(b+1) = {a ∈ Φ(b) : μ̂_a(b) + β(b) >= max_{a'∈Φ(b)} μ̂_{a'}(b) − β(b)}
//
// Choices the paper leaves open (docs/decisions.md § learners): the run stops exactly at round T, truncating the
// last batch (a partial batch releases nothing and eliminates nothing: Algorithm 1 has no
// explicit stop at T); once a single arm remains it
// is served for the rest of the horizon without further aggregation (its decisions are then fixed, and releasing
// less never costs privacy); l(b) = ⌈η^b⌉ for a rational η > 1. β(b)'s comparison is decided by certified
// intervals (internal/certified.hpp); μ̂ are exact rationals.
#pragma once

#include <cstdint>
#include <optional>

#include "reference/core/interval.hpp"
#include "reference/environments/reward_tape.hpp"
#include "reference/learners/batch_aggregator.hpp"
#include "reference/learners/noise_source.hpp"
#include "reference/learners/trajectory.hpp"

namespace dpb::ref {

struct BatchedSuccessiveEliminationParams {
  std::uint64_t K = 0;
  std::uint64_t T = 0;
  Rational eta{2};            // η > 1
  std::optional<Rational> p;  // confidence p ∈ (0, 1); default 1/T
};

// Release.index = b; Elimination.batch = b. Releases are the R_a(b) (sums, in reward units).
Trajectory batched_successive_elimination(const BatchedSuccessiveEliminationParams& params, const RewardTape& tape,
                                          const BatchAggregator& aggregator, NoiseSource noise,
                                          const LearnerOptions& options = {});

// l(b) = ⌈η^b⌉.
Integer batch_size(const Rational& eta, std::uint32_t b);

// β(b) of Lemma 2 enclosed at precision prec, for |Φ(b)| = active, batch size l, confidence p.
Interval confidence_radius(std::uint64_t active, std::uint32_t b, const Integer& l, const Rational& p,
                           const NoiseConcentration& c, mpfr_prec_t prec);

}  // namespace dpb::ref
