// jdp-glm --profile paper-code, reference build (reference/learners/jdp_glm_paper_code.cpp, the DP-SGD of
// reference/learners/internal/dp_sgd_code.hpp; spec 003 §7.3). Expected values are derived independently below
// (long double formulas of spec §7.3, hand arithmetic on grid values), never copied from the code's output.
#include <gtest/gtest.h>

#include <cmath>

#include "reference/bits/chacha20.hpp"
#include "reference/core/errors.hpp"
#include "reference/learners/internal/dp_sgd_code.hpp"
#include "reference/learners/jdp_glm.hpp"
#include "reference/privacy/subsampled_rdp.hpp"

namespace dpb::ref {
namespace {

long double ld(const Rational& x) { return static_cast<long double>(x.convert_to<double>()); }
const long double k2m32 = std::ldexp(1.0L, -32);

// d = 2, q = 4 (grid 1/16), one arm set: a0 = (1/2, 0), a1 = (0, 3/4), a2 = (1/4, 1/4); θ* = (1, 0).
GlmInstance hand_instance() {
  GlmInstance inst;
  inst.link = Link::logistic;
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

// T = 64, d = 2, ε = 8, δ = ζ = 1/10, κ = 40, κ* = 4, S = 8: λ ≈ 26 and the threshold 1/(0.01·40·64·2) ≈ 0.0195
// lies below ‖a1‖²/λ ≈ 0.021: the first rounds explore; count1 = ⌊2·40·γ² ln 64/20000⌋ with γ² = 128 ln 640 ≈ 827.
JdpGlmParams params(std::uint64_t T = 64) {
  JdpGlmParams p;
  p.profile = JdpProfile::PaperCode;
  p.T = T;
  p.eps = Rational(8);
  p.delta = Rational(1, 10);
  p.kappa = Rational(40);
  p.kappa_star = Rational(4);
  p.S = Rational(8);
  return p;
}

// ⌊x⌋ of a long double not within 1e-6 of an integer.
long long safe_floor(long double x) {
  EXPECT_GT(std::fabs(x - std::round(x)), 1e-6L) << "too close to an integer to decide in long double";
  return static_cast<long long>(std::floor(x));
}

void expect_rounded_up(const Rational& got, long double x) {
  EXPECT_GE(ld(got), x * (1 - 1e-15L));
  EXPECT_LE(ld(got), x + k2m32 + 1e-12L);
}

TEST(JdpGlmPaperCodeTest, ConstantsFollowTheCodeRoundedUp) {
  const JdpGlmPaperConstants k = jdp_glm_paper_constants(params(), Link::logistic, 2, 4);
  const long double T = 64, d = 2, eps = 8, delta = 0.1L, zeta = 0.1L, kappa = 40, ks = 4, S = 8;
  const long double l4t = std::log(4 * T / zeta);
  const long double spread = std::log(4 / delta) * l4t * l4t / (eps * ks);
  const long double lambda = 2 * spread + 0.75L * d * l4t;
  const long double lmin = lambda - 1.5L * spread, lmax = lambda + 1.5L * spread;
  const long double gamma = S * std::sqrt(d * std::log(T / zeta)), beta = 4 * std::sqrt(d * std::log(T / zeta));
  EXPECT_EQ(k.zeta, Rational(1, 10));  // ζ defaults to δ in paper-code
  expect_rounded_up(k.lambda, lambda);
  expect_rounded_up(k.gamma, gamma);
  expect_rounded_up(k.beta, beta);
  EXPECT_EQ(k.threshold, Rational(1) / (Rational(1, 100) * Rational(40) * Rational(64) * Rational(2)));
  EXPECT_EQ(k.count1, safe_floor(d * kappa * gamma * gamma * std::log(T) / 20000));
  EXPECT_EQ(k.count2, safe_floor(std::log2(lmax / lmin + T / (ks * ks * lmin * d))));
  EXPECT_EQ(k.grid_bits, 2 * 4 + 32U);
  // trees: ρ with ε/3 = ρ + 2√(ρ ln(3/δ)), σ = C/√(2ρ/m), m = ⌈log₂ 64⌉ + 1 = 7; C = 1 (V), 1/κ* (H)
  const long double L = std::log(3 / delta), sr = std::sqrt(L + eps / 3) - std::sqrt(L), rho = sr * sr;
  EXPECT_NEAR(rho + 2 * std::sqrt(rho * L), eps / 3, 1e-12L);
  expect_rounded_up(k.sigma_V, std::sqrt(7 / (2 * rho)));
  expect_rounded_up(k.sigma_H, std::sqrt(7 / (2 * rho)) / ks);
  // per_step_budget_auto(ε/3, δ/3, k): naive for k <= 10, else advanced composition at δ′ = δ₃/2 solved for e₀
  const auto check_budget = [&](const Rational& e, const Rational& dl, const Integer& cut) {
    const long double kk = ld(Rational(cut)), e3 = eps / 3, d3 = delta / 3;
    if (cut <= 10) {
      EXPECT_EQ(e, Rational(8, 3) / Rational(cut));
      EXPECT_EQ(dl, Rational(1, 30) / Rational(cut));
      return;
    }
    const auto f = [&](long double e0) { return std::sqrt(2 * kk * std::log(2 / d3)) * e0 + kk * e0 * std::expm1(e0); };
    EXPECT_LE(f(ld(e)), e3 * (1 + 1e-12L));
    EXPECT_GT(f(ld(e) + std::ldexp(1.0L, -40)), e3 * (1 - 1e-12L));
    EXPECT_EQ(dl, Rational(1, 30) / (2 * Rational(cut)));
  };
  check_budget(k.eps_o, k.delta_o, k.count1);
  check_budget(k.eps_tau, k.delta_tau, k.count2);
}

TEST(JdpGlmPaperCodeTest, BudgetSplitAboveTenCallsIsTheBisectionRoot) {
  // κ = 400: count1 = ⌊2·400·827.5·ln 64/20000⌋ = 137 > 10, so the budget is the advanced-composition root
  JdpGlmParams p = params();
  p.kappa = Rational(400);
  const JdpGlmPaperConstants k = jdp_glm_paper_constants(p, Link::logistic, 2, 4);
  const long double kk = ld(Rational(k.count1)), e3 = 8.0L / 3, d3 = 0.1L / 3;
  ASSERT_GT(kk, 10);
  const auto f = [&](long double e0) { return std::sqrt(2 * kk * std::log(2 / d3)) * e0 + kk * e0 * std::expm1(e0); };
  // the root by an independent bisection in long double
  long double lo = 0, hi = 1;
  for (int i = 0; i < 200; ++i) (f((lo + hi) / 2) <= e3 ? lo : hi) = (lo + hi) / 2;
  EXPECT_LE(ld(k.eps_o), lo * (1 + 1e-12L));
  EXPECT_GE(ld(k.eps_o), lo - std::ldexp(1.0L, -40) - 1e-15L);
  EXPECT_EQ(k.delta_o, Rational(1, 30) / (2 * Rational(k.count1)));
}

TEST(JdpGlmPaperCodeTest, StepSizeIsTenOverRootTRoundedUp) {
  EXPECT_EQ(internal::dp_sgd_step(Rational(10), 1), Rational(10));
  EXPECT_EQ(internal::dp_sgd_step(Rational(10), 4), Rational(5));
  EXPECT_EQ(internal::dp_sgd_step(Rational(10), 100), Rational(1));
  for (std::uint64_t t : {2ULL, 3ULL, 7ULL, 1000ULL}) expect_rounded_up(internal::dp_sgd_step(Rational(10), t), 10 / std::sqrt((long double)t));
}

TEST(JdpGlmPaperCodeTest, NoiseMultiplierIsTheLeastGridSigmaOfTheRdpFormula) {
  // n = 100 <= 2048: one batch (q = 1), 50 steps: ε(σ) = min_α 50α/(2σ²) + ln(1/δ)/(α − 1)
  const Rational eps(1, 2), delta(1, 1000);
  const Rational sigma = internal::calibrate_dp_sgd_sigma(eps, delta, 100);
  const auto e = [&](long double s) {
    long double best = 1e300L;
    for (int a = 2; a <= 63; ++a) best = std::min(best, 50.0L * a / (2 * s * s) + std::log(1000.0L) / (a - 1));
    return best;
  };
  EXPECT_LE(e(ld(sigma)), 0.5L);
  EXPECT_GT(e(ld(sigma) - std::ldexp(1.0L, -20)), 0.5L);
  EXPECT_EQ(ld(Rational(sigma * Rational(Integer(1) << 20))), std::floor(ld(Rational(sigma * Rational(Integer(1) << 20)))));
  EXPECT_LE(ld(internal::dp_sgd_rdp_eps_upper(sigma, delta, 100)), 0.5L);
  // n = 5000 > 2048: batches of 2048, 3 per epoch, q = 2048/5000, 150 steps
  const Rational s2 = internal::calibrate_dp_sgd_sigma(Rational(1), delta, 5000);
  const auto e2 = [&](long double s) {
    const long double qq = 2048.0L / 5000;
    long double best = 1e300L;
    for (int a = 2; a <= 63; ++a) best = std::min(best, 150.0L * a * qq * qq / (2 * s * s) + std::log(1000.0L) / (a - 1));
    return best;
  };
  EXPECT_LE(e2(ld(s2)), 1.0L);
  EXPECT_GT(e2(ld(s2) - std::ldexp(1.0L, -20)), 1.0L);
}

TEST(JdpGlmPaperCodeTest, PerSampleGradientIsClippedToOneFifthAndTruncated) {
  const Rational G(Integer(1) << 32);
  // z = 0: μ = 1/2. ‖x‖² = 1/16: |a|‖x‖ = 1/8 < 1/5, unclipped: ±2^31
  EXPECT_EQ(internal::dp_sgd_clipped_scalar(Link::logistic, Rational(0), 0, Rational(1, 16), Rational(1, 5)), Integer(1) << 31);
  EXPECT_EQ(internal::dp_sgd_clipped_scalar(Link::logistic, Rational(0), 1, Rational(1, 16), Rational(1, 5)),
            -(Integer(1) << 31));
  // ‖x‖² = 1: |a| = 1/2 > 1/5: clipped to 1/5, ⌊2^32/5⌋ = 858993459
  EXPECT_EQ(internal::dp_sgd_clipped_scalar(Link::logistic, Rational(0), 0, Rational(1), Rational(1, 5)), Integer(858993459));
  // ‖x‖² = 1/4: C/‖x‖ = 2/5 < 1/2: ⌊2^32·2/5⌋ = 1717986918
  EXPECT_EQ(internal::dp_sgd_clipped_scalar(Link::logistic, Rational(0), 1, Rational(1, 4), Rational(1, 5)),
            Integer(-1717986918));
  // z = 1, y = 0, ‖x‖² = 1/64: μ(1) = 1/(1 + e^{−1}), |a|/8 ≈ 0.091 < 0.2: ⌊μ(1)·2^32⌋
  const long double mu1 = 1 / (1 + std::exp(-1.0L));
  EXPECT_EQ(internal::dp_sgd_clipped_scalar(Link::logistic, Rational(1), 0, Rational(1, 64), Rational(1, 5)),
            Integer(safe_floor(mu1 * std::ldexp(1.0L, 32))));
  // y = 1: 1 − μ(1) = μ(−1), negative
  EXPECT_EQ(internal::dp_sgd_clipped_scalar(Link::logistic, Rational(1), 1, Rational(1, 64), Rational(1, 5)),
            Integer(-safe_floor((1 - mu1) * std::ldexp(1.0L, 32))));
}

TEST(JdpGlmPaperCodeTest, OneStepIsThetaMinusEtaTimesMeanGradientPlusNoise) {
  // two samples at θ = 0 (μ = 1/2): x0 = (1/2, 0), y0 = 0 → c0 = 1/2 (|a|‖x‖ = 1/4 > 1/5: clipped to 2/5);
  // x1 = (0, 1/4), y1 = 1 → c1 = −1/2 (1/8 < 1/5: unclipped). ḡ = ((2/5)(1/2), (−1/2)(1/4))/2 = (1/10, −1/16)
  // (2/5 is truncated on 2^−32: ⌊2^32·2/5⌋·2^−32); noise (1, −2)·2^−32, η = 1:
  // θ' = ⌊(−ḡ − ν)·2^32⌋·2^−32.
  const internal::DpSgd sgd(Link::logistic, 4, 2, Rational(1));
  const std::vector<internal::DpSgdSample> data{{0, {8, 0}}, {1, {0, 4}}};
  const std::vector<std::size_t> batch{0, 1};
  const std::vector<Integer> noise{Integer(1), Integer(-2)};
  const std::vector<Rational> th = sgd.step(data, batch, {Rational(0), Rational(0)}, Rational(1), noise);
  const Rational G(Integer(1) << 32);
  const Rational c0 = Rational(Integer(1717986918)) / G;
  const Rational g0 = c0 * Rational(1, 2) / 2, g1 = Rational(-1, 2) * Rational(1, 4) / 2;
  EXPECT_EQ(th[0], Rational(floor(Rational((-g0 - 1 / G) * G))) / G);
  EXPECT_EQ(th[1], Rational(floor(Rational((-g1 + 2 / G) * G))) / G);
  EXPECT_EQ(th[1], Rational(1, 16) + 2 / G);
  // negative control: without the clip (C = 1) the first coordinate is −1/8 − 2^−32, which the hand value rejects
  internal::DpSgdSettings noclip;
  noclip.clip = Rational(1);
  const internal::DpSgd wrong(Link::logistic, 4, 2, Rational(1), noclip);
  const std::vector<Rational> tw = wrong.step(data, batch, {Rational(0), Rational(0)}, Rational(1), noise);
  EXPECT_NE(tw[0], th[0]);
  EXPECT_EQ(tw[0], Rational(-1, 8) - 1 / G);
}

TEST(JdpGlmPaperCodeTest, RunComposesShuffledBatchesStepsAndTheBurnInAverage) {
  // n = 3, batch 2 (2 batches per epoch: lengths 2 and 1), 4 epochs, burn-in 2: replayed here from the header's bit
  // rule — per epoch a Fisher–Yates permutation (i = 2, 1: j = uniform_below(i + 1)), then per batch d = 2
  // RoundedNormal(σ·C/ℓ, 32) draws; η_t = dp_sgd_step(10, t), t = 1..8; output ⌊mean of epochs 3, 4·2^32⌋·2^−32.
  internal::DpSgdSettings st;
  st.batch = 2;
  st.epochs = 4;
  st.burn_in = 2;
  const Rational sigma(3, 2);
  const internal::DpSgd sgd(Link::logistic, 4, 2, sigma, st);
  const std::vector<internal::DpSgdSample> data{{0, {8, 0}}, {1, {0, 12}}, {1, {4, 4}}};
  const std::vector<Rational> theta0{Rational(1, 8), Rational(-1, 4)};
  ChaCha20Source sa(99, 5), sb(99, 5);
  CountingSource a(sa), b(sb);
  const internal::DpSgdResult res = sgd.run(data, theta0, a);
  std::vector<std::size_t> perm{0, 1, 2};
  std::vector<Rational> th = theta0, sum(2, Rational(0));
  const RoundedNormal n2(sigma * Rational(1, 5) / 2, Integer(32)), n1(sigma * Rational(1, 5), Integer(32));
  std::uint64_t t = 0;
  for (int e = 1; e <= 4; ++e) {
    for (std::uint64_t i = 2; i >= 1; --i) std::swap(perm[i], perm[uniform_below_u64(b, i + 1)]);
    for (int k = 0; k < 2; ++k) {
      const RoundedNormal& nz = k == 0 ? n2 : n1;
      std::vector<Integer> nu{nz(b), nz(b)};
      const std::vector<std::size_t> batch = k == 0 ? std::vector<std::size_t>{perm[0], perm[1]}
                                                    : std::vector<std::size_t>{perm[2]};
      th = sgd.step(data, batch, th, internal::dp_sgd_step(Rational(10), ++t), nu);
    }
    if (e > 2) for (int j = 0; j < 2; ++j) sum[j] += th[j];
  }
  const Rational G(Integer(1) << 32);
  EXPECT_EQ(res.steps, 8U);
  for (int j = 0; j < 2; ++j) EXPECT_EQ(res.theta[j], Rational(floor(Rational(sum[j] / 2 * G))) / G);
  EXPECT_EQ(a.count(), b.count());  // the same bits consumed
  EXPECT_GT(a.count(), 0U);
}

TEST(JdpGlmPaperCodeTest, ScaledVLeafAndMatrixAndPsdFloor) {
  // x = (1/2, 1/4) (f = (8, 4), q = 4), s = 1: xxᵀ/2 = (1/8, 1/16; 1/16, 1/32) on 2^−40: numerators 2^37, 2^36, 2^35
  const std::vector<std::int64_t> f{8, 4};
  const std::vector<Integer> leaf = jdp_internal::scaled_v_leaf(f, 4, Rational(1), 40);
  ASSERT_EQ(leaf.size(), 3U);  // LabelSet::symmetric_matrix(2): (0,0), (0,1), (1,1)
  EXPECT_EQ(leaf[0], Integer(1) << 37);
  EXPECT_EQ(leaf[1], Integer(1) << 36);
  EXPECT_EQ(leaf[2], Integer(1) << 35);
  // s = 2: 1/3 of the same: truncated toward 0, also for a negative entry
  const std::vector<Integer> l3 = jdp_internal::scaled_v_leaf(std::vector<std::int64_t>{8, -4}, 4, Rational(2), 40);
  EXPECT_EQ(l3[0], (Integer(1) << 38) / 3);
  EXPECT_EQ(l3[1], -((Integer(1) << 37) / 3));
  // λI + release: λ = 5/2, release (1, 2, 3)·2^−1
  const std::vector<Rational> M = jdp_internal::matrix_rational({Integer(1), Integer(2), Integer(3)}, 2, Rational(5, 2), 1);
  EXPECT_EQ(M, (std::vector<Rational>{Rational(3), Rational(1), Rational(1), Rational(4)}));
  // PSD floor: 10⁻¹²·I + ε·I passes, exactly 10⁻¹²·I does not (eigenvalue not above the floor)
  const Rational fl(1, 1000000000000);
  EXPECT_TRUE(jdp_internal::above_psd_floor({fl + Rational(1, 1000000000000000), 0, 0, Rational(1)}, 2));
  EXPECT_FALSE(jdp_internal::above_psd_floor({fl, 0, 0, Rational(1)}, 2));
  EXPECT_FALSE(jdp_internal::above_psd_floor({Rational(1), Rational(1), Rational(1), Rational(1)}, 2));
}

TEST(JdpGlmPaperCodeTest, UcbCentreIsTheMeanOfThetaWAndThetaTau) {
  // hand arms a0 = (1/2, 0), a1 = (0, 3/4), a2 = (1/4, 1/4); H_τ = 4I, β = 1, γ = 1000 (nothing is eliminated).
  // θ̂_w = (8, 0), θ̂_τ = (0, 2): c = (4, 1). Index ⟨x, c⟩ + ‖x‖/2: a0 2 + 1/4 = 2.25, a1 3/4 + 3/8 = 1.125,
  // a2 5/4 + √2/8 ≈ 1.43 → a0. With θ̂_τ as the centre (the paper's line 10) the indices are 1/4, 15/8, ≈ 0.68 → a1.
  const GlmInstance inst = hand_instance();
  JdpGlmPaperConstants k;
  k.lambda = Rational(4);
  k.gamma = Rational(1000);
  k.beta = Rational(1);
  const std::vector<Rational> s{Rational(1, 16), Rational(9, 64), Rational(1, 32)};  // ‖x‖²/4
  const std::vector<Rational> H{Rational(4), Rational(0), Rational(0), Rational(4)};
  const std::vector<Rational> tw{Rational(8), Rational(0)}, tt{Rational(0), Rational(2)};
  const std::vector<Rational> c{(tw[0] + tt[0]) / 2, (tw[1] + tt[1]) / 2};
  std::uint64_t ref = 0;
  EXPECT_EQ(jdp_internal::exploit_paper_code(k, Rational(40), inst.arms, 3, 2, 4, s, tw, c, H, 1, ref), 0U);
  // negative control: the paper's centre θ̂_τ picks another arm, so a learner using it would fail the line above
  EXPECT_EQ(jdp_internal::exploit_paper_code(k, Rational(40), inst.arms, 3, 2, 4, s, tw, tt, H, 1, ref), 1U);
  // elimination uses θ̂_w: with γ = 0 only a0 (⟨a0, θ̂_w⟩ = 4 > 2 > 0) survives, whatever the centre
  k.gamma = Rational(0);
  EXPECT_EQ(jdp_internal::exploit_paper_code(k, Rational(40), inst.arms, 3, 2, 4, s, tw, tt, H, 1, ref), 0U);
}

TEST(JdpGlmPaperCodeTest, RunExploresFirstAndCallsDpSgdWithinTheCaps) {
  const GlmInstance inst = hand_instance();
  const JdpGlmParams p = params();
  const JdpGlmTrajectory tr = jdp_glm(p, inst, 7, 0);
  ASSERT_TRUE(tr.paper.has_value());
  const JdpGlmPaperConstants& k = *tr.paper;
  ASSERT_EQ(tr.actions.size(), 64U);
  // round 1: V = λI exactly, ‖a1‖²/λ = (9/16)/λ >= threshold (λ < 28.8): explore, the longest arm a1
  ASSERT_LT(ld(k.lambda), 28.8L);
  EXPECT_EQ(tr.explore[0], 1);
  EXPECT_EQ(tr.actions[0], 1U);
  EXPECT_EQ(tr.psd_checks, 128U);  // V and H certified above the floor every round
  std::uint64_t explored = 0;
  for (std::uint8_t e : tr.explore) explored += e;
  EXPECT_EQ(Integer(tr.count1), std::min(Integer(explored), k.count1));
  EXPECT_EQ(tr.theta_o.size(), tr.count1);
  EXPECT_LE(Integer(tr.count2), k.count2);
  EXPECT_EQ(tr.switches.size(), tr.count2);
  EXPECT_EQ(tr.weights.size(), 64 - explored);
  // every DP-SGD call sees n <= 64 <= 2048 samples: one batch, 50 steps
  ASSERT_EQ(tr.pgd_iterations.size(), tr.sgd_sigma.size());
  for (const Integer& s : tr.pgd_iterations) EXPECT_EQ(s, 50);
  // the weight rule: μ̇/e ≤ 1/(4e) < 2^32/10
  for (const Integer& w : tr.weights) EXPECT_LT(w, (Integer(1) << 32) / 10);
  EXPECT_GE(tr.count1, 1U);       // θ̂_w was fitted (count1 = 13 here)
  EXPECT_LT(explored, 64U);        // and some rounds exploit
  // deterministic in (seed, run)
  const JdpGlmTrajectory again = jdp_glm(p, inst, 7, 0);
  EXPECT_EQ(again.actions, tr.actions);
  EXPECT_EQ(again.theta_o, tr.theta_o);
  EXPECT_EQ(again.release_H, tr.release_H);
}

TEST(JdpGlmPaperCodeTest, NoisyVBelowThePsdFloorFailsLoudly) {
  // T = 16, δ = ζ = 2/5, ε = 1, probit, κ = κ* = 3, S = 1: λ ≈ 47 against the V tree's σ_V ≈ 14 per node (up to 4
  // nodes per prefix): on some seeds a noisy V has an eigenvalue below 10⁻¹², where the code's projection would change
  // it; the reference stops with JdpPsdProjectionBinds (named, loud). On the seeds that complete, every round's V and
  // H were certified above the floor (psd_checks = 2T) and no round explores (threshold 100/(κS²d) ≈ 16.7).
  const GlmInstance inst = [] {
    GlmInstance g = hand_instance();
    g.link = Link::probit;
    return g;
  }();
  std::uint64_t binds = 0, completed = 0;
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    JdpGlmParams p = params(16);
    p.eps = Rational(1);
    p.delta = Rational(2, 5);
    p.kappa = Rational(3);
    p.kappa_star = Rational(3);
    p.S = Rational(1);
    try {
      const JdpGlmTrajectory tr = jdp_glm(p, inst, seed, 0);
      ++completed;
      EXPECT_EQ(tr.psd_checks, 32U);
      EXPECT_EQ(tr.explore, std::vector<std::uint8_t>(16, 0));
      EXPECT_EQ(tr.weights.size(), 16U);
    } catch (const JdpPsdProjectionBinds& e) {
      EXPECT_NE(std::string(e.what()).find("PSD projection"), std::string::npos) << e.what();
      ++binds;
    }
  }
  EXPECT_GT(completed, 0U);
  EXPECT_GT(binds, 0U) << "no seed reached the PSD floor: the loud failure was never tested";
}

TEST(JdpGlmPaperCodeTest, BadInputNamesTheParameter) {
  const GlmInstance inst = hand_instance();
  const auto message = [&](JdpGlmParams p) -> std::string {
    try {
      jdp_glm(p, inst, 1, 0);
    } catch (const ParameterError& e) {
      return e.what();
    }
    return "no error";
  };
  JdpGlmParams p = params();
  p.lambda_override = Integer(10);
  EXPECT_NE(message(p).find("'lambda_override'"), std::string::npos) << message(p);
  p = params(8);
  EXPECT_NE(message(p).find("'T'"), std::string::npos) << message(p);
  p = params();
  p.kappa = Rational(2);
  EXPECT_NE(message(p).find("'kappa'"), std::string::npos) << message(p);
  EXPECT_THROW(internal::calibrate_dp_sgd_sigma(Rational(0), Rational(1, 10), 5), ParameterError);
  EXPECT_THROW(internal::DpSgd(Link::logistic, 4, 2, Rational(0)), ParameterError);
  // the theorem profile's constants refuse a paper-code parameter set
  EXPECT_THROW(jdp_glm_constants(params(), Link::logistic, 2, 4), ParameterError);
}

}  // namespace
}  // namespace dpb::ref

namespace dpb::ref {
namespace {

// ---- the later commit (spec 003 §7.3; docs/decisions.md "jdp-glm paper-code, later commit") ----

JdpGlmParams later(std::uint64_t T = 64) {
  JdpGlmParams p = params(T);
  p.code_version = JdpCodeVersion::Later;
  return p;
}

TEST(JdpGlmPaperCodeLaterTest, CutoffsAndBudgetsOfTheLaterCommit) {
  const JdpGlmPaperConstants f = jdp_glm_paper_constants(params(), Link::logistic, 2, 4);
  const JdpGlmPaperConstants l = jdp_glm_paper_constants(later(), Link::logistic, 2, 4);
  EXPECT_EQ(l.version, JdpCodeVersion::Later);
  EXPECT_EQ(l.count1, std::max(f.count1, Integer(1)));
  EXPECT_EQ(l.count2, Integer(3 * f.count2));
  EXPECT_EQ(l.eps_o, f.eps_o);
  EXPECT_EQ(l.lambda, f.lambda);
  // three times the θ̂_τ calls: a smaller per-call budget (count2 >= 1 here)
  ASSERT_GE(f.count2, 1);
  EXPECT_LT(l.eps_tau, f.eps_tau);
  EXPECT_LT(l.delta_tau, f.delta_tau);
  // a setting with ⌊dκγ² ln T/20000⌋ = 0: the later commit still allows one θ̂_w call
  JdpGlmParams small = later(16);
  small.kappa = Rational(4);
  small.S = Rational(1, 4);
  JdpGlmParams small_first = small;
  small_first.code_version = JdpCodeVersion::First;
  EXPECT_EQ(jdp_glm_paper_constants(small_first, Link::logistic, 2, 4).count1, 0);
  EXPECT_EQ(jdp_glm_paper_constants(small, Link::logistic, 2, 4).count1, 1);
}

TEST(JdpGlmPaperCodeLaterTest, EpochsFollowThePerCallEpsilon) {
  EXPECT_EQ(internal::dp_sgd_later_epochs(Rational(1, 100)), 15U);
  EXPECT_EQ(internal::dp_sgd_later_epochs(Rational(3, 10)), 15U);   // ⌈15⌉
  EXPECT_EQ(internal::dp_sgd_later_epochs(Rational(301, 1000)), 16U);  // ⌈15.05⌉
  EXPECT_EQ(internal::dp_sgd_later_epochs(Rational(1)), 50U);
  EXPECT_EQ(internal::dp_sgd_later_epochs(Rational(3, 2)), 75U);
  EXPECT_EQ(internal::dp_sgd_later_epochs(Rational(5)), 100U);
  EXPECT_THROW(internal::dp_sgd_later_epochs(Rational(0)), ParameterError);
}

// The later commit's ε(σ), written here in long double: orders 2..63, 64, 128, 256, 512, 1024; at the noise
// multiplier z = σ/2 (the code's noise σ·C against the batch sum's replace-one sensitivity 2C), the smaller of WBK
// Thm 9 for the Gaussian and the Gaussian's α/(2z²) (γ = 1: the latter), composed over steps, CKS conversion.
long double later_eps_ld(long double sigma, long double delta, std::uint64_t n, std::uint64_t epochs) {
  const std::uint64_t b = std::min<std::uint64_t>(2048, n), nb = (n + b - 1) / b;
  const long double g = static_cast<long double>(b) / n, steps = static_cast<long double>(epochs * nb);
  const long double z = sigma / 2, x = 1 / (z * z);
  std::vector<long> orders;
  for (long a = 2; a <= 63; ++a) orders.push_back(a);
  for (const long a : {64L, 128L, 256L, 512L, 1024L}) orders.push_back(a);
  long double best = INFINITY;
  for (const long a : orders) {
    long double rdp = a * x / 2;
    if (b < n) {
      long double s = 1 + g * g * (a * (a - 1) / 2.0L) * std::min(4 * std::expm1(x), 2 * std::exp(x));
      for (long j = 3; j <= a; ++j)
        s += 2 * std::exp(j * std::log(g) + std::lgamma(a + 1.0L) - std::lgamma(j + 1.0L) - std::lgamma(a - j + 1.0L) +
                          j * (j - 1) * x / 2);
      rdp = std::min(rdp, std::log(s) / (a - 1));
    }
    best = std::min(best, steps * rdp + std::log1p(-1.0L / a) - (std::log(delta) + std::log(static_cast<long double>(a))) / (a - 1));
  }
  return best;
}

TEST(JdpGlmPaperCodeLaterTest, NoiseMultiplierIsTheLeastGridSigmaOfTheWithoutReplacementAccountant) {
  const long double grid = std::ldexp(1.0L, -20);
  // (ε, δ, n): full batch (γ = 1) and subsampled batches (n = 5000: γ = 2048/5000, 3 batches per epoch)
  for (const auto& [eps, delta, n] : {std::tuple{Rational(1, 30), Rational(1, 100000), std::uint64_t{40}},
                                      std::tuple{Rational(1, 2), Rational(1, 1000), std::uint64_t{700}},
                                      std::tuple{Rational(1), Rational(1, 1000), std::uint64_t{5000}}}) {
    internal::DpSgdSettings s;
    s.epochs = internal::dp_sgd_later_epochs(eps);
    const Rational sigma = internal::calibrate_dp_sgd_sigma_later(eps, delta, n, s);
    const long double sg = ld(sigma), e = ld(eps), dl = ld(delta);
    EXPECT_LE(later_eps_ld(sg, dl, n, s.epochs), e * (1 + 1e-12L)) << n;
    EXPECT_GT(later_eps_ld(sg - grid, dl, n, s.epochs), e * (1 - 1e-12L)) << n;
    const Rational scaled = sigma * Rational(Integer(Integer(1) << 20));
    EXPECT_EQ(scaled, Rational(floor(scaled)));  // on the grid 2^−20
    EXPECT_LE(internal::dp_sgd_later_eps_upper(sigma, delta, n, s), eps);
    EXPECT_GT(internal::dp_sgd_later_eps_upper(Rational(sigma - Rational(Integer(1), Integer(Integer(1) << 20))), delta, n, s), eps);
  }
  // ε = 1/30 at δ = 10⁻⁵ is below the first commit's floor ln(1/δ)/62 (orders <= 63): refused there, calibrated here
  internal::DpSgdSettings first;
  EXPECT_THROW(internal::calibrate_dp_sgd_sigma(Rational(1, 30), Rational(1, 100000), 40, first), ParameterError);
  // below every order's conversion floor (least at α = 1024: ln(1 − 1/1024) + (ln 10⁵ − ln 1024)/1023 ≈ 0.0035):
  // refused naming 'eps'
  internal::DpSgdSettings s15;
  s15.epochs = 15;
  try {
    internal::calibrate_dp_sgd_sigma_later(Rational(1, 1000), Rational(1, 100000), 40, s15);
    ADD_FAILURE() << "no refusal";
  } catch (const ParameterError& e) {
    EXPECT_NE(std::string(e.what()).find("'eps'"), std::string::npos) << e.what();
  }
}

// The factor 2 (docs/decisions.md "jdp-glm paper-code, later commit"): the batch sum's replace-one sensitivity,
// measured on this code's own clipped scalars, reaches 2C up to the 2^−32 truncation, so the run's noise σ·C is σ/2
// sensitivities, and that is what the accountant is fed — σ (the code's add/remove-style multiplier) would claim
// about twice the noise the run has.
TEST(JdpGlmPaperCodeLaterTest, AccountantIsFedHalfSigmaForTheReplaceOneSensitivityTwoClip) {
  const Rational C(1, 5), G(Integer(1) << 32);
  // one sample's x, ‖x‖ = 1 (x = e₁), replaced by the same x with the other label: a = μ(0) − y = ±1/2, clipped to ±C
  const Integer up = internal::dp_sgd_clipped_scalar(Link::logistic, Rational(0), 0, Rational(1), C);
  const Integer down = internal::dp_sgd_clipped_scalar(Link::logistic, Rational(0), 1, Rational(1), C);
  const Rational shift = Rational(Integer(up - down)) / G;  // ‖c x − c′x‖ of the batch sum, exact
  EXPECT_LE(shift, 2 * C);                                   // every clipped gradient is within C of 0
  EXPECT_GT(shift, 2 * C * Rational(999999, 1000000));       // and a replacement moves the sum by nearly 2C
  for (const Rational& sigma : {Rational(1), Rational(3, 2), Rational(Integer(12345), Integer(1) << 20)}) {
    const Rational z = internal::dp_sgd_later_noise_multiplier(sigma);
    EXPECT_EQ(z, sigma / 2);
    // honest: the noise std σ·C is at least z sensitivities of this pair; z = σ would not be
    EXPECT_LE(z * shift, sigma * C);
    EXPECT_GT(sigma * shift, sigma * C);
  }
  // the calibration uses it: ε at σ is the full-batch Gaussian's at z = σ/2, E·α/(2z²) = 2Eα/σ², minimised with the
  // CKS conversion (n = 40 <= 2048: γ = 1, one step per epoch)
  internal::DpSgdSettings s;
  s.epochs = 15;
  const Rational sigma(7), delta(1, 1000);
  Rational best;
  for (const long a : internal::dp_sgd_later_orders()) {
    const Rational rdp = Rational(Integer(2 * 15 * a)) / (sigma * sigma);
    const Rational e = rdp_to_dp_cks(Interval(rdp, 128), a, delta, 128).upper();
    if (a == 2 || e < best) best = e;
  }
  EXPECT_EQ(internal::dp_sgd_later_eps_upper(sigma, delta, 40, s), best);
  // negative control: at z = σ (the code's own call) ε is certainly smaller
  const Rational at_sigma = rdp_to_dp_cks(Interval(Rational(Integer(15 * 8)) / (sigma * sigma * 2), 128), 8, delta, 128).upper();
  EXPECT_LT(at_sigma, best);
}

TEST(JdpGlmPaperCodeLaterTest, CriterionIIIsPsdDominanceWithTheLaterThreshold) {
  // d = 2: c = 21/20 + 5/(8√2) ≈ 1.49194; P = 2I, C = tP: λ_max = t
  const auto scaled = [](const Rational& t, std::uint32_t d, const Rational& diag2 = Rational(-1)) {
    std::vector<Rational> M(std::size_t{d} * d, Rational(0));
    for (std::uint32_t i = 0; i < d; ++i) M[i * d + i] = 2 * t;
    if (diag2 >= 0) M[d * d - 1] = diag2;
    return M;
  };
  const std::vector<Rational> P2 = scaled(Rational(1), 2);
  EXPECT_FALSE(jdp_internal::criterion_ii_later(P2, scaled(Rational(149, 100), 2), 2));
  EXPECT_TRUE(jdp_internal::criterion_ii_later(P2, scaled(Rational(1493, 1000), 2), 2));
  // C = diag(3, 2): λ_max = 3/2 > c (a switch) although det C/det P = 3/2 < 2 (the first commit's rule would not)
  const std::vector<Rational> C{Rational(3), Rational(0), Rational(0), Rational(2)};
  EXPECT_TRUE(jdp_internal::criterion_ii_later(P2, C, 2));
  EXPECT_LT(jdp_internal::det(C, 2), Rational(2 * jdp_internal::det(P2, 2)));
  // non-diagonal P: P = [[2, 1], [1, 2]], C = 1.4·P + e₁e₁ᵀ·0.2 (λ_max between 1.4 and 1.6, decided exactly)
  const std::vector<Rational> P{Rational(2), Rational(1), Rational(1), Rational(2)};
  std::vector<Rational> C2(4);
  for (int i = 0; i < 4; ++i) C2[i] = Rational(7, 5) * P[i];
  EXPECT_FALSE(jdp_internal::criterion_ii_later(P, C2, 2));
  C2[0] += Rational(1, 5);  // λ_max(P^{-1/2}CP^{-1/2}) = 1.4 + 0.2·(P^{-1})₁₁ = 1.4 + 0.2·2/3 ≈ 1.5333 > c
  EXPECT_TRUE(jdp_internal::criterion_ii_later(P, C2, 2));
  // d = 4 (a square): c = 21/20 + 5/16 = 109/80 exactly; λ_max = c is not a switch, above it is
  const std::vector<Rational> P4 = scaled(Rational(1), 4);
  EXPECT_FALSE(jdp_internal::criterion_ii_later(P4, scaled(Rational(109, 80), 4), 4));
  EXPECT_TRUE(jdp_internal::criterion_ii_later(P4, scaled(Rational(109, 80), 4, Rational(109, 40) + Rational(1, 1000000)), 4));
  EXPECT_FALSE(jdp_internal::criterion_ii_later(P4, scaled(Rational(109, 80), 4, Rational(109, 40) - Rational(1, 1000000)), 4));
}

TEST(JdpGlmPaperCodeLaterTest, RunUsesTheLaterEpochsAndNoiseMultiplier) {
  const GlmInstance inst = hand_instance();
  const JdpGlmTrajectory a = jdp_glm(later(), inst, 7, 0), b = jdp_glm(later(), inst, 7, 0);
  ASSERT_TRUE(a.paper.has_value());
  const JdpGlmPaperConstants& k = *a.paper;
  EXPECT_EQ(a.actions, b.actions);
  EXPECT_EQ(a.sgd_sigma, b.sgd_sigma);
  EXPECT_GT(a.count1, 0U);
  EXPECT_LE(Integer(a.count1), k.count1);
  EXPECT_LE(Integer(a.count2), k.count2);
  EXPECT_EQ(a.psd_checks, 2U * 64U);
  ASSERT_EQ(a.sgd_sigma.size(), a.pgd_iterations.size());
  // the θ̂_w calls come first while only explorations have happened: call i fits i + 1 samples (one batch)
  const std::uint64_t E = internal::dp_sgd_later_epochs(k.eps_o);
  internal::DpSgdSettings s;
  s.epochs = E;
  EXPECT_EQ(a.pgd_iterations[0], Integer(E));  // one batch per epoch (n <= 2048)
  EXPECT_EQ(a.sgd_sigma[0], internal::calibrate_dp_sgd_sigma_later(k.eps_o, k.delta_o, 1, s));
  // the first commit's run on the same seed differs (50 epochs, another σ)
  const JdpGlmTrajectory f = jdp_glm(params(), inst, 7, 0);
  ASSERT_FALSE(f.pgd_iterations.empty());
  EXPECT_EQ(f.pgd_iterations[0], Integer(50));
  EXPECT_NE(f.sgd_sigma[0], a.sgd_sigma[0]);
}

}  // namespace
}  // namespace dpb::ref
