// Statistical claims of seed 004's engine (issue 15): 004.mask.sampled (CE's masks ν ~ Bernoulli(1 − ξ), one per
// (agent, arm), independent), 004.agent-law.sampled (the agents drawn follow P_N: uniform or P^γ, renormalized
// over the unfinished agents) and 004.epoch-sum.binomial (the optimized DP-MASE's binomial epoch sums are
// Bin(R(e), μ)). Exact
// binomial tails and χ² with exact critical values (verify/stats), Holm at family-wise α = 1e−6. The test
// functions take the observations, so the negative controls in tests/verify/statistical/seed004_sampled_stat_test
// feed them a wrong ξ, a mask reused across arms, or a wrong law.
#pragma once

#include <cstdint>
#include <vector>

#include "reference/core/rational.hpp"
#include "verify/claims/claim.hpp"
#include "verify/stats/chi_squared.hpp"

namespace dpb::verify::statistical {

inline constexpr double kSeed004Alpha = 1e-6;

// masks[n] = agent n's masks in elimination order. Tests: the count of ν = 1 against Bin(n, 1 − ξ) (two-sided,
// exact), and, on disjoint consecutive pairs of one agent's masks, the count of pairs with both dropped against
// Bin(pairs, ξ²) (a mask shared across arms makes it ξ). Holm over the two.
Outcome test_masks(const std::vector<std::vector<bool>>& masks, const Rational& xi, double family_alpha = kSeed004Alpha);

// One χ² test of agent counts against a law; several are decided together by Holm.
struct AgentLawCase {
  std::string name;
  std::vector<std::uint64_t> counts;
  std::vector<stats::ProbabilityEnclosure> p;
};
Outcome test_agent_laws(const std::vector<AgentLawCase>& cases, double family_alpha = kSeed004Alpha);
// P^γ's probabilities (n + 1 + α)^−γ / Σ, enclosed (certified, rounded outward to doubles); uniform when gamma = 0.
std::vector<stats::ProbabilityEnclosure> agent_law_probabilities(std::uint32_t N, const Rational& gamma,
                                                                 const Rational& offset);
// Activation counts of N agents over `rounds` rounds of the engine (coin routine that never fires: nobody
// finishes), law uniform (gamma = 0) or P^γ.
std::vector<std::uint64_t> sampled_agent_counts(std::uint32_t N, const Rational& gamma, const Rational& offset,
                                                std::uint64_t rounds, std::uint64_t seed, bool optimized);
// The renormalized law (§4.7 item 7): with the coin routine at T_c = 1 every agent finishes at its first activation,
// so the order of first activations is a draw without replacement from P^γ. orders[σ] counts the runs whose order
// is the permutation of rank σ (lexicographic rank over 0..N−1); permutation_probabilities gives each order's
// probability Π_t w_σt / (W − Σ_{s<t} w_σs), certified (MPFI) and rounded outward. N <= 6.
std::vector<std::uint64_t> sampled_first_activation_orders(std::uint32_t N, const Rational& gamma,
                                                           const Rational& offset, std::uint32_t runs,
                                                           std::uint64_t seed);
std::vector<stats::ProbabilityEnclosure> permutation_probabilities(std::uint32_t N, const Rational& gamma,
                                                                   const Rational& offset);
// Lexicographic rank of a permutation of 0..N−1.
std::size_t permutation_rank(const std::vector<std::uint32_t>& order);
// CE's masks over `runs` runs (sure instance K = 5, N = 16, every vote needed so that every agent eliminates all
// four suboptimal arms).
std::vector<std::vector<bool>> sampled_masks(const Rational& xi, std::uint32_t runs, std::uint64_t seed);

// 004.epoch-sum.binomial: epoch sums of Bernoulli(μ) arms over R pulls, as the optimized DP-MASE's binomial path
// draws them, against the certified Bin(R, μ) pmf (support, Pearson, G, tails; Holm over every case).
struct EpochSumCase {
  std::string name;
  std::uint64_t R = 0;
  Rational mean;
  std::vector<std::int64_t> sums;
};
Outcome test_epoch_sums(const std::vector<EpochSumCase>& cases, double family_alpha = kSeed004Alpha);
// n sums drawn by fast::binomial_epoch_sum(R, μ) from ChaCha20Source(seed, stream).
std::vector<std::int64_t> sampled_epoch_sums(std::uint64_t R, const Rational& mean, std::uint64_t n,
                                             std::uint64_t seed, std::uint64_t stream);
// The claim's grid: P1's means at R(1) (K = 10, β = ε = 1/2); the full suite adds one R above kCountBelow.
struct EpochSumGrid {
  std::uint64_t R = 0;
  Rational mean;
  std::uint64_t n = 0;
};
std::vector<EpochSumGrid> epoch_sum_grid(bool full);

Outcome check_mask_sampled(const RunOptions& options);
Outcome check_epoch_sum_binomial(const RunOptions& options);
Outcome check_agent_law_sampled(const RunOptions& options);

}  // namespace dpb::verify::statistical
