// The certified round of the rarely switching GLM learners: RS-GLinCB (Sawarni et al. 2024, arXiv:2404.06831, Alg. 2;
// reference/learners/rs_glincb.hpp) and its joint-DP version (Sarmasarkar 2026, arXiv:2602.00417, Alg. 2, lines
// 9–10). Both eliminate with θ̂_o and V and then take the UCB argmax with θ̂_τ and H_τ; they differ in where V, H and
// the estimates come from (exact sums and Krawczyk boxes vs. tree releases and P_GD's rational iterates, which enter
// here as thin intervals). Every test is decided on enclosures at `prec` bits; "undecided" (std::nullopt / false)
// asks the caller to refine (recompute its enclosures at a higher precision) or fail loudly.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "reference/core/interval.hpp"
#include "reference/core/rational.hpp"

namespace dpb::ref::internal {

// Lower Cholesky factor (row-major) of a symmetric interval matrix and det = Π pivots; false when a pivot is not
// certainly positive.
bool interval_cholesky(const std::vector<Interval>& A, std::uint32_t d, mpfr_prec_t p, std::vector<Interval>& L,
                       Interval& det);
// xᵀ(LLᵀ)⁻¹x for x = f·2^−q (forward substitution).
Interval quad_inverse(const std::vector<Interval>& L, std::uint32_t d, const std::int64_t* f, unsigned q,
                      mpfr_prec_t p);
// ⟨f·2^−q, box⟩ as an interval.
Interval inner_box(const std::int64_t* f, unsigned q, const std::vector<Interval>& box, mpfr_prec_t p);

// first[a]: the lowest index with arm a's features (ties go to it).
std::vector<std::uint32_t> first_of_duplicates(std::span<const std::int64_t> arms, std::uint32_t K, std::uint32_t d);

// Elimination (seed 003 Alg. 2 line 9): kept[a] iff ⟨x_a − x_z, θ̂_o⟩ + w(‖x_a‖_{V⁻¹} + ‖x_z‖_{V⁻¹}) ≥ 0 for every z,
// w² = `width2` (γ²κ), s[a] = ‖x_a‖²_{V⁻¹} exact. False when a test is open at `p`.
bool eliminate(std::span<const std::int64_t> arms, std::uint32_t K, std::uint32_t d, unsigned q,
               const std::vector<std::uint32_t>& first, const std::vector<Rational>& s,
               const std::vector<Interval>& theta_o, const Rational& width2, mpfr_prec_t p, std::vector<bool>& kept);

// The UCB argmax over the kept arms (line 10): argmax ⟨x, θ̂_τ⟩ + β‖x‖_{H_τ⁻¹}, L the Cholesky factor of H_τ, decided on
// the differences ⟨x_c − x_a, θ̂_τ⟩ + β(‖x_c‖ − ‖x_a‖) > 0; std::nullopt when open at `p` (or no arm is kept).
std::optional<std::uint32_t> ucb_argmax(std::span<const std::int64_t> arms, std::uint32_t K, std::uint32_t d,
                                        unsigned q, const std::vector<std::uint32_t>& first,
                                        const std::vector<bool>& kept, const std::vector<Interval>& L,
                                        const std::vector<Interval>& theta_tau, const Rational& beta, mpfr_prec_t p);

// The same with θ̂_τ = 0 and H_τ = λI: the index β‖x‖/√λ, decided exactly on ‖x‖² (β = 0: the lowest kept index).
std::uint32_t norm_argmax(std::span<const std::int64_t> arms, std::uint32_t K, std::uint32_t d,
                          const std::vector<std::uint32_t>& first, const std::vector<bool>& kept, bool beta_zero);

}  // namespace dpb::ref::internal
