// The exact law of one DP-MASE epoch decision (seed 004, Alg. 2 + App. B.1 Alg. 4; docs/privacy-004.md §3): the set
// k(e) of arms agent n eliminates at the end of its epoch e, given the epoch's integer sums.
//
// At the end of an epoch of length R over the active set 𝒦_n (k = |𝒦_n| arms), DP-MASE releases for every active
// arm i the integer V_i = s_i + N_i, s_i = q·Σ_i (the epoch's reward sum in units of 1/(G·q)), N_i i.i.d. Lap_Z(t),
// t = G·q/ε, and eliminates i iff (max_j V_j − V_i)/(G·q·R) > 2(h_e + c_e) (DpSeEpoch's certified test). The
// threshold is irrational, so on integers the test is max_j V_j − V_i ≥ θ with θ = the smallest integer D ≥ 1 the
// learner's own test does not keep (dp_mase_epoch_threshold finds it by bisection on DpSeEpoch::keeps, which is
// monotone in d). The top value is never eliminated (θ ≥ 1), so k(e) is a proper subset.
//
// Law (any k, outcomes = bitmasks A over the positions 0..k−1 of the active arms, A ≠ all): with M = max_j V_j and
// j the first position attaining it,
//   P[k(e) = A] = Σ_m Σ_{j ∉ A} P[V_j = m] · Π_{i ∉ A, i < j} P[m − θ < V_i < m] · Π_{i ∉ A, i > j} P[m − θ < V_i ≤ m]
//                                         · Π_{i ∈ A} P[V_i ≤ m − θ],
// every term non-negative. Each factor is a closed form of the discrete Laplace law in β = e^{−1/t} (tails computed
// on their own side, so no cancellation), enclosed in MPFI; m runs over a window [max s − θ − span − L, max s + θ + L]
// (span = max s − min s, L = ⌈100·t⌉ + 2 + span + (k − 1)·θ) outside of which the mass is below β^L, e^{−100} times
// the smallest outcome's probability (certified, added to the upper end of every outcome). For k = 2 the tests compare it with the closed form in the difference of two noises
// (decision_law_index.hpp, laplace_difference_at_least) and with brute-force enumeration of the noises.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "reference/core/interval.hpp"
#include "reference/core/rational.hpp"
#include "reference/learners/dp_se_epoch.hpp"
#include "verify/audit/decision_law.hpp"

namespace dpb::verify::audit {

// θ of the epoch `ep` for noisy sums in units of 1/unit (unit = G·q): the smallest integer D ≥ 1 with
// !ep.keeps(D/(unit·R)). Throws ParameterError (function dp_mase_epoch_threshold) for unit < 1.
std::int64_t dp_mase_epoch_threshold(const ref::DpSeEpoch& ep, std::int64_t unit);

// P[k(e) = A] for every proper subset A (bitmask, ascending), sums s (2 ≤ k ≤ 8 values, |s_i| ≤ 2^40), noise
// Lap_Z(scale), threshold θ ≥ 1. Throws ParameterError (function dp_mase_eliminated_set_law) outside those ranges.
std::vector<Interval> dp_mase_eliminated_set_law(const Rational& scale, const std::vector<std::int64_t>& sums,
                                                 std::int64_t theta, mpfr_prec_t prec = 128);

// The two laws of k(e) under sums_d (D) and sums_d_prime (D′), outcomes the bitmasks, as a DecisionLaw.
DecisionLaw dp_mase_epoch_law(const Rational& scale, const std::vector<std::int64_t>& sums_d,
                              const std::vector<std::int64_t>& sums_d_prime, std::int64_t theta,
                              mpfr_prec_t prec = 128);

}  // namespace dpb::verify::audit
