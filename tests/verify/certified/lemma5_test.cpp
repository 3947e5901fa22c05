// 000.lemma5 checker: the registered constant holds; 3/2 (below c∞ ≈ 1.5942) and 1 are rejected.
#include "verify/certified/lemma5.hpp"

#include <gtest/gtest.h>

#include "reference/privacy/lemma5_constant.hpp"
#include "verify/certified/common.hpp"

namespace dpb::verify::certified {
namespace {

Lemma5Config small() {
  Lemma5Config c = lemma5_config(Suite::quick);
  c.epsilons = {ten_to_minus(4), Rational(1, 2), Rational(5)};
  c.lambda_pieces = 100;
  return c;
}

TEST(Lemma5Test, HoldsWithTheRegisteredConstant) {
  const Outcome o = check_lemma5(small());
  EXPECT_EQ(o.verdict, Verdict::holds) << o.evidence.dump(2);
  EXPECT_TRUE(o.evidence["constant_above_c_infinity"].get<bool>());
}

TEST(Lemma5Test, SmallestConstantPerEpsilonIncreasesTowardsTheLimit) {
  const Outcome o = check_lemma5(small());
  // c*(1e-4) ≈ 1.5942064, c*(1/2) ≈ 1.5842764, c*(5) ≈ 1.2232203 (mpmath).
  EXPECT_EQ(o.evidence["cases"][0]["c_star"]["lo"], "1.594206411");
  EXPECT_EQ(o.evidence["cases"][1]["c_star"]["lo"], "1.584276369");
  EXPECT_EQ(o.evidence["cases"][2]["c_star"]["lo"], "1.223220339");
}

TEST(Lemma5Test, NegativeControlTooSmallConstantIsViolated) {
  Lemma5Config c = small();
  c.constant = Rational(3, 2);
  const Outcome o = check_lemma5(c);
  EXPECT_EQ(o.verdict, Verdict::violated);
  EXPECT_TRUE(o.evidence.contains("counterexample"));
  c.constant = Rational(1);
  EXPECT_EQ(check_lemma5(c).verdict, Verdict::violated);
}

TEST(Lemma5Test, ConstantJustBelowTheLimitFailsByTheLimitArgument) {
  Lemma5Config c = small();
  c.epsilons = {Rational(5)};  // on this ε alone 1.594 works; below c∞ it fails for small ε
  c.constant = Rational(1594, 1000);
  EXPECT_EQ(check_lemma5(c).verdict, Verdict::violated);
}

TEST(Lemma5Test, LogMgfMatchesTheClosedFormAtAPoint) {
  // ε = 1, λ = 1/2: log((1−e^{−1})²/((1−e^{−1/2})(1−e^{−3/2}))) = 0.26788429771847878589… (mpmath).
  const Interval v = lap_log_mgf(Rational(1), Interval(Rational(1, 2), 128));
  EXPECT_TRUE(v.certainly_greater(Rational(267884297718, 1000000000000)));
  EXPECT_TRUE(v.certainly_less(Rational(267884297719, 1000000000000)));
}

}  // namespace
}  // namespace dpb::verify::certified
