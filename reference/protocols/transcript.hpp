// The transcript of one run of the protocol P = (R, S, A) of seed 000 on one batch: every input, every random
// outcome and every message, so that a run can be replayed, compared between the two builds bit for bit, and
// stored as a golden vector.
//
// Spec: Chowdhury & Zhou 2023 (arXiv:2206.05772), Algorithm 1 (subroutines R, S, A), Algorithms 2–5 and App. D.2
// (central, local, shuffle variants).
#pragma once

#include <string_view>
#include <vector>

#include "reference/core/rational.hpp"
#include "reference/protocols/calibration.hpp"

namespace dpb::ref {

// Which secure computation S combines the messages.
enum class SecureSumKind {
  Modular,         // (a) a perfect SecAgg: ŷ = (Σ y_i) mod m
  Masked,          // (b) SecAgg by pairwise additive masks (Bonawitz et al. 2017), simulated
  ShuffledShares,  // (c) each y_i split into k additive shares mod m, all n·k shares uniformly shuffled, summed
};
std::string_view secure_sum_name(SecureSumKind k);  // "modular", "masked", "shuffled-shares"

// Per-user path: every user draws her own noise (R as written). Aggregate path: the batch's total noise Σ_i η_i is
// drawn directly from its exact aggregate law (Fact 1: Lap_Z(g/ε); Skellam closure: Sk(0, n σ²); Local: a Pólya(n, β)
// difference) and the server's view ŷ = (Σ x̂_i + Σ η_i) mod m is formed without per-user messages.
enum class NoisePath { PerUser, Aggregate };
std::string_view noise_path_name(NoisePath p);  // "per-user", "aggregate"

struct Transcript {
  Variant variant{};
  SecureSumKind secure_sum{};
  NoisePath path{};
  Integer n, g, tau, m, threshold;
  unsigned shares_per_message = 0;  // k, ShuffledShares only

  std::vector<Rational> x;       // rewards x_i ∈ [0, 1]
  std::vector<Integer> x_hat;    // x̂_i = ⌊x_i g⌋ + Bernoulli(x_i g − ⌊x_i g⌋) ∈ {0, …, g}
  std::vector<Integer> noise;    // η_i (per-user path; empty on the aggregate path and for Central)
  Integer noise_sum;             // Σ_i η_i (the aggregate draw on the aggregate path; 0 for Central)
  std::vector<Integer> messages; // y_i = (x̂_i + η_i) mod m (per-user path)

  std::vector<Integer> masks;            // Masked: r_{ij} for i < j, in order (i, j) = (0,1), (0,2), …, (1,2), …
  std::vector<Integer> masked_messages;  // Masked: y_i + Σ_{j>i} r_{ij} − Σ_{j<i} r_{ji} mod m (the server's view)
  std::vector<Integer> shares;           // ShuffledShares: user-major, k per user, before the shuffle
  std::vector<Integer> shuffled_shares;  // ShuffledShares: the server's view (a uniformly permuted list)

  Integer y_hat;           // ŷ, the output of S
  Integer analyzer_noise;  // Central: η ~ Lap_Z(g/ε) drawn by A (Algorithm 3); 0 otherwise
  Integer y_analyzed;      // Central: (ŷ + (η mod m)) mod m; otherwise ŷ
  Integer decoded;         // A's integer: y − m if y > n·g + τ, else y
  Rational z;              // A's output decoded / g

  friend bool operator==(const Transcript&, const Transcript&) = default;
};

}  // namespace dpb::ref
