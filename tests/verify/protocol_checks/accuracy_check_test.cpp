// Claim 000.accuracy: each variant's τ keeps P[|Σ η| > τ] <= p, certified (verify/protocol_checks/accuracy_check).
#include "verify/protocol_checks/accuracy_check.hpp"

#include <gtest/gtest.h>

#include "reference/core/interval.hpp"

namespace dpb::verify {
namespace {

ref::Calibration calib(ref::Variant v, const char* eps, long n, long T, std::optional<long> s = std::nullopt) {
  ref::CalibrationInput in;
  in.eps = *try_parse_rational(eps);
  in.n = n;
  in.horizon = T;
  if (s) in.s = Rational(*s);
  return ref::calibrate(v, in);
}

TEST(AccuracyCheckTest, QuickGridHoldsForEveryVariant) {
  const AccuracyGridResult r = check_accuracy_grid(accuracy_grid(Suite::quick));
  EXPECT_EQ(r.verdict, Verdict::holds) << to_json(r).dump(1);
  for (const auto& row : r.rows) {
    EXPECT_LE(row.tail_upper, row.target) << to_json(row).dump();
    EXPECT_LE(row.tail_lower, row.tail_upper);
  }
}

TEST(AccuracyCheckTest, DiscreteLaplaceTailIsTheClosedForm) {
  // ε = 1, n = 1024, T = 10^6: b = 32, τ = 465: tail = 2 e^{−466/32}/(1 + e^{−1/32}).
  const AccuracyResult r = check_accuracy(calib(ref::Variant::DistDP, "1", 1024, 1000000));
  const Interval expected = exp_neg(Rational(466, 32), 256).mul(Rational(2)) /
                            (Interval(1L, 256) + exp_neg(Rational(1, 32), 256));
  EXPECT_TRUE(expected.contains(r.tail_lower) || r.tail_lower <= expected.lower());
  EXPECT_LE(expected.upper() * Rational(999, 1000), r.tail_upper);
  EXPECT_GE(expected.lower() * Rational(1001, 1000), r.tail_lower);
  EXPECT_EQ(r.verdict, Verdict::holds);
}

TEST(AccuracyCheckTest, TooSmallTauIsCaughtAsViolated) {
  // Negative control: halve τ (and keep m consistent) — the exact tail then exceeds p.
  ref::Calibration c = calib(ref::Variant::DistDP, "1", 1024, 1000000);
  c.tau /= 2;
  c.threshold = c.n * c.g + c.tau;
  c.m = c.threshold + c.tau + 1;
  EXPECT_EQ(check_accuracy(c).verdict, Verdict::violated);
  ref::Calibration k = calib(ref::Variant::DistRDP, "1/2", 16, 1000000, 1);
  k.tau /= 3;
  EXPECT_EQ(check_accuracy(k).verdict, Verdict::violated);
}

}  // namespace
}  // namespace dpb::verify
