// 000.def5.closure and 000.prop1 checkers, with negative controls: a wrong variance, a tail bound with 2σ replaced
// by σ, and an MGF bound with half the exponent.
#include "verify/certified/skellam_checks.hpp"

#include <gtest/gtest.h>

#include "verify/certified/common.hpp"

namespace dpb::verify::certified {
namespace {

SkellamClosureConfig small_closure() {
  SkellamClosureConfig c = skellam_closure_config(Suite::quick);
  c.pairs = {{Rational(1, 2), Rational(3)}, {Rational(2), Rational(5)}};
  c.bessel_variances = {Rational(1), Rational(10)};
  return c;
}

TEST(SkellamClosureTest, HoldsOnASmallGrid) {
  const Outcome o = check_skellam_closure(small_closure());
  EXPECT_EQ(o.verdict, Verdict::holds) << o.evidence.dump(2);
}

TEST(SkellamClosureTest, NegativeControlWrongVarianceIsViolated) {
  SkellamClosureConfig c = small_closure();
  c.variance_factor = Rational(101, 100);
  const Outcome o = check_skellam_closure(c);
  EXPECT_EQ(o.verdict, Verdict::violated);
  EXPECT_EQ(o.evidence["closure"][0]["verdict"], "violated");
  EXPECT_EQ(o.evidence["bessel_vs_poisson_difference"][0]["verdict"], "violated");
}

Prop1Config small_prop1() {
  Prop1Config c = prop1_config(Suite::quick);
  c.variances = {Rational(1, 2), Rational(1000)};
  c.ps = {Rational(1, 2), ten_to_minus(9)};
  c.lambda_pieces = 200;
  return c;
}

TEST(Prop1Test, HoldsOnASmallGrid) {
  const Outcome o = check_prop1(small_prop1());
  EXPECT_EQ(o.verdict, Verdict::holds) << o.evidence.dump(2);
  EXPECT_EQ(o.evidence["moment_bound"]["verdict"], "holds");
}

TEST(Prop1Test, NegativeControlSigmaInsteadOfTwoSigmaIsViolated) {
  Prop1Config c = small_prop1();
  c.sigma_coefficient = Rational(1);
  const Outcome o = check_prop1(c);
  EXPECT_EQ(o.verdict, Verdict::violated) << o.evidence.dump(2);
  EXPECT_EQ(o.evidence["moment_bound"]["verdict"], "holds");  // only the tail was broken
}

TEST(Prop1Test, NegativeControlHalfTheMgfExponentIsViolated) {
  Prop1Config c = small_prop1();
  c.mgf_exponent_factor = Rational(1, 2);
  const Outcome o = check_prop1(c);
  EXPECT_EQ(o.verdict, Verdict::violated);
  EXPECT_EQ(o.evidence["moment_bound"]["verdict"], "violated");
  EXPECT_TRUE(o.evidence["moment_bound"].contains("counterexample"));
}

}  // namespace
}  // namespace dpb::verify::certified
