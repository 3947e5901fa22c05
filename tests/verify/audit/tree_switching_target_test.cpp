// The audit target `tree-switching` (verify/audit/target_tree_switching.hpp): Lemma 6.1's switching set at the
// theorem calibration with κ* = 20 leaks more than (ε/3, δ/6) through the observers' Criterion-I indicators
// (VIOLATION at ε = 8, δ = 1/50, T = 1000); the corrected V tree (node noise ×20, κ* → 1), which part (a) certifies
// private, is not flagged at the same seed and size — the control that the audit does not flag a private mechanism.
#include <gtest/gtest.h>

#include "verify/audit/targets.hpp"

namespace dpb::verify::audit {
namespace {

TargetOptions options() {
  TargetOptions o;
  o.eps = Rational(8);
  o.delta = 1.0 / 50;
  o.horizon = 1000;
  return o;
}

TEST(TreeSwitchingTarget, PaperCalibrationIsFlaggedAndTheCorrectedVTreeIsNot) {
  AuditSettings s;
  s.threads = 1;
  s.confidence = 1 - 1e-6;
  const AuditResult paper = audit_target("tree-switching", options(), 40000, 7, s);
  EXPECT_DOUBLE_EQ(paper.eps_claimed, 8.0 / 3);
  EXPECT_DOUBLE_EQ(paper.delta, 1.0 / 50 / 6);
  EXPECT_EQ(paper.verdict, AuditVerdict::violation) << paper.eps_lb;
  TargetOptions corrected = options();
  corrected.noise_scale = Rational(20);
  const AuditResult fixed = audit_target("tree-switching", corrected, 40000, 7, s);
  EXPECT_NE(fixed.verdict, AuditVerdict::violation) << fixed.eps_lb;
  EXPECT_LT(fixed.eps_lb, paper.eps_lb);
}

TEST(TreeSwitchingTarget, RefusesAHorizonBelowTheObservedRounds) {
  TargetOptions o = options();
  o.horizon = 8;
  EXPECT_THROW(prepare_target("tree-switching", o, 1), ParameterError);
}

}  // namespace
}  // namespace dpb::verify::audit
