// Negative controls of the `001.<learner>.whole-output` claims (issue 13 §2; verify/claims/claims_audit.cpp): each
// private learner's leaky twin — the learner drawing its noise k times smaller (TargetOptions::noise_divisor: σ̄/k,
// σ_node/k or ⌈b/k⌉ noise bits per user) while the claim, β, λ and the ledger stay those of the specified
// calibration — must come out `violated` through the very checker the claim uses (learner_audit_outcome at the
// claim's own α and quick size); the learner as specified comes out `holds` there (the claims ctest). Why the twins
// must be caught: tests/verify/audit/targets_001_learners_stat_test.cpp (the noise on u's coordinates becomes small
// against the changed user's φy, so the later users' actions follow it).
#include <gtest/gtest.h>

#include "verify/claims/all_claims.hpp"
#include "verify/claims/claims_audit.hpp"

#include "tests/support/seed001_learner_twins.hpp"

namespace dpb::verify {
namespace {

using Case = ::dpb::test::Seed001Twin;

class Seed001WholeOutputTwin : public ::testing::TestWithParam<Case> {};

TEST_P(Seed001WholeOutputTwin, TheLeakyTwinIsViolatedThroughTheClaimsChecker) {
  const Case c = GetParam();
  const Claim* claim = all_claims().find(std::string("001.") + c.name + ".whole-output");
  ASSERT_NE(claim, nullptr);
  RunOptions o;  // the quick suite, the default seed
  o.alpha = claim->alpha;
  const Outcome leaky = learner_audit_outcome(c.name, Rational(1, 2), o, Rational(1), true, 2, false, false,
                                              Rational(c.divisor));
  EXPECT_EQ(leaky.verdict, Verdict::violated) << leaky.key_figure;
  EXPECT_NE(leaky.key_figure.find("VIOLATION"), std::string::npos) << leaky.key_figure;
}

INSTANTIATE_TEST_SUITE_P(Learners, Seed001WholeOutputTwin,
                         ::dpb::test::seed001_learner_twins(), ::dpb::test::seed001_twin_name);

}  // namespace
}  // namespace dpb::verify
