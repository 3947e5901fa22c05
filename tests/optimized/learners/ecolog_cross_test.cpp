// ECOLog, optimized against reference (optimized/learners/ecolog.hpp, reference/learners/ecolog.hpp): on several seeds,
// sizes and both profiles the two builds play the same arm, read the same reward, find the same grid root and weight
// at every round and end on the same θ; negative control: the weight taken at the old estimate μ̇(⟨x_t, θ_t⟩) (not at
// the updated one) diverges from the reference.
#include "optimized/learners/ecolog.hpp"

#include <gtest/gtest.h>

#include <string>

namespace dpb {
namespace {

struct EcologSetup {
  ref::EcologProfile profile;
  std::uint32_t d, K;
  Rational S;
  std::uint64_t T, seed;
};

ref::GlmInstance instance_of(const EcologSetup& s) {
  ref::GlmInstanceParams p;
  p.link = ref::Link::logistic;
  p.d = s.d;
  p.K = s.K;
  p.sets = s.T;
  p.S = s.S;
  p.seed = s.seed;
  return ref::make_glm_instance(p);
}

ref::EcologParams params_of(const EcologSetup& s) {
  ref::EcologParams p;
  p.T = s.T;
  p.profile = s.profile;
  return p;
}

// The first round where the builds differ (0: none; T + 1: only the final θ).
std::uint64_t first_difference(const ref::EcologTrajectory& r, const fast::EcologFastTrajectory& f) {
  for (std::size_t t = 0; t < r.actions.size(); ++t)
    if (t >= f.actions.size() || r.actions[t] != f.actions[t] || r.rewards[t] != f.rewards[t] ||
        r.z[t] != Integer(f.z[t]) || r.weights[t] != Integer(f.weights[t]))
      return t + 1;
  if (f.actions.size() != r.actions.size()) return r.actions.size();
  for (std::size_t i = 0; i < r.theta.size(); ++i)
    if (r.theta[i] != Integer(f.theta[i])) return r.actions.size() + 1;
  return 0;
}

TEST(EcologCrossTest, SameActionsRootsWeightsAndThetaOnSeededRuns) {
  const EcologSetup setups[] = {
      {ref::EcologProfile::paper, 3, 8, Rational(2), 150, 3},
      {ref::EcologProfile::baseline_code, 5, 20, Rational(7, 2), 120, 5},
      {ref::EcologProfile::paper, 2, 10, Rational(5, 2), 150, 6},
      {ref::EcologProfile::baseline_code, 3, 6, Rational(4), 150, 9},
  };
  for (const EcologSetup& s : setups) {
    const ref::GlmInstance inst = instance_of(s);
    const std::string what = std::string(ref::ecolog_profile_name(s.profile)) + " d = " + std::to_string(s.d);
    for (std::uint64_t run = 0; run < 2; ++run) {
      const ref::EcologTrajectory r = ref::ecolog(params_of(s), inst, s.seed, run);
      const fast::GlmEnvironment env(inst);
      const fast::EcologFastTrajectory f = fast::ecolog(params_of(s), env, s.seed, run);
      EXPECT_EQ(first_difference(r, f), 0U) << what << " run " << run;
      EXPECT_LT(f.deferrals + f.step_deferrals, s.T / 10) << what << ": the double bounds decided too little";
      EXPECT_LE(Rational(f.pseudo_regret - f.pseudo_regret_error), r.pseudo_regret.upper()) << what;
      EXPECT_GE(Rational(f.pseudo_regret + f.pseudo_regret_error), r.pseudo_regret.lower()) << what;
    }
  }
}

TEST(EcologCrossTest, TheWeightAtTheOldEstimateDiverges) {
  const EcologSetup s{ref::EcologProfile::paper, 3, 8, Rational(2), 150, 3};
  const ref::GlmInstance inst = instance_of(s);
  bool caught = false;
  for (std::uint64_t run = 0; run < 4 && !caught; ++run) {
    const ref::EcologTrajectory r = ref::ecolog(params_of(s), inst, s.seed, run);
    const fast::GlmEnvironment env(inst);
    fast::EcologFastOptions o;
    o.fault_old_weight = true;
    caught = first_difference(r, fast::ecolog(params_of(s), env, s.seed, run, o)) != 0;
  }
  EXPECT_TRUE(caught);
}

}  // namespace
}  // namespace dpb
