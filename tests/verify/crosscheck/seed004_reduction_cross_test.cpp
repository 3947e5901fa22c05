// Claims 004.reduction.dp-se and 004.reduction.feraud, with their negative controls: DP-MASE with N = 1, M = 0 on
// dp-se's streams equals dp-se (both builds), and not when its noise stream is another one; CE at ξ = 0 equals
// Decentralized Elimination, and not at ξ = 1/100.
#include <gtest/gtest.h>

#include "verify/claims/claim.hpp"
#include "verify/crosscheck/multi_agent_crosscheck.hpp"
#include "verify/learner_checks/seed004_checks.hpp"

namespace dpb::verify {
namespace {

TEST(Seed004ReductionTest, DpMaseWithOneAgentIsDpSe) {
  for (bool fast : {false, true}) {
    DpSeReductionParams p;
    p.fast = fast;
    const ReductionResult r = reduction_dp_se(ref::seed004_problem1(), p, 7, 4);
    EXPECT_EQ(r.difference, "") << fast;
    EXPECT_GT(r.eliminations, 20u);
    EXPECT_GE(r.releases, 40u);
  }
  DpSeReductionParams p;
  p.eps = Rational(1, 4);
  p.noise_refinement = 3;
  EXPECT_EQ(reduction_dp_se(ref::seed004_problem2(), p, 8, 2).difference, "");
}

TEST(Seed004ReductionTest, NegativeControlAnotherNoiseStreamIsCaught) {
  DpSeReductionParams p;
  p.wrong_noise_stream = true;
  EXPECT_NE(reduction_dp_se(ref::seed004_problem1(), p, 7, 2).difference, "");
}

TEST(Seed004ReductionTest, CorruptedEliminationAtXiZeroIsFeraud) {
  ref::MultiAgentParams p;
  p.agents = 4;
  p.delta = Rational(1, 4);
  p.eta = Rational(1, 2);
  const ReductionResult r = reduction_feraud(ref::seed004_problem1(), p, 3, 4);
  EXPECT_EQ(r.difference, "");
  EXPECT_GT(r.eliminations, 20u);
  p.xi = Rational(1, 100);  // negative control: masks drop votes, SE runs at η_ξ < η
  EXPECT_NE(reduction_feraud(ref::seed004_problem1(), p, 3, 4).difference, "");
}

TEST(Seed004ReductionTest, ClaimsHoldOnTheQuickGrid) {
  RunOptions o;
  EXPECT_EQ(learner_checks::check_reduction_dp_se(o).verdict, Verdict::holds);
  EXPECT_EQ(learner_checks::check_reduction_feraud(o).verdict, Verdict::holds);
  EXPECT_EQ(learner_checks::check_messages(o).verdict, Verdict::holds);
}

}  // namespace
}  // namespace dpb::verify
