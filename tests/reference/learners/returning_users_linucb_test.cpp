// Seed 001's returning users (issue 18; reference/learners/shuffle_private_linucb.hpp UserModel): linucb-sdp-amp and
// linucb-sdp-vec calibrated per batch exactly as `calibrate p-amp|p-vec --returning` (calibrate_001), a failed
// theorem precondition labelled and not refused, the user-level linucb-jdp (Prop. 4.3: node std × M₀, M₀ = 1 the
// unique-user learner byte for byte), validation naming the parameter, and the user-level composition of the ledger
// (compose_user_level_001) against independent computations.
#include <gtest/gtest.h>

#include "reference/bits/chacha20.hpp"
#include "reference/learners/shuffle_private_linucb.hpp"
#include "reference/privacy/accountants.hpp"
#include "reference/privacy/ledger.hpp"
#include "reference/privacy/release_law_001.hpp"
#include "reference/protocols/calibration_001.hpp"
#include "tests/support/learner_fixtures.hpp"

namespace dpb::ref {
namespace {

LinUcbParams params(LinUcbVariant v, std::uint64_t T, std::uint64_t B, const Rational& eps, const Rational& delta) {
  LinUcbParams p;
  p.variant = v;
  p.T = T;
  p.B = B;
  p.eps = eps;
  p.delta = delta;
  p.users = UserModel::Returning;
  return p;
}

Calibration001 returning_calibration(const std::string& variant, const Rational& eps, const Rational& delta,
                                     std::uint64_t B, std::uint64_t T, std::optional<Integer> d = std::nullopt) {
  Calibration001Input in;
  in.variant = variant;
  in.eps = eps;
  in.delta = delta;
  in.n = Integer(B);
  in.horizon = Integer(T);
  in.d = d;
  in.returning = true;
  return calibrate_001(in);
}

TEST(ReturningUsersLinUcbTest, SdpAmpUsesCalibratesReturningSigma) {
  for (const auto& [eps, T] : {std::pair{Rational(1, 2), std::uint64_t{837}}, {Rational(9, 10), std::uint64_t{2000}}}) {
    const LinUcbConfig c = configure_linucb(params(LinUcbVariant::SdpAmp, T, 400, eps, Rational(1, 100000)), 2, 4, 8);
    const Calibration001 cal = returning_calibration("p-amp", eps, Rational(1, 100000), 400, T);
    EXPECT_EQ(c.sigma, *cal.find("sigma_bar")->exact);
    EXPECT_EQ(c.batch_eps, *cal.find("eps_batch")->exact);
    EXPECT_EQ(c.batch_delta, *cal.find("delta_batch")->exact);
    EXPECT_EQ(Rational(Integer(c.calibration_batches)), *cal.find("M")->exact);
    EXPECT_EQ(c.calibration_batches, (T + 399) / 400);
    EXPECT_EQ(c.M, T / 400);
    EXPECT_TRUE(c.in_range) << c.privacy_note;
    EXPECT_NE(c.privacy_note.find("Thm E.3"), std::string::npos);
    // The unique-user calibration is a different (smaller) sigma: the returning one is not a relabelling.
    LinUcbParams u = params(LinUcbVariant::SdpAmp, T, 400, eps, Rational(1, 100000));
    u.users = UserModel::Unique;
    const LinUcbConfig cu = configure_linucb(u, 2, 4, 8);
    EXPECT_LT(cu.sigma, c.sigma);
    EXPECT_EQ(cu.batch_eps, eps);
  }
}

TEST(ReturningUsersLinUcbTest, SdpVecUsesCalibratesReturningGAndB) {
  const LinUcbConfig c = configure_linucb(params(LinUcbVariant::SdpVec, 67, 20, Rational(1, 2), Rational(1, 100000)), 3,
                                          4, 8);
  const Calibration001 cal = returning_calibration("p-vec", Rational(1, 2), Rational(1, 100000), 20, 67, Integer(3));
  EXPECT_EQ(Rational(c.g), *cal.find("g")->exact);
  EXPECT_EQ(Rational(c.b), *cal.find("b")->exact);
  EXPECT_EQ(c.batch_eps, *cal.find("eps_batch")->exact);
  EXPECT_EQ(c.batch_delta, *cal.find("delta_batch")->exact);
  EXPECT_TRUE(c.in_range);
  EXPECT_NE(c.privacy_note.find("Thm E.5"), std::string::npos);
}

TEST(ReturningUsersLinUcbTest, AFailedPreconditionIsLabelledNotRefused) {
  // ε >= 1: Thm E.2's advanced composition needs ε < 1 (spec 001 §9 item 11); calibrate refuses, the learner runs.
  const Rational delta(1, 10);
  for (const LinUcbVariant v : {LinUcbVariant::SdpAmp, LinUcbVariant::SdpVec}) {
    const LinUcbConfig c = configure_linucb(params(v, 2048, 162, Rational(1), delta), 5, 100, 16);
    EXPECT_FALSE(c.in_range);
    EXPECT_NE(c.privacy_note.find(v == LinUcbVariant::SdpAmp ? "outside Thm E.3's range" : "outside Thm E.5's range"),
              std::string::npos)
        << c.privacy_note;
    EXPECT_NE(c.privacy_note.find("no privacy guarantee"), std::string::npos);
    const ReturningSplit001 s = returning_split_001(Rational(1), delta, Integer(162), Integer(2048));
    EXPECT_FALSE(s.composition_in_range);
    EXPECT_EQ(c.batch_eps, s.eps_m);
    if (v == LinUcbVariant::SdpAmp) {
      EXPECT_EQ(c.sigma, thm32_sigma(s.eps_m, s.delta_m, Integer(162)).sigma_bar);
    }
  }
  test::expect_parameter_error([] { (void)returning_calibration("p-amp", Rational(1), Rational(1, 10), 162, 2048); },
                               "eps");
  // The per-batch B.1 range failing (T = B = 200, M = 1: ε_m²B > ln(2/δ_m)) is labelled too.
  const LinUcbConfig one =
      configure_linucb(params(LinUcbVariant::SdpAmp, 200, 200, Rational(99, 100), Rational(1, 10)), 2, 4, 8);
  EXPECT_FALSE(thm32_in_range(one.batch_eps, one.batch_delta, Integer(200)));
  EXPECT_FALSE(one.in_range);
  EXPECT_NE(one.privacy_note.find("outside Thm E.3's range"), std::string::npos) << one.privacy_note;
}

TEST(ReturningUsersLinUcbTest, UserLevelJdpScalesTheNodeStdExactlyByM0) {
  LinUcbParams u = params(LinUcbVariant::Jdp, 85, 10, Rational(1, 2), Rational(1, 100000));
  u.users = UserModel::Unique;
  const LinUcbConfig base = configure_linucb(u, 2, 4, 8);
  EXPECT_EQ(base.M0, 1U);
  EXPECT_EQ(base.sigma, tree_sigma_node(Rational(1, 2), Rational(1, 100000), Integer(8), Integer(1)));
  for (std::uint64_t m0 : {1, 2, 3, 7}) {
    LinUcbParams p = params(LinUcbVariant::Jdp, 85, 10, Rational(1, 2), Rational(1, 100000));
    p.m0 = m0;
    const LinUcbConfig c = configure_linucb(p, 2, 4, 8);
    EXPECT_EQ(c.M0, m0);
    EXPECT_EQ(c.sigma, base.sigma * Rational(Integer(m0)));
    EXPECT_EQ(c.noise_proxy, base.noise_proxy * Rational(Integer(m0 * m0)));  // variance × M₀²
    EXPECT_NE(c.privacy_note.find("Prop. 4.3"), std::string::npos);
  }
  const LinUcbConfig dflt = configure_linucb(params(LinUcbVariant::Jdp, 85, 10, Rational(1, 2), Rational(1, 100000)), 2,
                                             4, 8);
  EXPECT_EQ(dflt.M0, 5U);  // ⌈85^{1/3}⌉: 4³ = 64 < 85 <= 125
  for (const auto& [T, m] : {std::pair<std::uint64_t, std::uint64_t>{1, 1}, {8, 2}, {9, 3}, {64, 4}, {65, 5},
                             {1U << 30, 1024}, {(1ULL << 30) + 1, 1025}})
    EXPECT_EQ(default_rounds_per_user(T), m) << T;
}

TEST(ReturningUsersLinUcbTest, UserLevelJdpWithM0OneIsTheUniqueUserLearnerByteForByte) {
  ChaCha20Source bits(3, 0);
  const LinearInstance inst = seed001_instance(3, 6, 16, bits);
  const RewardTape tape = make_reward_tape(inst.bandit(), 64, 3, 2);
  LinUcbParams u = params(LinUcbVariant::Jdp, 64, 1, Rational(1, 2), Rational(1, 10));
  u.users = UserModel::Unique;
  LinUcbParams r = u;
  r.users = UserModel::Returning;
  r.m0 = 1;
  ChaCha20Source n1(9, 1), n2(9, 1), n3(9, 1);
  const LinUcbTrajectory a = shuffle_private_linucb(u, inst, tape, NoiseSource(n1));
  const LinUcbTrajectory b = shuffle_private_linucb(r, inst, tape, NoiseSource(n2));
  ASSERT_EQ(a.updates.size(), b.updates.size());
  EXPECT_EQ(a.actions, b.actions);
  for (std::size_t i = 0; i < a.updates.size(); ++i) {
    EXPECT_EQ(a.updates[i].V_num, b.updates[i].V_num);
    EXPECT_EQ(a.updates[i].u_num, b.updates[i].u_num);
  }
  // A control: M₀ = 4 changes the noise and so the statistics.
  r.m0 = 4;
  const LinUcbTrajectory c = shuffle_private_linucb(r, inst, tape, NoiseSource(n3));
  bool differs = false;
  for (std::size_t i = 0; i < a.updates.size(); ++i) differs |= a.updates[i].V_num != c.updates[i].V_num;
  EXPECT_TRUE(differs);
}

TEST(ReturningUsersLinUcbTest, ValidationNamesTheParameter) {
  LinUcbParams p = params(LinUcbVariant::Ldp, 20, 1, Rational(1, 2), Rational(1, 10));
  test::expect_parameter_error([&] { configure_linucb(p, 2, 4, 8); }, "users");
  p.variant = LinUcbVariant::NonPrivate;
  test::expect_parameter_error([&] { configure_linucb(p, 2, 4, 8); }, "users");
  p.variant = LinUcbVariant::SdpAmp;
  p.profile = Profile001::PaperCode;
  test::expect_parameter_error([&] { configure_linucb(p, 2, 4, 8); }, "users");
  p.profile = Profile001::Theorem;
  p.m0 = 2;
  test::expect_parameter_error([&] { configure_linucb(p, 2, 4, 8); }, "m0");  // sdp-amp has no M₀
  p.variant = LinUcbVariant::Jdp;
  p.users = UserModel::Unique;
  test::expect_parameter_error([&] { configure_linucb(p, 2, 4, 8); }, "m0");  // unique users
  p.users = UserModel::Returning;
  p.m0 = 0;
  test::expect_parameter_error([&] { configure_linucb(p, 2, 4, 8); }, "m0");
  p.m0 = 21;
  test::expect_parameter_error([&] { configure_linucb(p, 2, 4, 8); }, "m0");
  p.m0 = 20;
  EXPECT_EQ(configure_linucb(p, 2, 4, 8).M0, 20U);
  test::expect_parameter_error([] { parse_user_model("sometimes", "test"); }, "users");
  EXPECT_EQ(parse_user_model(user_model_name(UserModel::Returning), "test"), UserModel::Returning);
  EXPECT_EQ(parse_user_model(user_model_name(UserModel::Unique), "test"), UserModel::Unique);
}

TEST(ReturningUsersLinUcbTest, UserLevelCompositionOfBatches) {
  const Rational delta(1, 100000);
  const std::vector<ReleaseLaw> laws{approx_dp_law(Rational(1, 10), Rational(1, 10000000)),
                                     approx_dp_law(Rational(1, 5), Rational(1, 20000000))};
  const std::vector<LedgerEntry> entries{{0, 0, 0, 10, 0}, {1, 0, 10, 10, 1}, {0, 0, 20, 10, 2}};
  const UserLevel001 two = compose_user_level_001(laws, entries, 2, delta, UserLevelMode::Batches);
  EXPECT_EQ(two.charged, 2U);
  EXPECT_EQ(two.worst[0], 1U);  // the ε = 1/5 release first
  // The charged releases' largest ε and δ, advanced composition with δ′ = δ/2.
  EXPECT_EQ(two.eps_upper, advanced_composition_eps_upper_bound(Rational(1, 5), Integer(2), delta / 2));
  EXPECT_EQ(two.delta, 2 * Rational(1, 10000000) + delta / 2);
  const UserLevel001 five = compose_user_level_001(laws, entries, 5, delta, UserLevelMode::Batches);
  EXPECT_EQ(five.charged, 3U);  // at most once per release
  EXPECT_EQ(five.eps_upper, advanced_composition_eps_upper_bound(Rational(1, 5), Integer(3), delta / 2));
  // Gaussian batches: the exact composition of the k largest Δ²/σ².
  const std::vector<ReleaseLaw> g{gaussian_law(Rational(100), Rational(8)), gaussian_law(Rational(400), Rational(8))};
  const std::vector<LedgerEntry> ge{{0, 0, 0, 5, 0}, {1, 0, 5, 5, 1}, {0, 0, 10, 5, 2}};
  const UserLevel001 gg = compose_user_level_001(g, ge, 2, delta, UserLevelMode::Batches);
  EXPECT_EQ(*gg.gaussian_mu2, Rational(16, 100));
  EXPECT_EQ(gg.eps_upper, gaussian_eps_upper_bound(Rational(16, 100), delta));
  test::expect_parameter_error([&] { compose_user_level_001(laws, entries, 0, delta, UserLevelMode::Batches); }, "k");
  test::expect_parameter_error([&] { compose_user_level_001(laws, {}, 1, delta, UserLevelMode::Batches); }, "entries");
  test::expect_parameter_error([&] { compose_user_level_001(laws, entries, 1, Rational(1), UserLevelMode::Batches); },
                               "delta");
  test::expect_parameter_error([&] { compose_user_level_001(laws, entries, 1, delta, UserLevelMode::Rounds); }, "laws");
}

TEST(ReturningUsersLinUcbTest, UserLevelCompositionOfRoundsChargesTheWorstRoundsWithCauchySchwarz) {
  // Nodes over 4 rounds: [0, 2), [2, 4), [0, 4), [0, 1): per-round μ² = 3, 2, 2, 2 units of Δ²/σ² = 16/64 = 1/4.
  const std::vector<ReleaseLaw> g{gaussian_law(Rational(64), Rational(16))};
  const std::vector<LedgerEntry> e{{0, 0, 0, 2, 0}, {0, 0, 2, 2, 1}, {0, 0, 0, 4, 2}, {0, 0, 0, 1, 3}};
  const Rational delta(1, 100000);
  const UserLevel001 one = compose_user_level_001(g, e, 1, delta, UserLevelMode::Rounds);
  EXPECT_EQ(*one.gaussian_mu2, Rational(3, 4));
  EXPECT_EQ(one.worst, std::vector<std::uint64_t>{0});
  const UserLevel001 two = compose_user_level_001(g, e, 2, delta, UserLevelMode::Rounds);
  EXPECT_EQ(*two.gaussian_mu2, 2 * (Rational(3, 4) + Rational(2, 4)));  // k × (the two largest μ_i²)
  EXPECT_EQ(two.eps_upper, gaussian_eps_upper_bound(Rational(5, 2), delta));
  // Rounds 0 and 1 together move node [0, 2) by 2Δ, [0, 4) by 2Δ, [0, 1) by Δ: the true μ² = (4 + 4 + 1)/4 = 9/4, which
  // the bound 5/2 covers.
  EXPECT_GE(*two.gaussian_mu2, Rational(9, 4));
}

}  // namespace
}  // namespace dpb::ref
