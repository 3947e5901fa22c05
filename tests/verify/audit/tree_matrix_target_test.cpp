// The audit target `tree-matrix` (verify/audit/target_tree_matrix.hpp): its white-box ε(δ/3) solves the Gaussian
// profile δ(ε) = Φ(μ/2 − ε/μ) − e^ε Φ(−μ/2 − ε/μ) at μ² = n·2/σ̄² (one V leaf e₁e₁ᵀ ↔ e₂e₂ᵀ) (recomputed here in doubles), is below the claim
// ε/3, and the black-box audit at a small size finds no violation.
#include <gtest/gtest.h>

#include <cmath>

#include "verify/audit/targets.hpp"

namespace dpb::verify::audit {
namespace {

double phi(double x) { return 0.5 * std::erfc(-x / std::sqrt(2.0)); }
double gauss_delta(double mu, double eps) { return phi(mu / 2 - eps / mu) - std::exp(eps) * phi(-mu / 2 - eps / mu); }

TEST(TreeMatrixTarget, WhiteBoxSolvesTheGaussianProfileAndTheAuditAgrees) {
  TargetOptions o;
  o.eps = Rational(1);
  o.horizon = 1000;
  o.delta = 1e-2;
  const PreparedTarget t = prepare_target("tree-matrix", o, 1);
  ASSERT_TRUE(t.eps_exact);
  EXPECT_DOUBLE_EQ(t.eps_claimed, 1.0 / 3);
  EXPECT_DOUBLE_EQ(t.delta, 1e-2 / 3);
  const double sigma = 6 * std::sqrt(11.0) * std::log(32 / 1e-2) / (4 * 1.0);  // m = 11 for T = 1000, κ* = 4
  const double mu = std::sqrt(10 * 2 / (sigma * sigma));  // ⌊log₂ 1000⌋ + 1 = 10 nodes hold leaf 1
  EXPECT_NEAR(t.details["mu"].get<double>(), mu, 1e-6 * mu);
  EXPECT_LE(gauss_delta(mu, *t.eps_exact), t.delta * (1 + 1e-9));
  EXPECT_GT(gauss_delta(mu, *t.eps_exact - 1e-5), t.delta);  // the least such ε, to the 2^−20 grid
  EXPECT_LT(*t.eps_exact, t.eps_claimed);
  AuditSettings s;
  s.threads = 1;
  const AuditResult r = audit_target("tree-matrix", o, 5000, 3, s);
  EXPECT_NE(r.verdict, AuditVerdict::violation);
  EXPECT_NE(r.verdict, AuditVerdict::model_mismatch);
}

}  // namespace
}  // namespace dpb::verify::audit
