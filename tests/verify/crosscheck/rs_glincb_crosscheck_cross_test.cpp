// rs-glincb, reference against optimized (verify/crosscheck/rs_glincb_crosscheck.hpp): on seeded runs both builds
// play the same arms, fire Criteria I and II at the same rounds, read the same reward bits and the optimized θ̂_τ ± its
// bound meets the certified box at every switch; the deferral path (rounds handed to the reference mid-run) keeps
// them in step; learners with a wrong Criterion-I direction or without the elimination step are caught.
#include "verify/crosscheck/rs_glincb_crosscheck.hpp"

#include <gtest/gtest.h>

#include <sstream>

namespace dpb::verify {
namespace {

GlmCrosscheckConfig config(ref::Link link, std::uint64_t T, std::uint32_t runs) {
  GlmCrosscheckConfig c;
  c.learner = "rs-glincb";
  c.horizon = T;
  c.runs = runs;
  c.seed = 5;
  c.instance.link = link;
  c.instance.d = 3;
  c.instance.K = 10;
  c.instance.S = Rational(5, 2);
  c.params.lambda = Rational(1);
  c.rs_params.gamma = Rational(1, 2);
  c.rs_params.kappa = Rational(0);  // the instance's κ, rounded up
  c.rs_params.beta = Rational(1, 2);
  return c;
}

std::string report(const GlmCrosscheckReport& rep) {
  std::ostringstream out;
  print_glm_report(rep, out);
  return out.str();
}

TEST(RsGlincbCrosscheckTest, AgreesOnSeededRuns) {
  for (ref::Link link : {ref::Link::logistic, ref::Link::probit}) {
    const GlmCrosscheckReport rep = crosscheck_glm(config(link, 150, 2));
    EXPECT_TRUE(rep.ok()) << report(rep);
    for (const auto& r : rep.runs) {
      EXPECT_EQ(r.rounds, 150U);
      EXPECT_GT(r.explorations, 0U) << report(rep);  // both criteria are exercised
      EXPECT_GT(r.switches, 0U) << report(rep);
    }
  }
}

TEST(RsGlincbCrosscheckTest, DeferredRoundsKeepTheBuildsInStep) {
  GlmCrosscheckConfig c = config(ref::Link::logistic, 120, 1);
  c.rs_params.gamma = Rational(2);  // threshold 1/(4κ): Criterion I fires often
  c.rs_fast_options.force_defer_every = 3;
  const GlmCrosscheckReport rep = crosscheck_glm(c);
  EXPECT_TRUE(rep.ok()) << report(rep);
  EXPECT_EQ(rep.runs[0].deferrals, 40U);
}

TEST(RsGlincbCrosscheckTest, CriterionIAtEqualityIsDeferredAndAgrees) {
  // The hand-made instance of tests/reference/learners/rs_glincb_test.cpp: at round 4, ‖a0‖²_{V⁻¹} = 1/4 equals the
  // threshold 1/(γ²κ) exactly (γ = 1, κ = 4), which no floating-point bound can decide: the optimized build must
  // defer that round and still explore there (≥).
  ref::GlmInstance inst;
  inst.link = ref::Link::logistic;
  inst.d = 2;
  inst.K = 3;
  inst.q = 4;
  inst.sets = 1;
  inst.S = Rational(1);
  inst.theta = {16, 0};
  inst.arms = {8, 0, 0, 12, 4, 4};
  ref::validate(inst, "test");
  ref::RsGlincbParams p;
  p.T = 12;
  p.gamma = Rational(1);
  p.kappa = Rational(4);
  const ref::RsGlincbTrajectory r = ref::rs_glincb(p, inst, 3, 0);
  const fast::GlmEnvironment env(inst);
  const fast::RsGlincbFastTrajectory f = fast::rs_glincb(p, env, 3, 0);
  const GlmRunComparison c = compare_rs_glincb(inst, r, f);
  EXPECT_FALSE(c.divergence.has_value()) << c.detail;
  EXPECT_GE(f.deferrals, 1U);
  ASSERT_GE(f.explore.size(), 4U);
  EXPECT_EQ(f.explore[3], 1);
  EXPECT_EQ(f.actions[3], 0U);
}

TEST(RsGlincbCrosscheckTest, WrongCriterionIDirectionIsCaught) {
  GlmCrosscheckConfig c = config(ref::Link::logistic, 60, 1);
  c.rs_fast_options.fault_criterion_i = true;
  const GlmCrosscheckReport rep = crosscheck_glm(c);
  EXPECT_FALSE(rep.ok());
  ASSERT_TRUE(rep.runs[0].divergence.has_value());
  EXPECT_EQ(*rep.runs[0].divergence, 1U) << rep.runs[0].detail;  // round 1: V = λI, max ‖x‖² vs 1/(γ²κ) decided
}

TEST(RsGlincbCrosscheckTest, SkippedEliminationIsCaught) {
  GlmCrosscheckConfig c = config(ref::Link::logistic, 150, 1);
  c.instance.S = Rational(4);
  c.rs_fast_options.fault_elimination = true;
  const GlmCrosscheckReport rep = crosscheck_glm(c);
  EXPECT_FALSE(rep.ok());
  ASSERT_TRUE(rep.runs[0].divergence.has_value());
  EXPECT_NE(rep.runs[0].detail.find("plays"), std::string::npos) << rep.runs[0].detail;  // an action differs
}

TEST(RsGlincbCrosscheckTest, BadParametersAreRefusedBeforeRunning) {
  GlmCrosscheckConfig c = config(ref::Link::logistic, 10, 1);
  c.rs_params.gamma = Rational(0);
  EXPECT_THROW(crosscheck_glm(c), ParameterError);
  c = config(ref::Link::logistic, 10, 1);
  c.rs_params.beta = Rational(-1, 2);
  EXPECT_THROW(crosscheck_glm(c), ParameterError);
}

}  // namespace
}  // namespace dpb::verify
