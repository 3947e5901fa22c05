// Returning users (seed 000 App. I) across the builds: with --returning-batches B --route R both builds run at the
// learner's returning calibration (reference/learners/returning_se.hpp), release the same R_a(b), make the same
// decisions, record byte-identical ledgers, and every run's placement of users passes its audit.
#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "reference/learners/returning_se.hpp"
#include "tests/support/learner_fixtures.hpp"
#include "verify/crosscheck/learners_crosscheck.hpp"

namespace dpb::verify {
namespace {

struct Case {
  const char* learner;
  ref::Variant variant;
  std::uint64_t B;
  ref::ReturningRoute route;
  bool delta;
};

TEST(ReturningCrossTest, BuildsAgreeAtTheReturningCalibration) {
  const Case cases[] = {{"dist-dp-se", ref::Variant::DistDP, 4, ref::ReturningRoute::Pure, false},
                        {"dist-rdp-se", ref::Variant::DistRDP, 2, ref::ReturningRoute::Rdp, true},
                        {"dist-cdp-se", ref::Variant::DistCDP, 2, ref::ReturningRoute::Rdp, true}};
  // (The approx route only lowers ε_b further — 44749/625000 for dist-cdp at ε = 4, B = 2 — and at T = 6000 no run
  // then eliminates an arm, so the decisions would not be compared; the CLI test runs it through simulate.)
  for (const Case& k : cases) {
    CrosscheckConfig c;
    c.learner = k.learner;
    c.horizon = 6000;
    c.runs = 3;
    c.seed = 20261206;
    c.eps = Rational(4);  // the total over a user's B batches
    c.environment = "seed000-easy";
    c.arms = 3;
    c.ledger = true;
    ref::ReturningSetting s;
    s.B = k.B;
    s.route = k.route;
    if (k.delta) s.delta = Rational(1, 100000);
    c.returning = s;
    const CrosscheckReport report = crosscheck_learner(c);
    std::ostringstream text;
    print_report(report, text);
    SCOPED_TRACE(k.learner);
    EXPECT_TRUE(report.ok()) << text.str();
    // Both builds ran at the learner's returning ε (not the total ε).
    ref::ProtocolAggregatorParams base;
    base.variant = k.variant;
    base.eps = c.eps;
    base.horizon = Integer(c.horizon);
    const Rational eps_b = ref::calibrate_returning_se(base, Rational(2), c.horizon, s).eps_batch;
    ASSERT_TRUE(report.returning_eps_batch.has_value());
    EXPECT_EQ(*report.returning_eps_batch, eps_b);
    EXPECT_LT(eps_b, c.eps);
    EXPECT_NE(text.str().find("returning users: B = " + std::to_string(k.B)), std::string::npos) << text.str();
    std::uint64_t eliminations = 0;
    for (const auto& r : report.runs) {
      EXPECT_FALSE(r.divergence.has_value()) << text.str();
      EXPECT_TRUE(r.ledger_compared);
      eliminations += r.eliminations;
    }
    EXPECT_GT(eliminations, 0U) << text.str();  // decisions that depend on the noisy releases were compared
  }
}

TEST(ReturningCrossTest, RefusesLearnersWithoutProtocolAndInvalidRoutes) {
  CrosscheckConfig c;
  c.learner = "ucb";
  c.horizon = 50;
  c.runs = 1;
  ref::ReturningSetting s;
  s.B = 2;
  s.route = ref::ReturningRoute::Pure;
  c.returning = s;
  test::expect_parameter_error([&] { crosscheck_learner(c); }, "--returning-batches");
  c.learner = "dist-rdp-se";  // pure: dist-dp, shuffle, central, local only
  test::expect_parameter_error([&] { crosscheck_learner(c); }, "--route");
}

}  // namespace
}  // namespace dpb::verify
