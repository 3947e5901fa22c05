// B-GLinCB's exact pieces (reference/learners/b_glincb.hpp; Sawarni et al. 2024, arXiv:2404.06831, Alg. 1): the batch
// schedule against hand-computed powers of T (including an exact power, where only exact arithmetic decides the
// ceiling), the elimination test on a hand example with an exact tie (UCB = LCB is not eliminated: the test is
// strict), the exact scale of a zero arm, the rounded MLE against an independent bisection, and bad input.
#include "reference/learners/b_glincb.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "reference/core/errors.hpp"

namespace dpb::ref {
namespace {

TEST(BGlincbTest, CeilRationalPowerIsExact) {
  EXPECT_EQ(ceil_rational_power(Integer(8), Rational(1, 3)), Integer(2));   // exact cube root
  EXPECT_EQ(ceil_rational_power(Integer(9), Rational(1, 2)), Integer(3));
  EXPECT_EQ(ceil_rational_power(Integer(10), Rational(1, 2)), Integer(4));  // √10 = 3.16…
  EXPECT_EQ(ceil_rational_power(Integer(4096), Rational(2, 3)), Integer(256));
  EXPECT_EQ(ceil_rational_power(Integer(4097), Rational(2, 3)), Integer(257));
}

TEST(BGlincbTest, ScheduleMatchesHandComputedPowers) {
  // T = 400: M = ⌊log₂ log₂ 400⌋ = ⌊log₂ 8.64⌋ = 3, α = 400^{1/(2(1 − 1/4))} = 400^{2/3} = 54.29…,
  // B₁ = ⌈α^{2/3}⌉ = ⌈400^{4/9}⌉ = ⌈14.34…⌉ = 15, B₂ = ⌈α⌉ = 55, B₃ = α^{3/2} = T, cut to 400 − 70 = 330.
  BGlincbParams p;
  p.T = 400;
  EXPECT_EQ(b_glincb_batches(p), 3U);
  EXPECT_EQ(b_glincb_schedule(400, 3), (std::vector<std::uint64_t>{15, 55, 330}));
  // T = 4096 = 2^12, M = ⌊log₂ 12⌋ = 3: α = 2^8 exactly, B₁ = ⌈2^{16/3}⌉ = ⌈40.3…⌉ = 41, B₂ = 256 (an exact power).
  EXPECT_EQ(b_glincb_schedule(4096, 3), (std::vector<std::uint64_t>{41, 256, 4096 - 297}));
  // M = 2: α = T, B₁ = ⌈T^{2/3}⌉ (100^{2/3} = 21.54…), B₂ = T cut.
  EXPECT_EQ(b_glincb_schedule(100, 2), (std::vector<std::uint64_t>{22, 78}));
  // T = 16: M = ⌊log₂ 4⌋ = 2.
  p.T = 16;
  EXPECT_EQ(b_glincb_batches(p), 2U);
}

TEST(BGlincbTest, EliminationIsStrictAndExact) {
  // d = 2, q = 1: x = (0, ½), y = (1, 0); θ̂ = (1, 0), M = I: D = ⟨y − x, θ̂⟩ = 1, s_x = ¼, s_y = 1, so
  // w(√s_x + √s_y) = (3/2)w: w = ½ eliminates (¾ < 1), w = 1 does not, w = 2/3 is an exact tie (not eliminated).
  GlmBatchEstimate e;
  e.theta = {Rational(1), Rational(0)};
  e.N = {Integer(1), Integer(0), Integer(0), Integer(1)};
  e.shift = 0;
  e.finish(2);
  const std::int64_t fx[2] = {0, 1}, fy[2] = {2, 0};
  EXPECT_EQ(e.s(fx, 2, 1), Rational(1, 4));
  EXPECT_EQ(e.s(fy, 2, 1), Rational(1));
  const auto elim = [&](const Rational& w2) {
    e.width2 = w2;
    return glm_eliminates(e, fx, fy, e.s(fx, 2, 1), e.s(fy, 2, 1), 2, 1);
  };
  EXPECT_TRUE(elim(Rational(1, 4)));
  EXPECT_FALSE(elim(Rational(1)));
  EXPECT_FALSE(elim(Rational(4, 9)));
  EXPECT_TRUE(elim(Rational(4, 9) - Rational(1, 1000000)));
  EXPECT_TRUE(elim(Rational(0)));
  // y never eliminates itself or a better arm
  e.width2 = 0;
  EXPECT_FALSE(glm_eliminates(e, fy, fx, Rational(1), Rational(1, 4), 2, 1));

  GlmBroadcast b;
  b.d = 2;
  b.q = 1;
  b.S = 2;
  e.width2 = Rational(1, 4);
  b.estimates.push_back(e);
  const std::vector<std::int64_t> arms = {0, 1, 2, 0, 1, 1};  // x, y, (½, ½): D = ½ vs ½(½ + 1/√2) = 0.60… stays
  EXPECT_EQ(glm_survivors(b, arms, 3), (std::vector<std::uint32_t>{1, 2}));
}

TEST(BGlincbTest, ZeroArmHasTheExactScale) {
  // x = 0: β = e^0 = 1 and μ̇(0) = ¼ (logistic), so ⌊c·2^32⌋ = 2^30 exactly.
  GlmBroadcast b;
  b.d = 2;
  b.q = 1;
  b.S = 2;
  b.beta_width2 = 9;
  GlmBatchEstimate e;
  e.theta = {Rational(1), Rational(-1)};
  e.N = {Integer(1), Integer(0), Integer(0), Integer(1)};
  e.finish(2);
  b.estimates.push_back(e);
  const std::int64_t zero[2] = {0, 0};
  EXPECT_EQ(glm_weight(glm_scale(b, zero)), Integer(Integer(1) << 30));
  // x = (1, 0): z = 1, s = 1, 3·1 = 3 < 2S = 4: c = μ̇(1)·e^{−3}
  const std::int64_t one[2] = {2, 0};
  const double mu1 = 1 / (1 + std::exp(-1.0));
  const double c = mu1 * (1 - mu1) * std::exp(-3.0);
  EXPECT_NEAR(glm_weight(glm_scale(b, one)).convert_to<double>(), std::floor(c * 0x1p32), 1.0);
}

TEST(BGlincbTest, RoundedMleMatchesBisection) {
  // One observation x = 1 (d = 1), r = 1, λ = 1: θ̂ solves λθ = 1 − μ(θ), found here by bisection in double.
  GlmData data;
  data.d = 1;
  data.q = 0;
  data.lambda = 1;
  data.x = {1};
  data.r = {1};
  double lo = 0, hi = 1;
  for (int i = 0; i < 200; ++i) {
    const double m = (lo + hi) / 2;
    (m - (1 - 1 / (1 + std::exp(-m))) > 0 ? hi : lo) = m;
  }
  const std::vector<Rational> th = glm_rounded_mle(data);
  ASSERT_EQ(th.size(), 1U);
  EXPECT_EQ(denominator(Rational(th[0] * Rational(Integer(Integer(1) << kGlmThetaBits)))), Integer(1));
  EXPECT_NEAR(th[0].convert_to<double>(), lo, std::ldexp(1.0, -static_cast<int>(kGlmThetaBits) - 1) + 1e-12);
}

TEST(BGlincbTest, BadInputIsRefusedNamingTheParameter) {
  const auto refused = [](BGlincbParams p, const std::string& name) {
    try {
      validate_b_glincb(p, 16);
      ADD_FAILURE() << name << " accepted";
    } catch (const ParameterError& e) {
      EXPECT_NE(std::string(e.what()).find("'" + name + "'"), std::string::npos) << e.what();
    }
  };
  BGlincbParams p;
  p.T = 100;
  validate_b_glincb(p, 16);
  BGlincbParams m = p;
  m.M = 1;
  refused(m, "M");
  m.T = 15;  // ⌊log₂ log₂ 15⌋ = 1
  m.M = 0;
  refused(m, "M");
  BGlincbParams l = p;
  l.lambda = Rational(1, 3);
  refused(l, "lambda");
  BGlincbParams g = p;
  g.gamma = -1;
  refused(g, "gamma");
  BGlincbParams k = p;
  k.kappa = Rational(1, 2);
  refused(k, "kappa");
  EXPECT_THROW(parse_glm_widths("wide"), ParameterError);
}

}  // namespace
}  // namespace dpb::ref
