// ShuffleGLM's reference build (reference/learners/shuffle_glm.hpp; Sarmasarkar 2026, arXiv:2602.00417, Alg. 1),
// scaled profile: the schedule against hand-computed powers, λ against Obs. 1 computed here in double from Lemma S.2's
// proxy bound, and a short run's invariants (every P_GD estimate inside the S-ball — Alg. 7's iterates are projected;
// the warm-up's unit weights; clipped weights at most ⌊2^w/κ*⌋; the last batch releases nothing); bad input.
#include "reference/learners/shuffle_glm.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "reference/core/errors.hpp"

namespace dpb::ref {
namespace {

TEST(ShuffleGlmTest, ScaledScheduleMatchesHandComputedPowers) {
  // T = 400, M = 3: α = 400^{2/3}; B₁ = ⌈(64α)^{2/3}⌉ = ⌈16·400^{4/9}⌉ = ⌈229.39…⌉ = 230, B₂ = ⌈α⌉ = 55, B₃ the rest.
  EXPECT_EQ(shuffle_glm_schedule(400, 3), (std::vector<std::uint64_t>{230, 55, 115}));
  // T = 10⁴, M = 3: B₁ = ⌈16·10^{16/9}⌉ = ⌈959.17…⌉ = 960 <= T/4; B₂ = ⌈10^{8/3}⌉ = ⌈464.15…⌉ = 465.
  const auto s = shuffle_glm_schedule(10000, 3);
  EXPECT_EQ(s[0], 960U);
  EXPECT_EQ(s[1], 465U);
  EXPECT_LE(s[0], 10000U / 4);
  // T = 10⁵, M = 4: α = 10^{20/7}, B₁ = ⌈16·10^{40/21}⌉ = ⌈1284.93…⌉ = 1285 <= T/4.
  EXPECT_EQ(shuffle_glm_schedule(100000, 4)[0], 1285U);
}

TEST(ShuffleGlmTest, LambdaIsObservationOnesFormula) {
  // d = 2, T = 400, M = 3, ε = 1, δ = 1/100: σ̃² = 6·10⁴ r² ℓ²/(ε/2)² + r²/8 with r = 2, ℓ = ln(4(d² + 1)/(δ/2));
  // λ = 20 d ln T + σ̃(√d + 6√ln(2dMT/δ)), λ_max = λ + σ̃(…), each rounded up.
  ShuffleGlmParams p;
  p.T = 400;
  const double l = std::log(4.0 * 5 / (1.0 / 200));
  const double sigma = std::sqrt(6e4 * 4 * l * l / 0.25 + 0.5);
  const double spread = std::sqrt(2.0) + 6 * std::sqrt(std::log(2.0 * 2 * 3 * 400 / 0.01));
  const double lambda = 40 * std::log(400.0) + sigma * spread;
  const auto [lam, lam_max] = shuffle_glm_lambdas(p, 2);
  EXPECT_NEAR(lam.convert_to<double>(), std::ceil(lambda), 1.0);
  EXPECT_NEAR(lam_max.convert_to<double>(), std::ceil(lambda + sigma * spread), 1.0);
}

GlmInstance small_instance() {
  GlmInstanceParams p;
  p.link = Link::logistic;
  p.d = 2;
  p.K = 5;
  p.q = 12;
  p.sets = 400;
  p.S = Rational(5, 2);
  p.seed = 3;
  return make_glm_instance(p);
}

TEST(ShuffleGlmTest, ShortRunKeepsItsInvariants) {
  const GlmInstance inst = small_instance();
  ShuffleGlmParams p;
  p.T = 400;
  p.S = inst.S;
  const ShuffleGlmTrajectory tr = shuffle_glm(p, inst, 11, 0);
  ASSERT_EQ(tr.run.actions.size(), 400U);
  ASSERT_EQ(tr.run.schedule, (std::vector<std::uint64_t>{230, 55, 115}));
  EXPECT_EQ(tr.run.theta.size(), 2U);  // V/θ̂₁ and H₂/θ̂₂; the last batch releases nothing
  EXPECT_EQ(tr.pgd_iterations.size(), 2U);
  const unsigned wb = shuffle_glm_weight_bits(inst.q);
  const Integer cap = floor(Rational(Integer(Integer(1) << wb)) / p.kappa_star);
  for (std::size_t t = 0; t < 400; ++t) {
    EXPECT_LT(tr.run.actions[t], inst.K);
    if (t < 230) EXPECT_EQ(tr.run.weights[t], Integer(Integer(1) << wb));
    else EXPECT_LE(tr.run.weights[t], cap);
  }
  for (const auto& th : tr.run.theta) {
    Rational n2 = 0;
    for (const Rational& v : th) n2 += v * v;
    EXPECT_LE(n2, p.S * p.S);
  }
  // λ ≈ 1.9·10⁵ dwarfs P₂'s noise (σ̃ ≈ 8·10³): both released matrices are positive definite.
  EXPECT_EQ(tr.not_pd, 0U);
}

TEST(ShuffleGlmTest, BadInputIsRefusedNamingTheParameter) {
  const auto refused = [](ShuffleGlmParams p, unsigned q, const std::string& name) {
    try {
      validate_shuffle_glm(p, Link::logistic, q);
      ADD_FAILURE() << name << " accepted";
    } catch (const ParameterError& e) {
      EXPECT_NE(std::string(e.what()).find("'" + name + "'"), std::string::npos) << e.what();
    }
  };
  ShuffleGlmParams p;
  p.T = 400;
  validate_shuffle_glm(p, Link::logistic, 12);
  ShuffleGlmParams m = p;
  m.M = 1;
  refused(m, 12, "M");
  ShuffleGlmParams e = p;
  e.eps = 5;
  refused(e, 12, "eps");
  ShuffleGlmParams dl = p;
  dl.delta = Rational(1, 2);
  refused(dl, 12, "delta");
  ShuffleGlmParams k = p;
  k.kappa_star = 3;  // < 4 = 1/sup μ̇ (logistic)
  refused(k, 12, "kappa_star");
  ShuffleGlmParams kk = p;
  kk.kappa = 2;
  refused(kk, 12, "kappa");
  refused(p, 16, "q");
}

}  // namespace
}  // namespace dpb::ref
