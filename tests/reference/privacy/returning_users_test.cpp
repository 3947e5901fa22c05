// Returning users (reference/privacy/returning_users.hpp): each route's numbers against closed forms computed
// independently in double, exact identities (pure: B·ε/B = ε; Bδ_i + δ′ = δ), monotonicity in B, the refusals, and
// the user-level ledger against hand sums and the existing zCDP accountant.
#include "reference/privacy/returning_users.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "reference/core/errors.hpp"
#include "reference/privacy/ledger.hpp"
#include "reference/privacy/skellam_renyi.hpp"

namespace dpb::ref {
namespace {

double d(const Rational& q) { return q.convert_to<double>(); }

ReturningInput input(const Rational& eps, long B, ReturningRoute route, std::optional<Rational> delta,
                     long n = 100, long T = 10000) {
  ReturningInput in;
  in.base.eps = eps;
  in.base.n = Integer(n);
  in.base.horizon = Integer(T);
  in.B = Integer(B);
  in.route = route;
  in.delta = delta;
  return in;
}

TEST(ReturningUsersTest, PureRouteIsExactlyBTimesEpsOverB) {
  for (Variant v : {Variant::DistDP, Variant::Shuffle, Variant::Central, Variant::Local})
    for (long B : {1L, 3L, 10L, 1000L}) {
      const Rational eps = v == Variant::Central || v == Variant::Local ? Rational(1, 2) : Rational(1);
      const ReturningCalibration r = calibrate_returning(v, input(eps, B, ReturningRoute::Pure, std::nullopt));
      EXPECT_EQ(r.eps_param, eps / B);
      EXPECT_EQ(*r.batch_eps_certified, eps / B);
      EXPECT_EQ(r.eps_total_upper, eps);
      EXPECT_EQ(r.delta_total, 0);
      // The batch is the plain calibration at ε/B.
      CalibrationInput c;
      c.eps = eps / B;
      c.n = Integer(100);
      c.horizon = Integer(10000);
      EXPECT_EQ(r.batch.m, calibrate(v, c).m);
    }
}

TEST(ReturningUsersTest, ApproxRouteMatchesAppendixIClosedForm) {
  // ε = 1, δ = 1e-5, B = 10: ε_i = 1/(2√(20 log(2e5))), δ_i = δ/20, δ′ = δ/2.
  const Rational delta(1, 100000);
  const ReturningCalibration r = calibrate_returning(Variant::DistDP, input(Rational(1), 10, ReturningRoute::Approx, delta));
  const double eps_i = 1 / (2 * std::sqrt(20 * std::log(2e5)));
  EXPECT_NEAR(d(r.budget->eps_batch), eps_i, 1e-15);
  EXPECT_LE(r.budget->eps_batch, Rational(eps_i * (1 + 1e-12)));
  EXPECT_EQ(r.budget->delta_batch, delta / 20);
  EXPECT_EQ(10 * r.budget->delta_batch + r.budget->delta_prime, delta);
  // Thm 3.20: ε/2 + B ε_i (e^{ε_i} − 1), rounded up, ≤ ε.
  EXPECT_NEAR(d(r.eps_total_upper), 0.5 + 10 * eps_i * std::expm1(eps_i), 1e-12);
  EXPECT_LE(r.eps_total_upper, 1);
  // The pure batch at ε_i rounded down to 6 significant digits.
  EXPECT_LE(r.eps_param, r.budget->eps_batch);
  EXPECT_GT(d(r.eps_param), eps_i * (1 - 1e-5));
}

TEST(ReturningUsersTest, ApproxRouteOfDistCdpMeetsTheBatchTargetAndIsNearlyLargest) {
  const Rational delta(1, 100000);
  const ReturningInput in = input(Rational(1, 2), 10, ReturningRoute::Approx, delta, 1000, 1000000);
  const ReturningCalibration r = calibrate_returning(Variant::DistCDP, in);
  ASSERT_TRUE(r.batch_eps_certified);
  EXPECT_LE(*r.batch_eps_certified, r.budget->eps_batch);
  // 1 % more noise budget fails the target.
  CalibrationInput c = in.base;
  c.eps = r.eps_param * Rational(101, 100);
  EXPECT_GT(compose_batch_rdp(calibrate(Variant::DistCDP, c), Integer(1), r.budget->delta_batch).eps.upper(),
            r.budget->eps_batch);
  // Bun–Steinke, looser than Lemma 10 (CKS), solved in double: ρ + 2√(ρ L) = ε_i with ρ = ε_b²/2 (Lemma 4's ξ adds
  // less than 1e-6 relative to ρ here, far less than what CKS gains over Bun–Steinke). The certified ε_b is at
  // least that solution.
  const double L = std::log(1 / d(r.budget->delta_batch));
  const double ei = d(r.budget->eps_batch);
  const double sqrt_rho = -std::sqrt(L) + std::sqrt(L + ei);
  EXPECT_GE(d(r.eps_param), std::sqrt(2.0) * sqrt_rho * (1 - 1e-9));
}

TEST(ReturningUsersTest, RdpRouteMeetsTheTargetAndBeatsBunSteinke) {
  const Rational delta(1, 100000);
  Rational previous = 1000;
  for (long B : {1L, 2L, 4L, 16L, 64L}) {
    const ReturningCalibration r =
        calibrate_returning(Variant::DistCDP, input(Rational(1, 2), B, ReturningRoute::Rdp, delta, 1000, 1000000));
    EXPECT_LE(r.eps_total_upper, Rational(1, 2));
    EXPECT_EQ(r.delta_total, delta);
    EXPECT_LT(r.eps_param, previous) << B;  // more batches, less budget each
    previous = r.eps_param;
    // Bun–Steinke on Bρ, ρ = ε_b²/2: Bρ + 2√(Bρ L) = ε. The numerical accountant allows at least that much.
    const double L = std::log(1e5);
    const double sqrt_brho = -std::sqrt(L) + std::sqrt(L + 0.5);
    EXPECT_GE(d(r.eps_param), std::sqrt(2.0 / B) * sqrt_brho * (1 - 1e-9)) << B;
    // 1 % more fails.
    CalibrationInput c;
    c.eps = r.eps_param * Rational(101, 100);
    c.n = Integer(1000);
    c.horizon = Integer(1000000);
    EXPECT_GT(compose_batch_rdp(calibrate(Variant::DistCDP, c), Integer(B), delta).eps.upper(), Rational(1, 2)) << B;
  }
}

TEST(ReturningUsersTest, RdpRouteNeedsLessVarianceThanApproxRoute) {
  const Rational delta(1, 1000000);
  for (Variant v : {Variant::DistRDP, Variant::DistCDP}) {
    const ReturningCalibration a = calibrate_returning(v, input(Rational(1, 2), 100, ReturningRoute::Approx, delta, 1000, 1000000));
    const ReturningCalibration r = calibrate_returning(v, input(Rational(1, 2), 100, ReturningRoute::Rdp, delta, 1000, 1000000));
    EXPECT_EQ(*a.variance_reward_units, 1 / (a.eps_param * a.eps_param));
    EXPECT_GT(*a.variance_reward_units, 5 * *r.variance_reward_units) << variant_name(v);
  }
}

TEST(ReturningUsersTest, RefusalsNameTheParameter) {
  const Rational delta(1, 100000);
  const auto refused = [](Variant v, const ReturningInput& in, const char* name) {
    try {
      (void)calibrate_returning(v, in);
      ADD_FAILURE() << "not refused: " << name;
    } catch (const ParameterError& e) {
      EXPECT_NE(std::string(e.what()).find(std::string("'") + name + "'"), std::string::npos) << e.what();
    }
  };
  refused(Variant::DistDP, input(Rational(1), 0, ReturningRoute::Pure, std::nullopt), "returning-batches");
  ReturningInput big = input(Rational(1), 1, ReturningRoute::Pure, std::nullopt);
  big.B = (Integer(1) << 40) + 1;
  refused(Variant::DistDP, big, "returning-batches");
  refused(Variant::DistDP, input(Rational(1), 4, ReturningRoute::Rdp, delta), "route");
  refused(Variant::Shuffle, input(Rational(1), 4, ReturningRoute::Rdp, delta), "route");
  refused(Variant::DistRDP, input(Rational(1), 4, ReturningRoute::Pure, std::nullopt), "route");
  refused(Variant::DistCDP, input(Rational(1, 2), 4, ReturningRoute::Pure, std::nullopt), "route");
  refused(Variant::DistDP, input(Rational(1), 4, ReturningRoute::Approx, std::nullopt), "delta");
  refused(Variant::DistRDP, input(Rational(1), 4, ReturningRoute::Rdp, std::nullopt), "delta");
  refused(Variant::DistDP, input(Rational(1), 4, ReturningRoute::Pure, delta), "delta");
  refused(Variant::DistDP, input(Rational(1), 4, ReturningRoute::Approx, Rational(1)), "delta");
  // ε = 10, δ = 9/10, B = 1: ε/2 + ε_1 (e^{ε_1} − 1) > ε (Cor. 3.21's form needs ε < 1).
  refused(Variant::DistDP, input(Rational(10), 1, ReturningRoute::Approx, Rational(9, 10)), "eps");
  // The batch calibration's own checks still apply (Theorem 5: ε < 1 per batch), and the base's (n <= horizon).
  refused(Variant::Central, input(Rational(2), 1, ReturningRoute::Pure, std::nullopt), "eps");
  refused(Variant::DistDP, input(Rational(1), 4, ReturningRoute::Pure, std::nullopt, 100, 10), "n");
  // A total ε beyond the theorem's range is fine when every batch is inside it.
  EXPECT_EQ(calibrate_returning(Variant::Central, input(Rational(2), 4, ReturningRoute::Pure, std::nullopt)).eps_param,
            Rational(1, 2));
}

TEST(ReturningUsersTest, UserLevelLedgerChargesTheWorstBReleases) {
  const std::vector<ReleaseLaw> laws = {laplace_law(Rational(10), Rational(1)), laplace_law(Rational(5), Rational(1)),
                                        laplace_law(Rational(2), Rational(1))};
  std::vector<LedgerEntry> entries;
  for (std::uint32_t i = 0; i < 3; ++i) entries.push_back(LedgerEntry{i, 0, i * 10, 10, i});
  EXPECT_EQ(compose_returning_user(laws, entries, 1).eps_upper, Rational(1, 2));
  EXPECT_EQ(compose_returning_user(laws, entries, 2).eps_upper, Rational(7, 10));
  EXPECT_EQ(compose_returning_user(laws, entries, 3).eps_upper, Rational(8, 10));
  // B = 5 > 3 releases: several runs, each release at most ⌈5/3⌉ = 2 times: 2/2 + 2/5 + 1/10.
  EXPECT_EQ(compose_returning_user(laws, entries, 5).eps_upper, Rational(3, 2));
  EXPECT_EQ(compose_returning_user(laws, entries, 2).worst_releases, (std::vector<std::uint64_t>{2, 1}));
  EXPECT_THROW((void)compose_returning_user(laws, entries, 0), ParameterError);
}

TEST(ReturningUsersTest, UserLevelLedgerOfZcdpMatchesTheCksAccountant) {
  const auto zcdp = [](const Rational& rho) {
    return ReleaseLaw{LawFamily::protocol_zcdp, ObservationUnit::arm_pull, Rational(0), Rational(1), rho};
  };
  const std::vector<ReleaseLaw> laws = {zcdp(Rational(1, 100)), zcdp(Rational(1, 50))};
  const std::vector<LedgerEntry> entries = {LedgerEntry{0, 0, 0, 4, 0}, LedgerEntry{1, 1, 0, 4, 1}};
  LedgerOptions o;
  o.delta = Rational(1, 100000);
  // B = 3: ρ = 2·(1/50) + 1/100 = 1/20.
  EXPECT_EQ(compose_returning_user(laws, entries, 3, o).eps_upper, zcdp_to_dp_cks_upper_bound(Rational(1, 20), *o.delta));
  EXPECT_THROW((void)compose_returning_user(laws, entries, 3), ParameterError);  // no δ
}

}  // namespace
}  // namespace dpb::ref

namespace dpb::ref {
namespace {

TEST(ExactSkellamTotalTest, TheExactCurveIsNoLooserThanLemma3AndOnlyForDistRdpOnTheRdpRoute) {
  const Rational delta(1, 100000);
  const ReturningCalibration r =
      calibrate_returning(Variant::DistRDP, input(Rational(1), 4, ReturningRoute::Rdp, delta));
  const ExactSkellamTotal e = exact_skellam_rdp_total(r);
  ASSERT_TRUE(e.computed) << e.note;
  EXPECT_GE(e.alphas_evaluated, 2u);
  EXPECT_GT(e.eps_upper, 0);
  // Exact D_α ≤ Lemma 3 at every α, and the same Lemma 10 conversion: never above the calibrated total.
  EXPECT_LE(e.eps_upper, r.eps_total_upper);
  EXPECT_LE(r.eps_total_upper, Rational(1));
  // The B-fold curve grows with B at the same batch: composing 8 of these batches costs more than 4.
  ReturningCalibration r8 = r;
  r8.B = 8;
  const ExactSkellamTotal e8 = exact_skellam_rdp_total(r8);
  ASSERT_TRUE(e8.computed);
  EXPECT_GT(e8.eps_upper, e.eps_upper);
  // Not for the approx route, nor for dist-cdp.
  const ReturningCalibration a =
      calibrate_returning(Variant::DistRDP, input(Rational(1), 4, ReturningRoute::Approx, delta));
  EXPECT_FALSE(exact_skellam_rdp_total(a).computed);
  const ReturningCalibration c =
      calibrate_returning(Variant::DistCDP, input(Rational(1), 4, ReturningRoute::Rdp, delta));
  EXPECT_FALSE(exact_skellam_rdp_total(c).computed);
}

TEST(ExactSkellamTotalTest, SkellamRenyiExactRefusesWindowsPastItsLimit) {
  SkellamRenyiExact wide(Rational(50000));
  EXPECT_FALSE(wide.try_divergence(1, 2, 128).has_value());
  EXPECT_THROW((void)wide.divergence(1, 2, 128), std::runtime_error);
  SkellamRenyiExact narrow(Rational(10));
  EXPECT_FALSE(narrow.try_divergence(1000, 100, 128).has_value());  // αΔ past the window
  EXPECT_THROW((void)narrow.try_divergence(0, 2, 128), ParameterError);
  EXPECT_THROW((void)narrow.try_divergence(1, 1, 128), ParameterError);
  // D_α ≥ 0 and increasing in Δ.
  const Interval d1 = narrow.divergence(1, 3, 128), d2 = narrow.divergence(2, 3, 128);
  EXPECT_TRUE(d1.certainly_less(d2));
}

}  // namespace
}  // namespace dpb::ref
