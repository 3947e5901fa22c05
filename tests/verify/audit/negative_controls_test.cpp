// Negative and positive controls of the audit (each deterministic: fixed seeds):
//  * half the claimed noise (Lap_Z(1/(2ε)) sold as ε-DP) must give VIOLATION;
//  * noise of the wrong law (a discrete Gaussian where the white-box model says discrete Laplace) must give
//    MODEL-MISMATCH;
//  * the non-private learners (se, ucb) must be caught (VIOLATION of any nominal ε, with k0 = 0);
//  * correct mechanisms must not be flagged, and their ε_lb stays below the exact ε.
#include <gtest/gtest.h>

#include <unordered_map>

#include "optimized/samplers/discrete_gaussian.hpp"
#include "optimized/samplers/discrete_laplace.hpp"
#include "reference/bits/chacha20.hpp"
#include "verify/audit/black_box.hpp"
#include "verify/audit/targets.hpp"

namespace dpb::verify::audit {
namespace {

template <class Noise>
SideSampler additive(Noise noise, std::int64_t sensitivity) {
  return [noise, sensitivity](int side, std::uint64_t n, std::uint64_t seed, std::uint64_t stream) {
    ChaCha20Source bits(seed, stream);
    std::unordered_map<std::int64_t, std::uint64_t> c;
    for (std::uint64_t i = 0; i < n; ++i) ++c[(side == 0 ? sensitivity : 0) + noise(bits)];
    return Histogram::from_integer_counts({c.begin(), c.end()});
  };
}

TEST(NegativeControlTest, HalfTheClaimedNoiseIsAViolation) {
  // Claimed ε = 1/2 (Lap_Z(2)); implemented Lap_Z(1): true ε = 1.
  const auto r = run_audit("half-noise", additive(fast::DiscreteLaplace(Rational(1)), 1), 20000, 11, 0.5, 0.5, {});
  EXPECT_EQ(r.verdict, AuditVerdict::violation) << summary_line(r);
  EXPECT_GT(r.eps_lb, 0.5);
  EXPECT_LT(r.eps_lb, 1.0);  // still a valid lower bound of the true ε = 1
}

TEST(NegativeControlTest, WrongNoiseLawIsAModelMismatch) {
  // White-box model: Lap_Z(2) on a sensitivity-1 sum, ε_exact = 1/2; the loose analytic claim is ε = 3. The code
  // draws N_Z(0, 8) instead (the same variance): its privacy loss grows without bound in the tails.
  const auto r =
      run_audit("wrong-law", additive(fast::DiscreteGaussian(Rational(8)), 1), 200000, 12, 3.0, 0.5, {});
  EXPECT_EQ(r.verdict, AuditVerdict::model_mismatch) << summary_line(r);
  EXPECT_GT(r.eps_lb, 0.5);
}

TEST(NegativeControlTest, NonPrivateLearnersAreCaught) {
  for (const char* name : {"se", "ucb"}) {
    TargetOptions o;
    const auto r = audit_target(name, o, 2000, 13, {});
    EXPECT_TRUE(r.nominal) << name;
    EXPECT_EQ(r.verdict, AuditVerdict::violation) << summary_line(r);
    EXPECT_TRUE(r.unbounded) << summary_line(r);
    EXPECT_GT(r.eps_lb, 3.0) << summary_line(r);  // ln(n/ln(1/α)) ≈ 6.0 at n = 2000 with a perfect attack
  }
}

TEST(PositiveControlTest, DiscreteLaplaceIsTightAndNotFlagged) {
  TargetOptions o;
  o.eps = Rational(1);
  const auto r = audit_target("dlaplace", o, 100000, 14, {});
  EXPECT_EQ(r.verdict, AuditVerdict::tight) << summary_line(r);
  EXPECT_LE(r.eps_lb, 1.0);
  EXPECT_GE(r.eps_lb, 0.9);
}

TEST(PositiveControlTest, DistDpServerViewIsNotFlagged) {
  TargetOptions o;
  const auto r = audit_target("dist-dp", o, 50000, 15, {});
  ASSERT_TRUE(r.eps_exact.has_value());
  EXPECT_NE(r.verdict, AuditVerdict::violation) << summary_line(r);
  EXPECT_NE(r.verdict, AuditVerdict::model_mismatch) << summary_line(r);
  EXPECT_LE(r.eps_lb, 0.5);
}

TEST(TargetsTest, EveryTargetIsListedOnceAndBadOptionsAreRefused) {
  std::size_t learners = 0;
  for (const auto& t : audit_targets()) {
    EXPECT_EQ(find_target(t.name), &t);
    learners += t.kind == "learner" ? 1 : 0;
  }
  EXPECT_GE(learners, 13u);
  EXPECT_EQ(find_target("nope"), nullptr);
  TargetOptions o;
  EXPECT_THROW(prepare_target("nope", o, 1), std::invalid_argument);
  o.eps = Rational(0);
  EXPECT_THROW(prepare_target("dlaplace", o, 1), std::invalid_argument);
  o.eps = Rational(1);  // dist-cdp's theorem needs ε < 1: calibrate refuses
  EXPECT_THROW(prepare_target("dist-cdp", o, 1), std::invalid_argument);
}

}  // namespace
}  // namespace dpb::verify::audit
