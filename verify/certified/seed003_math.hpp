// Certified checks of seed 003's "paper-math" claims (issue 20, part 5): Sarmasarkar, "Shuffle and Joint
// Differential Privacy for Generalized Linear Contextual Bandits", 2026, arXiv:2602.00417; spec
// shared/spec/003-shuffle-jdp-glm-bandits.md §3.1 (schedule, Eq. 6), §3.3 (P_GD budgets), §3.4 (Alg. 2's optimizer
// budget), §5 (Lemmas E.3, M.3, Q.3, Q.4), §6 (S1, S2, G1), §9 items 3, 12, 20, 31, 33, 34.
//
// Every checker decides with exact integers/rationals or MPFI enclosures refined until the comparison is certain
// (precision doubled from 128 up to 8192 bits; an undecided case makes the verdict `inconclusive`). The formula
// under test is a parameter, so that tests/verify/certified/seed003_math_test.cpp can feed deliberately wrong
// variants (negative controls).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>

#include "reference/core/interval.hpp"
#include "reference/core/rational.hpp"
#include "verify/claims/claim.hpp"

namespace dpb::verify::certified {

// ---- 003.s1: batch schedule -------------------------------------------------------------------------------------
// α = T^a with a = 1/(2(1 − 2^{1−M})) (Eq. 6) or a = 1/(2(1 − 2^{−M})) (Thm E.1, App. F); B_k = α^{2 − 2^{2−k}}
// for k = 2..M. The exponent a·(2 − 2^{2−k}) is rational p/q, so B_k = T^{p/q} is rounded exactly with integer
// q-th roots (GMP): no enclosure needed, and an exact integer (Eq. 6's B_M = T) is recognised as such.
enum class ScheduleAlpha { eq6, thm_e1 };
Rational schedule_alpha_exponent(ScheduleAlpha which, unsigned M);
// ⌈T^{e}⌉ and the nearest integer ⌊T^{e} + 1/2⌋, for rational e >= 0 and T >= 1.
Integer ceil_power(const Integer& T, const Rational& e);
Integer nearest_power(const Integer& T, const Rational& e);
// Exponent of B_k as a function of (which, M, k); the claim passes the paper's closed form, a control a wrong one.
using ScheduleExponent = std::function<Rational(ScheduleAlpha which, unsigned M, unsigned k)>;
Rational schedule_exponent(ScheduleAlpha which, unsigned M, unsigned k);
// T ∈ {10³, 10⁴, 10⁵, 10⁶, 10⁷, 10⁹} × M ∈ {2, …, 6}: violated iff some Eq. 6 schedule has 1 + Σ_{k=2}^M ⌈B_k⌉ > T
// (B_1 >= 1); the Thm E.1 schedule's Σ_{k>=2} and the spec's example values (nearest rounding) are evidence, and a
// mismatch of the example values is an error of the checker's premises (the outcome is then `inconclusive`).
Outcome check_s1(const ScheduleExponent& exponent);

// ---- 003.g1 / 003.s2: composition budgets -------------------------------------------------------------------------
// Advanced composition of k mechanisms (ε₀, δ₀) with slack δ′: ε₀√(2k ln(1/δ′)) + kε₀(e^{ε₀} − 1), kδ₀ + δ′.
Interval advanced_composition_eps(const Interval& eps0, const Integer& k, const Rational& delta_prime, mpfr_prec_t prec);
// G1: the per-step budget ε_step(ε, δ, T_it) (the paper's: ε/(2√(2T_it ln(1/δ)))), δ_step = δ/(T_it + 1),
// δ′ = δ/(T_it + 1); holds iff the certified upper bound of ε_total is <= ε and T_it δ_step + δ′ <= δ on
// ε ∈ {1/10, 1/2, 1, 2} × δ ∈ {10⁻⁵, 10⁻³, 10⁻²} × T_it ∈ {10, 100, 1000, 10⁴, 10⁵}.
using StepBudget = std::function<Interval(const Rational& eps, const Rational& delta, const Integer& T_it, mpfr_prec_t)>;
Interval g1_eps_step(const Rational& eps, const Rational& delta, const Integer& T_it, mpfr_prec_t prec);
Outcome check_g1(const StepBudget& eps_step);
// S2: ε_o = ε/(6√(2c ln(4/δ))), δ_o = δ/(6c), δ′ = delta_prime(δ) (the tightest allowed: δ/6): total <= (ε/3, δ/3)
// on ε ∈ {1/10, 1/2, 1, 2, 5, 10} × δ ∈ {10⁻⁵, 10⁻², 1/10} × c ∈ {1, 10, 100, 10⁴}; the evidence also scans
// ε = 1..200 (δ ∈ {1/10, 10⁻⁵}, c ∈ {1, 100}) for the smallest ε where the ε part fails (outside the grid).
using DeltaPrime = std::function<Rational(const Rational& delta)>;
Outcome check_s2(const DeltaPrime& delta_prime);

// ---- 003.lemma-e3: squares of sub-Gaussians ----------------------------------------------------------------------
// X_i i.i.d. on {−1, 0, 1} with P(±1) = 1/4: zero mean, sub-Gaussian with proxy σ² = 1 ((1 + cosh λ)/2 <= e^{λ²/2}),
// Σ(X_i² − EX_i²) = Bin(n, 1/2) − n/2. The bound r(n, δ) (σ² = 1) is the parameter: violated iff for some
// (n, δ) on δ ∈ {1/10, 1/100} × n ∈ {400, 1000, 4000} (all > 64 ln(2/δ)) the exact tail P(Bin − n/2 > r) > δ.
using DeviationBound = std::function<Interval(const Integer& n, const Rational& delta, mpfr_prec_t prec)>;
Interval lemma_e3_bound(const Integer& n, const Rational& delta, mpfr_prec_t prec);     // √(8 ln(2/δ)/n)
Interval lemma_e3_corrected(const Integer& n, const Rational& delta, mpfr_prec_t prec);  // √(8 n ln(2/δ))
Outcome check_lemma_e3(const DeviationBound& bound);

// ---- 003.lemma-m3.constant ---------------------------------------------------------------------------------------
// The proof's chain: ⟨x* − x, θ*⟩ <= 2β‖x‖_{H_τ^{-1}} (Cor. M.1 at both arms) and Lemma O.4(b)'s
// ‖y‖_{H_τ^{-1}} <= c(d)‖y‖_{H_t^{-1}}, c(d) = 2√e(1 + u)/(1 − u), u = 1/(4√d) (spec T6; (10/3)√e at d = 1), so the
// constant is 2c(d). The printed constant is K = √A·(√e if times_sqrt_e): holds iff K >= 2c(d) for every d on
// d ∈ {1, 2, 3, 4, 5, 8, 10, 16, 100, 10⁴} (equality decided exactly where it can occur), violated if some d has
// 2c(d) > K.
struct SqrtConstant {
  Rational A;                 // K² / e^{[times_sqrt_e]}
  bool times_sqrt_e = false;  // K = √A·√e
};
Outcome check_lemma_m3_constant(const SqrtConstant& printed);

// ---- 003.lemma-q3.kl / 003.lemma-q3.mi / 003.lemma-q4.kl ----------------------------------------------------------
// Finite distributions as rational pmfs. KL(P‖Q) in nats: nullopt when infinite (P(x) > 0 = Q(x)).
using Pmf = std::vector<Rational>;
std::optional<Interval> kl_divergence(const Pmf& P, const Pmf& Q, mpfr_prec_t prec);
// An inequality lhs(P, Q) <= rhs(P, Q) between possibly infinite quantities (nullopt = +∞).
using PairQuantity = std::function<std::optional<Interval>(const Pmf& P, const Pmf& Q, mpfr_prec_t prec)>;
// The claim's lhs KL(P‖Q) and rhs 2KL(P‖M) + 2KL(Q‖M), M = (P + Q)/2.
std::optional<Interval> q3_lhs(const Pmf& P, const Pmf& Q, mpfr_prec_t prec);
std::optional<Interval> q3_rhs(const Pmf& P, const Pmf& Q, mpfr_prec_t prec);
// Disjoint supports ((1, 0) vs (0, 1)) and all pairs of 2-point distributions with p, q ∈ {1/10, …, 9/10} and of
// 3-point distributions with masses in {1/5, 2/5, 3/5} (full supports): violated iff some pair has lhs > rhs
// certainly; the evidence names the smallest-denominator full-support witness and the count.
Outcome check_lemma_q3_kl(const PairQuantity& lhs, const PairQuantity& rhs);
// Q.3's mutual-information step, on V = (V₁, V₂) uniform on {±1}² and the channel X = V₁V₂ flipped with
// probability `flip` (flip = 0: X = V₁V₂ exactly). KL̄_j = E_{V_{−j}} KL(P_{X|V_j=+1,V_{−j}} ‖ P_{X|V_j=−1,V_{−j}}).
// Checks Σ_j KL̄_j <= 4 I(V; X) and Σ_j I(V_j; X | V_{−j}) <= I(V; X) at flip ∈ {0, 1/4, 1/10}; `channel` maps
// (v₁, v₂) ∈ {0,1}² to the pmf of X on {0, 1}. The verdict is that of Σ_j I(V_j; X | V_{−j}) <= factor·I(V; X)
// (the claim: factor 1; the step is true with factor d = 2 at most, by the chain rule, for controls); the
// end-to-end Σ_j KL̄_j <= 4 I(V; X) is evidence beside it.
using Channel = std::function<Pmf(int v1, int v2, const Rational& flip)>;
Pmf xor_channel(int v1, int v2, const Rational& flip);
Outcome check_lemma_q3_mi(const Channel& channel, const Rational& factor);
// Q.4: for neighbouring inputs an (ε, δ)-DP mechanism's output laws P, Q satisfy KL(P‖Q) <= C(ε² + δ ln(1/δ))?
// Witness (ε = 0, δ): P = (δ, 1 − δ), Q = (0, 1) — (0, δ)-close (checked exactly over all events), KL = ∞, so no C
// works: violated for δ = `delta` > 0 (δ = 0: P = Q, holds). Beside: the pure-DP form KL <= `pure_bound`(ε) on all
// certainly ε-close pairs of 2-point distributions with masses in {1/40, …, 39/40}, ε ∈ {1/10, 1/2, 1}.
using EpsBound = std::function<Interval(const Rational& eps, mpfr_prec_t prec)>;
Interval pure_dp_kl_bound(const Rational& eps, mpfr_prec_t prec);  // ε(e^ε − 1)
Outcome check_lemma_q4_kl(const Rational& delta, const EpsBound& pure_bound);

}  // namespace dpb::verify::certified
