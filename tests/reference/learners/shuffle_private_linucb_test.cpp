// Seed 001's Algorithm 1 (reference/learners/shuffle_private_linucb.hpp), exact: Bareiss, the exact sign of sums
// of square roots, the §6.1 instance, batching semantics, exact statistics, PD policies, validation.
#include "reference/learners/shuffle_private_linucb.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <random>

#include "reference/bits/chacha20.hpp"
#include "reference/core/interval.hpp"
#include "reference/learners/internal/bareiss.hpp"
#include "reference/learners/radical.hpp"
#include "reference/privacy/seed001.hpp"
#include "tests/support/learner_fixtures.hpp"

namespace dpb::ref {
namespace {

using internal::bareiss_symmetric;

std::vector<Integer> random_symmetric(std::mt19937_64& rng, std::size_t d, int range) {
  std::uniform_int_distribution<int> u(-range, range);
  std::vector<Integer> N(d * d);
  for (std::size_t i = 0; i < d; ++i)
    for (std::size_t j = i; j < d; ++j) N[i * d + j] = N[j * d + i] = u(rng);
  return N;
}

// Leading principal minors by exact rational elimination (an independent computation).
std::vector<Rational> leading_minors(const std::vector<Integer>& N, std::size_t d) {
  std::vector<Rational> out;
  for (std::size_t k = 1; k <= d; ++k) {
    std::vector<Rational> A;
    for (std::size_t i = 0; i < k; ++i)
      for (std::size_t j = 0; j < k; ++j) A.emplace_back(N[i * d + j]);
    Rational det = 1;
    for (std::size_t c = 0; c < k; ++c) {
      std::size_t p = c;
      while (p < k && A[p * k + c] == 0) ++p;
      if (p == k) { det = 0; break; }
      if (p != c) { for (std::size_t j = 0; j < k; ++j) std::swap(A[p * k + j], A[c * k + j]); det = -det; }
      det *= A[c * k + c];
      for (std::size_t i = c + 1; i < k; ++i) {
        const Rational f = A[i * k + c] / A[c * k + c];
        for (std::size_t j = c; j < k; ++j) A[i * k + j] -= f * A[c * k + j];
      }
    }
    out.push_back(det);
  }
  return out;
}

TEST(ShufflePrivateLinUcbTest, BareissGivesTheAdjugateAndReadsDefinitenessOffThePivots) {
  std::mt19937_64 rng(7);
  int pd = 0, not_pd = 0;
  for (int trial = 0; trial < 400; ++trial) {
    const std::size_t d = 2 + trial % 5;
    std::vector<Integer> N = random_symmetric(rng, d, 20);
    if (trial % 2 == 0)
      for (std::size_t i = 0; i < d; ++i) N[i * d + i] += 40 + (trial % 7);  // mostly positive definite
    const auto r = bareiss_symmetric(N, d);
    const auto minors = leading_minors(N, d);
    bool expect_pd = true;
    for (const auto& m : minors) expect_pd = expect_pd && m > 0;
    ASSERT_EQ(r.positive_definite, expect_pd) << trial;
    for (std::size_t k = 0; k < r.pivots.size(); ++k) EXPECT_EQ(Rational(r.pivots[k]), minors[k]);
    if (!r.positive_definite) { ++not_pd; continue; }
    ++pd;
    EXPECT_EQ(Rational(r.det), minors.back());
    for (std::size_t i = 0; i < d; ++i)
      for (std::size_t j = 0; j < d; ++j) {
        Integer s = 0;
        for (std::size_t k = 0; k < d; ++k) s += N[i * d + k] * r.adj[k * d + j];
        EXPECT_EQ(s, i == j ? r.det : Integer(0));
      }
  }
  EXPECT_GT(pd, 100);
  EXPECT_GT(not_pd, 100);
}

TEST(ShufflePrivateLinUcbTest, SignOfSumOfRootsIsExact) {
  std::mt19937_64 rng(3);
  std::uniform_int_distribution<int> ua(-60, 60), ux(0, 3600);
  for (int i = 0; i < 20000; ++i) {
    const int a = ua(rng), X = ux(rng), Y = ux(rng);
    const long double v = a + std::sqrt(static_cast<long double>(X)) - std::sqrt(static_cast<long double>(Y));
    const int s = sign_of_sum_of_roots(a, X, Y);
    if (std::fabs(v) > 1e-9) {
      EXPECT_EQ(s, v > 0 ? 1 : -1) << a << " " << X << " " << Y;
    }
  }
  // Exact zeros: a + √X = √Y with integer roots, and an irrational one.
  EXPECT_EQ(sign_of_sum_of_roots(2, 9, 25), 0);
  EXPECT_EQ(sign_of_sum_of_roots(-2, 25, 9), 0);
  EXPECT_EQ(sign_of_sum_of_roots(0, 2, 2), 0);
  EXPECT_EQ(sign_of_sum_of_roots(0, 0, 0), 0);
  EXPECT_EQ(sign_of_sum_of_roots(-3, 9, 0), 0);
  EXPECT_EQ(sign_of_sum_of_roots(0, 8, 2), 1);   // 2√2 − √2 > 0
  EXPECT_EQ(sign_of_sum_of_roots(-1, 2, 0), 1);  // √2 − 1 > 0
  // A near tie no double can see: √(10^40 + 1) − 10^20 > 0.
  const Integer e20 = pow(Integer(10), 20);
  EXPECT_EQ(sign_of_sum_of_roots(Integer(-e20), Integer(e20 * e20 + 1), 0), 1);
  EXPECT_EQ(sign_of_sum_of_roots(Integer(-e20), Integer(e20 * e20 - 1), 0), -1);
  EXPECT_EQ(sign_of_sum_of_roots(0, Integer(e20 * e20 + 1), Integer(e20 * e20)), 1);
}

LinearInstance small_instance(std::uint32_t d, std::uint32_t K, std::uint64_t seed = 1) {
  ChaCha20Source bits(seed, 0);
  return seed001_instance(d, K, 16, bits);
}

TEST(ShufflePrivateLinUcbTest, TheSection61InstanceIsExactAndOnTheUnitSphere) {
  const LinearInstance inst = small_instance(5, 100);
  validate(inst, "test");
  const Integer four_q = Integer(1) << 32;
  const std::int64_t last = internal::inv_sqrt2_floor(16);
  EXPECT_EQ(last, 46340);  // ⌊2^16/√2⌋
  for (std::uint32_t a = 0; a < inst.K; ++a) {
    Integer s = 0;
    for (std::uint32_t k = 0; k < 5; ++k) s += Integer(inst.features[a * 5 + k]) * inst.features[a * 5 + k];
    EXPECT_LE(s, four_q);
    EXPECT_GT(s, four_q - (Integer(1) << 20));  // rounding toward zero loses little
    EXPECT_EQ(inst.features[a * 5 + 4], last);
  }
  for (const Rational& mu : inst.means()) {
    EXPECT_GE(mu, 0);
    EXPECT_LE(mu, 1);
  }
  const LinearInstance again = small_instance(5, 100);
  EXPECT_EQ(again.features, inst.features);
  EXPECT_EQ(again.theta, inst.theta);
}

struct Env {
  LinearInstance inst;
  RewardTape tape;
};

Env make_run(std::uint32_t d, std::uint32_t K, std::uint64_t T, std::uint64_t seed = 1) {
  LinearInstance inst = small_instance(d, K, seed);
  RewardTape tape = make_reward_tape(inst.bandit(), T, seed, 2);
  return {std::move(inst), std::move(tape)};
}

LinUcbTrajectory run(const LinUcbParams& p, const Env& r, std::uint64_t noise_seed = 5) {
  ChaCha20Source noise(noise_seed, 1);
  return shuffle_private_linucb(p, r.inst, r.tape, NoiseSource(noise));
}

TEST(ShufflePrivateLinUcbTest, NonPrivateStatisticsAreExactSumsAndTheTrailingBatchIsNeverAggregated) {
  const Env r = make_run(3, 6, 50);
  LinUcbParams p;
  p.T = 50;
  p.B = 7;
  const LinUcbTrajectory t = run(p, r);
  ASSERT_EQ(t.actions.size(), 50U);
  ASSERT_EQ(t.updates.size(), 7U);  // ⌊50/7⌋
  EXPECT_EQ(t.unaggregated, 1U);
  const LinUcbConfig c = configure_linucb(p, 3, 6, 16);
  EXPECT_EQ(c.lambda, 1);
  EXPECT_EQ(c.D, Integer(1) << 32);
  // Recompute V_m = λI + Σ φφᵀ and u_m = Σ φ y from the actions and the tape.
  std::vector<std::uint64_t> pulls(6, 0);
  std::vector<Rational> V(9, Rational(0)), u(3, Rational(0));
  for (int i = 0; i < 3; ++i) V[i * 3 + i] = 1;
  for (std::uint64_t s = 1; s <= 50; ++s) {
    const std::uint32_t a = t.actions[s - 1];
    const Rational y = r.tape.reward(a, pulls[a]++);
    for (int i = 0; i < 3; ++i) {
      u[i] += r.inst.feature(a, i) * y;
      for (int j = 0; j < 3; ++j) V[i * 3 + j] += r.inst.feature(a, i) * r.inst.feature(a, j);
    }
    if (s % 7 == 0) {
      const LinUcbUpdate& up = t.updates[s / 7 - 1];
      EXPECT_EQ(up.t, s);
      for (int k = 0; k < 9; ++k) EXPECT_EQ(Rational(up.V_num[k], c.D), V[k]);
      for (int k = 0; k < 3; ++k) EXPECT_EQ(Rational(up.u_num[k], c.D), u[k]);
      EXPECT_TRUE(up.positive_definite);
    }
  }
}

TEST(ShufflePrivateLinUcbTest, ActionsAreTheExactArgmaxOfTheBroadcastsIndex) {
  // select_action agrees with an independent exact evaluation: index_a = x·θ̂ + β √(xᵀV⁻¹x) (rationals + MPFI).
  const Env r = make_run(4, 12, 40);
  LinUcbParams p;
  p.T = 40;
  p.B = 10;
  p.variant = LinUcbVariant::Ldp;
  p.eps = 1;
  p.delta = Rational(1, 10);
  const LinUcbConfig c = configure_linucb(p, 4, 12, 16);
  const LinUcbTrajectory t = run(p, r);
  for (const LinUcbUpdate& up : t.updates) {
    if (!up.positive_definite || up.m >= c.M) continue;
    auto bc = make_broadcast(up.V_num, up.u_num, c.D, 4);
    ASSERT_TRUE(bc);
    bc->beta = c.beta[up.m];
    const std::uint32_t chosen = select_action(*bc, r.inst.features, 12);
    EXPECT_EQ(chosen, t.actions[up.t]);  // the first action of the next batch
    // Independent: V⁻¹ by rationals.
    std::vector<Rational> V(16);
    for (int k = 0; k < 16; ++k) V[k] = Rational(up.V_num[k], c.D);
    double best = -1e300;
    std::uint32_t arg = 0;
    for (std::uint32_t a = 0; a < 12; ++a) {
      double q = 0, rr = 0;
      for (int i = 0; i < 4; ++i) {
        q += Rational(r.inst.feature(a, i) * up.theta[i]).convert_to<double>();
        for (int j = 0; j < 4; ++j) {
          Rational x = r.inst.feature(a, i) * r.inst.feature(a, j) * Rational(bc->adj[i * 4 + j] * c.D, bc->det);
          rr += x.convert_to<double>();
        }
      }
      const double idx = q + c.beta[up.m].convert_to<double>() * std::sqrt(rr);
      if (idx > best) { best = idx; arg = a; }
    }
    EXPECT_EQ(arg, chosen);
  }
}

TEST(ShufflePrivateLinUcbTest, ConfigurationFollowsTheTheoremProfile) {
  LinUcbParams p;
  p.T = 2000;
  p.B = 20;
  p.variant = LinUcbVariant::SdpAmp;
  p.eps = Rational(1, 5);
  p.delta = Rational(1, 10);
  const LinUcbConfig c = configure_linucb(p, 5, 100, 16);
  EXPECT_FALSE(c.in_range);  // Lemma B.4 fails at B = 20 (spec §4.3)
  EXPECT_NE(c.privacy_note.find("outside Thm 3.2"), std::string::npos);
  EXPECT_EQ(c.lambda_min * 2, c.lambda);
  EXPECT_EQ(c.lambda_max * 2, 3 * c.lambda);
  EXPECT_GT(c.lambda, 1000);
  ASSERT_EQ(c.beta.size(), 101U);
  for (std::size_t m = 1; m < c.beta.size(); ++m) EXPECT_GE(c.beta[m], c.beta[m - 1]);
  EXPECT_EQ(denominator(c.beta[5]) <= (Integer(1) << 32), true);
  EXPECT_EQ(c.D % (Integer(1) << 32), 0);
  // Non-private: λ = λ_min = λ_max = 1, ν = 0, β_0 = √(2 ln(2T)) + 1 rounded up.
  LinUcbParams n;
  n.T = 2000;
  const LinUcbConfig cn = configure_linucb(n, 5, 100, 16);
  EXPECT_EQ(cn.lambda, 1);
  EXPECT_EQ(cn.nu_upper, 0);
  const double b0 = std::sqrt(2 * std::log(4000.0)) + 1;
  EXPECT_NEAR(cn.beta[0].convert_to<double>(), b0, 1e-9);
  EXPECT_GE(cn.beta[0].convert_to<double>(), b0 - 1e-12);
  // The other variants configure.
  for (LinUcbVariant v : {LinUcbVariant::SdpVec, LinUcbVariant::Ldp, LinUcbVariant::Jdp}) {
    LinUcbParams q = p;
    q.variant = v;
    if (v != LinUcbVariant::SdpVec) q.B = 1;
    const LinUcbConfig cq = configure_linucb(q, 5, 100, 16);
    EXPECT_GT(cq.lambda, 1) << linucb_variant_name(v);
    EXPECT_GT(cq.beta.back(), cq.beta.front());
  }
}

// β_m is the smallest point of the grid 2^−32 at or above the real β_m = √(2 ln(2/α) + d ln(1 + mB/(dλ_min))) +
// √λ_max + ν, ν = (s(√d + √(2 ln(4M/α))) + √d·e)/√λ_min, s² the noise proxy, e the rounding: re-derived here from
// the configuration's exact fields at 512 bits, for every m of a B = 1 run of each private variant and LinUCB.
TEST(ShufflePrivateLinUcbTest, EveryBetaIsTheExactUpperRoundingOfItsReal) {
  const Rational unit(Integer(1), Integer(1) << 32);
  for (LinUcbVariant v : {LinUcbVariant::NonPrivate, LinUcbVariant::SdpAmp, LinUcbVariant::SdpVec, LinUcbVariant::Ldp,
                          LinUcbVariant::Jdp}) {
    LinUcbParams p;
    p.T = 150;
    p.variant = v;
    if (v != LinUcbVariant::NonPrivate) {
      p.eps = 1;
      p.delta = Rational(1, 10);
    }
    p.B = (v == LinUcbVariant::SdpAmp || v == LinUcbVariant::SdpVec) ? 3 : 1;
    const LinUcbConfig c = configure_linucb(p, 5, 100, 16);
    ASSERT_EQ(c.beta.size(), c.M + 1) << linucb_variant_name(v);
    const mpfr_prec_t pr = 512;
    const Interval dd(long(c.d), pr);
    const Interval root2L4 = Interval(Rational(4 * Integer(c.M)) / c.alpha, pr).log().mul(Rational(2)).sqrt();
    const Interval nu = (Interval(c.noise_proxy, pr).sqrt() * (dd.sqrt() + root2L4) + dd.sqrt().mul(c.rounding)) /
                        Interval(c.lambda_min, pr).sqrt();
    const Interval fixed = Interval(Rational(2) / c.alpha, pr).log().mul(Rational(2));
    for (std::uint64_t m = 0; m <= c.M; ++m) {
      const Rational x = Rational(Integer(m) * c.B) / (Rational(c.d) * c.lambda_min);
      const Interval beta =
          (fixed + Interval(x, pr).log1p().mul(Rational(c.d))).sqrt() + Interval(c.lambda_max, pr).sqrt() + nu;
      const Rational lo(beta.lower()), hi(beta.upper());
      ASSERT_EQ(denominator(Rational(c.beta[m] / unit)), 1) << linucb_variant_name(v) << " m = " << m << ": on the grid";
      ASSERT_GE(c.beta[m], hi) << linucb_variant_name(v) << " m = " << m << ": an upper bound";
      ASSERT_LT(c.beta[m] - unit, lo) << linucb_variant_name(v) << " m = " << m << ": the smallest one";
    }
  }
}

// The refinement's start precision (β's loop starts at 64 bits) changes only the cost: the same grid point from every
// start; a start below 2 bits (MPFR's minimum) is refused, not looped on.
TEST(ShufflePrivateLinUcbTest, TheRefinementsStartPrecisionChangesNothingButIsValidated) {
  const RealFn ln3 = [](mpfr_prec_t pr) { return Interval(3L, pr).log(); };
  const Rational at128 = round_up_to_grid(ln3, 32);
  for (mpfr_prec_t start : {2L, 3L, 53L, 64L, 256L}) EXPECT_EQ(round_up_to_grid(ln3, 32, start), at128) << start;
  EXPECT_EQ(certified_ceiling(ln3, 2), Integer(2));
  for (mpfr_prec_t bad : {1L, 0L, -64L}) {
    EXPECT_THROW((void)certified_ceiling(ln3, bad), std::invalid_argument) << bad;
    EXPECT_THROW((void)round_up_to_grid(ln3, 32, bad), std::invalid_argument) << bad;
  }
}

TEST(ShufflePrivateLinUcbTest, PdFailuresAreDetectedCountedAndHandledByThePolicy) {
  const Env r = make_run(3, 5, 60);
  LinUcbParams p;
  p.T = 60;
  p.B = 2;
  p.variant = LinUcbVariant::Ldp;
  p.eps = 1;
  p.delta = Rational(1, 10);
  p.lambda = Rational(1, 64);  // far below 2Σ_N: the noise breaks positive definiteness
  for (PdPolicy pol : {PdPolicy::Skip, PdPolicy::RaiseLambda, PdPolicy::Project}) {
    p.pd_policy = pol;
    const LinUcbTrajectory t = run(p, r);
    EXPECT_GT(t.pd_failures, 0U) << pd_policy_name(pol);
    const LinUcbConfig c = configure_linucb(p, 3, 5, 16);
    std::vector<Rational> prev_theta(3, Rational(0));
    std::uint64_t failures = 0;
    for (const LinUcbUpdate& up : t.updates) {
      const bool pd = internal::bareiss_symmetric(up.V_num, 3).positive_definite;
      EXPECT_EQ(pd, up.positive_definite);
      failures += !pd;
      if (!pd && pol == PdPolicy::Skip) {
        EXPECT_FALSE(up.broadcast_changed);
        EXPECT_EQ(up.theta, prev_theta);
      }
      if (!pd && pol != PdPolicy::Skip) {
        EXPECT_TRUE(up.broadcast_changed);
        EXPECT_GT(up.policy_shift, 0);
        std::vector<Integer> V = up.V_num;
        const Integer s = pol == PdPolicy::RaiseLambda ? Integer(up.policy_shift * c.lambda_num()) : up.policy_shift;
        for (int i = 0; i < 3; ++i) V[i * 3 + i] += s;
        EXPECT_TRUE(internal::bareiss_symmetric(V, 3).positive_definite);
      }
      prev_theta = up.theta;
    }
    EXPECT_EQ(failures, t.pd_failures);
  }
}

TEST(ShufflePrivateLinUcbTest, ContextTapesReplayFreshContextsAndAllRewards) {
  const ContextTape tape = make_context_tape(3, 6, 12, 80, 9, 4);
  EXPECT_EQ(tape.features.size(), 80U * 6 * 3);
  EXPECT_EQ(tape.rewards.size(), 80U * 6);
  for (std::uint64_t t = 1; t <= 80; ++t)
    for (std::uint32_t a = 0; a < 6; ++a) {
      EXPECT_GE(tape.mean(t, a), 0);
      EXPECT_LE(tape.mean(t, a), 1);
    }
  const ContextTape again = make_context_tape(3, 6, 12, 80, 9, 4);
  EXPECT_EQ(again.features, tape.features);
  EXPECT_EQ(again.rewards, tape.rewards);
  LinUcbParams p;
  p.T = 80;
  p.B = 4;
  ChaCha20Source noise(5, 1);
  const LinUcbTrajectory t = shuffle_private_linucb(p, tape, NoiseSource(noise));
  ASSERT_EQ(t.actions.size(), 80U);
  // Regrets recomputed from the actions: pseudo against each round's best mean, realized against its reward.
  Rational pseudo = 0;
  std::int64_t realized = 0;
  for (std::uint64_t s = 1; s <= 80; ++s) {
    std::uint32_t best = 0;
    for (std::uint32_t a = 1; a < 6; ++a)
      if (tape.mean(s, a) > tape.mean(s, best)) best = a;
    pseudo += tape.mean(s, best) - tape.mean(s, t.actions[s - 1]);
    realized += std::int64_t{tape.reward(s, best)} - tape.reward(s, t.actions[s - 1]);
    // The action is the broadcast's exact argmax for this round's context.
  }
  EXPECT_EQ(t.pseudo_regret, pseudo);
  EXPECT_EQ(t.realized_regret, realized);
  // Update statistics: V_m = λI + Σ φφᵀ over the chosen contexts.
  const LinUcbConfig c = configure_linucb(p, 3, 6, 12);
  std::vector<Rational> V(9, Rational(0));
  for (int i = 0; i < 3; ++i) V[i * 3 + i] = 1;
  for (std::uint64_t s = 1; s <= 80; ++s) {
    const std::int64_t* f = tape.round(s).data() + std::size_t{t.actions[s - 1]} * 3;
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j) V[i * 3 + j] += Rational(Integer(f[i]) * f[j], Integer(1) << 24);
    if (s % 4 == 0) {
      for (int k = 0; k < 9; ++k) EXPECT_EQ(Rational(t.updates[s / 4 - 1].V_num[k], c.D), V[k]);
    }
  }
  test::expect_parameter_error([&] { make_context_tape(1, 6, 12, 80, 9, 4); }, "d");
  test::expect_parameter_error([&] { make_context_tape(3, 0, 12, 80, 9, 4); }, "K");
  test::expect_parameter_error([&] { make_context_tape(3, 6, 12, 0, 9, 4); }, "T");
  p.T = 81;
  test::expect_parameter_error([&] { ChaCha20Source n(5, 1); shuffle_private_linucb(p, tape, NoiseSource(n)); }, "tape");
}

TEST(ShufflePrivateLinUcbTest, ValidationNamesTheParameter) {
  const Env r = make_run(3, 5, 20);
  LinUcbParams p;
  p.T = 20;
  p.B = 0;
  test::expect_parameter_error([&] { run(p, r); }, "B");
  p.B = 21;
  test::expect_parameter_error([&] { run(p, r); }, "B");
  p.B = 1;
  p.alpha = Rational(0);
  test::expect_parameter_error([&] { run(p, r); }, "alpha");
  p.alpha = Rational(3, 2);
  test::expect_parameter_error([&] { run(p, r); }, "alpha");
  p.alpha.reset();
  p.variant = LinUcbVariant::SdpAmp;
  p.eps = 0;
  test::expect_parameter_error([&] { run(p, r); }, "eps");
  p.eps = 1;
  p.delta = 1;
  test::expect_parameter_error([&] { run(p, r); }, "delta");
  p.delta = Rational(1, 10);
  p.T = 21;
  test::expect_parameter_error([&] { run(p, r); }, "tape");
  LinUcbParams ten;
  ten.T = 10;
  test::expect_parameter_error([&] { configure_linucb(ten, 1, 5, 16); }, "d");
  test::expect_parameter_error([&] { configure_linucb(ten, 3, 0, 16); }, "K");
  // The grid exponent q's range [1, 30] is closed at both ends.
  test::expect_parameter_error([&] { configure_linucb(ten, 3, 5, 0); }, "q");
  test::expect_parameter_error([&] { configure_linucb(ten, 3, 5, 31); }, "q");
  EXPECT_EQ(configure_linucb(ten, 3, 5, 1).r, 2u);
  EXPECT_EQ(configure_linucb(ten, 3, 5, 30).r, 60u);
  test::expect_parameter_error([&] { ChaCha20Source b(1, 0); seed001_instance(1, 5, 16, b); }, "d");
  test::expect_parameter_error([&] { ChaCha20Source b(1, 0); seed001_instance(3, 0, 16, b); }, "K");
  test::expect_parameter_error([&] { parse_pd_policy("never", "test"); }, "pd-policy");
  test::expect_parameter_error([&] { parse_profile_001("paper", "test"); }, "profile");
  EXPECT_FALSE(parse_linucb_variant("linucb-sdp"));
  for (const auto& n : linucb_variant_names()) EXPECT_EQ(linucb_variant_name(*parse_linucb_variant(n)), n);
}

TEST(ShufflePrivateLinUcbTest, EveryVariantRunsAndStopsAtTheHorizon) {
  const Env r = make_run(3, 8, 60);
  for (const auto& name : linucb_variant_names()) {
    LinUcbParams p;
    p.variant = *parse_linucb_variant(name);
    p.T = 60;
    p.B = p.variant == LinUcbVariant::SdpAmp || p.variant == LinUcbVariant::SdpVec ? 20 : 1;
    p.eps = 1;
    p.delta = Rational(1, 10);
    const auto start = std::chrono::steady_clock::now();
    const LinUcbTrajectory t = run(p, r);
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    EXPECT_EQ(t.actions.size(), 60U) << name;
    EXPECT_EQ(t.updates.size(), 60 / p.B) << name;
    std::uint64_t total = 0;
    for (auto n : t.pulls) total += n;
    EXPECT_EQ(total, 60U);
    EXPECT_GE(t.pseudo_regret, 0);
    std::printf("%s: %.3f s\n", name.c_str(), s);
  }
}

}  // namespace
}  // namespace dpb::ref
