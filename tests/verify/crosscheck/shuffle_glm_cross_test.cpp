// ShuffleGLM, reference against optimized (verify/crosscheck/glm_crosscheck.hpp, optimized/learners/shuffle_glm.hpp;
// Sarmasarkar 2026, arXiv:2602.00417, Alg. 1, scaled profile): on seeded runs of both links the builds agree on the
// schedule, λ, every action, reward, survivor count and clipped weight, and per released batch on P₂'s counts and
// released matrix, P_GD's per-iteration counts and θ̄, and the bits each call read. Two negative controls: an
// optimized build whose weights sit on a coarser grid (P₂'s messages change) and one that drops √κ from the warm-up
// width are both caught.
#include <gtest/gtest.h>

#include <sstream>

#include "verify/crosscheck/glm_crosscheck.hpp"

namespace dpb::verify {
namespace {

GlmCrosscheckConfig config(ref::Link link, std::uint64_t T) {
  GlmCrosscheckConfig c;
  c.learner = "shuffle-glm";
  c.horizon = T;
  c.runs = 1;
  c.seed = 5;
  c.instance.link = link;
  c.instance.d = 2;
  c.instance.K = 5;
  c.instance.q = 12;
  c.instance.S = Rational(5, 2);
  c.shuffle.S = c.instance.S;
  c.shuffle.kappa_star = Rational(8);  // above 1/sup μ̇ for both links: weights above 2^w/8 are clipped
  c.shuffle.kappa = Rational(16);
  // λ ≈ 10⁵ makes ‖x‖_{V⁻¹} ≈ 3·10⁻³: γ = 64 makes the widths comparable to the estimates' gaps, so that some
  // arms but not all are eliminated (and the warm-up width's √κ = 4 matters)
  c.shuffle.gamma = Rational(64);
  c.shuffle.eps = Rational(4);         // large ε: the releases are less noisy
  return c;
}

std::string text(const GlmCrosscheckReport& rep) {
  std::ostringstream out;
  print_glm_report(rep, out);
  return out.str();
}

TEST(ShuffleGlmCrosscheckTest, BuildsAgreeOnSeededRuns) {
  for (ref::Link link : {ref::Link::logistic, ref::Link::probit}) {
    const GlmCrosscheckReport rep = crosscheck_glm(config(link, 400));
    EXPECT_TRUE(rep.ok()) << text(rep);
    for (const auto& r : rep.runs) {
      EXPECT_EQ(r.rounds, 400U);
      // T = 400, M = 3: B₁ = ⌈(64·400^{2/3})^{2/3}⌉ = 230, B₂ = ⌈400^{2/3}⌉ = 55, B₃ the rest
      // (reference/learners/shuffle_glm_test.cpp derives the same sizes)
      EXPECT_EQ(r.schedule, "230,55,115");
      EXPECT_EQ(r.exact_rounds, 170U);  // every round after the warm-up takes the reference's exact core
      EXPECT_GT(r.eliminated, 0U) << "the runs must exercise elimination";
      EXPECT_LT(r.eliminated, 170U * 4) << "and not eliminate everything";
      EXPECT_GT(r.clipped, 0U) << "the runs must exercise line 15's clip";
    }
  }
}

TEST(ShuffleGlmCrosscheckTest, WeightsOnACoarserGridAreCaught) {
  // logistic at κ* = 4 = 1/sup μ̇: no weight reaches the clip, so a weight not divisible by 4 changes under the fault
  GlmCrosscheckConfig c = config(ref::Link::logistic, 400);
  c.shuffle.kappa_star = Rational(4);
  c.shuffle_fast_options.fault_weight_grid = true;
  const GlmCrosscheckReport rep = crosscheck_glm(c);
  EXPECT_FALSE(rep.ok()) << text(rep);
}

TEST(ShuffleGlmCrosscheckTest, WarmUpWidthWithoutSqrtKappaIsCaught) {
  GlmCrosscheckConfig c = config(ref::Link::logistic, 400);
  c.shuffle_fast_options.fault_warmup_width = true;
  const GlmCrosscheckReport rep = crosscheck_glm(c);
  EXPECT_FALSE(rep.ok()) << text(rep);
}

}  // namespace
}  // namespace dpb::verify
