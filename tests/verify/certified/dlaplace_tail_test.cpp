// 000.dlaplace.tail checker, with negative controls: the pmf of a different scale, and a halved threshold τ.
#include "verify/certified/dlaplace_tail.hpp"

#include <gtest/gtest.h>

#include "verify/certified/common.hpp"

namespace dpb::verify::certified {
namespace {

DlaplaceTailConfig small() {
  DlaplaceTailConfig c = dlaplace_tail_config(Suite::quick);
  c.scales = {Rational(1, 2), Rational(3)};
  c.gs = {Rational(1), Rational(32)};
  c.epsilons = {Rational(1, 10), Rational(1)};
  c.ps = {Rational(1, 2), ten_to_minus(6)};
  return c;
}

TEST(DlaplaceTailTest, HoldsOnASmallGrid) {
  const Outcome o = check_dlaplace_tail(small());
  EXPECT_EQ(o.verdict, Verdict::holds) << o.evidence.dump(2);
}

TEST(DlaplaceTailTest, NegativeControlWrongScaleIsViolated) {
  DlaplaceTailConfig c = small();
  c.pmf_scale_factor = Rational(101, 100);
  const Outcome o = check_dlaplace_tail(c);
  EXPECT_EQ(o.verdict, Verdict::violated);
  EXPECT_EQ(o.evidence["tail_identity"]["verdict"], "violated");
  EXPECT_EQ(o.evidence["accuracy_rule"]["verdict"], "holds");
}

TEST(DlaplaceTailTest, NegativeControlHalfTheThresholdIsViolated) {
  DlaplaceTailConfig c = small();
  c.threshold_factor = Rational(1, 2);
  const Outcome o = check_dlaplace_tail(c);
  EXPECT_EQ(o.verdict, Verdict::violated);
  EXPECT_EQ(o.evidence["accuracy_rule"]["verdict"], "violated");
  EXPECT_TRUE(o.evidence["accuracy_rule"].contains("counterexample"));
}

}  // namespace
}  // namespace dpb::verify::certified
