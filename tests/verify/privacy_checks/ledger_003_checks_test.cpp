// The `003.shuffle-glm.ledger` checker (verify/privacy_checks/ledger_003_checks.hpp): the registered verdict, the
// ledger equal to the worst batch's P₂ ε̃ plus its P_GD ε (basic composition, recomputed here from the evidence),
// and negative controls — a twin calibrated for 4ε against the claim ε, and a trajectory whose last batch was
// released too — that must not pass.
#include "verify/privacy_checks/ledger_003_checks.hpp"

#include <gtest/gtest.h>

namespace dpb::verify::privacy_checks {
namespace {

// The evidence's decimals: an exact rational when short ("1/2"), else a decimal rounded up.
double number(const std::string& s) {
  return s.find('/') != std::string::npos ? Rational(s).convert_to<double>() : std::stod(s);
}

TEST(Ledger003ChecksTest, ShuffleGlmLedgerHoldsAndIsTheWorstBatchsSum) {
  const Outcome o = check_ledger_003(RunOptions{});
  EXPECT_EQ(o.verdict, Verdict::holds) << o.key_figure << "\n" << o.evidence.dump(1);
  EXPECT_TRUE(o.evidence["users"]["as_expected"].get<bool>());
  EXPECT_EQ(o.evidence["users"]["max_releases_per_user"].get<std::uint64_t>(), 2U);  // its batch's P₂ and P_GD
  // Every user is in one batch; the batches' ε sums are the per-user compositions; the ledger is their maximum, and
  // each batch's two calls sum to at most ε (each is calibrated at ε/2).
  const auto& batches = o.evidence["batches"];
  ASSERT_GE(batches.size(), 2U);
  EXPECT_FALSE(batches.back().contains("p2"));  // the last batch releases nothing
  const double ledger = number(o.evidence["ledger_eps_upper_decimal"].get<std::string>());
  double worst = 0;
  for (const auto& b : batches)
    if (b.contains("p2"))
      worst = std::max(worst, number(b["p2"]["eps_upper"].get<std::string>()) +
                                  number(b["pgd"]["eps_total_upper"].get<std::string>()));
  EXPECT_NEAR(ledger, worst, 1e-5);
  EXPECT_LE(Rational(o.evidence["ledger_delta"].get<std::string>()), Rational(1, 100));
}

TEST(Ledger003ChecksTest, TwinCalibratedForFourEpsIsOverTheClaim) {
  Ledger003Options o;
  o.calibration_eps = Rational(4);  // each call at (2, δ/2): P_GD's composed ε alone is above ε = 1
  const Outcome out = check_ledger_003(RunOptions{}, o);
  EXPECT_NE(out.verdict, Verdict::holds) << out.key_figure;
  EXPECT_GT(Rational(out.evidence["ledger_eps_upper"].get<std::string>()), Rational(1));
}

TEST(Ledger003ChecksTest, ReleasingTheLastBatchIsCaught) {
  const Ledger003Options o;
  ref::ShuffleGlmTrajectory t = run_ledger_003(o, RunOptions{}.seed);
  t.p2_counts.push_back(t.p2_counts.back());
  t.pgd_counts.push_back(t.pgd_counts.back());
  const Outcome out = assess_ledger_003(t, o);
  EXPECT_FALSE(out.evidence["users"]["as_expected"].get<bool>());
  EXPECT_TRUE(out.evidence["batches"].back().contains("p2"));
}

}  // namespace
}  // namespace dpb::verify::privacy_checks
