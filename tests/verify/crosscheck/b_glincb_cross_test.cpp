// B-GLinCB, reference against optimized (verify/crosscheck/glm_crosscheck.hpp): on seeded runs of both links and
// both width rules the builds agree on the schedule, every action, reward, survivor count and H weight, and on every
// batch estimate exactly; an optimized build that drops √κ from the warm-up width (the negative control) is caught.
#include <gtest/gtest.h>

#include <sstream>

#include "verify/crosscheck/glm_crosscheck.hpp"

namespace dpb::verify {
namespace {

GlmCrosscheckConfig config(ref::Link link, std::uint64_t T, std::uint32_t runs) {
  GlmCrosscheckConfig c;
  c.learner = "b-glincb";
  c.horizon = T;
  c.runs = runs;
  c.seed = 7;
  c.instance.link = link;
  c.instance.d = 3;
  c.instance.K = 10;
  c.instance.S = Rational(5, 2);
  c.params.lambda = Rational(1);
  c.bglincb.gamma = Rational(1, 4);
  c.bglincb.kappa = Rational(16);
  c.bglincb.S = c.instance.S;
  return c;
}

std::string text(const GlmCrosscheckReport& rep) {
  std::ostringstream out;
  print_glm_report(rep, out);
  return out.str();
}

TEST(BGlincbCrosscheckTest, BuildsAgreeOnSeededRuns) {
  for (ref::Link link : {ref::Link::logistic, ref::Link::probit})
    for (ref::GlmWidths w : {ref::GlmWidths::paper, ref::GlmWidths::sqrt_kappa}) {
      GlmCrosscheckConfig c = config(link, 300, 2);
      c.bglincb.widths = w;
      const GlmCrosscheckReport rep = crosscheck_glm(c);
      EXPECT_TRUE(rep.ok()) << text(rep);
      for (const auto& r : rep.runs) {
        EXPECT_EQ(r.rounds, 300U);
        // T = 300: M = 3, α = 300^{2/3} = 44.8…, B₁ = ⌈300^{4/9}⌉ = ⌈12.6…⌉, B₂ = ⌈α⌉, B₃ the rest
        EXPECT_EQ(r.schedule, "13,45,242");
        EXPECT_GT(r.eliminated, 0U) << "the runs must exercise elimination";
      }
    }
}

TEST(BGlincbCrosscheckTest, WarmUpWidthWithoutSqrtKappaIsCaught) {
  GlmCrosscheckConfig c = config(ref::Link::logistic, 300, 2);
  c.bglincb_fast_options.fault_warmup_width = true;
  const GlmCrosscheckReport rep = crosscheck_glm(c);
  EXPECT_FALSE(rep.ok()) << text(rep);
}

}  // namespace
}  // namespace dpb::verify
