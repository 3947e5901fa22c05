// shuffle-glm's audit target as specified is not flagged at a fixed seed (label slow: ≈ 3.6 s of CPU, a run of the
// 76-round learner costing ≈ 1 ms and every audit drawing a search split of 1000 runs per side). The quick suite's
// claim 003.shuffle-glm.whole-output runs the same target at its own seed (docs/audit.md "Seed 003's learners").
#include <gtest/gtest.h>

#include <iostream>
#include <vector>

#include "verify/audit/targets.hpp"
#include "verify/audit/targets_003_learners.hpp"

namespace dpb::verify::audit {
namespace {

TEST(Seed003LearnerAuditSlow, ShuffleGlmAsSpecifiedIsNotFlagged) {
  TargetOptions o;
  o.whole_output = true;
  o.eps = seed003_learner_sizes("shuffle-glm").eps;
  AuditSettings s;
  s.confidence = 0.95;
  s.threads = 1;
  NeighbourSearch ns;
  ns.mode = NeighbourMode::fixed;
  const AuditResult real = audit_target("shuffle-glm", o, 200, 20261207, s, ns);
  EXPECT_NE(real.verdict, AuditVerdict::violation) << "eps_lb " << real.eps_lb;
  EXPECT_FALSE(real.nominal);
  EXPECT_EQ(real.eps_claimed, 4.0);
  EXPECT_EQ(real.details["calibration"]["schedule"], (std::vector<std::uint64_t>{69, 7}));
  std::cout << "shuffle-glm: eps_lb " << real.eps_lb << " (" << to_string(real.verdict) << ")\n";
}

}  // namespace
}  // namespace dpb::verify::audit
