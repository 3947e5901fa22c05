// GLOC, reference build (reference/learners/gloc.hpp; Jun et al. 2017, arXiv:1706.00136, Algs 1–2, Thms 1 and 3) on
// hand-made histories whose iterates and decisions are derived by hand below (not from the code's output): the first
// rounds' exact ties (lowest index), the first ONS step inside the ball, a projection in 1-D (a clip) and a V-norm
// projection in 2-D computed here independently (bisection on the multiplier, exact rationals), with negative
// controls (a sign-flipped step, the skipped projection, the baseline code's radial rescaling) that the certified
// enclosure must exclude; the profiles' constants; bad input naming the parameter.
#include "reference/learners/gloc.hpp"

#include <gtest/gtest.h>

#include <string>

namespace dpb::ref {
namespace {

GlmInstance instance_1d(const Rational& S) {
  GlmInstance inst;
  inst.link = Link::logistic;
  inst.d = 1;
  inst.K = 2;
  inst.q = 4;
  inst.sets = 1;
  inst.S = S;
  inst.theta = {8};           // θ* = 1/2
  inst.arms = {16, -16};      // x0 = 1, x1 = −1
  validate(inst, "test");
  return inst;
}

GlocParams fixed(GlocProfile profile, std::uint64_t T = 10) {
  GlocParams p;
  p.T = T;
  p.profile = profile;
  p.lambda = Rational(1);
  p.kappa = Rational(4);
  return p;
}

// ‖v‖²_V for a diagonal V.
Rational vnorm2_diag(const std::vector<Rational>& v, const std::vector<Rational>& diag) {
  Rational s = 0;
  for (std::size_t i = 0; i < v.size(); ++i) s += diag[i] * v[i] * v[i];
  return s;
}

bool inside(const std::vector<Rational>& c, const Rational& r, const std::vector<Rational>& value,
            const std::vector<Rational>& diag, const Rational& slack = 0) {
  std::vector<Rational> diff(c.size());
  for (std::size_t i = 0; i < c.size(); ++i) diff[i] = value[i] - c[i];
  const Rational rr = r + slack;
  return vnorm2_diag(diff, diag) <= rr * rr;
}

TEST(GlocTest, FirstRoundsTiesStepAndClipIn1D) {
  // d = 1, arms x0 = 1, x1 = −1, λ = 1, κ = 4, S = 1, both profiles.
  //   t = 1: θ̂_0 = 0, θ_1 = 0: both indices equal (s = 1/1 for both) → lowest index, arm 0, exact.
  //   y_1 = 0: V_1 = 2, θ'_2 = 0 − 4·(½ − 0)·(1/2)·1 = −1 = −S: no projection, θ_2 = −1 exactly (μ(0) = ½).
  //   t = 2: paper: z_1 = x_1θ_1 = 0, so θ̂_1 = 0 and again a tie → arm 0; baseline: μ(⟨x, θ_2⟩) = μ(∓1): arm 1
  //          has μ(1) > μ(0 − 1) with the same bonus → arm 1.
  for (GlocProfile profile : {GlocProfile::paper, GlocProfile::baseline_code}) {
    const GlmInstance inst = instance_1d(Rational(1));
    GlocCertifier cert(gloc_constants(fixed(profile), inst));
    const GlocDecision d1 = cert.decide(inst.arms, 2);
    EXPECT_EQ(d1.action, 0U);
    EXPECT_TRUE(d1.exact);
    const std::int64_t x0[] = {16};
    cert.add(x0, 0);
    EXPECT_EQ(cert.center(), std::vector<Rational>{Rational(-1)});
    EXPECT_EQ(cert.radius(), 0);
    EXPECT_EQ(cert.projections(), 0U);
    const GlocDecision d2 = cert.decide(inst.arms, 2);
    EXPECT_EQ(d2.action, profile == GlocProfile::paper ? 0U : 1U) << gloc_profile_name(profile);
    // B_1 = 2S²λ/κ + (κ/2)(½ − 0)²·‖x‖²_{V_1⁻¹} = 1/2 + 2·(1/4)·(1/2) = 3/4, exact (μ(0) = ½).
    EXPECT_TRUE(cert.regret_bound().contains(Rational(3, 4)));
    EXPECT_EQ(cert.regret_bound().width(), 0);
  }
  // Paper, y_2 = 0 after arm 0 again: z_2 = −1, θ'_3 = −1 − 4μ(−1)/3 < −1 → clipped to θ_3 = −S = −1 (in 1-D the
  // V-norm projection onto [−S, S] is the clip). t = 3: θ̂_2 = V_2⁻¹(0·1 + (−1)·1) = −1/3, equal bonuses: arm 1
  // (index 1/3 + b against −1/3 + b).
  const GlmInstance inst = instance_1d(Rational(1));
  GlocCertifier cert(gloc_constants(fixed(GlocProfile::paper), inst));
  const std::int64_t x0[] = {16};
  cert.add(x0, 0);
  cert.add(x0, 0);
  const std::vector<Rational> diag{Rational(3)};  // V_2 = 1 + 2
  EXPECT_TRUE(inside(cert.center(), cert.radius(), {Rational(-1)}, diag));
  EXPECT_LT(cert.radius(), Rational(1, Integer(Integer(1) << 40)));
  EXPECT_EQ(cert.projections(), 1U);
  // Negative control: without the projection, θ_3 = −1 − 4μ(−1)/3 < −1.35 is excluded.
  EXPECT_FALSE(inside(cert.center(), cert.radius(), {Rational(-135, 100)}, diag));
  EXPECT_EQ(cert.decide(inst.arms, 2).action, 1U);
}

TEST(GlocTest, FirstOnsStepInsideTheBall) {
  // d = 1, arm x = −3/4, y_1 = 1, λ = 1, κ = 4, S = 1: θ'_2 = −4·(½ − 1)·(−3/4)/(1 + 9/16) = −24/25, inside.
  const GlmInstance inst = instance_1d(Rational(1));
  GlocCertifier cert(gloc_constants(fixed(GlocProfile::paper), inst));
  const std::int64_t x[] = {-12};
  cert.add(x, 1);
  const std::vector<Rational> diag{Rational(25, 16)};
  EXPECT_TRUE(inside(cert.center(), cert.radius(), {Rational(-24, 25)}, diag));
  EXPECT_LT(cert.radius(), Rational(1, Integer(Integer(1) << 100)));
  // Negative control: the step with the wrong sign (θ − κ(y − μ)V⁻¹x) lands at +24/25.
  EXPECT_FALSE(inside(cert.center(), cert.radius(), {Rational(24, 25)}, diag));
}

// The V-norm projection of c' onto ‖θ‖ ≤ S for a diagonal V, by bisection on ν (θ_i(ν) = V_ii c'_i/(V_ii + ν),
// ‖θ(ν)‖ decreasing): returns θ(ν_hi) with ν_hi − ν_lo ≤ 2^−100; |θ_i(ν_hi) − θ_i(ν*)| ≤ |c'_i|·2^−100/V_ii.
std::vector<Rational> diag_projection(const std::vector<Rational>& c, const std::vector<Rational>& V, const Rational& S) {
  auto theta = [&](const Rational& nu) {
    std::vector<Rational> t(c.size());
    for (std::size_t i = 0; i < c.size(); ++i) t[i] = V[i] * c[i] / (V[i] + nu);
    return t;
  };
  auto norm2 = [](const std::vector<Rational>& t) {
    Rational s = 0;
    for (const Rational& v : t) s += v * v;
    return s;
  };
  Rational lo = 0, hi = 1024;
  const Rational eps(1, Integer(Integer(1) << 100));
  while (hi - lo > eps) {
    const Rational m = (lo + hi) / 2;
    (norm2(theta(m)) > S * S ? lo : hi) = m;
  }
  return theta(hi);
}

TEST(GlocTest, VNormProjectionIn2D) {
  // d = 2, λ = 1, κ = 4, S = 1/2, logistic.
  //   round 1: x_1 = (1, 0), y_1 = 1: V_1 = diag(2, 1), θ'_2 = 4·½·(1/2, 0) = (1, 0), on an axis: θ_2 = (1/2, 0).
  //   round 2: x_2 = (0, 3/4) ⟂ θ_2 (z_2 = 0, μ = ½), y_2 = 1: V_2 = diag(2, 25/16),
  //            θ'_3 = (1/2, 0) + 2·(0, (3/4)·(16/25)) = (1/2, 24/25), projected in the V_2-norm (computed above).
  GlmInstance inst;
  inst.link = Link::logistic;
  inst.d = 2;
  inst.K = 1;
  inst.q = 4;
  inst.sets = 1;
  inst.S = Rational(1, 2);
  inst.theta = {8, 0};
  inst.arms = {16, 0};
  validate(inst, "test");
  GlocCertifier cert(gloc_constants(fixed(GlocProfile::paper), inst));
  const std::int64_t x1[] = {16, 0}, x2[] = {0, 12};
  cert.add(x1, 1);
  EXPECT_TRUE(inside(cert.center(), cert.radius(), {Rational(1, 2), Rational(0)}, {Rational(2), Rational(1)}));
  cert.add(x2, 1);
  const std::vector<Rational> V2{Rational(2), Rational(25, 16)};
  const std::vector<Rational> P = diag_projection({Rational(1, 2), Rational(24, 25)}, V2, Rational(1, 2));
  const Rational slack(1, Integer(Integer(1) << 90));  // the bisection's own error, bounded above
  EXPECT_TRUE(inside(cert.center(), cert.radius(), P, V2, slack));
  EXPECT_LT(cert.radius(), Rational(1, Integer(Integer(1) << 30)));
  EXPECT_EQ(cert.projections(), 2U);
  // Negative control: the baseline code's radial rescaling S·θ'/‖θ'‖ (a Euclidean, not a V-norm, projection).
  const Rational n2 = Rational(1, 4) + Rational(576, 625);  // ‖(1/2, 24/25)‖² = 2929/2500
  const Rational n(10824, 10000);                            // √(2929/2500) = 1.08240…
  const std::vector<Rational> radial{Rational(1, 2) / 2 / n, Rational(24, 25) / 2 / n};
  EXPECT_LT(boost::multiprecision::abs(Rational(n * n - n2)), Rational(1, 1000));
  EXPECT_FALSE(inside(cert.center(), cert.radius(), radial, V2, Rational(1, 100)));
}

TEST(GlocTest, ProfileConstants) {
  GlmInstanceParams gp;
  gp.link = Link::probit;
  gp.d = 3;
  gp.K = 5;
  gp.sets = 4;
  gp.S = Rational(3);
  gp.seed = 7;
  const GlmInstance inst = make_glm_instance(gp);
  GlocParams p;
  p.T = 5;
  const GlocConstants paper = gloc_constants(p, inst);
  EXPECT_EQ(paper.lambda, 1);
  // κ = 1/φ(3) = √(2π)·e^{4.5} ≈ 225.64: rounded up to 32 significant bits, within 2^−31 relative.
  const Interval exact = Interval(1L, 128) / mu_dot_enclosure(Link::probit, Rational(3), 128);
  EXPECT_GE(paper.kappa, exact.upper());
  EXPECT_LE(paper.kappa, exact.upper() * (Rational(1) + Rational(1, Integer(1) << 31)));
  EXPECT_GT(paper.kappa, Rational(2256, 10));
  EXPECT_LT(paper.kappa, Rational(2257, 10));
  p.profile = GlocProfile::baseline_code;
  const GlocConstants base = gloc_constants(p, inst);
  EXPECT_EQ(base.lambda, 3);  // λ = ε = d
  const Interval inst_kappa = glm_instance_kappa(inst, 128).kappa;
  EXPECT_GE(base.kappa, inst_kappa.upper());
  EXPECT_LE(base.kappa, inst_kappa.upper() * (Rational(1) + Rational(1, Integer(1) << 31)));
  EXPECT_EQ(round_up_significant(Rational(1, 3), 4), Rational(11, 32));
  EXPECT_EQ(round_up_significant(Rational(3, 4), 4), Rational(3, 4));
  EXPECT_EQ(round_up_significant(Rational(1000), 4), Rational(1024));
}

TEST(GlocTest, ShortRunsBothProfilesAndLinks) {
  for (Link link : {Link::logistic, Link::probit})
    for (GlocProfile profile : {GlocProfile::paper, GlocProfile::baseline_code}) {
      GlmInstanceParams gp;
      gp.link = link;
      gp.d = 3;
      gp.K = 6;
      gp.sets = 40;
      gp.S = Rational(2);
      gp.seed = 11;
      const GlmInstance inst = make_glm_instance(gp);
      GlocParams p;
      p.T = 40;
      p.profile = profile;
      const GlocTrajectory tr = gloc(p, inst, 5, 0);
      ASSERT_EQ(tr.actions.size(), 40U);
      for (std::uint32_t a : tr.actions) EXPECT_LT(a, 6U);
      // Round 1 is decided exactly on ‖x‖: the longest arm of set 0 (lowest index among equals).
      std::uint32_t longest = 0;
      Rational best = -1;
      for (std::uint32_t a = 0; a < 6; ++a) {
        Rational n = 0;
        for (std::int64_t v : inst.arm(0, a)) n += Rational(v) * v;
        if (n > best) best = n, longest = a;
      }
      EXPECT_EQ(tr.actions[0], longest) << link_name(link) << " " << gloc_profile_name(profile);
      EXPECT_GE(tr.pseudo_regret.lower(), 0);
    }
}

TEST(GlocTest, BadInputNamesTheParameter) {
  auto expect_error = [](const GlocParams& p, const std::string& name) {
    try {
      validate_gloc(p, Link::logistic, 16);
      ADD_FAILURE() << "accepted " << name;
    } catch (const ParameterError& e) {
      EXPECT_NE(std::string(e.what()).find(name), std::string::npos) << e.what();
    }
  };
  GlocParams p;
  p.T = 0;
  expect_error(p, "T");
  p.T = 10;
  p.lambda = Rational(0);
  expect_error(p, "lambda");
  p.lambda = Rational(1, Integer(1) << 40);  // not a multiple of 4^−16
  expect_error(p, "lambda");
  p.lambda.reset();
  p.kappa = Rational(3);  // < 1/sup μ̇ = 4
  expect_error(p, "kappa");
  p.kappa.reset();
  p.delta = Rational(1);
  expect_error(p, "delta");
  EXPECT_THROW(parse_gloc_profile("scaled"), ParameterError);
  EXPECT_EQ(parse_gloc_profile("paper-code"), GlocProfile::baseline_code);
  EXPECT_EQ(parse_gloc_profile("theorem"), GlocProfile::paper);
  EXPECT_EQ(parse_gloc_profile("baseline-code"), GlocProfile::baseline_code);
}

}  // namespace
}  // namespace dpb::ref
