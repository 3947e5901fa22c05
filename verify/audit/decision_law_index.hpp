// The exact law of the audited decision Y of the index learners (anytime-lazy-ucb, hybrid-ucb; seed 002
// Algorithms 1 and 4) and the full-information learners (ftnl, naive-ftnl; Algorithm 2 with RNM, §3.4) on the
// audit tables of targets.cpp (docs/audit.md § "Index learners and FTNL: the law of the first dependent action").
//
// The table (index_audit_table): K arms, reward grid G = 1, noise refinement q = 1; every arm's first reward is
// r_i = 1 except arm 1's, which is the changed one: 1 under D, 0 under D′. The first decision that depends on it
// compares K independently noised statistics, one per arm, each holding that arm's first reward:
//   anytime-lazy-ucb  round K+1: index_j = Ñ_j + w, Ñ_j = r_j + N_j, N_j ~ Lap_Z(1/ε) (array 0 of arm j); every arm
//                     has r = 0 and one pull, so the bonus w is the same double for all.
//   hybrid-ucb        round K+1: index_j = F̃_j + w, F̃_j = r_j + Z_j^(0), Z^(0) ~ Lap_Z(2/ε) (eq. 32); O_j = 1.
//   ftnl              round 2: RNM on epoch 0: argmax_j r_j + L_j, L_j ~ Lap_Z(1/ε).
//   naive-ftnl        round 2: the same with L_j ~ Lap_Z(K/ε).
// Every learner takes the first largest value (ties go to the lowest index), so with N_i i.i.d. Lap_Z(s)
//     P[Y = j] = Σ_n P[N = n] · Π_{i<j} P[N_i ≤ r_j + n − r_i − 1] · Π_{i>j} P[N_i ≤ r_j + n − r_i].
// The sum is taken exactly over |n| ≤ M (certified pmf and cdf of reference/pmf/discrete_laplace.hpp, interval
// arithmetic) and the rest is bounded by P[|N| > M], added as [0, P[|N| > M]] (M makes it ≤ 2^−100 unless s is
// huge; it is always certified). For K = 2 the law also has a closed form in the tail of Δ = N_1 − N_0 (β = e^{−1/s}):
//     P[Δ = d] = ((1−β)/(1+β))² β^{|d|} (|d| − 1 + 2/(1−β²)), and for k ≥ 0
//     P[Δ ≥ k] = β^k ((1−β)(k − 1) + 2/(1+β) + β) / (1+β)²,      P[Δ ≥ −k] = 1 − P[Δ ≥ k + 1] (symmetry),
// which the tests use as an independent check of the sum.
//
// Machine arithmetic: the index learners compare doubles (Ñ_j + w) and FTNL int64s. For |N_j| < 2^48 and a bonus
// w < 2^45 (ε ≥ 2^−40) both are exactly the integer comparison above (doubles below 2^50 have ulp ≤ 1/4, so
// rounding cannot merge or swap integers one apart). The event max_j |N_j| ≥ 2^48 − 1 is accounted for by widening
// every enclosure by ±P[it], certified (and far below any printed digit).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "reference/core/interval.hpp"
#include "reference/core/rational.hpp"
#include "verify/audit/decision_law.hpp"

namespace dpb::verify::audit {

// First rewards (grid units, G = 1) of the audit table of an index/FTNL target: arm 1 has `arm1_d` under D and
// `arm1_d_prime` under D′, every other arm `others`.
struct IndexAuditTable {
  std::uint32_t arms = 2;
  std::int32_t others = 1;
  std::int32_t arm1_d = 1;
  std::int32_t arm1_d_prime = 0;
};

// The table targets.cpp builds for `target`:
//   anytime-lazy-ucb, hybrid-ucb, ftnl: K = 4, others 1. Competitors paying the maximum push the argmax threshold
//     max_{i≠1}(r_i + N_i) into the changed arm's noise tail, where the discrete Laplace tail ratio is exactly
//     e^{1/s}: ε_view/ε_release = 0.97 at ε = 1/2 (0.62 with K = 2, 0.52 with the old table r_0 = 0), and the
//     release ε does not depend on K.
//   naive-ftnl: K = 2, others 1 (its noise Lap_Z(K/ε) grows with K, so more arms would weaken its release).
//   ucb (non-private): K = 2, others 0 (its deterministic index must tell D from D′; with 1 it would tie under D).
// Throws ParameterError (function index_audit_table) for any other name.
IndexAuditTable index_audit_table(const std::string& target);

// True for the four learners index_decision_law knows.
bool has_index_decision_law(const std::string& learner);

// The scale s of the discrete Laplace noise on each arm's first statistic, in grid units (G = q = 1), for K arms:
// 1/ε (anytime-lazy-ucb, ftnl), 2/ε (hybrid-ucb), K/ε (naive-ftnl). The release ε of that statistic (sensitivity 1)
// is 1/s. Throws ParameterError (function index_noise_scale) for another learner, ε ≤ 0 or K < 2.
Rational index_noise_scale(const std::string& learner, const Rational& eps, std::uint32_t arms);

// P[N_1 − N_0 ≥ k] for N_0, N_1 i.i.d. Lap_Z(scale), by the closed form above (certified enclosure).
Interval laplace_difference_at_least(const Rational& scale, std::int64_t k, mpfr_prec_t prec = 128);

// The law of Y ∈ {0, …, K−1} (the arm chosen) for first rewards `table` and noise Lap_Z(scale) on every arm, by the
// sum above, widened by the machine-arithmetic slack. Tests use it directly for deliberately wrong laws.
DecisionLaw argmax_law(const Rational& scale, const IndexAuditTable& table, mpfr_prec_t prec = 128);

// The same for arbitrary first rewards under D and D′ (one value per arm, in [−1000, 1000], 2 ≤ K ≤ 64): the laws of
// the neighbour search (targets.cpp), where one user's record changes any coordinates. Throws ParameterError
// (function argmax_law) on sizes that differ or lie outside that range.
DecisionLaw argmax_law_vectors(const Rational& scale, const std::vector<std::int32_t>& r_d,
                               const std::vector<std::int32_t>& r_d_prime, mpfr_prec_t prec = 128);

// The law of the audited decision Y of `learner` at ε on index_audit_table(learner). Throws ParameterError
// (function index_decision_law) for another learner or ε < 2^−40.
DecisionLaw index_decision_law(const std::string& learner, const Rational& eps, mpfr_prec_t prec = 128);

}  // namespace dpb::verify::audit
