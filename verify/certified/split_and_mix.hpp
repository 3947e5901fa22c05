// Split-and-mix (ShuffledShares, reference/protocols/shuffled_shares.hpp and its optimized twin) judged by seed 000's
// Def 9 ((ε̃, q̃)-relaxed SecAgg, Cheu & Yan 2021) — issue 22, "Theorem 3, for real"; docs/protocol-000.md
// "Split-and-mix judged by Def 9".
//
// The exact law of the server's view. Each user splits y_i ∈ Z_m into k shares (k − 1 uniform, the last one y_i minus
// their sum); the n·k shares are shuffled uniformly. Given the multiset of shares the shuffled list is uniform over
// its arrangements whatever y is, so the multiset is a sufficient statistic: SD and LLR between two list laws equal
// those between the multiset laws. The law is computed by driving the implemented shuffled_shares_sum (either build)
// with every one of the m^{n(k−1)} equally likely draws of the free shares, fed as the bits uniform_below consumes
// (bit_length(m − 1) bits, most significant first: a value below m is accepted at once), the Fisher–Yates draws
// then reading zeros (the shuffle does not change the multiset). Each run is checked: the shares are the scripted
// ones, the shuffled list is a permutation of them and sums to Σ y_i mod m.
//
//   000.split-and-mix.llr  Def 9's relaxed security needs, for every y, a simulator law Q = SIM(Σ(y)) with
//     LLR(S(y), Q) ≤ ε̃. For y = (0, …, 0) and y′ = (1, m − 1, 0, …) (same sum) the all-zero multiset has probability
//     m^{−n(k−1)} > 0 under y and 0 under y′; any Q common to both either gives it mass 0 (LLR(S(y), Q) = ∞) or
//     positive mass (LLR(S(y′), Q) = ∞). So no finite ε̃ exists: a certified lower bound ∞ above every claim.
//   best simulator SD  min over simulator laws Q_σ of max over y with Σ(y) = σ of SD(S(y), Q_σ), an LP per σ solved
//     exactly by Z3's optimize (linear real arithmetic; the optimum is a rational), re-checked exactly from the
//     returned Q, and bracketed by max pairwise SD / 2 ≤ best ≤ max pairwise SD.
#pragma once

#include <map>
#include <optional>
#include <span>
#include <vector>

#include "reference/core/rational.hpp"
#include "verify/claims/claim.hpp"

namespace dpb::verify::certified {

enum class SharesBuild { reference, optimized };

// A multiset of elements of Z_m as its histogram over Z_m: counts[v] = number of shares equal to v.
using ShareCounts = std::vector<unsigned>;
// A law on multisets, as exact probabilities (only positive entries stored).
using MultisetLaw = std::map<ShareCounts, Rational>;

struct ShareMultisetLaw {
  unsigned m = 0;
  unsigned k = 0;
  std::vector<unsigned> y;
  std::map<ShareCounts, Integer> weight;  // multiset -> number of the equally likely share draws producing it
  Integer draws;                          // m^{n(k−1)}
  MultisetLaw law() const;                // weight / draws
  Rational probability(const ShareCounts& c) const;
};

// Largest m^{n(k−1)} share_multiset_law enumerates.
inline constexpr unsigned long kMaxShareDraws = 1UL << 16;

// The exact law of the multiset the server sees for input y ∈ Z_m^n (n ≥ 1, m ≥ 2, k ≥ 1), computed by running the
// implemented split-and-mix of `build` on every draw. Throws std::invalid_argument (naming the parameter) outside
// those ranges, for y_i ≥ m, or above kMaxShareDraws draws; std::logic_error if a run breaks the documented bit use
// or the sum.
ShareMultisetLaw share_multiset_law(std::span<const unsigned> y, unsigned m, unsigned k, SharesBuild build);

// A point where exactly one of two laws is zero (the LLR between them is then infinite), or nullopt when their
// supports agree.
struct SupportWitness {
  ShareCounts point;
  Rational p_first;
  Rational p_second;
};
std::optional<SupportWitness> support_mismatch(const MultisetLaw& first, const MultisetLaw& second);

// SD(P, Q) = Σ_x (P(x) − Q(x))⁺ for probability laws.
Rational statistical_distance(const MultisetLaw& p, const MultisetLaw& q);

// The witness at (n, k, m): y = (0, …, 0), y′ = (1, m − 1, 0, …), both builds.
struct SplitMixLlrCase {
  unsigned n = 0, k = 0, m = 0;
  Rational p_zero_y;        // P[all-zero multiset | y]
  Rational p_zero_y_prime;  // P[all-zero multiset | y′]
  Rational total_y, total_y_prime;
  std::size_t support_y = 0, support_y_prime = 0;
  bool builds_agree = false;
  std::optional<SupportWitness> witness;  // support_mismatch(S(y), S(y′))
  Verdict verdict = Verdict::inconclusive;  // violated iff a support witness exists (LLR = ∞)
};
SplitMixLlrCase split_and_mix_llr_case(unsigned n, unsigned k, unsigned m);

struct SplitMixGridPoint {
  unsigned n, k, m;
};
std::vector<SplitMixGridPoint> split_and_mix_llr_grid(Suite suite);
Outcome check_split_and_mix_llr(Suite suite);

// The best simulator's statistical distance for inputs given by their laws, grouped by the value the perfect SecAgg
// returns: groups[σ] = the laws S(y) of the inputs with Σ(y) = σ. Z3 optimize per group with more than one input.
struct SimulatorSdGroup {
  unsigned sigma = 0;
  std::size_t inputs = 0;
  std::size_t support = 0;
  Rational best;           // min_Q max_y SD(S(y), Q)  (exact LP optimum)
  Rational pairwise_max;   // max_{y, y′} SD(S(y), S(y′))
  MultisetLaw simulator;   // an optimal Q
};
SimulatorSdGroup best_simulator_sd(unsigned sigma, const std::vector<MultisetLaw>& laws);

struct SimulatorSd {
  unsigned n = 0, k = 0, m = 0;
  std::vector<SimulatorSdGroup> groups;
  Rational best;          // max over σ
  Rational pairwise_max;  // max over σ
};
// Every input multiset y ∈ Z_m^n (n ≥ 2), laws from the reference build.
SimulatorSd split_and_mix_simulator_sd(unsigned n, unsigned k, unsigned m);

std::vector<SplitMixGridPoint> split_and_mix_sd_grid(Suite suite);
Outcome check_split_and_mix_sd(Suite suite);

}  // namespace dpb::verify::certified
