// The failure-probability claims' checker (verify/statistical/seed004_failure.hpp): the verdict rule on made-up
// counts (holds / violated / inconclusive at the boundaries), a learner that fails too often (MASE with the coin
// routine at ρ = 1/2 and one vote: it fails with probability 1/2) coming out violated through the same counting and
// test, and the registered claims' quick grids holding.
#include "verify/statistical/seed004_failure.hpp"

#include <gtest/gtest.h>

#include <stdexcept>

namespace dpb::verify::statistical {
namespace {

FailureSetting setting(const Rational& delta) {
  FailureSetting s;
  s.name = "made up";
  s.params.delta = delta;
  return s;
}

TEST(Seed004Failure, VerdictRule) {
  const std::vector<FailureSetting> one = {setting(Rational(1, 4))};
  EXPECT_EQ(test_failures(one, {{300, 0, 0}}, 1e-6).verdict, Verdict::holds);
  EXPECT_EQ(test_failures(one, {{300, 150, 3}}, 1e-6).verdict, Verdict::violated);
  EXPECT_EQ(test_failures(one, {{300, 75, 0}}, 1e-6).verdict, Verdict::inconclusive);  // 1/4 exactly: undecided
  // Bonferroni: a second setting widens the first one's bounds.
  const std::vector<FailureSetting> two = {setting(Rational(1, 4)), setting(Rational(1, 4))};
  const Outcome o = test_failures(two, {{300, 0, 0}, {300, 0, 0}}, 1e-6);
  EXPECT_DOUBLE_EQ(o.evidence["alpha_each"].get<double>(), 5e-7);
  EXPECT_THROW(test_failures(one, {{300, 0, 0}}, 0), std::invalid_argument);
  EXPECT_THROW(test_failures(one, {}, 1e-6), std::invalid_argument);
}

TEST(Seed004Failure, ALearnerThatFailsTooOftenIsViolated) {
  FailureSetting s;
  s.name = "mase, coin at rho = 1/2, one vote";
  s.algorithm = ref::MultiAgentAlgorithm::Mase;
  s.params.agents = 4;
  s.params.delta = Rational(1, 4);
  s.params.beta = Rational(1, 2);
  s.params.coin = true;
  s.params.votes = 0;
  s.runs = 300;
  const FailureCount c = count_failures(s, 11);
  EXPECT_GT(c.failures, 100u);
  EXPECT_EQ(test_failures({s}, {c}, 1e-6).verdict, Verdict::violated);
}

TEST(Seed004Failure, QuickGridsHold) {
  RunOptions o;
  o.alpha = 5e-7;
  EXPECT_EQ(check_prop42_failure(o).verdict, Verdict::holds);
  EXPECT_EQ(check_prop52_failure(o).verdict, Verdict::holds);
}

}  // namespace
}  // namespace dpb::verify::statistical
