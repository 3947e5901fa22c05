// The returning-users checkers (verify/privacy_checks/returning_checks.hpp): the verdicts the claims expect, their
// evidence, and negative controls (a user in more batches than the calibration assumed: never `holds`; the pure
// route's exact sum then `violated`).
#include "verify/privacy_checks/returning_checks.hpp"

#include <gtest/gtest.h>

#include "reference/core/rational.hpp"
#include "verify/claims/all_claims.hpp"

namespace dpb::verify::privacy_checks {
namespace {

TEST(ReturningChecksTest, V19HoldsOnEveryGridPoint) {
  const Outcome o = check_v19(Suite::quick);
  EXPECT_EQ(o.verdict, Verdict::holds) << o.key_figure;
  ASSERT_EQ(o.evidence["points"].size(), 4U * 3U * 6U);
  for (const auto& p : o.evidence["points"]) EXPECT_TRUE(p["B_delta_i_plus_delta_prime_equals_delta"].get<bool>());
}

TEST(ReturningChecksTest, Remark8Holds) {
  const Outcome o = check_remark8(Suite::quick);
  EXPECT_EQ(o.verdict, Verdict::holds) << o.key_figure << "\n" << o.evidence.dump(1);
  EXPECT_EQ(o.evidence["points"].size(), 2U * 3U * 3U);
}

TEST(ReturningChecksTest, RdpGainHoldsAndReportsTheRatio) {
  const Outcome o = check_rdp_gain(Suite::quick);
  EXPECT_EQ(o.verdict, Verdict::holds) << o.key_figure << "\n" << o.evidence.dump(1);
  for (const auto& p : o.evidence["points"]) {
    const Rational a = parse_rational(p["eps_batch_approx_route"].get<std::string>(), "test", "a");
    const Rational r = parse_rational(p["eps_batch_rdp_route"].get<std::string>(), "test", "r");
    EXPECT_GT(r, a);  // the rdp route allows a larger per-batch eps, i.e. less variance
  }
}

TEST(ReturningChecksTest, LedgersHoldAtTheCalibratedB) {
  for (const std::string& learner : returning_ledger_learners()) {
    const Outcome o = check_returning_ledger(learner, {});
    EXPECT_EQ(o.verdict, Verdict::holds) << learner << ": " << o.key_figure << "\n" << o.evidence.dump(1);
  }
  // The pure route: B batches at eps/B, exactly eps.
  const Outcome d = check_returning_ledger("dist-dp-se", {});
  EXPECT_EQ(d.evidence["ledger_eps_upper"], "1/2");
  EXPECT_EQ(d.evidence["eps_batch_used"], "1/16");
}

TEST(ReturningChecksTest, NegativeControlUserInMoreBatchesThanCalibrated) {
  ReturningLedgerOptions o;
  o.ledger_B = 2 * o.B;
  const Outcome d = check_returning_ledger("dist-dp-se", o);
  EXPECT_EQ(d.verdict, Verdict::violated) << d.key_figure;
  EXPECT_EQ(d.evidence["ledger_eps_upper"], "1");
  for (const std::string learner : {"dist-rdp-se", "dist-cdp-se"}) {
    const Outcome r = check_returning_ledger(learner, o);
    EXPECT_NE(r.verdict, Verdict::holds) << learner << ": " << r.key_figure;
  }
}

TEST(ReturningChecksTest, ClaimsAreRegisteredCertified) {
  const Registry& reg = all_claims();
  for (const std::string id : {"000.v19", "000.remark8", "000.app-i.rdp-gain", "000.dist-dp-se.returning.ledger",
                               "000.dist-rdp-se.returning.ledger", "000.dist-cdp-se.returning.ledger"}) {
    const Claim* c = reg.find(id);
    ASSERT_NE(c, nullptr) << id;
    EXPECT_EQ(c->method, Method::certified) << id;
    EXPECT_EQ(c->expected, Verdict::holds) << id;
  }
}

}  // namespace
}  // namespace dpb::verify::privacy_checks
