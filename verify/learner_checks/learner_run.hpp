// A build-neutral view of one learner run, for the learner claims (000.lemma2.good-event, 002.anytime,
// 002.forgetful) and the trajectory vectors: the actions, the released statistics with their exact values, and the
// eliminations. Both builds' trajectories convert to it (the optimized build's releases are exact fixed-point
// fractions num/den; a floating-point release, den = 0, is refused).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "optimized/learners/trajectory.hpp"
#include "reference/core/rational.hpp"
#include "reference/environments/reward_tape.hpp"
#include "reference/learners/trajectory.hpp"

namespace dpb::verify::learner_checks {

struct RunRelease {
  std::uint64_t round = 0;
  std::uint32_t arm = 0;
  std::uint32_t index = 0;
  std::uint64_t first = 0;
  std::uint64_t count = 0;
  Rational value;

  bool operator==(const RunRelease&) const = default;
};

struct RunElimination {
  std::uint64_t round = 0;
  std::uint32_t arm = 0;
  std::uint32_t batch = 0;

  bool operator==(const RunElimination&) const = default;
};

struct LearnerRun {
  std::vector<std::uint32_t> actions;
  std::vector<RunRelease> releases;
  std::vector<RunElimination> eliminations;
  std::vector<std::uint64_t> pulls;
};

LearnerRun from_reference(const ref::Trajectory& t);
// Throws std::runtime_error if a release is not exact (den == 0).
LearnerRun from_optimized(const fast::Trajectory& t);

// One learner run on a tape: horizon T, noise from ChaCha20Source(seed, stream).
using RunFunction =
    std::function<LearnerRun(const ref::RewardTape& tape, std::uint64_t T, std::uint64_t seed, std::uint64_t stream)>;

// The crosscheck registry's learner `name` (verify/crosscheck/learners_crosscheck.hpp) run at privacy `eps` by the
// reference (optimized = false) or the optimized build. Throws std::invalid_argument for an unknown name.
RunFunction registry_run(const std::string& name, const Rational& eps, bool optimized);

// The streams of run r (the crosscheck's convention): the instance's means from ChaCha20Source(seed, 2^20·r), the
// noise from stream 2^20·r + 1, arm a's rewards from stream 2^20·r + 2 + a.
std::uint64_t instance_stream(std::uint32_t run);
std::uint64_t noise_stream(std::uint32_t run);
// The tape of run r on a crosscheck environment (K = arms for seed000 ones), `length` rewards per arm, drawn by the
// optimized generator (identical to the reference's: tests/verify/crosscheck/reward_tape_cross_test.cpp).
ref::RewardTape make_run_tape(const std::string& environment, std::uint32_t arms, std::uint64_t length,
                              std::uint64_t seed, std::uint32_t run);

}  // namespace dpb::verify::learner_checks
