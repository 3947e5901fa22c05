// The `<seed>.<learner>.ledger` checker (verify/privacy_checks/ledger_checks.hpp): the verdicts the claims expect,
// the corrected calibrations of the two findings (hybrid-ucb with r + 1 levels, ftnl with Lap(2/ε)) holding, and
// leaky twins (every noise scale halved: a synthetic ledger of a learner with half the noise) never `holds`.
#include "verify/privacy_checks/ledger_checks.hpp"

#include <gtest/gtest.h>

#include "tests/support/learner_fixtures.hpp"

namespace dpb::verify::privacy_checks {
namespace {

RunOptions quick() { return RunOptions{}; }

TEST(LedgerChecksTest, VerdictsAsRegistered) {
  for (const std::string& learner : ledger_learners()) {
    const Outcome o = check_ledger(learner, quick());
    const Verdict expected =
        learner == "hybrid-ucb" || learner == "ftnl" ? Verdict::violated : Verdict::holds;
    EXPECT_EQ(o.verdict, expected) << learner << ": " << o.key_figure << "\n" << o.evidence.dump(1);
    if (o.evidence.contains("analytic_bound_holds_numerically")) {  // the bound for every T covers T = 10^6
      EXPECT_TRUE(o.evidence["analytic_bound_holds_numerically"].get<bool>()) << learner;
    }
    // hybrid-ucb at T = 10^6: tree 18's first leaf is in 19 nodes and array 18.
    EXPECT_EQ(o.evidence["max_releases_per_observation"].get<std::uint64_t>(), learner == "hybrid-ucb" ? 20U : 1U)
        << learner;
  }
}

TEST(LedgerChecksTest, FindingsCarryTheirEvidence) {
  const Outcome h = check_ledger("hybrid-ucb", quick());
  EXPECT_EQ(h.evidence["ledger_eps_upper"], "3/4");
  EXPECT_EQ(h.evidence["certified_lower_bound"], "3/4");
  EXPECT_EQ(h.evidence["worst_observation"]["index"], 1);
  EXPECT_EQ(h.evidence["worst_releases"].size(), 3U);
  EXPECT_EQ(h.evidence["analytic_bound_all_horizons"], "3/4");
  const Outcome f = check_ledger("ftnl", quick());
  EXPECT_EQ(f.evidence["ledger_eps_upper"], "1");
  EXPECT_EQ(f.evidence["lower_bound_observation"]["ledger_eps"], "1");
}

TEST(LedgerChecksTest, CorrectedCalibrationsHold) {
  LedgerCheckOptions o;
  o.hybrid_levels_plus_one = true;
  EXPECT_EQ(check_ledger("hybrid-ucb", quick(), o).verdict, Verdict::holds);
  LedgerCheckOptions c2;
  c2.ftnl_noise_multiplier = Rational(2);
  EXPECT_EQ(check_ledger("ftnl", quick(), c2).verdict, Verdict::holds);
}

TEST(LedgerChecksTest, LeakyTwinsNeverHold) {
  LedgerCheckOptions leaky;
  leaky.leak = Rational(2);
  leaky.horizon = 1 << 12;
  for (const std::string& learner : ledger_learners()) {
    const Outcome o = check_ledger(learner, quick(), leaky);
    EXPECT_NE(o.verdict, Verdict::holds) << learner << ": " << o.key_figure;
    if (o.evidence.contains("analytic_bound_holds_numerically")) {
      EXPECT_TRUE(o.evidence["analytic_bound_holds_numerically"].get<bool>()) << learner;
      EXPECT_EQ(o.evidence["analytic_bound_all_horizons"], o.evidence["ledger_eps_upper"]) << learner;
    }
    // Discrete-Laplace releases: one release alone exceeds the claim, certified (exact): violated.
    if (learner == "dp-se" || learner == "anytime-lazy-ucb" || learner == "cdp-se" || learner == "dist-dp-se" ||
        learner == "ldp-se" || learner == "hybrid-ucb" || learner == "ftnl" || learner == "dp-mase") {
      EXPECT_EQ(o.verdict, Verdict::violated) << learner << ": " << o.key_figure;
    }
  }
  // A slight leak on naive FTNL (2ε/K·(3/2) > ε) is caught too.
  LedgerCheckOptions slight;
  slight.leak = Rational(3, 2);
  slight.horizon = 1 << 12;
  EXPECT_EQ(check_ledger("naive-ftnl", quick(), slight).verdict, Verdict::violated);
}

TEST(LedgerChecksTest, BadInputNamesTheParameter) {
  test::expect_parameter_error([] { check_ledger("ucb", quick()); }, "learner");
  LedgerCheckOptions o;
  o.leak = Rational(1, 2);
  test::expect_parameter_error([&] { check_ledger("dp-se", quick(), o); }, "leak");
  o = {};
  o.horizon = 2;
  test::expect_parameter_error([&] { check_ledger("dp-se", quick(), o); }, "horizon");
}

}  // namespace
}  // namespace dpb::verify::privacy_checks
