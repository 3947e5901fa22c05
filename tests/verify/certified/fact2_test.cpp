// 000.fact2 checker, with a negative control: the bound 2e^{−t²/σ²} (variance halved) is certainly exceeded.
#include "verify/certified/fact2.hpp"

#include <gtest/gtest.h>

namespace dpb::verify::certified {
namespace {

Fact2Config small() {
  Fact2Config c = fact2_config(Suite::quick);
  c.variances = {Rational(1, 10), Rational(2), Rational(100)};
  return c;
}

TEST(Fact2Test, HoldsOnASmallGrid) {
  const Outcome o = check_fact2(small());
  EXPECT_EQ(o.verdict, Verdict::holds) << o.evidence.dump(2);
  EXPECT_GT(o.evidence["integers_checked"].get<long>(), 100);
}

TEST(Fact2Test, NegativeControlHalfTheVarianceIsViolated) {
  Fact2Config c = small();
  c.bound_variance_factor = Rational(1, 2);
  const Outcome o = check_fact2(c);
  EXPECT_EQ(o.verdict, Verdict::violated);
  EXPECT_TRUE(o.evidence.contains("counterexample"));
}

}  // namespace
}  // namespace dpb::verify::certified
