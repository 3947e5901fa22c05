// DP-SE, the ε-DP successive elimination of Sajed & Sheffet (2019), exact reference with discrete noise.
//
// Spec: DP-SE (Sajed & Sheffet 2019) as run by Chowdhury & Zhou 2023 (arXiv:2206.05772; the authors' code, class DPSE)
// and by Hu, Huang & Mehta 2021 (arXiv:2102.07929; β = 1/T in the experiments; our reconstruction); claims 002.25 (R_e
// and the fresh-epoch means), 002.26. Symbols: epoch e = 1, 2, …, Δ_e = 2^{−e}, active set S, confidence β (default
// 1/T), ε.
//
//   R_e = 1 + ⌊max{32·ln(8|S|e²/β)/Δ_e², 8·ln(4|S|e²/β)/(ε·Δ_e)}⌋                 (pulls per active arm)
//   for each i ∈ S in increasing order: pull i R_e times (fresh rewards only)
//   μ̃_i = (Σ rewards + noise)/R_e  with independent noise per arm ("Lap(1/ε) on the sum")
//   eliminate i if μ̃_max − μ̃_i > threshold_e, threshold_e = 2(h_e + c_e),
//     h_e = √(ln(8|S|e²/β)/(2R_e)),  c_e = ln(4|S|e²/β)/(ε R_e)      (the code's ct, class DPSE)
//   (or threshold_e = Δ_e/2, the original's rule as recalled, not in seed 002: EliminationRule::HalfGap)
//   once |S| = 1, the survivor is pulled for the rest of the horizon.
//
// Noise: the paper's continuous Lap(1/ε) is replaced by the exact discrete Laplace on the fixed-point sum: with
// rewards on the grid 1/G and the noise grid 1/(G·q) (q = noise_refinement, default 1), the noisy sum is
// (q·Σk_i + Lap_Z(G·q/ε))/(G·q). Σk_i·q has sensitivity G·q, so this is exactly ε-DP (no privacy cost beyond ε;
// docs/decisions.md § learners). The optimized build also offers the paper's floating-point Laplace, not exact.
// The run stops exactly at T (a truncated epoch releases nothing).
#pragma once

#include <cstdint>
#include <optional>

#include "reference/environments/reward_tape.hpp"
#include "reference/learners/dp_se_epoch.hpp"
#include "reference/learners/noise_source.hpp"
#include "reference/learners/trajectory.hpp"

namespace dpb::ref {

struct DpSuccessiveEliminationParams {
  std::uint64_t K = 0;
  std::uint64_t T = 0;
  Rational eps{1};
  std::optional<Rational> beta;  // confidence β ∈ (0, 1); default 1/T
  std::int64_t noise_refinement = 1;
  EliminationRule rule = EliminationRule::ConfidenceWidths;
};

// Release.index = e, value = the noisy sum; Elimination.batch = e.
Trajectory dp_successive_elimination(const DpSuccessiveEliminationParams& params, const RewardTape& tape,
                                     NoiseSource noise, const LearnerOptions& options = {});

// R_e and the epoch's test: reference/learners/dp_se_epoch.hpp (DpSeEpoch, shared with seed 004's DP-MASE).

}  // namespace dpb::ref
