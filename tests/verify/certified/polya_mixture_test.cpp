// 000.polya.mixture checker, with a negative control: a Gamma scale 1% off gives a different law.
#include "verify/certified/polya_mixture.hpp"

#include <gtest/gtest.h>

namespace dpb::verify::certified {
namespace {

PolyaMixtureConfig small() {
  PolyaMixtureConfig c = polya_mixture_config(Suite::quick);
  c.rs = {Rational(1, 64), Rational(7, 2)};
  c.scales = {Rational(1, 2), Rational(4)};
  c.class_checks = 8;
  return c;
}

TEST(PolyaMixtureTest, HoldsOnASmallGrid) {
  const Outcome o = check_polya_mixture(small());
  EXPECT_EQ(o.verdict, Verdict::holds) << o.evidence.dump(2);
}

TEST(PolyaMixtureTest, NegativeControlWrongThetaIsViolated) {
  PolyaMixtureConfig c = small();
  c.theta_factor = Rational(101, 100);
  const Outcome o = check_polya_mixture(c);
  EXPECT_EQ(o.verdict, Verdict::violated);
  EXPECT_TRUE(o.evidence.contains("counterexample"));
}

}  // namespace
}  // namespace dpb::verify::certified
