// The audit target `pgd` (seed 003's P_GD; verify/audit/target_pgd.hpp): the calibration with T_it floored at 3,
// the searched family (every pair of distinct data among 8), a short audit that finds no violation, the refusal of
// n > 16, and (PairsDifferWithoutNoise) that the released counts carry the change once the noise is removed.
#include <gtest/gtest.h>

#include "optimized/protocols/p_gd.hpp"
#include "reference/bits/chacha20.hpp"
#include "reference/core/errors.hpp"
#include "reference/protocols/calibration_003_pgd.hpp"
#include "verify/audit/targets.hpp"

namespace dpb::verify::audit {
namespace {

TEST(PgdAuditTargetTest, CalibratesASmallCallAndListsTheFamily) {
  TargetOptions o;
  o.eps = 1;
  o.n = 8;
  const PreparedTarget t = prepare_target("pgd", o, 1);
  ref::CalibrationPgdInput in;
  in.eps = 1;
  in.delta = Rational(1, 100000);
  in.n = 8;
  in.d = 2;
  in.min_iterations = 3;
  const ref::PgdCalibration c = ref::calibrate_pgd(in);
  EXPECT_EQ(t.details["T_it"], dpb::to_string(c.T_it));
  EXPECT_EQ(t.details["b"], dpb::to_string(c.b));
  EXPECT_GE(c.T_it, 3);
  EXPECT_EQ(t.family.size(), 29U);  // the canonical pair (prepare_target puts it first) and C(8, 2)
  EXPECT_FALSE(t.eps_exact.has_value());
  const Histogram h = t.sample(0, 20, 7, 11);
  EXPECT_EQ(h.total, 20U);
}

// The view carries the change: at b = 0 (no noise) user 0's (1, e₁) against (0, e₁) moves Σ_t (C_t0 − C_t1) at θ₀ = 0
// by g·(1/2)/L·(ρ = 2L ⇒ g/(2L)) per iteration at least in the first iteration (μ(0) = ½: gradients −½ and +½).
TEST(PgdAuditTargetTest, PairsDifferWithoutNoise) {
  ref::PgdParams p;
  p.q = 8;
  p.domain = ref::PgdDomain::ball(1);
  p.theta_bound = 1;
  p.L = 1;
  p.iterations = 1;
  p.eta = Rational(1, 4);
  p.g = 8;
  p.b = 0;
  const fast::PGd pgd(p, 3, 2);
  std::vector<ref::PgdDatum> a(3, ref::PgdDatum{0, {0, 0}}), b = a;
  a[0] = {1, {1, 0}};
  b[0] = {0, {1, 0}};
  ChaCha20Source s1(1), s2(1);
  const auto ra = pgd.run(std::span<const ref::PgdDatum>(a), s1);
  const auto rb = pgd.run(std::span<const ref::PgdDatum>(b), s2);
  // s = (G + 1)·g/(2L) = 4(G + 1): G = −½ gives 2, G = +½ gives 6, both exact.
  EXPECT_EQ(rb.counts[0][0] - ra.counts[0][0], 4);
}

TEST(PgdAuditTargetTest, AShortAuditIsNoViolationAndLargeNIsRefused) {
  TargetOptions o;
  o.eps = 1;
  o.n = 4;
  AuditSettings s;
  const AuditResult r = audit_target("pgd", o, 400, 3, s);
  EXPECT_NE(r.verdict, AuditVerdict::violation) << summary_line(r);
  o.n = 17;
  EXPECT_THROW(prepare_target("pgd", o, 1), ParameterError);
}

}  // namespace
}  // namespace dpb::verify::audit
