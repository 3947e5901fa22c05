// Negative controls of the `003.<learner>.whole-output` claims (issue 13 §2; verify/claims/claims_audit.cpp): each
// private learner's leaky twin (TargetOptions::noise_divisor: ⌈b/k⌉ noise bits per user in P₂ and P_GD for
// shuffle-glm, both trees at σ/k for jdp-glm) while the claim and the ledger stay those of the specified calibration
// — must come out `violated` through the very checker the claim uses (learner_audit_outcome at the claim's own α and
// quick size). Why the twins must be caught: tests/verify/audit/targets_003_learners_stat_test.cpp.
#include <gtest/gtest.h>

#include "verify/audit/targets_003_learners.hpp"
#include "verify/claims/all_claims.hpp"
#include "verify/claims/claims_audit.hpp"

#include "tests/support/seed003_learner_twins.hpp"

namespace dpb::verify {
namespace {

using Case = ::dpb::test::Seed003Twin;

class Seed003WholeOutputTwin : public ::testing::TestWithParam<Case> {};

TEST_P(Seed003WholeOutputTwin, TheLeakyTwinIsViolatedThroughTheClaimsChecker) {
  const Case c = GetParam();
  const Claim* claim = all_claims().find(std::string("003.") + c.name + ".whole-output");
  ASSERT_NE(claim, nullptr);
  RunOptions o;  // the quick suite, the default seed
  o.alpha = claim->alpha;
  const Outcome leaky = learner_audit_outcome(c.name, audit::seed003_learner_sizes(c.name).eps, o, Rational(1), true,
                                              2, false, false, Rational(c.divisor));
  EXPECT_EQ(leaky.verdict, Verdict::violated) << leaky.key_figure;
  EXPECT_NE(leaky.key_figure.find("VIOLATION"), std::string::npos) << leaky.key_figure;
}

INSTANTIATE_TEST_SUITE_P(Learners, Seed003WholeOutputTwin, ::dpb::test::seed003_learner_twins(),
                         ::dpb::test::seed003_twin_name);

}  // namespace
}  // namespace dpb::verify
