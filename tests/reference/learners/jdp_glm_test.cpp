// jdp-glm, reference build, theorem profile (reference/learners/jdp_glm.hpp; Sarmasarkar 2026, arXiv:2602.00417,
// Alg. 2). Expected values are derived independently below (long double formulas of Eq. 19–21, Lemma I.4 and the
// weight rule; hand arguments for the degenerate runs), never copied from the code's output.
#include "reference/learners/jdp_glm.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "reference/bits/chacha20.hpp"
#include "reference/core/errors.hpp"
#include "reference/protocols/tree_mechanism.hpp"

namespace dpb::ref {
namespace {

// d = 2, q = 4 (grid 1/16), one arm set: a0 = (1/2, 0), a1 = (0, 3/4), a2 = (1/4, 1/4); θ* = (1, 0).
GlmInstance hand_instance(Link link) {
  GlmInstance inst;
  inst.link = link;
  inst.d = 2;
  inst.K = 3;
  inst.q = 4;
  inst.sets = 1;
  inst.S = Rational(1);
  inst.theta = {16, 0};
  inst.arms = {8, 0, 0, 12, 4, 4};
  validate(inst, "test");
  return inst;
}

JdpGlmParams params(std::uint64_t T, Rational kappa, Rational kappa_star, Rational gamma_constant = Rational(1)) {
  JdpGlmParams p;
  p.T = T;
  p.eps = Rational(1);
  p.delta = Rational(1, 100);
  p.kappa = kappa;
  p.kappa_star = kappa_star;
  p.S = Rational(1);
  p.gamma_constant = gamma_constant;
  return p;
}

long double ld(const Rational& x) { return static_cast<long double>(x.convert_to<double>()); }

// ⌈x⌉ of a long double that is not within 1e-6 of an integer (else the test would not be independent).
Integer safe_ceil(long double x) {
  EXPECT_GT(std::fabs(x - std::round(x)), 1e-6L) << "too close to an integer to decide in long double";
  return Integer(static_cast<long long>(std::ceil(x)));
}

TEST(JdpGlmTest, ConstantsFollowEq19To21AndLemmaI4RoundedUp) {
  // T = 64, d = 2, ε = 1, δ = 1/100, ζ = δ/2 (default), κ = 8, κ* = 4, S = R = 1, C = c = 1.
  const JdpGlmConstants k = jdp_glm_constants(params(64, Rational(8), Rational(4)), Link::logistic, 2, 4);
  const long double T = 64, d = 2, eps = 1, delta = 0.01L, zeta = 0.005L, kappa = 8, ks = 4, sd = std::sqrt(d);
  const long double lambda =
      64 * (4 * sd + 1) * std::log(32 / delta) * std::log(T) * (std::log(16 * T / zeta) + sd) / (eps * ks);
  EXPECT_EQ(k.zeta, Rational(1, 200));
  EXPECT_EQ(k.lambda, safe_ceil(lambda));
  EXPECT_EQ(k.lambda_max, safe_ceil(lambda * (4 * sd + 2) / (4 * sd + 1)));
  const long double gamma = d * std::pow(std::log(T * d / zeta), 2) * std::log(32 / delta) / (ks * ks);
  const long double beta = sd * std::log(T / zeta) * std::log(1 / delta) / std::sqrt(eps * ks);
  // rounded up to 2^−32: within [x, x + 2^−32] (up to the long double's own error)
  EXPECT_GE(ld(k.gamma), gamma * (1 - 1e-15L));
  EXPECT_LE(ld(k.gamma), gamma + std::ldexp(1.0L, -32) + 1e-12L);
  EXPECT_GE(ld(k.beta), beta * (1 - 1e-15L));
  EXPECT_LE(ld(k.beta), beta + std::ldexp(1.0L, -32) + 1e-12L);
  EXPECT_EQ(k.threshold, 1 / (k.gamma * k.gamma * Rational(8)));
  // count1 = ⌈8 d R² κ γ² ln T⌉ (unrounded γ)
  EXPECT_EQ(k.count1, safe_ceil(8 * d * kappa * gamma * gamma * std::log(T)));
  // trees: m = ⌈log₂ 64⌉ + 1 = 7; σ_H = 6√m ln(32/δ)/(κ*ε), σ_V the same at κ* = 1 (the corrected V tree)
  const long double sigma_V = 6 * std::sqrt(7.0L) * std::log(32 / delta) / eps;
  EXPECT_GE(ld(k.sigma_V), sigma_V * (1 - 1e-15L));
  EXPECT_LE(ld(k.sigma_V), sigma_V + std::ldexp(1.0L, -32) + 1e-12L);
  EXPECT_GE(ld(k.sigma_H), sigma_V / ks * (1 - 1e-15L));
  EXPECT_LE(ld(k.sigma_H), sigma_V / ks + std::ldexp(1.0L, -32) + 1e-12L);
  // per-call budgets of θ̂_o: ε_o = ε/(6√(2k₁ ln(4/δ))) (rounded down to 2^−64), δ_o = δ/(6k₁)
  const long double k1 = ld(Rational(k.count1));
  EXPECT_NEAR(ld(k.eps_o), eps / (6 * std::sqrt(2 * k1 * std::log(4 / delta))), 1e-15L);
  EXPECT_LE(k.eps_o * 6, Rational(1));
  EXPECT_EQ(k.delta_o, Rational(1, 100) / (6 * Rational(k.count1)));
  EXPECT_EQ(k.grid_bits, 2U * 4 + 32);
}

TEST(JdpGlmTest, TheoremConstantsMakeCriterionIFireEveryRound) {
  // Degenerate at small T: with κ = 64 the threshold 1/(γ²κ) ≈ 1/(104²·64) ≈ 1/692000, while λ ≈ 48700 and the V
  // tree's prefix noise (σ_V ≈ 128 per node, ≤ 5 nodes) keep ‖a1‖²_{V⁻¹} ≥ (9/16)/(λ + 16 + 5000) ≈ 1/95000: every
  // round explores. count1's cutoff (thousands) is not reached: one P_GD call per round, each with
  // T_it = ⌊ε_o² n²/(d ln³(nd/δ_o))⌋ = 0 (ε_o < 10^−3, n ≤ 16), so θ̂_o stays θ₀ = 0. Round 1 sees V = λI exactly:
  // the longest arm a1 is played.
  const GlmInstance inst = hand_instance(Link::logistic);
  const JdpGlmTrajectory tr = jdp_glm(params(16, Rational(64), Rational(4)), inst, 11, 0);
  ASSERT_EQ(tr.actions.size(), 16U);
  EXPECT_EQ(tr.explore, std::vector<std::uint8_t>(16, 1));
  EXPECT_EQ(tr.actions[0], 1U);
  EXPECT_EQ(tr.count1, 16U);
  EXPECT_EQ(tr.count2, 0U);
  EXPECT_TRUE(tr.switches.empty());
  EXPECT_TRUE(tr.weights.empty());
  EXPECT_EQ(tr.not_pd, 0U);
  ASSERT_EQ(tr.pgd_iterations.size(), 16U);
  for (const Integer& it : tr.pgd_iterations) EXPECT_EQ(it, 0);
  for (const auto& th : tr.theta_o) EXPECT_EQ(th, (std::vector<Rational>{Rational(0), Rational(0)}));
  EXPECT_EQ(tr.link_label, "logistic");
}

TEST(JdpGlmTest, ExploitationWithoutSwitchPlaysTheLongestArmWithClippedWeights) {
  // c = 10^−6 makes γ ≈ 10^−4: the threshold 1/(γ²κ) ≈ 10^6 exceeds every ‖x‖²_{V⁻¹} ≤ 1/λ_min(V): no Criterion I.
  // H_t = λI + Σ w x xᵀ + noise with Σ w ‖x‖² ≤ 16·0.1 and the noise ≤ a few hundred against λ ≈ 48700: det H_t stays
  // within a few percent of λ², never above 2λ² (= 2·max_{s≤0} det): no switch, θ̂_τ = 0, H_τ = λI, θ̂_o = 0. Nothing
  // is eliminated (⟨x − z, 0⟩ = 0 plus non-negative widths) and the index β‖x‖/√λ picks a1 (‖a1‖² = 9/16 largest).
  // Weight: min(⌊μ̇(0)/e·2^32⌋, ⌊2^32/κ*⌋) with μ̇(0) = 1/4: ⌊2^30/e⌋ = 395007542 below κ* = 4's cap 2^30; κ* = 16 cuts
  // it to 2^28 (the H tree's clip 1/κ*).
  const long double w = std::ldexp(1.0L, 30) / std::exp(1.0L);
  ASSERT_GT(w - std::floor(w), 1e-3L);
  const Integer unclipped(static_cast<long long>(std::floor(w)));
  // Control: the two expectations differ, so a learner that skipped the clip (or clipped at the wrong κ*) fails.
  ASSERT_GT(unclipped, Integer(1) << 28);
  ASSERT_LT(unclipped, Integer(1) << 30);
  for (const auto& [ks, expected] : {std::pair{Rational(4), unclipped}, std::pair{Rational(16), Integer(1) << 28}}) {
    const GlmInstance inst = hand_instance(Link::logistic);
    const JdpGlmTrajectory tr = jdp_glm(params(16, Rational(64), ks, Rational(1, 1000000)), inst, 5, 0);
    EXPECT_EQ(tr.explore, std::vector<std::uint8_t>(16, 0));
    EXPECT_EQ(tr.actions, std::vector<std::uint32_t>(16, 1));
    EXPECT_TRUE(tr.switches.empty());
    EXPECT_TRUE(tr.pgd_iterations.empty());
    EXPECT_EQ(tr.weights, std::vector<Integer>(16, expected)) << "kappa* = " << to_string(ks);
  }
}

TEST(JdpGlmTest, BeforeTheFirstSwitchEqualNormsGoToTheLowestIndex) {
  // a0 = (1/2, 0) and a1 = (0, 1/2) have the same norm: with θ̂_τ = 0 and H_τ = λI the index β‖x‖/√λ ties exactly,
  // which no interval test decides; the rule "ties to the lowest index" plays a0 (γ's constant 10⁻⁶: no Criterion I,
  // no switch, as in the test above; nothing is eliminated since θ̂_o = 0).
  GlmInstance inst = hand_instance(Link::logistic);
  inst.arms = {8, 0, 0, 8, 4, 4};
  validate(inst, "test");
  const JdpGlmTrajectory tr = jdp_glm(params(16, Rational(64), Rational(4), Rational(1, 1000000)), inst, 5, 0);
  EXPECT_TRUE(tr.switches.empty());
  EXPECT_EQ(tr.actions, std::vector<std::uint32_t>(16, 0));
}

TEST(JdpGlmTest, AZeroEstimateWithANoisyHUsesHTausNormExactly) {
  // θ̂_τ = 0 also after a switch (a P_GD call with T_it = 0 returns θ₀ = 0), but then H_τ ≠ λI and the index is
  // β‖x‖_{H_τ⁻¹}: with H_τ = diag(2λ, λ), a1 = (0, 1/2) beats a0 = (1/2, 0) of the same Euclidean norm (the rule of
  // the test above, ties to the lowest index, holds only for H_τ = λI exactly); with diag(λ, 2λ), a0 wins.
  const JdpGlmConstants k = jdp_glm_constants(params(64, Rational(8), Rational(4)), Link::logistic, 2, 4);
  const std::vector<std::int64_t> arms{8, 0, 0, 8};
  const std::vector<Rational> s(2, Rational(1, 1000)), zero(2, Rational(0));
  const Rational l(k.lambda);
  EXPECT_EQ(jdp_internal::exploit(k, Rational(8), arms, 2, 2, 4, s, zero, zero, {2 * l, 0, 0, l}, 1).action, 1u);
  EXPECT_EQ(jdp_internal::exploit(k, Rational(8), arms, 2, 2, 4, s, zero, zero, {l, 0, 0, 2 * l}, 1).action, 0u);
  EXPECT_EQ(jdp_internal::exploit(k, Rational(8), arms, 2, 2, 4, s, zero, zero, {l, 0, 0, l}, 1).action, 0u);
  // x and −x have the same ‖x‖_{H_τ⁻¹} for every H_τ: with H_τ = diag(λ, 2λ), (1/2, 0) and (−1/2, 0) tie exactly
  // above (0, 1/2) and the lowest index plays, decided without refinement (an interval comparison of the tie would
  // refine to the precision cap and throw GlmUndecided); with diag(2λ, λ), (0, 1/2) is the maximum.
  const std::vector<std::int64_t> opposite{0, 8, 8, 0, -8, 0};
  const std::vector<Rational> s3(3, Rational(1, 1000));
  const jdp_internal::Exploit tie =
      jdp_internal::exploit(k, Rational(8), opposite, 3, 2, 4, s3, zero, zero, {l, 0, 0, 2 * l}, 1);
  EXPECT_EQ(tie.action, 1u);
  EXPECT_EQ(tie.refinements, 0u);
  EXPECT_EQ(jdp_internal::exploit(k, Rational(8), opposite, 3, 2, 4, s3, zero, zero, {2 * l, 0, 0, l}, 1).action, 0u);
}

TEST(JdpGlmTest, ANoisyVThatIsNotPositiveDefiniteCountsAsCriterionI) {
  // ε = 15, κ = κ* = 10^6: Eq. 19 gives λ ≈ 0.0017 (long double below), so λ = ⌈λ⌉ = 1, while the corrected V tree's
  // σ_V = 6√5 ln(3200)/15 ≈ 7.2 per node: the noisy V is often indefinite. Such a round explores (Criterion I counts
  // as met) and plays the longest arm a1 (‖x‖₂ order; ‖x‖_{V⁻¹} is undefined). Round 1 sees V = λI = I (PD).
  JdpGlmParams p = params(16, Rational(1000000), Rational(1000000));
  p.eps = Rational(15);
  const long double sd = std::sqrt(2.0L);
  const long double lambda = 64 * (4 * sd + 1) * std::log(3200.0L) * std::log(16.0L) *
                             (std::log(16 * 16 / 0.005L) + sd) / (15 * 1e6L);
  ASSERT_LT(lambda, 1);
  const GlmInstance inst = hand_instance(Link::logistic);
  const JdpGlmTrajectory tr = jdp_glm(p, inst, 2, 0);
  EXPECT_EQ(tr.constants.lambda, 1);
  ASSERT_FALSE(tr.v_not_pd.empty()) << "this seed is expected to draw an indefinite V (a control that the path runs)";
  EXPECT_NE(tr.v_not_pd.front(), 1U);
  EXPECT_EQ(tr.not_pd, tr.v_not_pd.size() + tr.h_not_pd.size());
  for (const std::uint64_t t : tr.v_not_pd) {
    EXPECT_EQ(tr.explore[t - 1], 1) << "round " << t;
    EXPECT_EQ(tr.actions[t - 1], 1U) << "round " << t;
  }
}

TEST(JdpGlmTest, CriterionIIFiresWhenTheRunningMaximumOfNoisyDeterminantsDoubles) {
  // With the theorem's λ, det H doubles only after thousands of rounds; the test knob λ = 1 (outside the theorem) with
  // ε = 15, κ* = 4 makes the H tree's noise (σ_H = 6√m ln(3200)/60 ≈ 1.8 per node) comparable to λ, so Criterion II is
  // met within a few rounds. γ's constant 10^−6 puts the threshold 1/(γ²κ) far above every ‖x‖²_{V⁻¹} (V PD), so
  // a round explores only when the noisy V (or H_τ) is not PD.
  // Independent replay: the H tree is rebuilt here on its stream (jdp_glm_stream(run, 1)) from the trajectory's
  // leaves (w·x xᵀ with the recorded weights on exploitation rounds, 0 on exploration rounds); H_t = λI + the release
  // after t − 1 leaves, det H_t = h₀₀h₁₁ − h₀₁² (d = 2), D_t = max(λ², det H_1, …, det H_t), and Criterion II fires
  // at t iff round t did not explore by Criterion I (explore = 0, or a non-PD H_τ round), D_t > 2·D_τ and fewer than
  // k₂ switches happened before (D_τ = D at the last switch, initially λ²).
  const GlmInstance inst = hand_instance(Link::logistic);
  std::uint64_t switches = 0;
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    JdpGlmParams p = params(32, Rational(64), Rational(4), Rational(1, 1000000));
    p.eps = Rational(15);
    p.lambda_override = Integer(1);
    const JdpGlmTrajectory tr = jdp_glm(p, inst, seed, 0);
    ASSERT_EQ(tr.constants.lambda, 1);
    const unsigned r = tr.constants.grid_bits;
    TreeParams th;
    th.labels = LabelSet::symmetric_matrix(2);
    th.leaves = Integer(32);
    th.grid_bits = Integer(r);
    th.symmetrisation = Symmetrisation::Half;
    th.sigma = tr.constants.sigma_H;
    TreeMechanism tree(th);
    ChaCha20Source bits(seed, jdp_glm_stream(0, 1));
    std::vector<Integer> rel(3, Integer(0));
    Rational D = 1, D_tau = 1;
    std::uint64_t count2 = 0;
    std::size_t w = 0;
    std::vector<std::uint64_t> expected;
    for (std::uint64_t t = 1; t <= 32; ++t) {
      const Rational den(Integer(Integer(1) << r));
      const Rational h00 = 1 + Rational(rel[0]) / den, h01 = Rational(rel[1]) / den, h11 = 1 + Rational(rel[2]) / den;
      D = std::max(D, Rational(h00 * h11 - h01 * h01));
      const bool h_not_pd = std::find(tr.h_not_pd.begin(), tr.h_not_pd.end(), t) != tr.h_not_pd.end();
      const bool criterion_i = tr.explore[t - 1] == 1 && !h_not_pd;
      if (!criterion_i && D > 2 * D_tau && Integer(count2) < tr.constants.count2) {
        expected.push_back(t);
        D_tau = D;
        ++count2;
      }
      std::vector<Integer> leaf(3, Integer(0));
      if (tr.explore[t - 1] == 0) {
        const std::int64_t* f = &inst.arms[std::size_t{tr.actions[t - 1]} * 2];
        ASSERT_LT(w, tr.weights.size());
        leaf = {Integer(Integer(f[0]) * f[0] * tr.weights[w]), Integer(Integer(f[0]) * f[1] * tr.weights[w]),
                Integer(Integer(f[1]) * f[1] * tr.weights[w])};
        ++w;
      }
      rel = tree.add_numerators(leaf, bits).release;
    }
    EXPECT_EQ(w, tr.weights.size());
    EXPECT_EQ(tr.switches, expected) << "seed " << seed;
    EXPECT_EQ(tr.count2, tr.switches.size());
    EXPECT_EQ(rel, tr.release_H) << "seed " << seed;
    switches += tr.switches.size();
  }
  EXPECT_GT(switches, 0U) << "no seed met Criterion II: the replay above was never tested";
}

TEST(JdpGlmTest, ProbitIsLabelledOutsideDefinition41) {
  const GlmInstance inst = hand_instance(Link::probit);
  const JdpGlmTrajectory tr = jdp_glm(params(16, Rational(64), Rational(3), Rational(1, 1000000)), inst, 5, 0);
  EXPECT_EQ(tr.link_label, "probit (outside Def. 4.1 (F1))");
  EXPECT_EQ(tr.actions.size(), 16U);
}

TEST(JdpGlmTest, BadInputNamesTheParameter) {
  const GlmInstance inst = hand_instance(Link::logistic);
  const auto message = [&](JdpGlmParams p) -> std::string {
    try {
      jdp_glm(p, inst, 1, 0);
    } catch (const ParameterError& e) {
      return e.what();
    }
    return "no error";
  };
  JdpGlmParams p = params(16, Rational(8), Rational(4));
  p.zeta = p.delta;  // Thm 6.2 needs δ > ζ
  EXPECT_NE(message(p).find("'zeta'"), std::string::npos) << message(p);
  p.zeta = Rational(1, 50);
  EXPECT_NE(message(p).find("'zeta'"), std::string::npos);
  p = params(8, Rational(8), Rational(4));
  EXPECT_NE(message(p).find("'T'"), std::string::npos) << message(p);
  p = params(16, Rational(2), Rational(4));  // κ < κ*
  EXPECT_NE(message(p).find("'kappa'"), std::string::npos) << message(p);
  p = params(16, Rational(8), Rational(2));  // κ* below 1/sup μ̇ = 4 of the logistic link
  EXPECT_NE(message(p).find("'kappa_star'"), std::string::npos) << message(p);
  p = params(16, Rational(8), Rational(4));
  p.S = Rational(0);
  EXPECT_NE(message(p).find("'S'"), std::string::npos) << message(p);
  p = params(16, Rational(8), Rational(4));
  p.delta = Rational(1, 2);
  EXPECT_NE(message(p).find("'delta'"), std::string::npos) << message(p);
  p = params(16, Rational(8), Rational(4), Rational(0));
  EXPECT_NE(message(p).find("'gamma_constant'"), std::string::npos) << message(p);
  for (const std::string& m : {message(params(8, Rational(8), Rational(4)))})
    EXPECT_EQ(m.rfind("jdp_glm: parameter", 0), 0U) << m;
}

}  // namespace
}  // namespace dpb::ref
