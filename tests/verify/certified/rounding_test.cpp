// 000.rounding checker, with a negative control: a quarter of the stated threshold is exceeded with probability > p.
#include "verify/certified/rounding.hpp"

#include <gtest/gtest.h>

namespace dpb::verify::certified {
namespace {

TEST(RoundingTest, HoldsOnTheQuickGrid) {
  const Outcome o = check_rounding(rounding_config(Suite::quick));
  EXPECT_EQ(o.verdict, Verdict::holds) << o.evidence.dump(2);
  EXPECT_EQ(o.evidence["single_user"]["failures"].size(), 0U);
}

TEST(RoundingTest, NegativeControlQuarterThresholdIsViolated) {
  RoundingConfig c = rounding_config(Suite::quick);
  c.threshold_factor = Rational(1, 4);
  const Outcome o = check_rounding(c);
  EXPECT_EQ(o.verdict, Verdict::violated);
  EXPECT_EQ(o.evidence["summed_error"]["verdict"], "violated");
  EXPECT_TRUE(o.evidence["summed_error"].contains("counterexample"));
}

}  // namespace
}  // namespace dpb::verify::certified
