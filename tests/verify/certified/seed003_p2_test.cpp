// The checkers of seed 003's P₂ claims (verify/certified/seed003_p2.hpp: 003.v1, v2, v3, v5) hold on the
// implementation and reject deliberately wrong twins (the negative controls).
#include <gtest/gtest.h>

#include "reference/protocols/p_vec.hpp"
#include "verify/certified/proof_files.hpp"
#include "verify/certified/seed003_p2.hpp"

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
