// The checkers of seed 003's P₂ claims (verify/certified/seed003_p2.hpp: 003.v1, v2, v3, v5) hold on the
// implementation and reject deliberately wrong twins (the negative controls).
#include "verify/certified/seed003_p2.hpp"

#include <gtest/gtest.h>

#include "reference/protocols/calibration_003_p2.hpp"
#include "reference/protocols/p_vec.hpp"
#include "verify/certified/proof_files.hpp"

namespace dpb::verify::certified {
namespace {

TEST(Seed003P2Checks, V1HoldsAndRejectsTheCheuRecentringAndThePrintedScale) {
  EXPECT_EQ(check_p2_unbiased(ref::pvec_analyze).verdict, Verdict::holds);
  EXPECT_EQ(check_p2_unbiased(pvec_analyze_cheu).verdict, Verdict::violated);  // −Δ: biased for n >= 2
  // Alg. 6 as printed, (Δ/g)(Σ − p b n) − nΔ, on the default encoding r = 2Δ.
  const auto printed_scale = [](const ref::PVecParams& p, const Integer& c) {
    return p.delta / p.g * (Rational(c) - p.p * p.b * p.batch) - p.batch * p.delta;
  };
  const Outcome o = check_p2_unbiased(printed_scale);
  EXPECT_EQ(o.verdict, Verdict::violated);
  EXPECT_FALSE(o.evidence["counterexamples"].empty());
}

TEST(Seed003P2Checks, V1Z3FilesAreAsExpected) {
  const Outcome o = check_proof_files("003.p2-debias.");
  EXPECT_EQ(o.verdict, Verdict::holds) << o.evidence.dump();
  EXPECT_EQ(o.key_figure, "3/3 Z3 files as expected");
}

TEST(Seed003P2Checks, V2HoldsAndRejectsTheDeltaScaleAtTwoDelta) {
  EXPECT_EQ(check_p2_variance(pvec_variance_formula).verdict, Verdict::holds);
  const auto wrong = [](const ref::PVecParams& p, const std::vector<Rational>& values) {
    ref::PVecParams q = p;
    q.range = ref::PVecRange::Delta;  // the spec's scale g/Δ whatever the encoding
    return pvec_variance_formula(q, values);
  };
  EXPECT_EQ(check_p2_variance(wrong).verdict, Verdict::violated);
}

TEST(Seed003P2Checks, V3HoldsAndRejectsAProxyBelowTheVariance) {
  const Outcome o = check_p2_subgaussian(p2_proxy);
  EXPECT_EQ(o.verdict, Verdict::holds) << o.evidence.dump();
  EXPECT_GT(o.evidence["printed_plus_r2_over_16_fails_at"].get<int>(), 0);  // g² = 4n points of the grid
  const auto small = [](const ref::PVecParams& p, const std::vector<Rational>& v) { return p2_proxy(p, v) / 4; };
  EXPECT_NE(check_p2_subgaussian(small).verdict, Verdict::holds);
}

TEST(Seed003P2Checks, V5PrintedLengthOverflowsWithAWitnessAndTheFixedLengthHolds) {
  const Outcome printed =
      check_p2_message_length([](ref::PVecRange, const Integer& g, const Integer& b) { return g + b; });
  EXPECT_EQ(printed.verdict, Verdict::violated);
  EXPECT_EQ(printed.evidence["witness"]["range"], "delta");
  EXPECT_EQ(printed.evidence["per_range"]["2delta"]["overflowing_points"], 0);
  const Outcome fixed = check_p2_message_length([](ref::PVecRange r, const Integer& g, const Integer& b) {
    return r == ref::PVecRange::TwoDelta ? Integer(g + b) : Integer(2 * g + b);
  });
  EXPECT_EQ(fixed.verdict, Verdict::holds);
  const Outcome short_by_one = check_p2_message_length([](ref::PVecRange r, const Integer& g, const Integer& b) {
    return r == ref::PVecRange::TwoDelta ? Integer(g + b - 1) : Integer(2 * g + b);
  });
  EXPECT_EQ(short_by_one.verdict, Verdict::violated);
  EXPECT_EQ(short_by_one.evidence["witness"]["excess"], "1");
}

}  // namespace
}  // namespace dpb::verify::certified

namespace dpb::verify::certified {
namespace {

TEST(Seed003P2Privacy, V4HoldsAtEq127AndAnUnderCalibratedTwinDoesNot) {
  const auto eq127 = [](const Rational& e, const Rational& d, const Integer& n, const Integer& dim) {
    return ref::eq127_g_b(e, d, n, dim);
  };
  const Outcome o = check_p2_privacy(eq127, Suite::quick);
  EXPECT_EQ(o.verdict, Verdict::holds) << o.key_figure;
  EXPECT_EQ(o.evidence["points"].size(), 16U);
  // Control: b / 10^6 (too little noise; Eq. 127 has slack of ~10³ in ε). The upper bound no longer holds, and the
  // worst pair's certified δ(ε) exceeds δ where the noise is small enough to compute it.
  const auto under = [&](const Rational& e, const Rational& d, const Integer& n, const Integer& dim) {
    auto gb = ref::eq127_g_b(e, d, n, dim);
    gb.second = gb.second / 1000000 + 1;
    return gb;
  };
  const Outcome u = check_p2_privacy(under, Suite::quick);
  EXPECT_EQ(u.verdict, Verdict::violated) << u.key_figure;
}

TEST(Seed003P2Privacy, PaperWhpWitnessExceedsDeltaAndItsLossGrowsWithRho) {
  const Rational rho = paper_whp_witness_rho();
  EXPECT_GT(rho, Rational(18, 10));  // 2e^{−1/10} = 1.8097…
  EXPECT_LT(rho, Rational(1811, 1000));
  const auto [g, b] = ref::eq127_g_b(Rational(1), Rational(1, 100), Integer(100), Integer(3));
  const P2PrivacyPoint clip = p2_privacy_upper(100, g, b, 3, Rational(1), Rational(1, 100), Rational(1), true);
  const P2PrivacyPoint whp = p2_privacy_upper(100, g, b, 3, Rational(1), Rational(1, 100), rho, true);
  ASSERT_TRUE(clip.eps_upper && whp.eps_upper);
  EXPECT_LE(*clip.eps_upper, Rational(1));
  EXPECT_GT(*whp.eps_upper, *clip.eps_upper);
  EXPECT_EQ(whp.change_sq, Rational(rho * rho * g * g));
}

}  // namespace
}  // namespace dpb::verify::certified
