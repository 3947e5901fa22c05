// 000.claim1 checker, with negative controls: cosh λ ≤ e^{0.45λ²} and e^x − 1 ≤ 1.5x are false and must be caught.
#include "verify/certified/claim1.hpp"

#include <gtest/gtest.h>

namespace dpb::verify::certified {
namespace {

TEST(Claim1Test, HoldsOnTheQuickSweep) {
  const Outcome o = check_claim1(claim1_config(Suite::quick));
  EXPECT_EQ(o.verdict, Verdict::holds) << o.evidence.dump(2);
  EXPECT_EQ(o.evidence["expm1"]["slack_at_x_1"]["lo"], "0.281718");  // 3 − e
}

TEST(Claim1Test, NegativeControlSmallerCoshExponentIsViolated) {
  Claim1Config c = claim1_config(Suite::quick);
  c.cosh_exponent_factor = Rational(9, 10);
  const Outcome o = check_claim1(c);
  EXPECT_EQ(o.verdict, Verdict::violated);
  EXPECT_EQ(o.evidence["cosh"]["verdict"], "violated");
  EXPECT_EQ(o.evidence["expm1"]["verdict"], "holds");
}

TEST(Claim1Test, NegativeControlSmallerLinearFactorIsViolated) {
  Claim1Config c = claim1_config(Suite::quick);
  c.linear_factor = Rational(3, 2);
  const Outcome o = check_claim1(c);
  EXPECT_EQ(o.verdict, Verdict::violated);
  EXPECT_EQ(o.evidence["expm1"]["verdict"], "violated");
}

}  // namespace
}  // namespace dpb::verify::certified
