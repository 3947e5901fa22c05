// ECOLog, reference build (reference/learners/ecolog.hpp): the grid root is sandwiched by an independent enclosure of
// f(z) = z + g(μ(z) − r) − c; the one-step update is checked against a direct certified minimisation of
// ℓ(r, ⟨x, θ⟩) + ½‖θ − θ_t‖²_W (its gradient at the computed point is within the grid's error, and every neighbour one
// coarse step away has a larger objective; the sign-flipped step fails the same check); the weight is ⌊μ̇(z̃)⌋ on the
// grid; the first decision is the longest arm (ties to the lowest index); a mixed decision agrees with indices
// enclosed independently; bad input names the parameter (the probit link as `link`).
#include "reference/learners/ecolog.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "reference/core/errors.hpp"

namespace dpb::ref {
namespace {

constexpr mpfr_prec_t P = 256;

Rational grid(long bits) { return Rational(Integer(1), Integer(Integer(1) << static_cast<unsigned>(bits))); }

// f(m) = m + g(μ(m) − y) − c, enclosed at 256 bits (independent of EcologCertifier's bisection).
Interval f_of(const Rational& m, const Rational& c, const Rational& g, int y) {
  const Interval mu = Interval(1L, P) / (Interval(1L, P) + Interval(Rational(-m), P).exp());
  return Interval(Rational(m - c), P) + (mu - Interval(static_cast<long>(y), P)).mul(g);
}

TEST(EcologTest, GridRootIsSandwiched) {
  const Rational G = grid(kEcologGridBits);
  struct Case { Rational c, g; int y; };
  const Case cases[] = {{Rational(0), Rational(1), 1},      {Rational(0), Rational(1), 0},
                        {Rational(3, 7), Rational(5, 2), 1}, {Rational(-11, 5), Rational(1, 9), 0},
                        {Rational(2), Rational(40), 0},      {Rational(-1, 3), Rational(1, 1000), 1}};
  for (const Case& k : cases) {
    unsigned evals = 0;
    const Integer z = EcologCertifier::grid_root(k.c, k.g, k.y, &evals);
    const Rational lo = Rational(z) * G, hi = Rational(z + 1) * G;
    EXPECT_FALSE(f_of(lo, k.c, k.g, k.y).certainly_greater(Rational(0))) << to_string(k.c) << " " << k.y;
    EXPECT_TRUE(f_of(hi, k.c, k.g, k.y).certainly_greater(Rational(0))) << to_string(k.c) << " " << k.y;
    EXPECT_GT(evals, 0U);
  }
  // f(0) = 0 exactly (c = g(½ − y)): the root is the grid point 0 itself.
  EXPECT_EQ(EcologCertifier::grid_root(Rational(-1, 2), Rational(1), 1), Integer(0));
  EXPECT_EQ(EcologCertifier::grid_root(Rational(1, 4), Rational(1, 2), 0), Integer(0));
}

EcologConstants small(EcologProfile profile) {
  EcologConstants k;
  k.profile = profile;
  k.d = 2;
  k.q = 4;
  k.S = Rational(2);
  k.lambda = Rational(1);
  k.delta = Rational(1, 50);
  return k;
}

// ½‖θ − θ_t‖²_W + ℓ(y, ⟨x, θ⟩) with ℓ(y, z) = log(1 + e^z) − y z, enclosed.
Interval objective(const std::vector<Rational>& th, const std::vector<Rational>& th0, const std::vector<Rational>& W,
                   const std::vector<Rational>& x, int y) {
  Rational quad = 0, z = 0;
  for (std::size_t i = 0; i < 2; ++i) {
    z += x[i] * th[i];
    for (std::size_t j = 0; j < 2; ++j) quad += (th[i] - th0[i]) * W[i * 2 + j] * (th[j] - th0[j]);
  }
  return Interval(Rational(quad / 2 - Rational(y) * z), P) + Interval(z, P).exp().log1p();
}

TEST(EcologTest, OneStepUpdateMinimisesTheOneStepProblem) {
  for (int y : {0, 1}) {
    EcologCertifier cert(small(EcologProfile::paper));
    // A state with W = I + ¼·x₀x₀ᵀ-like weights and θ_t ≠ 0: two updates from θ_1 = 0.
    const std::vector<std::int64_t> x0 = {12, -5}, x1 = {3, 14};
    cert.update(x0, 1);
    const EcologState before = cert.state();
    const Rational gq = grid(kEcologGridBits), scale = Rational(Integer(1) << (kEcologGridBits + 8));
    std::vector<Rational> th0(2), W(4), x = {Rational(x1[0], 16), Rational(x1[1], 16)};
    for (int i = 0; i < 2; ++i) th0[i] = Rational(before.theta[i]) * gq;
    for (int i = 0; i < 4; ++i) W[i] = Rational(before.N[i]) / scale;
    const EcologStep st = cert.update(x1, y);
    std::vector<Rational> th(2);
    for (int i = 0; i < 2; ++i) th[i] = Rational(cert.state().theta[i]) * gq;
    // The gradient (μ(⟨x, θ⟩) − y)x + W(θ − θ_t) at the computed point is within the grid's error (< 2^−26).
    const Rational z = x[0] * th[0] + x[1] * th[1];
    const Interval mu = Interval(1L, P) / (Interval(1L, P) + Interval(Rational(-z), P).exp());
    for (int i = 0; i < 2; ++i) {
      const Interval gi = (mu - Interval(static_cast<long>(y), P)).mul(x[i]) +
                          Interval(Rational(W[i * 2] * (th[0] - th0[0]) + W[i * 2 + 1] * (th[1] - th0[1])), P);
      EXPECT_TRUE(gi.abs().certainly_less(grid(26))) << "y = " << y << " coordinate " << i;
    }
    // Every neighbour 2^−20 away along a coordinate has a larger objective (the minimiser is within 2^−26).
    const Interval at = objective(th, th0, W, x, y);
    for (int i = 0; i < 2; ++i)
      for (int sgn : {-1, 1}) {
        std::vector<Rational> nb = th;
        nb[i] += Rational(sgn) * grid(20);
        EXPECT_TRUE(at.certainly_less(objective(nb, th0, W, x, y))) << "y = " << y << " neighbour " << i << sgn;
      }
    // Negative control: the step in the wrong direction is not a minimiser.
    std::vector<Rational> flip(2);
    for (int i = 0; i < 2; ++i) flip[i] = th0[i] - (th[i] - th0[i]);
    EXPECT_TRUE(at.certainly_less(objective(flip, th0, W, x, y))) << "y = " << y;
    // z̃ is ⟨x, θ_{t+1}⟩ up to the coordinate roundings, and the weight is ⌊μ̇(z̃)⌋ on 2^−32.
    const Rational gap = abs(Rational(Rational(st.z) * gq - z));
    EXPECT_TRUE(gap < grid(kEcologGridBits - 3)) << to_string(gap);
    const Rational zt = Rational(st.z) * gq;
    const Interval e = Interval(Rational(-zt), P).exp();
    const Interval md = e / (Interval(1L, P) + e).sqr();
    const Interval scaled = md.mul(Rational(Integer(1) << kEcologGridBits));
    EXPECT_TRUE(scaled.certainly_greater(Rational(st.weight)) || scaled.contains(Rational(st.weight)));
    EXPECT_TRUE(scaled.certainly_less(Rational(st.weight + 1)));
    // W_{t+1} = W_t + w·x xᵀ exactly.
    for (int i = 0; i < 2; ++i)
      for (int j = 0; j < 2; ++j)
        EXPECT_EQ(cert.state().N[i * 2 + j], Integer(before.N[i * 2 + j] + st.weight * Integer(x1[i]) * x1[j]));
  }
}

TEST(EcologTest, FirstDecisionIsTheLongestArmWithTiesToTheLowestIndex) {
  for (EcologProfile profile : {EcologProfile::paper, EcologProfile::baseline_code}) {
    EcologCertifier cert(small(profile));
    const std::vector<std::int64_t> tie = {8, 0, 0, 8, 4, 4};  // ‖·‖² = 64, 64, 32
    const EcologDecision d = cert.decide(tie, 3, 1);
    EXPECT_EQ(d.action, 0U);
    EXPECT_TRUE(d.exact);
    const std::vector<std::int64_t> arms = {4, 4, 0, 9, 8, 0};
    EXPECT_EQ(cert.decide(arms, 3, 1).action, 1U);
    const std::vector<std::int64_t> dup = {1, 1, 1, 1};  // identical arms: the first
    EXPECT_EQ(cert.decide(dup, 2, 1).action, 0U);
  }
}

TEST(EcologTest, MixedDecisionAgreesWithIndependentEnclosures) {
  for (EcologProfile profile : {EcologProfile::paper, EcologProfile::baseline_code}) {
    EcologCertifier cert(small(profile));
    const std::vector<std::int64_t> steps[] = {{12, -5}, {3, 14}, {-9, 9}, {15, 2}};
    for (int s = 0; s < 4; ++s) cert.update(steps[s], s % 2);
    const EcologState st = cert.state();
    // Arms with a larger centre but a smaller ‖x‖_{W⁻¹} and the converse: indices enclosed here at 256 bits.
    const std::vector<std::int64_t> arms = {15, 0, 0, 15, -15, 0, 0, -15, 10, 10, -10, 10};
    const std::uint32_t K = 6;
    const Rational gq = grid(kEcologGridBits), Wscale = Rational(Integer(1) << (kEcologGridBits + 8));
    const Rational det = Rational(st.N[0] * st.N[3] - st.N[1] * st.N[2]) / (Wscale * Wscale);
    const Interval gam = ecolog_radius(small(profile), 5, P);
    std::uint32_t best = 0;
    Interval best_idx(P);
    for (std::uint32_t a = 0; a < K; ++a) {
      const Rational x0(arms[2 * a], 16), x1(arms[2 * a + 1], 16);
      const Rational w00 = Rational(st.N[0]) / Wscale, w01 = Rational(st.N[1]) / Wscale, w11 = Rational(st.N[3]) / Wscale;
      const Rational s = (w11 * x0 * x0 - 2 * w01 * x0 * x1 + w00 * x1 * x1) / det;  // xᵀW⁻¹x (2×2 inverse)
      const Rational z = x0 * Rational(st.theta[0]) * gq + x1 * Rational(st.theta[1]) * gq;
      const Interval c = profile == EcologProfile::paper
                             ? Interval(z, P)
                             : Interval(1L, P) / (Interval(1L, P) + Interval(Rational(-z), P).exp());
      const Interval idx = c + gam * Interval(s, P).sqrt();
      if (a == 0 || idx.certainly_greater(best_idx)) best = a, best_idx = idx;
      else ASSERT_TRUE(idx.certainly_less(best_idx)) << "a tie in the test's arms";
    }
    const EcologDecision d = cert.decide(arms, K, 5);
    EXPECT_EQ(d.action, best) << ecolog_profile_name(profile);
  }
}

TEST(EcologTest, RadiusIsTheStatedFormula) {
  // γ_t² = 2λS² + (1 + S)²(√λ/2 + (2/√λ)·log(2√(1 + t/(4λ))/δ)) at λ = 1, S = 2, δ = 1/50, t = 3:
  // 8 + 9·(½ + 2·log(100·√(7/4))).
  const Interval g = ecolog_radius(small(EcologProfile::paper), 3, P);
  const Interval expect =
      (Interval(8L, P) + (Interval(Rational(1, 2), P) + (Interval(Rational(7, 4), P).sqrt().mul(Rational(100))).log().mul(Rational(2))).mul(Rational(9))).sqrt();
  EXPECT_TRUE(g.overlaps(expect));
  EXPECT_TRUE(g.width() < grid(200));
}

TEST(EcologTest, RunIsLogisticOnlyAndBadInputNamesTheParameter) {
  auto expect_error = [](const EcologParams& p, Link link, const std::string& name) {
    try {
      validate_ecolog(p, link, 16);
      ADD_FAILURE() << "accepted " << name;
    } catch (const ParameterError& e) {
      EXPECT_NE(std::string(e.what()).find(name), std::string::npos) << e.what();
    }
  };
  EcologParams p;
  p.T = 10;
  validate_ecolog(p, Link::logistic, 16);
  expect_error(p, Link::probit, "link");
  p.T = 0;
  expect_error(p, Link::logistic, "T");
  p.T = 10;
  p.lambda = Rational(0);
  expect_error(p, Link::logistic, "lambda");
  p.lambda = Rational(1, Integer(1) << 70);  // not a multiple of 2^−64
  expect_error(p, Link::logistic, "lambda");
  p.lambda = Rational(Integer(1) << 21);
  expect_error(p, Link::logistic, "lambda");
  p.lambda.reset();
  p.delta = Rational(1);
  expect_error(p, Link::logistic, "delta");
  p.delta = Rational(0);
  expect_error(p, Link::logistic, "delta");
  EXPECT_THROW(parse_ecolog_profile("scaled"), ParameterError);
  EXPECT_EQ(parse_ecolog_profile("paper-code"), EcologProfile::baseline_code);
  EXPECT_EQ(parse_ecolog_profile("theorem"), EcologProfile::paper);
  // A whole run on a generated logistic instance: actions in range, θ on the grid, the regret certified ≥ 0.
  GlmInstanceParams gp;
  gp.link = Link::logistic;
  gp.d = 3;
  gp.K = 6;
  gp.sets = 30;
  gp.S = Rational(2);
  gp.seed = 11;
  const GlmInstance inst = make_glm_instance(gp);
  p.delta = Rational(1, 50);
  p.T = 30;
  const EcologTrajectory tr = ecolog(p, inst, 5, 0);
  ASSERT_EQ(tr.actions.size(), 30U);
  for (std::uint32_t a : tr.actions) EXPECT_LT(a, 6U);
  EXPECT_GE(tr.pseudo_regret.upper(), 0);
  gp.link = Link::probit;
  EXPECT_THROW((void)ecolog(p, make_glm_instance(gp), 5, 0), ParameterError);
}

}  // namespace
}  // namespace dpb::ref
