// The claims 001.<mechanism>.audit (verify/claims/claims_001_audit.hpp): through the registered checker at the quick
// size and the claim's own α, each mechanism as specified `holds` (certified bound within the claim, no
// MODEL-MISMATCH, no VIOLATION), and each leaky twin — the divisors of tests/verify/audit/targets_001_stat_test.cpp, where
// the reason each must be caught is derived — is `violated` (issue 13: negative controls are ctests calling the
// checker on a leaky twin).
#include <gtest/gtest.h>

#include "verify/claims/all_claims.hpp"
#include "verify/claims/claims_001_audit.hpp"
#include "verify/claims/registry.hpp"

namespace dpb::verify {
namespace {

TEST(Seed001AuditClaims, RealMechanismsHoldAndLeakyTwinsAreViolated) {
  const Registry reg = make_all_claims();
  const std::pair<const char*, long> cases[] = {{"gauss-ldp", 32}, {"p-amp", 64}, {"p-vec", 100000000}, {"tree", 32}};
  for (const auto& [target, k] : cases) {
    const Claim* c = reg.find(std::string("001.") + target + ".audit");
    ASSERT_NE(c, nullptr) << target;
    EXPECT_EQ(c->expected, Verdict::holds);
    RunOptions o;
    o.suite = Suite::quick;
    o.alpha = c->alpha;
    ASSERT_GT(o.alpha, 0);
    const Outcome real = seed001_audit_outcome(target, o, Rational(1));
    EXPECT_EQ(real.verdict, Verdict::holds) << target << ": " << real.key_figure;
    const Outcome twin = seed001_audit_outcome(target, o, Rational(k));
    EXPECT_EQ(twin.verdict, Verdict::violated) << target << ": " << twin.key_figure;
  }
}

}  // namespace
}  // namespace dpb::verify
