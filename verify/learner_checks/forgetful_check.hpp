// Claim 002.forgetful (Hu, Huang & Mehta 2021, arXiv:2102.07929, Algorithms 1 and 2,
// §4.1, §5.1): every observed reward enters at most one
// released statistic of Anytime-Lazy-UCB and FTNL (naive FTNL too), and each released statistic is computed only
// from its own fresh observations and one fresh noise draw.
//
// What is checked, per run (a learner run on a seeded reward tape and noise stream, either build):
//  1. ranges: each release declares the observations it sums — per-arm pull indices [first, first + count) for a
//     bandit learner, rounds [first + 1, first + count] for a full-information learner (whose X_j(t) is tape entry
//     (j, t − 1)). Every range lies inside what had been observed when it was released (bandit: the arm's pulls by
//     that round, counted from the run's actions; full information: the rounds up to that round), and the ranges of
//     one arm are pairwise disjoint. A reward in two ranges is a violation.
//  2. values (the instrumentation does not trust the declared ranges): the residual value·G·q − q·Σ_{range} units
//     must equal, release by release, the noise a fresh replay of the run's noise stream draws — Lap_Z(c·G·q/ε)
//     in the learners' order (one draw per release, releases in draw order). A release that secretly adds other
//     rewards (or reuses a noise value) leaves a residual that is not the replayed draw.
// Both are exact integer comparisons: the verdict is certified on the grid (method certified).
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "reference/core/rational.hpp"
#include "verify/claims/claim.hpp"
#include "verify/learner_checks/learner_run.hpp"

namespace dpb::verify::learner_checks {

struct ForgetfulSubject {
  std::string name;
  bool full_information = false;
  RunFunction run;
  // Noise replay: every release's noise is Lap_Z(noise_scale_per_grid·G) in units of 1/(G·q), with q =
  // noise_refinement. nullopt: no value replay (ranges only).
  std::optional<Rational> noise_scale_per_grid;
  std::int64_t noise_refinement = 1;
};

struct ForgetfulConfig {
  std::vector<ForgetfulSubject> subjects;
  std::vector<std::string> environments;  // crosscheck environments (seed002-setting1|2|3, seed000-easy|hard)
  std::uint32_t arms = 5;                 // seed000 environments only
  std::uint64_t horizon = 2000;
  std::uint32_t runs = 2;
  std::uint64_t seed = 20261121;
};

struct ForgetfulRow {
  std::string subject;
  std::string environment;
  std::uint32_t run = 0;
  std::uint64_t releases = 0;
  std::uint64_t rewards_covered = 0;  // Σ count
  std::uint64_t overlaps = 0;         // pairs of overlapping ranges of one arm (adjacent after sorting)
  std::uint64_t out_of_range = 0;     // ranges beyond what was observed
  std::uint64_t residual_mismatches = 0;
  std::string first_problem;  // "" when none
};

struct ForgetfulResult {
  std::vector<ForgetfulRow> rows;
  Verdict verdict = Verdict::inconclusive;
  std::uint64_t releases = 0;
  std::uint64_t problems = 0;
};

// Learners: the reference and optimized Anytime-Lazy-UCB, FTNL and naive FTNL at ε = 1/2 (noise scales q/ε,
// q/ε, K·q/ε per unit of G), through the crosscheck registry. Quick: T = 2000, 2 runs on seed002-setting1..3 and
// seed000-easy (K = 5); full: T = 20000, 5 runs.
ForgetfulConfig forgetful_config(Suite suite, std::uint64_t seed);
ForgetfulResult check_forgetful(const ForgetfulConfig& config);
// One run of a subject (exposed for tests).
ForgetfulRow check_forgetful_run(const ForgetfulSubject& subject, const ref::RewardTape& tape, std::uint64_t T,
                                 std::uint64_t seed, std::uint64_t stream);
nlohmann::json to_json(const ForgetfulResult& r);

}  // namespace dpb::verify::learner_checks
