// decision_eps (verify/audit/decision_law.hpp): the white-box ε of a small output space, checked against randomized
// response, whose profile has a closed form: P_D = (e^ε, 1)/(1 + e^ε), P_D′ swapped; pure ε = ε and, for
// 0 ≤ ε′ ≤ ε, δ(ε′) = (e^ε − e^ε′)/(1 + e^ε), i.e. ε(δ) = ln(e^ε − δ(1 + e^ε)).
#include "verify/audit/decision_law.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "reference/core/errors.hpp"
#include "reference/core/rational.hpp"

namespace dpb::verify::audit {
namespace {

DecisionLaw randomized_response(const Rational& eps) {
  const Interval e = Interval(eps, 128).exp();
  const Interval one(1L, 128);
  const Interval hi = e / (one + e), lo = one / (one + e);
  DecisionLaw law;
  law.outcomes = {0, 1};
  law.p_d = {hi, lo};
  law.p_d_prime = {lo, hi};
  law.method = "randomized response (test)";
  return law;
}

TEST(DecisionLawTest, PureEpsOfRandomizedResponseIsEps) {
  for (const Rational& eps : {Rational(1, 10), Rational(1, 2), Rational(1), Rational(3)}) {
    const DecisionEps d = decision_eps(randomized_response(eps), 0);
    const double e = eps.convert_to<double>();
    EXPECT_GE(d.eps, e);  // rounded up
    EXPECT_LE(d.eps, e * (1 + 1e-12));
    EXPECT_FALSE(d.enclosure.empty());
  }
}

TEST(DecisionLawTest, EpsOfDeltaIsTheClosedFormRoundedUpToTheGrid) {
  const double eps = 1.0;
  for (const double delta : {1e-5, 1e-3, 0.05, 0.2}) {
    const DecisionEps d = decision_eps(randomized_response(Rational(1)), delta);
    const double exact = std::log(std::exp(eps) - delta * (1 + std::exp(eps)));
    SCOPED_TRACE(delta);
    EXPECT_GE(d.eps, exact - 1e-12);            // an upper bound of ε(δ)
    EXPECT_LE(d.eps, exact + 1.0 / 4096 + 1e-12);  // within one grid step
  }
  // δ so large that ε = 0 suffices: total variation of RR at ε = 1 is (e − 1)/(e + 1) ≈ 0.462.
  EXPECT_EQ(decision_eps(randomized_response(Rational(1)), 0.5).eps, 0.0);
}

TEST(DecisionLawTest, EqualLawsHaveZeroLossAndALargerDeltaNeverIncreasesEps) {
  DecisionLaw same = randomized_response(Rational(1, 2));
  same.p_d_prime = same.p_d;
  EXPECT_LT(decision_eps(same, 0).eps, 1e-30);  // 0 up to the enclosure width
  // Negative control for the monotonicity: ε(δ) must fall as δ grows.
  const DecisionLaw rr = randomized_response(Rational(2));
  EXPECT_GT(decision_eps(rr, 1e-4).eps, decision_eps(rr, 1e-1).eps);
}

TEST(DecisionLawTest, ImpossibleOutcomeUnderDPrimeGivesUnboundedLoss) {
  DecisionLaw law;
  law.outcomes = {0, 1};
  law.p_d = {Interval(Rational(1, 2), 128), Interval(Rational(1, 2), 128)};
  law.p_d_prime = {Interval(Rational(1), 128), Interval(0L, 128)};
  EXPECT_TRUE(std::isinf(decision_eps(law, 0).eps));
  EXPECT_TRUE(std::isinf(decision_eps(law, 0.1).eps));  // δ(ε) = 1/2 for every ε
  EXPECT_EQ(decision_eps(law, 0.5).eps, 0.0);
}

// The report text shows δ as given: the shortest decimal that reads back as the same double (double_text). It was
// printed with std::to_string, six fixed decimals, so δ = 10^-9 read "eps(0.000000)" and "delta(eps) > 0.000000".
TEST(DecisionLawTest, ReportTextShowsDeltaAsGiven) {
  const DecisionEps bounded = decision_eps(randomized_response(Rational(1)), 1e-9);
  EXPECT_EQ(bounded.enclosure.rfind("eps(1e-9) <= ", 0), 0U) << bounded.enclosure;
  EXPECT_NE(decision_eps(randomized_response(Rational(1)), 0.05).enclosure.find("eps(0.05) <= "), std::string::npos);
  DecisionLaw law;  // δ(ε) = 1/2 for every ε: unbounded at every δ < 1/2
  law.outcomes = {0, 1};
  law.p_d = {Interval(Rational(1, 2), 128), Interval(Rational(1, 2), 128)};
  law.p_d_prime = {Interval(Rational(1), 128), Interval(0L, 128)};
  const DecisionEps unbounded = decision_eps(law, 1e-9);
  EXPECT_TRUE(std::isinf(unbounded.eps));
  EXPECT_EQ(unbounded.enclosure, "delta(eps) > 1e-9 for every eps <= 64");
  EXPECT_EQ(decision_eps(law, 0.25).enclosure, "delta(eps) > 0.25 for every eps <= 64");
}

TEST(DecisionLawTest, RejectsBadInputNamingTheParameter) {
  DecisionLaw empty;
  EXPECT_THROW(decision_eps(empty, 0), ParameterError);
  DecisionLaw ragged = randomized_response(Rational(1));
  ragged.p_d_prime.pop_back();
  EXPECT_THROW(decision_eps(ragged, 0), ParameterError);
  try {
    decision_eps(randomized_response(Rational(1)), 1.0);
    FAIL() << "delta = 1 accepted";
  } catch (const ParameterError& e) {
    EXPECT_NE(std::string(e.what()).find("'delta'"), std::string::npos) << e.what();
  }
  EXPECT_THROW(decision_eps(randomized_response(Rational(1)), -0.1), ParameterError);
}

}  // namespace
}  // namespace dpb::verify::audit
