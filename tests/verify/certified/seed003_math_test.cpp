// Seed 003's paper-math checkers (verify/certified/seed003_math.hpp): each claim's verdict and a negative control
// (a deliberately wrong variant that must come out differently). Expected values are derived independently of the
// checkers: the spec's printed example schedule, integer inequalities checked here by hand-written powers, and
// closed forms (ln 2 multiples for the XOR channel).
#include "verify/certified/seed003_math.hpp"

#include <gtest/gtest.h>

namespace dpb::verify::certified {
namespace {

TEST(Seed003MathTest, ScheduleRoundingIsExact) {
  // 10^{24/7}: 2682^7 < 10^24 < 2683^7, so ⌈·⌉ = 2683; (10⁶)^{14/15} = 10^{28/5}: 398107^5 < 10^28 < 398108^5 (⌈·⌉ = 398108, nearest
  // 398107 since 398107.5^5 > 10^28, i.e. 796215^5 > 2^5·10^28).
  const Integer e24 = boost::multiprecision::pow(Integer(10), 24), e28 = boost::multiprecision::pow(Integer(10), 28);
  ASSERT_LT(boost::multiprecision::pow(Integer(2682), 7), e24);
  ASSERT_GT(boost::multiprecision::pow(Integer(2683), 7), e24);
  ASSERT_LT(boost::multiprecision::pow(Integer(398107), 5), e28);
  ASSERT_GT(boost::multiprecision::pow(Integer(796215), 5), 32 * e28);
  EXPECT_EQ(ceil_power(Integer(1000000), Rational(4, 7)), 2683);
  EXPECT_EQ(ceil_power(Integer(1000000), Rational(14, 15)), 398108);
  EXPECT_EQ(nearest_power(Integer(1000000), Rational(14, 15)), 398107);
  EXPECT_EQ(ceil_power(Integer(1000000), Rational(1)), 1000000);  // exact: no rounding up
  EXPECT_EQ(nearest_power(Integer(16), Rational(1, 2)), 4);
  EXPECT_EQ(nearest_power(Integer(12), Rational(1, 2)), 3);  // √12 = 3.46
  EXPECT_EQ(nearest_power(Integer(13), Rational(1, 2)), 4);  // √13 = 3.61
  // Bad input names the function and the parameter.
  EXPECT_THROW(ceil_power(Integer(0), Rational(1, 2)), std::invalid_argument);
  EXPECT_THROW(ceil_power(Integer(10), Rational(-1, 2)), std::invalid_argument);
  EXPECT_THROW(nearest_power(Integer(10), Rational(1, 5000)), std::invalid_argument);
  EXPECT_THROW(schedule_alpha_exponent(ScheduleAlpha::eq6, 1), std::invalid_argument);
}

TEST(Seed003MathTest, S1ReproducesTheSpecExampleAndEq6Overruns) {
  // α exponents: Eq. 6 at M = 4 is 1/(2·7/8) = 4/7, Thm E.1's 1/(2·15/16) = 8/15.
  EXPECT_EQ(schedule_alpha_exponent(ScheduleAlpha::eq6, 4), Rational(4, 7));
  EXPECT_EQ(schedule_alpha_exponent(ScheduleAlpha::thm_e1, 4), Rational(8, 15));
  for (unsigned M = 2; M <= 8; ++M) EXPECT_EQ(schedule_exponent(ScheduleAlpha::eq6, M, M), Rational(1));  // B_M = T
  const Outcome o = check_s1(schedule_exponent);
  EXPECT_EQ(o.verdict, Verdict::violated);
  EXPECT_TRUE(o.evidence["example_T_1e6_M_4"]["matches_spec_nearest"].get<bool>());
  EXPECT_EQ(o.evidence["example_T_1e6_M_4"]["thm_e1"]["ceiling"][2], "398108");
  // Thm E.1's α overruns too once M >= 5 or 6 (at T = 10⁶: Σ_{k=2}^6 B_k = 1 574 870 > T), but fits at M <= 4.
  EXPECT_EQ(o.evidence["example_T_1e6_M_4"]["thm_e1"]["nearest"][0], "1585");
  EXPECT_GT(o.evidence["thm_e1_overruns"].size(), 0U);
  // Controls: Thm E.1's exponent in place of Eq. 6's at M <= 4 (B_k = T⁰ = 1 for M >= 5), and a halved exponent:
  // both fit in T on the whole grid.
  const auto e1_short = [](ScheduleAlpha, unsigned M, unsigned k) {
    return M <= 4 ? schedule_exponent(ScheduleAlpha::thm_e1, M, k) : Rational(0);
  };
  EXPECT_EQ(check_s1(e1_short).verdict, Verdict::holds);
  const auto halved = [](ScheduleAlpha w, unsigned M, unsigned k) { return schedule_exponent(w, M, k) / 2; };
  EXPECT_EQ(check_s1(halved).verdict, Verdict::holds);
}

TEST(Seed003MathTest, G1HoldsAndADoubledStepIsRejected) {
  const Outcome o = check_g1(g1_eps_step);
  EXPECT_EQ(o.verdict, Verdict::holds);
  // The spec's example: ε_total ≈ 0.643 at ε = 1, δ = 1e−5, T_it = 1000.
  const Interval example = advanced_composition_eps(g1_eps_step(Rational(1), Rational(1, 100000), Integer(1000), 256),
                                                    Integer(1000), Rational(1, 100000) / 1001, 256);
  EXPECT_TRUE(example.certainly_greater(Rational(642, 1000)));
  EXPECT_TRUE(example.certainly_less(Rational(644, 1000)));
  const auto doubled = [](const Rational& e, const Rational& d, const Integer& t, mpfr_prec_t p) {
    return g1_eps_step(e, d, t, p).mul(Rational(2));
  };
  EXPECT_EQ(check_g1(doubled).verdict, Verdict::violated);
}

TEST(Seed003MathTest, S2HoldsOnTheGridAndALargerDeltaPrimeIsRejected) {
  const Outcome o = check_s2([](const Rational& d) { return d / 6; });
  EXPECT_EQ(o.verdict, Verdict::holds);
  // At δ = 1/10, c = 1 the ε part breaks somewhere in 11..200 (ε/(72 ln 40) ≈ 1/7 at ε ≈ 38; by hand: ε = 30 gives
  // ε_total/ε ≈ 0.50 > 1/3, ε = 10 gives 0.23).
  const auto first = o.evidence["eps_part_breaks_outside_grid"][0]["first_failing_eps"];
  ASSERT_FALSE(first.is_null());
  EXPECT_GT(first.get<long>(), 10);
  EXPECT_LE(first.get<long>(), 30);
  EXPECT_EQ(check_s2([](const Rational& d) { return d / 4; }).verdict, Verdict::violated);  // δ/6 + δ/4 > δ/3
}

TEST(Seed003MathTest, LemmaE3IsViolatedAndTheSumFormHolds) {
  const Outcome o = check_lemma_e3(lemma_e3_bound);
  EXPECT_EQ(o.verdict, Verdict::violated);
  // n = 400, δ = 1/10: the bound √(8 ln 20/400) < 1, so the tail is P(Bin(400, 1/2) ≥ 201) = (1 − C(400,200)/2^400)/2.
  EXPECT_EQ(o.evidence["cases"][0]["threshold_k"], "201");
  EXPECT_EQ(check_lemma_e3(lemma_e3_corrected).verdict, Verdict::holds);
}

TEST(Seed003MathTest, LemmaM3ConstantIsNot2Sqrt2ButTheProofsConstantHolds) {
  EXPECT_EQ(check_lemma_m3_constant(SqrtConstant{Rational(8), false}).verdict, Verdict::violated);
  // (20√e/3)² = (400/9)e: equality at d = 1 (decided exactly), strict for d > 1.
  EXPECT_EQ(check_lemma_m3_constant(SqrtConstant{Rational(400, 9), true}).verdict, Verdict::holds);
  EXPECT_EQ(check_lemma_m3_constant(SqrtConstant{Rational(399, 9), true}).verdict, Verdict::violated);
  // 4√e is the d → ∞ limit: too small at every d.
  EXPECT_EQ(check_lemma_m3_constant(SqrtConstant{Rational(16), true}).verdict, Verdict::violated);
}

TEST(Seed003MathTest, LemmaQ3KlIsViolatedAndConvexityHolds) {
  const Outcome o = check_lemma_q3_kl(q3_lhs, q3_rhs);
  EXPECT_EQ(o.verdict, Verdict::violated);
  EXPECT_EQ(o.evidence["witnesses"][0]["lhs"], "inf");
  EXPECT_GT(o.evidence["violated"].get<std::size_t>(), 1U);  // full-support witnesses too
  // Control: 2KL(P‖M) ≤ KL(P‖Q) (convexity of KL in its second argument) holds on the same pairs.
  const auto two_kl_pm = [](const Pmf& P, const Pmf& Q, mpfr_prec_t prec) -> std::optional<Interval> {
    Pmf M(P.size());
    for (std::size_t i = 0; i < P.size(); ++i) M[i] = (P[i] + Q[i]) / 2;
    return kl_divergence(P, M, prec)->mul(Rational(2));
  };
  EXPECT_EQ(check_lemma_q3_kl(two_kl_pm, q3_lhs).verdict, Verdict::holds);
}

TEST(Seed003MathTest, LemmaQ3MiIsViolatedAndTheChainRuleBoundHolds) {
  const Outcome o = check_lemma_q3_mi(xor_channel, Rational(1));
  EXPECT_EQ(o.verdict, Verdict::violated);
  // flip = 0: I(V; X) = ln 2, each I(V_j; X | V_−j) = ln 2; Σ KL̄_j = ∞.
  EXPECT_EQ(o.evidence["cases"][0]["sum_j KLbar_j"], "inf");
  EXPECT_TRUE(o.evidence["cases"][1]["end_to_end_fails"].get<bool>());
  // Control: Σ_j I(V_j; X | V_−j) ≤ 3 I(V; X) (true: each term ≤ I(V; X), strictly below 3 I here).
  EXPECT_EQ(check_lemma_q3_mi(xor_channel, Rational(3)).verdict, Verdict::holds);
}

TEST(Seed003MathTest, LemmaQ4KlIsViolatedForPositiveDeltaAndThePureFormHolds) {
  const Outcome o = check_lemma_q4_kl(Rational(1, 100), pure_dp_kl_bound);
  EXPECT_EQ(o.verdict, Verdict::violated);
  EXPECT_TRUE(o.evidence["pure_form_holds"].get<bool>());
  EXPECT_GT(o.evidence["pure_dp_pairs"].get<std::size_t>(), 100U);
  EXPECT_EQ(check_lemma_q4_kl(Rational(0), pure_dp_kl_bound).verdict, Verdict::holds);  // δ = 0: P = Q
  // Control: ε²/4 is below KL at near-extreme pairs (KL → ε tanh(ε/2) ≈ ε²/2).
  const auto quarter = [](const Rational& e, mpfr_prec_t p) { return Interval(e * e / 4, p); };
  EXPECT_FALSE(check_lemma_q4_kl(Rational(1, 100), quarter).evidence["pure_form_holds"].get<bool>());
}

}  // namespace
}  // namespace dpb::verify::certified
