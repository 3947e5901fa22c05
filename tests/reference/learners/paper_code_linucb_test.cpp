// Seed 001's learners in the `paper-code` profile (the authors' code, spec 001 §6.2–6.4), exact: the authors'
// environment, the constants of §6.4's table, the noise schedules and update times, common random numbers and the
// realized regret, validation.
#include <gtest/gtest.h>

#include <cmath>

#include "reference/bits/chacha20.hpp"
#include "reference/learners/shuffle_private_linucb.hpp"
#include "reference/protocols/p_amp.hpp"
#include "tests/support/learner_fixtures.hpp"

namespace dpb::ref {
namespace {

LinearInstance code_instance(std::uint32_t d, std::uint32_t K, std::uint64_t seed) {
  ChaCha20Source bits(seed, 0);
  return seed001_code_instance(d, K, 16, bits);
}

Integer norm_sq(const std::int64_t* x, std::uint32_t d) {
  Integer s = 0;
  for (std::uint32_t k = 0; k < d; ++k) s += Integer(x[k]) * x[k];
  return s;
}

TEST(PaperCodeLinUcbTest, TheAuthorsInstanceHasTheirStructureExactly) {
  for (std::uint32_t d : {2u, 5u, 15u}) {
    const std::uint32_t K = 100;
    const LinearInstance inst = code_instance(d, K, 7 + d);
    validate(inst, "test");
    EXPECT_EQ(inst.norm_sq_bound, 2u);
    const std::int64_t one = 1 << 16;
    const Integer four_q = Integer(1) << 32;
    // θ* = (v, ½) with ‖v‖ <= ½, rounded toward zero: ‖v‖² in (¼ − d·2^−15, ¼].
    EXPECT_EQ(inst.theta[d - 1], one / 2);
    const Integer v2 = norm_sq(inst.theta.data(), d - 1);
    EXPECT_LE(v2 * 4, four_q);
    EXPECT_GT(v2 * 4 + 4 * Integer(d) * (Integer(1) << 17), four_q);
    for (std::uint32_t a = 0; a < K; ++a) {
      const std::int64_t* x = inst.features.data() + std::size_t{a} * d;
      if (a < d) {  // the basis rows: e_a + e_d, and e_d
        for (std::uint32_t k = 0; k < d; ++k) EXPECT_EQ(x[k], (k == a || k == d - 1) ? one : 0) << a << "," << k;
        continue;
      }
      EXPECT_EQ(x[d - 1], one);  // (u, 1), ‖u‖² in (1 − d·2^−15, 1]
      const Integer u2 = norm_sq(x, d - 1);
      EXPECT_LE(u2, four_q);
      EXPECT_GT(u2 + Integer(d) * (Integer(1) << 17), four_q);
    }
    EXPECT_EQ(max_row_norm_sq(inst), Rational(2));  // L = √2 (row 0 is e_1 + e_d)
    for (const Rational& mu : inst.means()) {
      EXPECT_GE(mu, 0);
      EXPECT_LE(mu, 1);
    }
  }
  // The overwritten rows' normals are still drawn (numpy's randn(K, d − 1)): K and K + 3 arms from one stream agree
  // on the first K rows, and the last rows are fresh points.
  const LinearInstance a = code_instance(4, 9, 3), b = code_instance(4, 12, 3);
  EXPECT_EQ(a.theta, b.theta);
  EXPECT_TRUE(std::equal(a.features.begin(), a.features.end(), b.features.begin()));
  // The bits differ from §6.1's generator on the same stream only through the radii: not the same instance.
  ChaCha20Source s61(3, 0);
  EXPECT_NE(seed001_instance(4, 9, 16, s61).theta, a.theta);
  test::expect_parameter_error([] { ChaCha20Source s(1, 0); seed001_code_instance(1, 5, 16, s); }, "d");
  test::expect_parameter_error([] { ChaCha20Source s(1, 0); seed001_code_instance(3, 0, 16, s); }, "K");
  test::expect_parameter_error([] { ChaCha20Source s(1, 0); seed001_code_instance(3, 5, 0, s); }, "q");
  // A §6.1-norm bound on an authors' instance is refused (‖x‖² = 2 > 1).
  LinearInstance bad = a;
  bad.norm_sq_bound = 1;
  test::expect_parameter_error([&] { validate(bad, "test"); }, "features");
}

LinUcbConfig table_config(LinUcbVariant v, std::uint32_t d, const Rational& eps, std::uint64_t B) {
  LinUcbParams p;
  p.variant = v;
  p.profile = Profile001::PaperCode;
  p.T = 20000;
  p.B = B;
  p.eps = eps;
  p.delta = Rational(1, 10);
  p.vec_scale = Rational(1);  // the table's b is at scale 1
  if (v != LinUcbVariant::SdpVec) p.vec_scale.reset();
  return configure_linucb(p, d, 100, 16, Rational(2));
}

// |x − shown| <= half a unit of the shown value's last digit (the table's stated precision), plus the 2^−32 of our
// upper roundings.
void expect_shown(double x, double shown, int decimals, const std::string& what) {
  const double half = 0.5 * std::pow(10.0, -decimals) + 1e-9;
  EXPECT_LE(std::abs(x - shown), half) << what << ": ours " << x << ", the table's " << shown;
}

// A value as the table prints it: its digits after the point set the precision.
struct Shown {
  double value;
  int decimals;
  explicit Shown(const std::string& text) : value(std::stod(text)) {
    const auto dot = text.find('.');
    decimals = dot == std::string::npos ? 0 : static_cast<int>(text.size() - dot - 1);
  }
};

TEST(PaperCodeLinUcbTest, TheConstantsReproduceTheTableOfSection64) {
  struct Row {
    std::uint32_t d;
    Rational eps;
    std::vector<std::string> ldp, jdp, amp, vec;  // s / Γ / cew; g / b (scale 1) / Γ / cew
  };
  // Spec 001 §6.4 (δ = 0.1, B = 20, n = 20000), as printed there.
  const std::vector<Row> rows = {
      {5, Rational(1, 5), {"8.971", "2836.8", "123.1"}, {"50.65", "356.4", "46.5"}, {"2.787", "881.4", "70.5"},
       {"8.944", "1530.4", "345.8", "45.9"}},
      {5, Rational(1), {"1.794", "567.4", "57.5"}, {"10.13", "71.3", "23.4"}, {"0.557", "176.3", "34.1"},
       {"8.944", "61.2", "69.2", "23.1"}},
      {5, Rational(10), {"0.179", "56.7", "21.4"}, {"1.013", "7.13", "10.8"}, {"0.056", "17.6", "14.1"},
       {"8.944", "0.61", "6.92", "10.7"}},
      {10, Rational(1), {"1.794", "802.4", "95.5"}, {"10.13", "100.8", "38.1"}, {"0.557", "249.3", "56.1"},
       {"10", "106.0", "115.1", "40.2"}},
      // b at d = 15: the spec prints 282.5, but 225·ln²(150)/20 = 282.4477… (ln 150 = 5.01064, 225·25.1065/20):
      // a rounding slip in the spec's table; the correctly rounded 282.4 is checked (docs/learners.md).
      {15, Rational(1), {"1.794", "982.7", "128.6"}, {"10.13", "123.5", "50.7"}, {"0.557", "305.3", "75.1"},
       {"15", "282.4", "153.4", "55.6"}},
  };
  auto shown = [](double x, const std::string& text, const std::string& what) {
    const Shown s(text);
    expect_shown(x, s.value, s.decimals, what);
  };
  auto check = [&](const LinUcbConfig& c, const std::vector<std::string>& want, const std::string& what) {
    shown(c.sigma.convert_to<double>(), want[0], what + " s");
    shown(c.gamma_upper.convert_to<double>(), want[1], what + " Gamma");
    shown(c.beta.front().convert_to<double>(), want[2], what + " cew");
    EXPECT_EQ(c.beta.front(), c.beta.back()) << what << ": the width is computed once";
    // Λ = 2Γ rounded up onto 2^−(r−1).
    EXPECT_GE(c.lambda, 2 * (c.gamma_upper - Rational(1, Integer(1) << 32)));
    EXPECT_LE(c.lambda, 2 * c.gamma_upper + Rational(1, Integer(1) << 31));
  };
  for (const Row& r : rows) {
    const std::string at = "d = " + std::to_string(r.d) + ", eps = " + to_string(r.eps) + ": ";
    check(table_config(LinUcbVariant::Ldp, r.d, r.eps, 1), r.ldp, at + "ldp");
    check(table_config(LinUcbVariant::Jdp, r.d, r.eps, 1), r.jdp, at + "jdp");
    check(table_config(LinUcbVariant::SdpAmp, r.d, r.eps, 20), r.amp, at + "amp");
    const LinUcbConfig v = table_config(LinUcbVariant::SdpVec, r.d, r.eps, 20);
    const double g = std::sqrt(paper_code_vec_g_squared(Integer(20), Integer(r.d)).convert_to<double>());
    shown(g, r.vec[0], at + "vec g");
    const Interval b = paper_code_vec_b(r.eps, Rational(1, 10), Integer(20), Integer(r.d), Rational(1))(256);
    shown(b.upper().convert_to<double>(), r.vec[1], at + "vec b");
    EXPECT_EQ(v.b, floor(b.upper())) << at << "b is truncated";
    shown(v.gamma_upper.convert_to<double>(), r.vec[2], at + "vec Gamma");
    shown(v.beta.front().convert_to<double>(), r.vec[3], at + "vec cew");
  }
  // Non-private LinUCB: Γ = 1, Λ = 10⁻⁴, cew 7.30 / 10.32 / 12.64 (d = 5, 10, 15).
  const std::pair<std::uint32_t, std::string> linucb[] = {{5, "7.30"}, {10, "10.32"}, {15, "12.64"}};
  for (const auto& [d, cew] : linucb) {
    const LinUcbConfig c = table_config(LinUcbVariant::NonPrivate, d, Rational(1), 1);
    EXPECT_EQ(c.lambda, Rational(1, 10000));
    shown(c.beta.front().convert_to<double>(), cew, "linucb cew d = " + std::to_string(d));
  }
}

TEST(PaperCodeLinUcbTest, VecScaleTruncationAndTheRationalRatio) {
  // C = 1 at ε = 1/5, 10 otherwise; b = ⌊C g² ln²(d/δ)/(ε²B)⌋ (ε = 10, C = 10: 6.12… → 6; C = 1: 0.61… → 0).
  LinUcbParams p;
  p.variant = LinUcbVariant::SdpVec;
  p.profile = Profile001::PaperCode;
  p.T = 200;
  p.B = 20;
  p.delta = Rational(1, 10);
  auto at = [&](const Rational& eps) {
    p.eps = eps;
    return configure_linucb(p, 5, 10, 16, Rational(2));
  };
  for (const Rational& eps : {Rational(1, 5), Rational(1), Rational(10)}) {
    const LinUcbConfig c = at(eps);
    const Rational C = eps == Rational(1, 5) ? Rational(1) : Rational(10);
    EXPECT_EQ(c.vec_scale, C);
    const double e = eps.convert_to<double>();
    const double b = C.convert_to<double>() * 80 * std::pow(std::log(50.0), 2) / (e * e * 20);
    ASSERT_GT(std::abs(b - std::round(b)), 1e-6);  // not at an integer: the double decides the floor
    EXPECT_EQ(c.b, Integer(static_cast<long>(std::floor(b)))) << to_string(eps);
    // c = g/L = √40 rounded up onto 2^−20: g_c² >= 40·2^40 > (g_c − 1)².
    EXPECT_GE(c.g * c.g, Integer(40) << 40);
    EXPECT_LT((c.g - 1) * (c.g - 1), Integer(40) << 40);
    EXPECT_EQ(c.vec_delta, Rational(Integer(1) << 20));
    EXPECT_EQ(c.D % (4 * c.g), 0);
    EXPECT_FALSE(c.in_range);
    EXPECT_NE(c.privacy_note.find("NO privacy claim"), std::string::npos);
  }
  p.vec_scale = Rational(1);
  EXPECT_EQ(at(Rational(10)).b, 0);  // the spec's remark: no binomial noise at all at scale 1
}

// A paper-code run on the authors' instance (d, K), its CRN tape (arm a, round t: the tape's (a, t − 1)).
struct CodeRun {
  LinearInstance inst;
  RewardTape tape;
  LinUcbTrajectory traj;
  LinUcbConfig cfg;
};
CodeRun code_run(LinUcbVariant v, std::uint64_t T, std::uint64_t B, std::uint64_t seed, std::uint32_t d = 3,
                 std::uint32_t K = 12) {
  LinearInstance inst = code_instance(d, K, seed);
  RewardTape tape = make_reward_tape(inst.bandit(), T, seed, 2);
  LinUcbParams p;
  p.variant = v;
  p.profile = Profile001::PaperCode;
  p.T = T;
  p.B = B;
  p.eps = 1;
  p.delta = Rational(1, 10);
  ChaCha20Source noise(seed, 1);
  LinUcbTrajectory t = shuffle_private_linucb(p, inst, tape, NoiseSource(noise));
  LinUcbConfig cfg = configure_linucb(p, d, K, 16, max_row_norm_sq(inst));
  return {std::move(inst), std::move(tape), std::move(t), std::move(cfg)};
}

// D·(λI + Σ_{s<=t} x_s x_sᵀ) and D·Σ x_s r_s with the round-indexed rewards, computed here from the actions.
struct ExactSums {
  std::vector<std::vector<Integer>> V, u;  // after each round
};
ExactSums exact_sums(const CodeRun& r) {
  const std::uint32_t d = r.inst.d;
  const Integer scale = r.cfg.D >> 32;  // features on 2^−16: products on 2^−32
  std::vector<Integer> V(std::size_t{d} * d, Integer(0)), u(d, Integer(0));
  for (std::uint32_t i = 0; i < d; ++i) V[i * d + i] = r.cfg.lambda_num();
  ExactSums s;
  for (std::uint64_t t = 1; t <= r.traj.horizon; ++t) {
    const std::uint32_t a = r.traj.actions[t - 1];
    const std::int64_t* x = r.inst.features.data() + std::size_t{a} * d;
    const std::int32_t y = r.tape.units(a, t - 1);
    for (std::uint32_t i = 0; i < d; ++i) {
      u[i] += Integer(x[i]) * y * (Integer(1) << 16) * scale;
      for (std::uint32_t j = 0; j < d; ++j) V[i * d + j] += Integer(x[i]) * x[j] * scale;
    }
    s.V.push_back(V);
    s.u.push_back(u);
  }
  return s;
}

TEST(PaperCodeLinUcbTest, LinUcbUsesTheCodesConstantsRoundIndexedRewardsAndTheRealizedRegret) {
  const CodeRun r = code_run(LinUcbVariant::NonPrivate, 120, 1, 5);
  EXPECT_EQ(r.cfg.lambda, Rational(1, 10000));
  ASSERT_EQ(r.traj.updates.size(), 120u);  // the model every round
  const ExactSums s = exact_sums(r);
  for (std::size_t m = 0; m < 120; ++m) {
    EXPECT_EQ(r.traj.updates[m].V_num, s.V[m]) << m;
    EXPECT_EQ(r.traj.updates[m].u_num, s.u[m]) << m;
  }
  // The realized regret against the lowest arm of the largest mean, every arm's reward of round t from (a, t − 1).
  const std::vector<Rational> mu = r.inst.means();
  const auto best = static_cast<std::uint32_t>(std::max_element(mu.begin(), mu.end()) - mu.begin());
  std::int64_t realized = 0;
  Rational pseudo = 0;
  for (std::uint64_t t = 1; t <= 120; ++t) {
    const std::uint32_t a = r.traj.actions[t - 1];
    realized += r.tape.units(best, t - 1) - r.tape.units(a, t - 1);
    pseudo += mu[best] - mu[a];
  }
  EXPECT_EQ(r.traj.realized_regret, realized);
  EXPECT_EQ(r.traj.pseudo_regret, pseudo);
  EXPECT_NE(r.traj.realized_regret, 0);  // the rewards really differ round by round
}

TEST(PaperCodeLinUcbTest, LdpAndAmpAddTheCodesSymmetrizedNoiseAtTheirUpdateTimes) {
  for (const auto& [v, B] : {std::pair{LinUcbVariant::Ldp, std::uint64_t{1}}, std::pair{LinUcbVariant::SdpAmp, std::uint64_t{4}}}) {
    const std::uint64_t T = 42;
    const CodeRun r = code_run(v, T, B, 11);
    const std::uint32_t d = 3;
    ASSERT_EQ(r.traj.updates.size(), T / B);
    EXPECT_EQ(r.cfg.D, Integer(1) << 33);  // the symmetrized noise lives on 2^−(r+1)
    // Replay the noise: per batch, the vector part then the (N + Nᵀ)/2 matrix part of every user (P_Amp with
    // MatrixNoise::Symmetrized), from the run's noise stream; V_m − D(λI + Σxxᵀ) is exactly their sum.
    const ExactSums s = exact_sums(r);
    ChaCha20Source noise(11, 1);
    const PAmpShuffle sh = v == LinUcbVariant::SdpAmp ? PAmpShuffle::Permute : PAmpShuffle::None;
    const PAmp pv(PAmpParams{LabelSet::vector(d), Integer(B), r.cfg.sigma, Integer(32)}, sh);
    const PAmp pm(PAmpParams{LabelSet::symmetric_matrix(d), Integer(B), r.cfg.sigma, Integer(32),
                             MatrixNoise::Symmetrized}, sh);
    const std::vector<std::vector<Integer>> zv(B, std::vector<Integer>(d, Integer(0)));
    const std::vector<std::vector<Integer>> zm(B, std::vector<Integer>(6, Integer(0)));
    std::vector<Integer> nV(9, Integer(0)), nu(3, Integer(0));
    for (std::size_t m = 0; m < r.traj.updates.size(); ++m) {
      const PAmpTranscript tv = pv.run(std::span<const std::vector<Integer>>(zv), noise);
      const PAmpTranscript tm = pm.run(std::span<const std::vector<Integer>>(zm), noise);
      for (std::uint32_t k = 0; k < d; ++k) nu[k] += tv.sum[k] * 2;
      std::size_t k = 0;
      for (std::uint32_t i = 0; i < d; ++i)
        for (std::uint32_t j = i; j < d; ++j, ++k) {
          nV[i * d + j] += tm.sum[k];
          if (j != i) nV[j * d + i] += tm.sum[k];
        }
      const auto& upd = r.traj.updates[m];
      EXPECT_EQ(upd.t, (m + 1) * B);
      for (std::size_t e = 0; e < 9; ++e) EXPECT_EQ(upd.V_num[e] - s.V[upd.t - 1][e], nV[e]) << m << "," << e;
      for (std::size_t e = 0; e < 3; ++e) EXPECT_EQ(upd.u_num[e] - s.u[upd.t - 1][e], nu[e]) << m << "," << e;
    }
    // The off-diagonal noise is a half-integer multiple of 2^−r somewhere (two draws averaged), the diagonal never.
    bool half = false;
    for (std::uint32_t i = 0; i < d; ++i)
      for (std::uint32_t j = 0; j < d; ++j)
        if (i == j) {
          EXPECT_EQ(nV[i * d + j] % 2, 0);
        } else {
          half = half || nV[i * d + j] % 2 != 0;
        }
    EXPECT_TRUE(half);
  }
}

TEST(PaperCodeLinUcbTest, JdpSimulatesTheTreeWithTheCodesNodePrefixes) {
  LinUcbParams p;
  p.variant = LinUcbVariant::Jdp;
  p.profile = Profile001::PaperCode;
  p.T = 20000;
  p.eps = 1;
  const LinUcbConfig big = configure_linucb(p, 5, 100, 16, Rational(2));
  EXPECT_EQ(big.jdp_nodes, 10u);  // ⌊ln 20000⌋ + 1 = ⌊9.90…⌋ + 1
  // k(t) = ⌊ln(1 + t)⌋ + 1: ln 2 < 1 < ln 3, ln 7 < 2 < ln 8, ln 20 < 3 < ln 21, ln 19999 < 9.9 < ln 20000 < 10.
  const std::pair<std::uint64_t, std::uint32_t> k[] = {{0, 1}, {1, 1}, {2, 2}, {6, 2}, {7, 3}, {19, 3}, {20, 4},
                                                      {19999, 10}};
  for (const auto& [t, want] : k) EXPECT_EQ(big.jdp_prefix(t), want) << t;
  const std::uint64_t T = 60;
  const CodeRun r = code_run(LinUcbVariant::Jdp, T, 1, 13);
  ASSERT_EQ(r.traj.updates.size(), T);
  const ExactSums s = exact_sums(r);
  std::vector<Integer> prev;
  for (const auto& upd : r.traj.updates) {
    std::vector<Integer> noise(upd.V_num.size());
    for (std::size_t e = 0; e < noise.size(); ++e) noise[e] = upd.V_num[e] - s.V[upd.t - 1][e];
    if (!prev.empty()) {  // the noise changes exactly when k(t) does (a new node's matrix is nonzero a.s.)
      const bool same = noise == prev;
      EXPECT_EQ(same, r.cfg.jdp_prefix(upd.t) == r.cfg.jdp_prefix(upd.t - 1)) << upd.t;
    }
    prev = noise;
  }
  EXPECT_NE(r.cfg.privacy_note.find("NO privacy claim"), std::string::npos);
}

TEST(PaperCodeLinUcbTest, ValidationNamesTheParameter) {
  const LinearInstance inst = code_instance(3, 8, 1);
  const RewardTape tape = make_reward_tape(inst.bandit(), 40, 1, 2);
  LinUcbParams p;
  p.profile = Profile001::PaperCode;
  p.T = 40;
  auto run = [&] { ChaCha20Source n(1, 1); shuffle_private_linucb(p, inst, tape, NoiseSource(n)); };
  p.alpha = Rational(1, 2);
  test::expect_parameter_error(run, "alpha");  // α = 1/n in the code
  p.alpha.reset();
  p.vec_scale = Rational(2);
  test::expect_parameter_error(run, "vec-scale");  // sdp-vec only
  p.variant = LinUcbVariant::SdpVec;
  p.B = 4;
  p.vec_scale = Rational(0);
  test::expect_parameter_error(run, "vec-scale");
  p.vec_scale.reset();
  p.variant = LinUcbVariant::Jdp;
  p.B = 1;
  p.T = 2;
  test::expect_parameter_error(run, "T");
  // The theorem profile needs ‖x‖ <= 1: the authors' instance (‖x‖ = √2) is refused.
  p.profile = Profile001::Theorem;
  p.T = 40;
  test::expect_parameter_error(run, "features");
}

}  // namespace
}  // namespace dpb::ref
