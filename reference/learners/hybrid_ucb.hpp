// Hybrid-UCB, exact reference.
//
// Spec: seed 002 = Hu, Huang & Mehta 2021 (arXiv:2102.07929), Algorithm 4 (App. E.2), eqs. (32)–(35); where the text's
// first-group size disagrees with Algorithm 4, Algorithm 4's grouping is implemented; every noise value is drawn
// once and reused (docs/decisions.md § learners). Claims: 002.10–002.12.
// Symbols: arm j with O_j pulls; observation n >= 2 goes to tree/array r = ⌊log₂ n⌋ at leaf m = n − 2^r + 1;
// array 0 holds the initialization pull. F̃ = Σ_{r'<r}(ΣF^(r') + Z^(r')), Z ~ Lap(2/ε) (eq. 32);
// B̃ = ΣB^(r) + Σ_{v ∈ S} Y^(v), Y ~ Lap(2r/ε) over the dyadic blocks S of the prefix of m leaves (eq. 33);
// μ̃_j = (F̃ + B̃)/O_j (eq. 34); index (eq. 35, base-2 logs)
//   μ̄_j(t) = μ̃_j + √(3·log₂t/O_j) + 6√8·log₂t·⌊log₂(O_j + 1)⌋/(ε·O_j).
//
// Noise draws (normative order): Z^(0) at the initialization pull; at the pull that starts tree r >= 2, Z^(r−1)
// (array r − 1 joins F̃); then at every pull n >= 2 one Y for the dyadic block that ends at leaf m (the only new
// block of m's decomposition). Each is drawn once and reused in every later F̃ and B̃.
// Noise scales are exact discrete Laplace on the grid 1/(G·q): Z ~ Lap_Z(2Gq/ε), Y ~ Lap_Z(2·r·Gq/ε), or
// Lap_Z(2(r+1)Gq/ε) with TreeScale::LevelsPlusOne (a first leaf is covered by r + 1 released nodes).
// The argmax is certified; for t a power of two log₂t is rational and ties are detected exactly.
#pragma once

#include <cstdint>

#include "reference/environments/reward_tape.hpp"
#include "reference/learners/noise_source.hpp"
#include "reference/learners/trajectory.hpp"

namespace dpb::ref {

enum class TreeScale { Paper, LevelsPlusOne };

struct HybridUcbParams {
  std::uint64_t K = 0;
  std::uint64_t T = 0;
  Rational eps{1};
  std::int64_t noise_refinement = 1;
  TreeScale tree_scale = TreeScale::Paper;
};

// Releases: arrays (index = r, first = 2^r − 1, count = 2^r) and tree nodes (index = 1000 + r, the block's pulls).
Trajectory hybrid_ucb(const HybridUcbParams& params, const RewardTape& tape, NoiseSource noise,
                      const LearnerOptions& options = {});

inline constexpr std::uint32_t kHybridNodeIndexBase = 1000;

}  // namespace dpb::ref
