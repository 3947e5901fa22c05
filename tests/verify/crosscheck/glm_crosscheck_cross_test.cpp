// Seed 003's GLM learners, reference against optimized (verify/crosscheck/glm_crosscheck.hpp): on seeded runs
// both builds play the same arms, read the same reward bits, and the optimized estimate ± its bound meets the
// certified box at every round; a learner with a sign error in the index is caught (negative control).
#include "verify/crosscheck/glm_crosscheck.hpp"

#include <gtest/gtest.h>

#include <sstream>

namespace dpb::verify {
namespace {

GlmCrosscheckConfig config(ref::Link link, std::uint64_t T, std::uint32_t runs) {
  GlmCrosscheckConfig c;
  c.horizon = T;
  c.runs = runs;
  c.seed = 5;
  c.instance.link = link;
  c.instance.d = 3;
  c.instance.K = 10;
  c.instance.S = Rational(5, 2);
  c.params.lambda = Rational(1);
  c.params.rho = Rational(1, 2);
  return c;
}

TEST(GlmCrosscheckTest, GlmUcbAgreesOnSeededRuns) {
  for (ref::Link link : {ref::Link::logistic, ref::Link::probit}) {
    const GlmCrosscheckReport rep = crosscheck_glm(config(link, 120, 2));
    std::ostringstream out;
    print_glm_report(rep, out);
    EXPECT_TRUE(rep.ok()) << out.str();
    for (const auto& r : rep.runs) {
      EXPECT_EQ(r.rounds, 120U);
      EXPECT_GT(r.regret_fast, 0.0);
    }
  }
}

TEST(GlmCrosscheckTest, GlmUcbWithFilippisWidthAgreesOnSeededRuns) {
  // The default width ρ(t) of Filippi et al. (Thm 1): both builds still take the same decisions.
  for (ref::Link link : {ref::Link::logistic, ref::Link::probit}) {
    GlmCrosscheckConfig c = config(link, 80, 1);
    c.params.rho.reset();
    const GlmCrosscheckReport rep = crosscheck_glm(c);
    std::ostringstream out;
    print_glm_report(rep, out);
    EXPECT_TRUE(rep.ok()) << out.str();
    EXPECT_NE(out.str().find("filippi(delta=1/50)"), std::string::npos) << out.str();
  }
}

TEST(GlmCrosscheckTest, SignErrorInTheIndexIsCaught) {
  GlmCrosscheckConfig c = config(ref::Link::logistic, 60, 1);
  c.fast_options.fault_sign = true;
  const GlmCrosscheckReport rep = crosscheck_glm(c);
  EXPECT_FALSE(rep.ok());
  ASSERT_TRUE(rep.runs[0].divergence.has_value());
}

TEST(GlmCrosscheckTest, GlmUcbLearnsOnAnEasyInstance) {
  // Over 300 rounds of a logistic instance with S = 3, the learner's pseudo-regret is far below that of always
  // playing arm 0 (computed independently by glm_pseudo_regret on the constant action sequence).
  GlmCrosscheckConfig c = config(ref::Link::logistic, 300, 1);
  c.instance.S = Rational(3);
  const ref::GlmInstance inst = glm_crosscheck_instance(c);
  c.params.T = 300;
  const fast::GlmEnvironment env(inst);
  const fast::GlmUcbFastTrajectory f = fast::glm_ucb(c.params, env, 5, 0);
  const std::vector<std::uint32_t> zero(300, 0);
  const double fixed = ref::glm_pseudo_regret(inst, zero, 64).midpoint_for_report();
  EXPECT_LT(f.pseudo_regret, fixed / 2) << f.pseudo_regret << " vs " << fixed;
}

}  // namespace
}  // namespace dpb::verify
