// Cross-check of seed 003's GLM learners (glm-ucb, b-glincb, rs-glincb, shuffle-glm; Sarmasarkar 2026, arXiv:2602.00417, Sec. 8): the
// reference (certified decisions, Krawczyk-certified MLE) and the optimized build (doubles, bounds, deferral) on the
// same instance and reward streams must play the same arm at every round and read the same reward bits; the
// optimized estimate ± its bound must meet the reference's certified box at every round, and the two pseudo-regrets
// must overlap within their bounds. Any disagreement is a failure (exit 1); deferrals are counted. b-glincb: the same
// schedule, actions, rewards, survivor counts and weights at every round and the same (exact) θ̂ of every batch.
//
// Streams (docs/bits.md §8): the instance from ChaCha20Source(S, 0) with `sets` = T arm sets (the authors' layout:
// one instance for every run), or an exported instance (`--instance FILE`); run r's round t reward from stream
// 2^40·(r + 1) + t.
#pragma once

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "optimized/learners/b_glincb.hpp"
#include "optimized/learners/ecolog.hpp"
#include "optimized/learners/glm_ucb.hpp"
#include "optimized/learners/gloc.hpp"
#include "optimized/learners/jdp_glm.hpp"
#include "optimized/learners/rs_glincb.hpp"
#include "optimized/learners/shuffle_glm.hpp"
#include "reference/learners/b_glincb.hpp"
#include "reference/learners/ecolog.hpp"
#include "reference/learners/glm_ucb.hpp"
#include "reference/learners/gloc.hpp"
#include "reference/learners/jdp_glm.hpp"
#include "reference/learners/rs_glincb.hpp"
#include "reference/learners/shuffle_glm.hpp"

namespace dpb::verify {

bool is_glm_learner(const std::string& name);
std::vector<std::string> glm_learner_names();

struct GlmCrosscheckConfig {
  std::string learner = "glm-ucb";
  std::uint64_t horizon = 200;
  std::uint32_t runs = 3;
  std::uint64_t seed = 1;
  ref::GlmInstanceParams instance;           // link, generator, d, K, q, S (sets = horizon, seed = seed)
  std::optional<ref::GlmInstance> loaded;    // --instance FILE (used instead of generating)
  ref::GlmUcbParams params;                  // λ, ρ (T = horizon)
  fast::GlmUcbFastOptions fast_options{};    // the controls' hooks (tests only)
  ref::BGlincbParams bglincb;                // b-glincb: M, λ (= params.lambda), γ, κ, S, widths (T = horizon)
  fast::BGlincbFastOptions bglincb_fast_options{};
  ref::RsGlincbParams rs_params;              // rs-glincb: λ, γ, κ, β (T = horizon; λ from `params`)
  fast::RsGlincbFastOptions rs_fast_options{};
  ref::ShuffleGlmParams shuffle;              // shuffle-glm: M, ε, δ, κ, κ*, S, γ, widths (T = horizon)
  fast::ShuffleGlmFastOptions shuffle_fast_options{};
  ref::GlocParams gloc;                       // gloc: profile, λ, κ, δ (T = horizon)
  fast::GlocFastOptions gloc_fast_options{};
  ref::JdpGlmParams jdp;                      // jdp-glm: profile, ε, δ, ζ, κ, κ*, S, constants (T = horizon)
  fast::JdpGlmFastOptions jdp_fast_options{};
  ref::EcologParams ecolog;                   // ecolog: profile, λ, δ (T = horizon; logistic only)
  fast::EcologFastOptions ecolog_fast_options{};
  // Optional: called with (reference rounds done, runs × horizon) after every round of every reference run (the
  // CLI's progress line; no effect on results). crosscheck_glm sets reference_round per run from it (the reference
  // learners' per-round hook, reference/learners/round_hook.hpp); empty outside that call.
  std::function<void(std::uint64_t, std::uint64_t)> progress;
  ref::RoundHook reference_round;
};

struct GlmRunComparison {
  std::uint32_t run = 0;
  std::uint64_t rounds = 0, deferrals = 0, reward_deferrals = 0, refinements = 0;
  std::uint64_t full_fits = 0;  // reference rounds the one-pass box did not decide
  std::optional<std::uint64_t> divergence;  // the first round that differs
  std::string detail;
  double regret_reference = 0, regret_fast = 0;  // report-only
  double max_theta_error = 0;                     // the largest bound ‖θ − θ̂‖ the optimized build used
  std::uint64_t explorations = 0, switches = 0;   // rs-glincb: |T_o| and Criterion II switches
  double seconds_reference = 0, seconds_fast = 0;
  // b-glincb: the optimized build's other deferrals, its elimination tests and the arms eliminated in all
  std::uint64_t mle_deferrals = 0, weight_deferrals = 0, elimination_tests = 0, eliminated = 0;
  std::string schedule;  // b-glincb: the users per batch
  // shuffle-glm: P₂ releases on the reference (the fast bounds refused them), P_GD deferrals, rounds decided by the
  // reference's exact core, weights clipped, released matrices not positive definite
  std::uint64_t p2_deferrals = 0, pgd_deferrals = 0, exact_rounds = 0, clipped = 0, not_pd = 0;
  // jdp-glm: Criterion I/II events against their cutoffs k₁, k₂, and the optimized build's deferrals by kind
  std::uint64_t count1 = 0, count2 = 0;
  std::string cutoffs, deferral_kinds;

  // Records the first failure only (later calls keep it).
  void fail(std::uint64_t round, std::string why);
};

// The comparators' shared steps. Round t (0-based): the same action and the same reward bits (else `c.fail` at
// round t + 1 and false); `explore` (rs-glincb, jdp-glm): Criterion I fires at the same rounds, checked between them.
template <class Reward>
bool same_action_and_reward(GlmRunComparison& c, std::uint64_t t, const std::vector<std::uint32_t>& reference,
                            const std::vector<std::uint32_t>& optimized, const std::vector<Reward>& reference_rewards,
                            const std::vector<Reward>& optimized_rewards,
                            const std::vector<std::uint8_t>* reference_explore = nullptr,
                            const std::vector<std::uint8_t>* optimized_explore = nullptr) {
  const std::string at = "round " + std::to_string(t + 1) + ": ";
  if (t >= optimized.size() || reference[t] != optimized[t])
    c.fail(t + 1, at + "reference plays " + std::to_string(reference[t]) + ", optimized " +
                      (t < optimized.size() ? std::to_string(optimized[t]) : "nothing"));
  else if (reference_explore && (*reference_explore)[t] != (*optimized_explore)[t])
    c.fail(t + 1, at + "Criterion I " + ((*reference_explore)[t] ? "fires" : "does not fire") + " in the reference only");
  else if (reference_rewards[t] != optimized_rewards[t])
    c.fail(t + 1, at + "the rewards differ");
  else
    return true;
  return false;
}
// The optimized run has as many rounds as the reference's (else a failure at its length).
void same_length(GlmRunComparison& c, std::size_t reference_rounds, std::size_t optimized_rounds);
// The pseudo-regrets overlap within their bounds (else a failure at the last round); both kept for the report.
void overlapping_regrets(GlmRunComparison& c, std::size_t rounds, const Interval& reference, double optimized,
                         double optimized_error);

struct GlmCrosscheckReport {
  GlmCrosscheckConfig config;
  ref::GlmInstance instance;
  std::vector<GlmRunComparison> runs;
  bool ok() const;
};

// The run's instance: the loaded one, or generated (ref::make_glm_instance) with sets = horizon.
ref::GlmInstance glm_crosscheck_instance(const GlmCrosscheckConfig& config);
GlmRunComparison compare_glm(const ref::GlmInstance& instance, const ref::GlmUcbTrajectory& reference,
                             const fast::GlmUcbFastTrajectory& optimized);
GlmRunComparison compare_b_glincb(const ref::GlmInstance& instance, const ref::BGlincbTrajectory& reference,
                                  const fast::BGlincbFastTrajectory& optimized);
// shuffle-glm: b-glincb's per-round comparison (weights on 2^−w) plus, per released batch, the P₂ counts, the
// released matrix, the P_GD counts and θ̄, and the bits each call read.
GlmRunComparison compare_shuffle_glm(const ref::GlmInstance& instance, const ref::ShuffleGlmTrajectory& reference,
                                     const fast::ShuffleGlmFastTrajectory& optimized);
// gloc: the same actions and rewards at every round, the pseudo-regrets overlapping within their bounds.
GlmRunComparison compare_gloc(const ref::GlocTrajectory& reference, const fast::GlocFastTrajectory& optimized);
// ecolog: the same actions, rewards, grid roots z̃ and weights at every round and the same final θ; the pseudo-regrets
// overlapping within their bounds.
GlmRunComparison compare_ecolog(const ref::EcologTrajectory& reference, const fast::EcologFastTrajectory& optimized);
// Validates (ParameterError naming the parameter) before running.
GlmCrosscheckReport crosscheck_glm(const GlmCrosscheckConfig& config);
void print_glm_report(const GlmCrosscheckReport& report, std::ostream& out);

}  // namespace dpb::verify
