// P_Vec's privacy checkers (verify/certified/seed001_pvec_privacy.hpp): Thm 3.5's calibration holds, under-calibrated
// twins do not (b/10⁶: the upper bound exceeds ε; b/10⁸: an exact pair's δ(ε) exceeds δ, violated), and the
// single-pair lower bound agrees with the exact hockey stick summed over the whole support.
#include "verify/certified/seed001_pvec_privacy.hpp"

#include <gtest/gtest.h>

#include "reference/pmf/binomial.hpp"
#include "reference/privacy/privacy_profile.hpp"
#include "reference/protocols/calibration_001.hpp"

namespace dpb::verify::certified {
namespace {

PVecCalibrationFn divided(long divisor) {
  return [divisor](const Rational& e, const Rational& d, const Integer& B, const Integer& dim) {
    auto [g, b] = ref::thm35_g_b(e, d, B, dim);
    b /= divisor;
    if (b < 1) b = 1;
    return std::make_pair(g, b);
  };
}

int count(const Outcome& o, const std::string& verdict) {
  int n = 0;
  for (const auto& row : o.evidence.at("points")) n += row.at("verdict") == verdict;
  return n;
}

TEST(Seed001PVecPrivacyTest, Thm35HoldsAndUnderCalibratedTwinsDoNot) {
  const Outcome ok = check_thm35_privacy(ref::thm35_g_b, Suite::quick);
  EXPECT_EQ(ok.verdict, Verdict::holds);
  for (const auto& row : ok.evidence.at("points")) EXPECT_TRUE(row.contains("eps_tilde_over_eps"));
  // b/10⁶: still noisy enough that no single pair is provably bad, but the certified bound exceeds ε somewhere.
  const Outcome loose = check_thm35_privacy(divided(1000000), Suite::quick);
  EXPECT_NE(loose.verdict, Verdict::holds);
  EXPECT_GT(count(loose, "inconclusive") + count(loose, "violated"), 0);
  // b/10⁸: the pair φ = e₁, y = −1 vs +1 alone exceeds δ at ε.
  const Outcome bad = check_thm35_privacy(divided(100000000), Suite::quick);
  EXPECT_EQ(bad.verdict, Verdict::violated);
}

TEST(Seed001PVecPrivacyTest, VecLdpHoldsAndAnUnderCalibratedTwinIsViolated) {
  EXPECT_EQ(check_vec_ldp(ref::thm35_g_b, Suite::quick).verdict, Verdict::holds);
  EXPECT_EQ(check_vec_ldp(divided(100000000), Suite::quick).verdict, Verdict::violated);
}

TEST(Seed001PVecPrivacyTest, PairLowerBoundEqualsTheWholeSupportHockeyStickWhenTheWindowCoversIt) {
  // n = 40: the window np ± (10√n + 10) covers the whole support [0, n + shift], so the bound is the exact δ(ε).
  const Integer n = 40, shift = 5;
  const Rational eps(1, 2), p(1, 4);
  const ref::BinomialPmf bin(n, p);
  std::vector<Interval> P, Q;
  for (Integer c = 0; c <= n + shift; ++c) {
    P.push_back(bin.pmf(c, 256));
    Q.push_back(bin.pmf(Integer(c - shift), 256));
  }
  const Rational forward = ref::hockey_stick(P, Q, eps, 256).lower();
  const Rational backward = ref::hockey_stick(Q, P, eps, 256).lower();
  const auto lower = pvec_shift_delta_lower_bound(n, p, shift, eps);
  ASSERT_TRUE(lower.has_value());
  // The same sum from pmf values computed another way (a recurrence): equal up to the enclosures' widths.
  EXPECT_LE(*lower, std::max(ref::hockey_stick(P, Q, eps, 256).upper(), ref::hockey_stick(Q, P, eps, 256).upper()));
  EXPECT_GE(*lower + Rational(1, Integer(10) << 60), std::max(forward, backward));
  EXPECT_GT(*lower, Rational(1, 10));  // Bin(40, ¼) shifted by 5 is far from 1/2-DP
  EXPECT_FALSE(pvec_shift_delta_lower_bound(Integer(kPVecLowerBoundMaxTrials + 1), p, shift, eps).has_value());
}

}  // namespace
}  // namespace dpb::verify::certified
