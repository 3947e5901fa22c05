// Certified checks of seed 004's constants (issue 15): 004.dp-se.constants (spec V3: DP-SE's epoch length makes
// h_e, c_e <= 2^−e/8, so 2(h_e + c_e) <= 2^−e−1, and the union bound Σ_e β/(2e²) < β) and 004.se.confidence
// (spec §4.1: P(|μ̂_k(t) − μ_k| > α(t)) <= 2β/(cKt²) for α(t) = √(ln(cKt²/β)/t), by exact binomial tails of
// Bernoulli rewards enclosed with MPFI). The functions under test are parameters, for the negative controls of
// tests/verify/certified/seed004_certified_test.cpp.
#pragma once

#include <cstdint>
#include <functional>

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

}  // namespace dpb::verify::certified
