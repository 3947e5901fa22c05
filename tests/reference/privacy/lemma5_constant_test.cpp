// The Lemma 5 constant: a rational at least the infimum c∞ = (1 − e^{−1/2})^{−1/2} ≈ 1.5942064115.
#include "reference/privacy/lemma5_constant.hpp"

#include <gtest/gtest.h>

namespace dpb::ref {
namespace {

TEST(Lemma5ConstantTest, InfimumEnclosesTheKnownValue) {
  const Interval c = lemma5_constant_infimum(128);
  EXPECT_TRUE(c.certainly_greater(Rational(15942064115, 10000000000)));
  EXPECT_TRUE(c.certainly_less(Rational(15942064116, 10000000000)));
}

TEST(Lemma5ConstantTest, ConstantIsJustAboveTheInfimum) {
  const Interval c = lemma5_constant_infimum(256);
  EXPECT_TRUE(c.certainly_less(lemma5_constant()));
  EXPECT_LT(lemma5_constant() - c.upper(), Rational(1, 100000));
}

}  // namespace
}  // namespace dpb::ref
