// The audit target p-vec-matrix (seed 003's P₂; verify/audit/targets.cpp): Eq. 127's (g, b) at (ε, δ, n, d = 2),
// a view whose two sides differ by exactly the shift g, and a short audit that finds no violation.
#include <gtest/gtest.h>

#include "reference/protocols/calibration_003_p2.hpp"
#include "verify/audit/targets.hpp"

namespace dpb::verify::audit {
namespace {

TEST(P2AuditTargetTest, UsesEq127AndTheFullRangePair) {
  TargetOptions o;
  o.eps = Rational(1, 2);
  o.n = 16;
  const PreparedTarget t = prepare_target("p-vec-matrix", o, 1);
  const auto [g, b] = ref::eq127_g_b(Rational(1, 2), Rational(1, 100000), Integer(16), Integer(2));
  EXPECT_EQ(t.details["g"], dpb::to_string(g));
  EXPECT_EQ(t.details["b"], dpb::to_string(b));
  EXPECT_EQ(g, Integer(8));  // max{⌈2√16⌉, 2, 4}
  EXPECT_EQ(t.delta, 1e-5);
  EXPECT_FALSE(t.eps_exact.has_value());
  // Same stream on both sides: the outputs differ by exactly g = 8 (the noise draws coincide).
  const Histogram d = t.sample(0, 50, 7, 11), dp = t.sample(1, 50, 7, 11);
  ASSERT_EQ(d.counts.size(), dp.counts.size());
  EXPECT_EQ(d.total, 50U);
  for (std::size_t i = 0; i < d.counts.size(); ++i) {
    EXPECT_EQ(d.counts[i].first, dp.counts[i].first + 8);
    EXPECT_EQ(d.counts[i].second, dp.counts[i].second);
  }
}

TEST(P2AuditTargetTest, AShortAuditIsNoViolation) {
  TargetOptions o;
  o.n = 4;
  AuditSettings s;
  const AuditResult r = audit_target("p-vec-matrix", o, 500, 3, s);
  EXPECT_NE(r.verdict, AuditVerdict::violation) << summary_line(r);
  EXPECT_LE(r.eps_lb, 0.5);
}

}  // namespace
}  // namespace dpb::verify::audit
