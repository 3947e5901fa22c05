#include "verify/learner_checks/learner_run.hpp"

#include <stdexcept>

#include "optimized/environments/reward_tape.hpp"
#include "verify/crosscheck/learners_crosscheck.hpp"

namespace dpb::verify::learner_checks {

LearnerRun from_reference(const ref::Trajectory& t) {
  LearnerRun run;
  run.actions = t.actions;
  run.pulls = t.pulls;
  run.releases.reserve(t.releases.size());
  for (const auto& r : t.releases)
    run.releases.push_back(RunRelease{r.round, r.arm, r.index, r.first, r.count, r.value});
  for (const auto& e : t.eliminations) run.eliminations.push_back(RunElimination{e.round, e.arm, e.batch});
  return run;
}

LearnerRun from_optimized(const fast::Trajectory& t) {
  LearnerRun run;
  run.actions = t.actions;
  run.pulls = t.pulls;
  run.releases.reserve(t.releases.size());
  for (const auto& r : t.releases) {
    if (r.den <= 0)
      throw std::runtime_error("learner run: release of arm " + std::to_string(r.arm) + " at round " +
                               std::to_string(r.round) + " is not exact (floating point)");
    run.releases.push_back(
        RunRelease{r.round, r.arm, r.index, r.first, r.count, Rational(Integer(r.num), Integer(r.den))});
  }
  for (const auto& e : t.eliminations) run.eliminations.push_back(RunElimination{e.round, e.arm, e.batch});
  return run;
}

RunFunction registry_run(const std::string& name, const Rational& eps, bool optimized) {
  const CrosscheckLearner* learner = find_crosscheck_learner(name);
  if (learner == nullptr || learner->pending)
    throw std::invalid_argument("learner checks: unknown or pending learner '" + name + "'");
  return [learner, eps, optimized](const ref::RewardTape& tape, std::uint64_t T, std::uint64_t seed,
                                   std::uint64_t stream) {
    CrosscheckInput in;
    in.tape = &tape;
    in.T = T;
    in.eps = eps;
    in.seed = seed;
    in.noise_stream = stream;
    if (optimized) return from_optimized(learner->run_fast(in));
    return from_reference(learner->run_reference(in, ref::LearnerOptions{}));
  };
}

std::uint64_t instance_stream(std::uint32_t run) { return std::uint64_t{run} << 20; }
std::uint64_t noise_stream(std::uint32_t run) { return instance_stream(run) + 1; }

ref::RewardTape make_run_tape(const std::string& environment, std::uint32_t arms, std::uint64_t length,
                              std::uint64_t seed, std::uint32_t run) {
  const ref::BanditInstance instance = make_crosscheck_instance(environment, arms, seed, instance_stream(run));
  return fast::make_reward_tape(instance, length, seed, instance_stream(run) + 2);
}

}  // namespace dpb::verify::learner_checks
