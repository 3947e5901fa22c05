// G-optimal design π^G(X) of seed 003 (Sarmasarkar 2026, arXiv:2602.00417, Lemma 4.3 after Ruan et al. 2021 and
// Kiefer–Wolfowitz 1960; spec 003 §2.5, claim F4): a distribution on a finite arm set X ⊂ R^d with
//   max_{x∈X} xᵀ A(π)^{−1} x ≤ 2d,  A(π) = Σ_y π_y y yᵀ,
// which implies the lemma's form with (εI + A)^{−1} for every ε > 0 ((εI + A)^{−1} ⪯ A^{−1}).
// Construction (docs/protocol-003.md "G-optimal design"):
//   1. the shared binary64 Fedorov–Wynn solver (internal/fedorov_wynn.hpp) to max leverage ≤ 3d/2 (or 20000 steps);
//   2. its weights, as exact dyadic rationals, rounded to multiples of 2^−32 summing exactly to 1 by the largest
//      remainder rule (ties to the lower index);
//   3. F4 certified on the rounded weights: in exact rationals for grid arms, in refined intervals for scaled arms
//      x̃_i = √c_i·a_i (c_i = μ̇(⟨a_i,θ̂_1⟩)/β(a_i), Alg. 1 line 13); a design that fails is refused (std::runtime_error).
// Sampling from the design is exact: uniform_below(2^32) against the cumulative counts.
// An arm set of rank r < d (Alg. 1's eliminated sets) is designed in the coordinates c_i of a basis of its span (the
// first r independent arms, in order): x = Bc gives xᵀA(π)⁺x = cᵀ(Σ_y π_y c_y c_yᵀ)^{−1}c, and for x in the span
// xᵀ(εI + A)^{−1}x ≤ xᵀA⁺x, so F4 is certified as max ≤ 2r ≤ 2d on the coordinates.
#pragma once

#include <optional>
#include <vector>

#include "reference/bits/uniform.hpp"
#include "reference/glm/certified_real.hpp"
#include "reference/glm/kappa.hpp"

namespace dpb::ref {

inline constexpr unsigned kDesignBits = 32;

struct GOptimalDesign {
  std::vector<Integer> counts;  // π_i = counts[i]/2^bits, Σ counts = 2^bits
  unsigned bits = kDesignBits;
  Rational max_leverage;        // grid arms: exact; scaled arms: a certified upper bound
  int solver_iterations = 0;
  std::size_t rank = 0;         // of the arm set; F4 is certified as max leverage ≤ 2·rank

  std::vector<Rational> weights() const;
};

// Largest-remainder rounding of nonnegative weights (not all 0) to counts summing to 2^bits: quotas
// q_i = w_i·2^bits/Σw (exact), floors, then one more unit to the largest remainders (the lower index first on ties).
std::vector<Integer> dyadic_round(const std::vector<Rational>& w, unsigned bits);

// Exact leverages a_iᵀ A(w)^{−1} a_i for rational weights; nullopt when A(w) is singular.
std::optional<std::vector<Rational>> exact_leverages(const ArmSet& arms, const std::vector<Rational>& w);

// F4 for grid arms: max leverage ≤ 2d (exact). nullopt when A(w) is singular.
std::optional<Rational> certified_max_leverage(const ArmSet& arms, const std::vector<Rational>& w);
// F4 for scaled arms √c_i·a_i: true when every leverage is certainly ≤ 2d, false when one is certainly > 2d
// (refined up to kGlmPrecisionCap bits; GlmUndecided beyond). `bound` receives a certified upper bound on the max.
bool certify_scaled_f4(const ArmSet& arms, const std::vector<CertifiedReal>& c, const std::vector<Rational>& w,
                       Rational* bound = nullptr);

// The design for grid arms / for scaled arms (c_i > 0 each).
GOptimalDesign g_optimal_design(const ArmSet& arms);
GOptimalDesign g_optimal_design_scaled(const ArmSet& arms, const std::vector<CertifiedReal>& c);

// Validation shared by both builds (K ≥ 1 arms of one dimension d ≥ 1, not all zero) and the coordinates the design
// is computed on: the arms themselves when they span R^d, else their coordinates c_i = G^{−1}Bᵀa_i in the basis B of
// the first independent arms (G = BᵀB), exact.
ArmSet design_coordinates(const ArmSet& arms, std::string_view function);
// The binary64 value (as its exact dyadic rational) nearest to c (ties to even), decided on certified enclosures.
Rational round_to_binary64(const CertifiedReal& c);
// The design's last two steps on the solver's weights, shared by both builds.
GOptimalDesign finish_design(const ArmSet& arms, const std::vector<Rational>& solver_weights, int iterations);
GOptimalDesign finish_design_scaled(const ArmSet& arms, const std::vector<CertifiedReal>& c,
                                    const std::vector<Rational>& solver_weights, int iterations);

// An index i with probability counts[i]/2^bits (reads exactly `bits` bits).
template <BitSource B>
std::size_t sample_design(const GOptimalDesign& design, B& bits) {
  const Integer u = uniform_below(bits, Integer(Integer(1) << design.bits));
  Integer cum = 0;
  for (std::size_t i = 0; i < design.counts.size(); ++i) {
    cum += design.counts[i];
    if (u < cum) return i;
  }
  return design.counts.size() - 1;  // unreachable: Σ counts = 2^bits
}

}  // namespace dpb::ref
