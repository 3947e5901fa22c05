// Seed 004's sample-complexity bounds (issue 16 §3; errata, issue 16): `004.lemma-a1.bound` (Lemma A.1, Féraud's
// scheme — Decentralized Elimination, SE at η) and `004.prop4.3` (Prop. 4.3, DP-MASE, Lemma A.1 with T(η) := T(β)).
//
// Reading (docs/decisions.md, "Lemma A.1 / Prop. 4.3"):
//   * T(η) is measured: the ⌈(19/20)·R⌉-th smallest of R stopping times of one agent run alone (N = 1, votes never
//     reach the threshold), counted in that agent's rounds (spec §8 V8, issue 16 §3).
//   * p = p* = 1/N (uniform agents: the M-th most likely agent).
//   * T_A1 = (1/(4p²))·(√(½ ln(1/δ)) + √(½ ln(1/δ) + 4p·T(η)))², V8's closed form, enclosed with MPFI (256 bits).
//   * The probability the bound holds with (E5's circularity resolved by evaluating at T = ⌈T_A1⌉):
//       P_A1 = (1 − δ)·(1 − I_{1−p*}(T − T(η), 1 + T(η)))^M,  I_{1−p}(T − k, k + 1) = P(Bin(T, p) ≤ k) (V5),
//     enclosed with MPFI by the binomial recurrence.
//   * The claim: P(rounds ≤ T_A1) ≥ P_A1. Per setting, W = #runs with rounds ≤ ⌊T_A1⌋ (undecided runs count as
//     beyond). One-sided Clopper–Pearson at α/m (Bonferroni over the m settings): `holds` iff every lower bound on
//     P(rounds ≤ T_A1) ≥ the upper end of P_A1; `violated` iff some upper bound < the lower end of P_A1; else
//     `inconclusive` with the runs that would decide it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "reference/core/interval.hpp"
#include "reference/core/rational.hpp"
#include "reference/learners/mase.hpp"
#include "verify/claims/claim.hpp"

namespace dpb::verify::statistical {

// V8's closed form, p ∈ (0, 1], δ ∈ (0, 1), T(η) ≥ 0.
Interval lemma_a1_rounds(const Rational& p, const Rational& delta, std::uint64_t t_eta, mpfr_prec_t prec = 256);
// P(Bin(T, p) ≤ k) = I_{1−p}(T − k, k + 1), enclosed (p ∈ (0, 1)).
Interval binomial_cdf_enclosure(std::uint64_t T, std::uint64_t k, const Rational& p, mpfr_prec_t prec = 256);

struct LemmaA1Setting {
  std::string name;
  ref::MultiAgentAlgorithm algorithm = ref::MultiAgentAlgorithm::DecentralizedElimination;
  ref::MultiAgentParams params;
  std::uint64_t runs = 100;        // multi-agent runs
  std::uint64_t alone_runs = 100;  // runs of one agent alone for T(η)
  Rational bound_factor{1};        // scales the count's threshold T_A1, not P_A1 (1; a negative control shrinks it)
};

// The 19/20-quantile of one agent's stopping time run alone (in its rounds), from `runs` runs of stream `seed`.
std::uint64_t local_stopping_quantile(const LemmaA1Setting& s, std::uint64_t seed);

Outcome check_lemma_a1_grid(const std::vector<LemmaA1Setting>& grid, const RunOptions& options);
Outcome check_lemma_a1_bound(const RunOptions& options);
Outcome check_prop43(const RunOptions& options);

}  // namespace dpb::verify::statistical
