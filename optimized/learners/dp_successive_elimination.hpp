// DP-SE (Sajed & Sheffet 2019), optimized build: reference/learners/dp_successive_elimination.hpp on machine
// numbers. Noise modes:
//  * DpSeNoise::ExactDiscrete (default): the reference's exact Lap_Z(G·q/ε) on the fixed-point sum, drawn by the
//    optimized sampler from the same bits; decisions cross-check against the reference.
//  * DpSeNoise::ContinuousLaplaceFloat: the paper's continuous Lap(1/ε) on the sum, sampled in double by inverse
//    CDF from 53 bits. NOT EXACT and NOT a certified ε-DP mechanism (floating-point Laplace is attackable,
//    Mironov 2012); for comparison with the paper's figures only. Its releases have den = 0 and no cross-check.
// R_e is computed in double and deferred to the reference's certified floor when within 1e−9 of an integer.
#pragma once

#include "optimized/learners/trajectory.hpp"
#include "reference/environments/reward_tape.hpp"
#include "reference/learners/dp_successive_elimination.hpp"
#include "reference/learners/noise_source.hpp"

namespace dpb::fast {

using ref::EliminationRule;

enum class DpSeNoise { ExactDiscrete, ContinuousLaplaceFloat };

struct DpSuccessiveEliminationParams : ref::DpSuccessiveEliminationParams {
  DpSeNoise noise = DpSeNoise::ExactDiscrete;
};

Trajectory dp_successive_elimination(const DpSuccessiveEliminationParams& params, const ref::RewardTape& tape,
                                     NoiseSource noise, const LearnerOptions& options = {});

// R_e (double arithmetic, certified fallback near integers); saturates at 2^62.
std::uint64_t dp_se_epoch_length(std::uint64_t active, std::uint32_t e, const Rational& beta, const Rational& eps);

// Lap(scale) in double by inverse CDF from the next 53 bits (not exact; see above).
double sample_laplace_float(NoiseSource& noise, double scale);

// The elimination test of epoch e, exposed so that the audit's white-box law of the decision
// (verify/audit/decision_law_elimination.hpp) evaluates the learner's own rule. threshold: the ConfidenceWidths
// threshold in double for `active` arms and epoch length R (unused by HalfGap).
double dp_se_threshold(std::uint64_t active, std::uint32_t e, std::uint64_t R, double beta, double eps);
struct DpSeTest {
  bool keep = true;
  double d = 0, gap = 0;  // ConfidenceWidths only: the normalized difference and threshold − d
};
// Exact mode: an arm whose noisy sum is diff >= 0 units (of 1/unit) below the top one.
DpSeTest dp_se_test_exact(EliminationRule rule, std::uint32_t e, std::uint64_t R, std::int64_t unit, double threshold,
                          std::int64_t diff);

}  // namespace dpb::fast
