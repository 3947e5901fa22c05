// Certified privacy of P_Vec's shuffled view (Chowdhury & Zhou, ICML 2022, Thm 3.5 / C.1, Remark 3.7, Cors C.2–C.3;
// issue 17; docs/privacy-001.md §6).
//
// The view. The shuffled multiset of labelled bits is a function of the per-label counts and conversely (every
// message of a label has ℓ bits), so the counts are the view. Label k's count is Σ_i x̂_{i,k} + N_k with N_k ~
// Bin(n, p), n = B·b (the B users' noise bits; n = b for one user's message, the LDP view), x̂_{i,k} = ⌊t⌋ +
// Bernoulli(t − ⌊t⌋), t = (v + Δ)·g/r ∈ [0, K] (K = g for r = 2Δ, 2g for r = Δ). Labels are independent.
// For a neighbour pair (user 1's data replaced, the others fixed) the others' x̂ are independent of user 1's data,
// so the view is a (data-independent, randomized) post-processing of (x̂_{1,k} + N_k)_k: an (ε, δ) bound of the
// latter is one of the view, and it is attained when the others' t are integers.
//
// The bound (docs/privacy-001.md §6 gives the proofs):
//  1. Truncated Rényi moment. For a window W of counts, Ẽ_α(P‖Q; W) = Σ_{c∈W} P(c)^α Q(c)^{1−α}. By Hölder,
//     P(E) ≤ e^ε Q(E) + δ′ + P(W^c) with ε = ln Ẽ/(α−1) + ln(1/δ′)/(α−1) (Mironov's conversion, which does not need
//     Ẽ to be a normalised moment). Over independent labels Ẽ multiplies and the tails add.
//  2. One label, change δ_k = t_k − t′_k: Ẽ is jointly convex in (P, Q) and P, Q are affine in t, t′ between
//     integers, so Ẽ ≤ max over the integer shifts m ∈ {⌊δ_k⌋, ⌈δ_k⌉} of F(m) = Σ_{y∈[lo,hi]} B(y−m)^α B(y)^{1−α}
//     (B the pmf of Bin(n, p)): the label contributes at most Λ_α(⌈|δ_k|⌉), Λ_α(k) = max_{|m|≤k} ln F(m).
//  3. F(m), m > 0: ln(B(y−m)/B(y)) ≤ (m(y − np) − m(m−1)/2 − mp)/σ² + m·c on the window (σ² = np(1−p), c a
//     certified bound of the second-order remainder), so F(m) ≤ e^{…}·E[e^{λ(Y−np)}] = e^{…}(1 − p + pe^λ)^n
//     e^{−λnp}, λ = αm/σ²: a closed form, certified for any n. m < 0 by the reflection Y ↦ n − Y (p ↦ 1 − p).
//  4. Joint, not summed: Σ_k δ_k² ≤ C² (C = ℓ₂ sensitivity in grid units), so the integers k_j = ⌈|δ_j|⌉ satisfy
//     Σ_j (k_j − 1)₊² ≤ ⌈C²⌉ − 1; the exact maximum of Σ_j Λ_α(k_j) under that constraint (a knapsack over the
//     labels, exact integer arithmetic on the upward-rounded Λ) bounds the joint change of one user.
// Every α is an integer of a sparse set; the curve is converted at δ − tail by the existing accountant.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "reference/core/interval.hpp"
#include "reference/core/rational.hpp"
#include "reference/privacy/accountants.hpp"

namespace dpb::ref {

inline constexpr mpfr_prec_t kPVecPrivacyPrecision = 256;

// The sparse integer α set: 2, 3, 4, 6, 8, 12, …, 2^24, 3·2^23 (powers of two and three times powers of two).
const std::vector<Integer>& pvec_alpha_set();

// Chernoff: P(X ≤ a) (lower_tail) or P(X ≥ a) for X ~ Bin(n, p), bounded by exp(−n·KL(a/n ‖ p)) when a lies on that
// side of the mean (0 beyond the support), else 1; rounded up.
Rational binomial_tail_upper_bound(const Integer& n, const Rational& p, const Integer& a, bool lower_tail);

// Upper bound (rounded up) of ln Σ_{y=lo}^{hi} B(y−m)^α B(y)^{1−α}, B the pmf of Bin(n, p), α ≥ 2 an integer.
// Requires |m| ≤ lo ≤ hi ≤ n − |m| (ParameterError). m = 0 gives 0 (the sum is a probability ≤ 1).
// nullopt when the enclosure overflows (α too large for this n: the α is then left out).
std::optional<Rational> binomial_shift_log_moment_upper_bound(const Integer& n, const Rational& p, const Integer& m,
                                                              const Integer& alpha, const Integer& lo,
                                                              const Integer& hi);

// max Σ_{j=1}^{labels} Λ(k_j) over k_j ∈ {0, …, Λ.size() − 1} with Σ_j (k_j − 1)₊² ≤ budget; Λ nondecreasing with
// Λ(0) ≤ Λ(1) is assumed (as built by pvec_privacy_bound). Exact on int64 with the gains Λ(k) − Λ(1) rounded up to
// a dyadic grid (the largest at which no sum overflows), so the result is an upper bound. `profile`
// (optional) receives the maximising k_j ≥ 2 (the others are 1). ParameterError when budget > 2^20.
Rational pvec_joint_max_upper_bound(const std::vector<Rational>& lambda, const Integer& labels, const Integer& budget,
                                    std::vector<Integer>* profile = nullptr);

// One P_Vec instance (the vector φy, or the upper triangle of φφᵀ) as the analysis sees it.
struct PVecInstanceShape {
  std::string name;
  Integer labels;      // labels released
  Rational change_sq;  // C²: the largest Σ_k (t_k − t′_k)² over neighbours (t in grid units g/r)
};
// Thm 3.5's two instances for dimension d (‖φ‖₂ ≤ L, |y| ≤ Y, Δ_vec = LY, Δ_mat = L²): vector d labels with
// C² = (g/r)²(2LY)², matrix d(d+1)/2 labels with C² = (g/r)²·2L⁴ (docs/privacy-001.md §4); r = 2Δ gives g² and
// g²/2, r = Δ gives 4g² and 2g² (independent of L, Y).
std::vector<PVecInstanceShape> pvec_instances(const Integer& d, const Integer& g, bool range_two_delta);

struct PVecPrivacyInput {
  Integer noise_trials;  // n: the count noise of a label is Bin(n, p) (B·b for the shuffled view, b for one message)
  Rational p{1, 4};
  Integer max_units;  // K: x̂ ∈ [0, K]
  std::vector<PVecInstanceShape> instances;
  Rational tail_budget;  // the δ the windows may leave out (total over every label)
};

struct PVecInstanceWorst {
  std::string name;
  Rational log_moment;             // the joint maximum of Σ Λ at the best α (rounded up)
  std::vector<Integer> k_profile;  // labels with k ≥ 2 at the best α (the others move by at most one unit)
};

struct PVecPrivacyBound {
  RdpCurve curve;                // (α, upper bound of the truncated D_α of the joint worst change), α integer
  Rational tail;                 // certified mass outside the windows (≤ tail_budget unless the noise is too small)
  Integer window_lo, window_hi;  // the noise window [lo, hi] of Bin(n, p)
  Rational sigma2;               // np(1 − p)
};
PVecPrivacyBound pvec_privacy_bound(const PVecPrivacyInput& in);
// The input for one batch of B users at (g, b), p = 1/4, r = 2Δ, both of Thm 3.5's instances at dimension d, with the
// windows' tail budget given (the learners' ledger and the returning-users totals).
PVecPrivacyInput pvec_batch_input(const Integer& g, const Integer& b, const Integer& B, const Integer& d,
                                  const Rational& tail_budget);
// The instance maxima at one α of the curve (for the evidence).
std::vector<PVecInstanceWorst> pvec_worst_profile(const PVecPrivacyInput& in, const PVecPrivacyBound& bound,
                                                  const Integer& alpha);

// ε at δ (nullopt when δ ≤ tail): Mironov's conversion at δ − tail, rounded up.
std::optional<Rational> pvec_eps_upper_bound(const PVecPrivacyBound& bound, const Rational& delta);
// δ at ε: tail + min_α e^{(α−1)(ρ_α − ε)}, rounded up (1 when no α gives less).
Rational pvec_delta_upper_bound(const PVecPrivacyBound& bound, const Rational& eps);

// Returning users (Thm E.5; docs/privacy-001.md §10): one user in every one of M batches of B users, each batch a
// P_Vec release at (g, b) with r = 2Δ over the d + d(d+1)/2 labels of (φy, triu φφᵀ). Two certified user-level
// accountants, neither resting on Thm C.1's constant:
//  - per batch the certified ε at δ_m (pvec_eps_upper_bound, window tail ≤ δ_m/1000), composed over the M batches by
//    advanced composition (Dwork–Roth Thm 3.20) at δ′ = δ/2: (ε_adv, M·δ_m + δ/2);
//  - the batch's truncated Rényi curve composed M-fold (ρ_α ↦ M·ρ_α; the windows' tails add: M·tail, a union bound
//    over the batches; adaptive composition holds because each batch's bound holds for every input of the other
//    users), converted at δ − M·tail (Mironov): ε_rdp at δ.
// Both rounded up; nullopt where an accountant gives nothing (a tail above its δ). ParameterError naming g, b, B, d,
// M (each ≥ 1), delta_m or delta (in (0, 1)).
struct PVecReturningTotals {
  std::optional<Rational> eps_batch;      // certified per-batch ε at δ_m
  std::optional<Rational> eps_advanced;   // ε_batch composed by advanced composition at δ′ = δ/2
  Rational delta_advanced;                // M·δ_m + δ/2
  std::optional<Rational> eps_rdp;        // the M-fold curve at δ
  Rational tail_total;                    // M·tail of the batch windows
};
PVecReturningTotals pvec_returning_totals(const Integer& g, const Integer& b, const Integer& B, const Integer& d,
                                          const Integer& M, const Rational& delta_m, const Rational& delta);

}  // namespace dpb::ref
