// The cross-check cannot excuse itself (issue 13 §4): every divergence fails, and near ties are decided by the
// certified path in the optimized build. Controls on an over-flagging fast build (every error bound × 2^44, × 2^48 for
// DP-SE, so that many decisions count as near ties) with a deliberate fault at near ties (the double picks the
// runner-up, or flips keep/eliminate):
//   * with deferral (the default) the certified path decides every flagged decision: no run diverges, and the
//     deferrals are counted — the certified path really ran, and agreed with the reference;
//   * without deferral the fault decides: the cross-check must fail.
#include <gtest/gtest.h>

#include <cmath>
#include <sstream>
#include <string>

#include "verify/crosscheck/learners_crosscheck.hpp"

namespace dpb::verify {
namespace {

CrosscheckReport run(const std::string& learner, bool defer) {
  CrosscheckConfig c;
  c.learner = learner;
  c.horizon = learner == "ucb" || learner == "anytime-lazy-ucb" || learner == "hybrid-ucb" ? 400
              : learner == "dp-se"                                                          ? 20000
                                                                                            : 6000;
  c.runs = 4;
  c.seed = 20261125;
  if (learner != "ucb" && learner != "anytime-lazy-ucb" && learner != "hybrid-ucb") {
    c.environment = "seed000-easy";
    c.arms = 3;
  }
  // DP-SE makes few, clear eliminations: its bound is widened to the whole threshold (× 2^48) to create near ties.
  c.fast_options.near_tie_scale = std::ldexp(1.0, learner == "dp-se" ? 48 : 44);
  c.fast_options.fault_at_near_ties = true;
  c.fast_options.defer_near_ties = defer;
  return crosscheck_learner(c);
}

class NearTieControlTest : public ::testing::TestWithParam<const char*> {};

TEST_P(NearTieControlTest, DeferralMasksTheFaultAndItsAbsenceIsCaught) {
  const CrosscheckReport deferred = run(GetParam(), true);
  std::ostringstream text;
  print_report(deferred, text);
  EXPECT_TRUE(deferred.ok()) << text.str();
  EXPECT_GT(deferred.deferrals(), 0U) << text.str();
  EXPECT_EQ(deferred.deferrals(), deferred.flagged_rounds()) << text.str();  // every flagged decision deferred

  const CrosscheckReport faulty = run(GetParam(), false);
  std::ostringstream text2;
  print_report(faulty, text2);
  EXPECT_FALSE(faulty.ok()) << text2.str();
  EXPECT_EQ(faulty.deferrals(), 0U);
}

INSTANTIATE_TEST_SUITE_P(Learners, NearTieControlTest,
                         ::testing::Values("ucb", "anytime-lazy-ucb", "hybrid-ucb", "se", "central-dlap-se",
                                           "dist-dp-se", "dp-se"));

}  // namespace
}  // namespace dpb::verify
