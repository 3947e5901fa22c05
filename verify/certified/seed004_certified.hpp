// Certified checks of seed 004's constants (issue 15): 004.dp-se.constants (spec V3: DP-SE's epoch length makes
// h_e, c_e <= 2^−e/8, so 2(h_e + c_e) <= 2^−e−1, and the union bound Σ_e β/(2e²) < β) and 004.se.confidence
// (spec §4.1: P(|μ̂_k(t) − μ_k| > α(t)) <= 2β/(cKt²) for α(t) = √(ln(cKt²/β)/t), by exact binomial tails of
// Bernoulli rewards enclosed with MPFI). The functions under test are parameters, for the negative controls of
// tests/verify/certified/seed004_certified_test.cpp.
#pragma once

#include <cstdint>
#include <functional>

#include "reference/core/interval.hpp"
#include "reference/core/rational.hpp"
#include "verify/claims/claim.hpp"

namespace dpb::verify::certified {

using EpochLengthFunction =
    std::function<Integer(std::uint64_t active, std::uint32_t e, const Rational& beta, const Rational& eps)>;
// |S| ∈ 1..10, e ∈ 1..30, ε ∈ {1/20, 1/10, 1/4, 1/2}, β ∈ {3/10, 1/2, 4/5} (full: + ε ∈ {1/100, 1, 2}).
Outcome check_dp_se_constants(const EpochLengthFunction& R, bool full);

// Bernoulli μ ∈ {7/10, 1/2, 3/10, 1/10} (P1), K = 10, c = 1, β ∈ {1/2, 1/4}; t ∈ 1..100 ∪ {250, 500, 1000, 2000}
// (full: 1..2000). radius_factor scales α(t) (1 for the claim; a negative control shrinks it).
Outcome check_se_confidence(const Rational& radius_factor, bool full);

// I_x(a, b) for integers a, b >= 1 and rational x ∈ [0, 1], exactly, from its definition B(x; a, b)/B(a, b):
// ∫_0^x t^{a−1}(1 − t)^{b−1} dt = Σ_{j<b} C(b−1, j)(−1)^j x^{a+j}/(a + j), B(a, b) = (a−1)!(b−1)!/(a+b−1)!.
Rational incomplete_beta(const Rational& x, std::uint32_t a, std::uint32_t b);
using IncompleteBetaFunction = std::function<Rational(const Rational& x, std::uint32_t a, std::uint32_t b)>;
// 004.identities: V4 (1 − I_ξ(α+1, M) = P(Bin(M+α, 1−ξ) >= M) = P(Bin(M+α, ξ) <= α), = (1−ξ)^M at α = 0) and V5
// (P(Bin(T, p) <= k) = I_{1−p}(T−k, k+1)) in exact rationals, binomial sums computed directly; V8 (Lemma A.1's
// smallest T: f(T*) = 0 for f(T) = pT − √(T·ln(1/δ)/2) − T(η), and the expanded form, whose 8 is
// `expanded_factor`, equals T*) with MPFI at 256 bits; V6 (P(Poisson(λ) >= s) = 1 − Q(s, λ) for integer s >= 1, and
// Q(s, ·) strictly decreasing, so Q^{−1}(s, ·) is decreasing): the Poisson side as 1 − e^{−λ}Σ_{j<s} λ^j/j! (MPFI),
// Q from its integral definition by `Q` (default regularized_gamma_q), enclosures that must overlap.
// Q(s, λ) = Γ(s, λ)/Γ(s), Γ(s, λ) = ∫_λ^∞ t^{s−1} e^{−t} dt by MPFR's mpfr_gamma_inc rounded down and up (λ rounded
// the other way: Γ(s, ·) decreases), divided by (s − 1)! exactly.
using GammaQFunction = std::function<Interval(std::uint32_t s, const Rational& lambda)>;
Interval regularized_gamma_q(std::uint32_t s, const Rational& lambda);
Outcome check_identities(const IncompleteBetaFunction& I, const Rational& expanded_factor, bool full,
                         const GammaQFunction& Q = regularized_gamma_q);

}  // namespace dpb::verify::certified
