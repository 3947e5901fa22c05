// The optimized GLM environment against the reference instance (reference/environments/glm_instance.hpp): rewards
// on the per-round streams are bit-identical (same value after the same bits) for every arm of every round, and the
// double pseudo-regret lies within its stated error of the reference's certified enclosure.
#include "optimized/environments/glm_instance.hpp"

#include <gtest/gtest.h>

#include "reference/bits/chacha20.hpp"

namespace dpb::fast {
namespace {

ref::GlmInstance instance(ref::Link link, std::uint64_t seed) {
  ref::GlmInstanceParams p;
  p.link = link;
  p.generator = ref::GlmGenerator::authors;
  p.d = 3;
  p.K = 20;
  p.q = 16;
  p.sets = 60;
  p.S = Rational(3);
  p.seed = seed;
  return ref::make_glm_instance(p);
}

TEST(GlmEnvironmentCrossTest, RewardsAreBitIdenticalOnTheRoundStreams) {
  for (ref::Link link : {ref::Link::logistic, ref::Link::probit}) {
    const ref::GlmInstance inst = instance(link, 7);
    const GlmEnvironment env(inst);
    int ones = 0;
    for (std::uint64_t t = 1; t <= 60; ++t)
      for (std::uint32_t a = 0; a < inst.K; ++a) {
        ChaCha20Source rs(7, ref::glm_reward_stream(0, t)), fs(7, ref::glm_reward_stream(0, t));
        CountingSource rb(rs), fb(fs);
        const int x = ref::glm_reward(inst, inst.set_of_round(t), a, rb);
        const int y = env.reward(inst.set_of_round(t), a, fb);
        ASSERT_EQ(x, y) << "t=" << t << " a=" << a;
        ASSERT_EQ(rb.count(), fb.count()) << "t=" << t << " a=" << a;
        ones += x;
      }
    EXPECT_GT(ones, 100);   // neither constant 0 …
    EXPECT_LT(ones, 1100);  // … nor constant 1 (1200 draws)
  }
}

TEST(GlmEnvironmentCrossTest, GenerationIsTheReferencesInstance) {
  std::uint64_t deferrals = 0;
  for (std::uint32_t d : {1U, 3U, 5U, 12U})
    for (ref::GlmGenerator g : {ref::GlmGenerator::authors, ref::GlmGenerator::sphere}) {
      ref::GlmInstanceParams p;
      p.generator = g;
      p.d = d;
      p.K = 20;
      p.q = d == 12 ? 20 : 16;
      p.sets = 20;
      p.S = Rational(7, 2);
      p.seed = 100 + d;
      const ref::GlmInstance want = ref::make_glm_instance(p);
      const GlmGeneration got = fast::make_glm_instance(p);
      EXPECT_EQ(got.instance.theta, want.theta) << d;
      EXPECT_EQ(got.instance.arms, want.arms) << d;
      EXPECT_EQ(got.instance.z_num, want.z_num) << d;
      deferrals += got.deferrals;
    }
  EXPECT_LE(deferrals, 2U);  // ≈ 2·2^−23 per coordinate
}

TEST(GlmEnvironmentCrossTest, PseudoRegretWithinItsBound) {
  for (ref::Link link : {ref::Link::logistic, ref::Link::probit}) {
    const ref::GlmInstance inst = instance(link, 9);
    const GlmEnvironment env(inst);
    std::vector<std::uint32_t> actions;
    for (std::uint64_t t = 1; t <= 200; ++t) actions.push_back(static_cast<std::uint32_t>(t % inst.K));
    const Interval exact = ref::glm_pseudo_regret(inst, actions, 128);
    const double got = env.pseudo_regret(actions), e = GlmEnvironment::pseudo_regret_error(actions.size());
    EXPECT_TRUE(exact.certainly_greater(Rational(got - e)));
    EXPECT_TRUE(exact.certainly_less(Rational(got + e)));
    for (std::uint64_t s = 0; s < inst.sets; ++s) EXPECT_EQ(env.best_arm(s), inst.best_arm(s));
    // The double features are the exact grid values.
    for (std::uint32_t k = 0; k < 3; ++k) EXPECT_EQ(Rational(env.arm_set(4)[k]), inst.context(4, 0)[k]);
  }
}

}  // namespace
}  // namespace dpb::fast
