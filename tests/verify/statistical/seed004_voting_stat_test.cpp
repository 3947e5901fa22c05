// Seed 004's voting claims (verify/statistical/seed004_voting.hpp): the exact binomial tail, the race model against
// the engine (the measured coin-race failure rate agrees with P(Bin(2M + 1, ρ) ≥ M + 1) and rejects ρ^M, the
// independence argument's bound), and the registered quick grids (voting-independence violated, local-failure holds).
#include "verify/statistical/seed004_voting.hpp"

#include <gtest/gtest.h>

#include "verify/statistical/seed004_failure.hpp"
#include "verify/stats/binomial_tests.hpp"

namespace dpb::verify::statistical {
namespace {

TEST(Seed004Voting, ExactBinomialTail) {
  EXPECT_EQ(binomial_at_least(5, 3, Rational(1, 2)), Rational(1, 2));
  EXPECT_EQ(binomial_at_least(3, 2, Rational(1, 4)), Rational(10, 64));
  EXPECT_EQ(binomial_at_least(4, 0, Rational(1, 3)), Rational(1));
  EXPECT_EQ(binomial_at_least(4, 5, Rational(1, 3)), Rational(0));
  EXPECT_EQ(binomial_at_least(2, 2, Rational(2, 3)), Rational(4, 9));
}

TEST(Seed004Voting, TheCoinRaceIsTheModelAndRhoToTheMIsNot) {
  FailureSetting s;
  s.algorithm = ref::MultiAgentAlgorithm::Mase;
  s.params.agents = 8;
  s.params.beta = Rational(1, 2);
  s.params.coin = true;
  s.params.delta = Rational(1, 4);  // M = 2: the race is P(Bin(5, 1/2) >= 3) = 1/2
  s.runs = 2000;
  const FailureCount c = count_failures(s, 3);
  const auto race = stats::binomial_test(c.failures, c.runs, {0.5, 0.5});
  EXPECT_GT(race.p_value, 1e-6) << c.failures;  // the exact race is not rejected
  const auto naive = stats::binomial_test(c.failures, c.runs, {0.25, 0.25});
  EXPECT_LT(naive.p_value, 1e-6) << c.failures;  // ρ^M = 1/4 (the independence argument) is
}

TEST(Seed004Voting, QuickGrids) {
  RunOptions o;
  o.alpha = 2.5e-7;
  EXPECT_EQ(check_voting_independence(o).verdict, Verdict::violated);
  EXPECT_EQ(check_local_failure(o).verdict, Verdict::holds);
}

}  // namespace
}  // namespace dpb::verify::statistical
