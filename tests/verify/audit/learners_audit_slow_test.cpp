// Every learner target gives a verdict on its hard neighbours; the private ones are not refuted (no VIOLATION, no
// MODEL-MISMATCH) and their ε_lb is positive (except ldp-se, see below) (the audit sees the changed reward's effect on the decision), the
// non-private ones are caught. Slow: 20000 runs per side per learner.
#include <gtest/gtest.h>

#include "verify/audit/targets.hpp"
#include "verify/audit/targets_003_learners.hpp"

namespace dpb::verify::audit {
namespace {

TEST(LearnerAuditSlowTest, EveryLearnerGetsAVerdict) {
  for (const auto& t : audit_targets()) {
    if (t.kind != "learner") continue;
    // Seed 003's learners: their runs cost milliseconds (2 × 21000 runs would take minutes) and their private
    // learners' ε_lb is WEAK (≤ 0) at their fixed instance; targets_003_learners_stat_test.cpp covers them.
    if (is_seed003_learner_target(t.name)) continue;
    TargetOptions o;
    AuditSettings s;
    s.confidence = 0.999;
    const AuditResult r = audit_target(t.name, o, 20000, 21, s);
    SCOPED_TRACE(summary_line(r));
    if (t.is_private) {
      EXPECT_NE(r.verdict, AuditVerdict::violation);
      EXPECT_NE(r.verdict, AuditVerdict::model_mismatch);
      // ldp-se's decision sees only the decoded sum of 4096 users' local noise: its exact ε(Y) ≈ 0.0037 at
      // ε = 1/2 (docs/audit.md), far below what 20000 runs can resolve.
      // Seed 001's private learners (linucb-sdp-amp, -sdp-vec, -ldp, -jdp) at their fixed instance (d = 2, B = 4,
      // T = 14, ε = 1/2, δ = 10⁻⁵): the whole output moves too little for 20000 runs — measured ε_lb −0.31, −0.31,
      // −0.33, −0.20 (WEAK; session 19, `dpbandit audit NAME --samples 20000 --seed 21 --confidence 0.999`); their
      // claims rest on the ledgers (docs/audit.md). The non-private linucb is still caught (below).
      const bool seed001_private = t.name.rfind("linucb-", 0) == 0;
      if (t.name != "ldp-se" && !seed001_private) {
        EXPECT_GT(r.eps_lb, 0.0);
      }
      EXPECT_LE(r.eps_lb, r.eps_claimed);
    } else {
      EXPECT_EQ(r.verdict, AuditVerdict::violation);
      EXPECT_TRUE(r.unbounded);
    }
  }
}

}  // namespace
}  // namespace dpb::verify::audit
