// The statistical claims of seed 000 (verify/claims/claims_000_statistical.cpp) at their quick size: each checker
// returns `holds` on the protocol's correct per-user path, with evidence listing every test (n, bins, statistic, df,
// p, Holm threshold, decision). The negative controls, which must come out `violated`, are in the *_stat_test.cpp
// files beside this one.
#include <gtest/gtest.h>

#include "verify/claims/all_claims.hpp"
#include "verify/statistical/def5_sampled.hpp"
#include "verify/statistical/dgauss_sum_sampled.hpp"
#include "verify/statistical/fact1_sampled.hpp"

namespace dpb::verify::statistical {
namespace {

void expect_holds_with_full_evidence(const SumCheck& check) {
  const RunOptions options;  // quick suite, the default seed
  const Outcome o = check_sampled_sums(check, options);
  EXPECT_EQ(o.verdict, Verdict::holds) << o.evidence.value("report", o.evidence.dump(1));
  EXPECT_FALSE(o.key_figure.empty());
  EXPECT_EQ(o.evidence.at("cases").size(), check.cases.size());
  EXPECT_EQ(o.evidence.at("rejected"), 0U);
  EXPECT_EQ(o.evidence.at("family_alpha").get<double>(), 1e-6);
  const auto& tests = o.evidence.at("tests");
  ASSERT_GE(tests.size(), 5 * check.cases.size());
  for (const auto& t : tests) {
    for (const char* key : {"name", "n", "bins", "statistic", "df", "p", "holm_threshold", "decision", "case"})
      EXPECT_TRUE(t.contains(key)) << key << " in " << t.dump();
    EXPECT_EQ(t.at("decision"), "accepted");
    EXPECT_LE(t.at("holm_threshold").get<double>(), 1e-6);
  }
  std::printf("%s: %s\n", check.claim_id.c_str(), o.key_figure.c_str());
}

TEST(SampledClaimsTest, Fact1SampledHoldsAtQuickSize) {
  const SumCheck check = fact1_sampled_check(Suite::quick);
  EXPECT_EQ(check.cases.size(), 7U);
  expect_holds_with_full_evidence(check);
}

TEST(SampledClaimsTest, Def5SampledHoldsAtQuickSize) {
  const SumCheck check = def5_sampled_check(Suite::quick);
  EXPECT_EQ(check.cases.size(), 7U);
  expect_holds_with_full_evidence(check);
}

TEST(SampledClaimsTest, DgaussSumSampledHoldsAtQuickSizeAndRecordsTheDistanceToASingleDgauss) {
  const SumCheck check = dgauss_sum_sampled_check(Suite::quick);
  EXPECT_EQ(check.cases.size(), 10U);
  expect_holds_with_full_evidence(check);
  // The certified TV distance to N_Z(0, σ²) is in every case's evidence.
  const SumTarget t = check.target(check.cases.front());
  EXPECT_TRUE(t.evidence.contains("tv_to_single_dgauss"));
  EXPECT_TRUE(t.evidence.contains("variance_sum"));
}

TEST(SampledClaimsTest, CalibratedCasesUseTheProtocolsLaws) {
  // The last case of each claim comes from ref::calibrate: dist-dp ε = 1/2, n = 5 gives g = 2, t = g/ε = 4.
  const SumCase c = fact1_sampled_check(Suite::quick).cases.back();
  EXPECT_EQ(c.users, 5U);
  EXPECT_EQ(c.per_user.kind, ref::NoiseKind::PolyaDifference);
  EXPECT_EQ(c.per_user.polya_r, Rational(1, 5));
  EXPECT_EQ(c.per_user.scale, Rational(4));
  EXPECT_EQ(c.aggregate.kind, ref::NoiseKind::DiscreteLaplace);
  const SumCase d = def5_sampled_check(Suite::quick).cases.back();
  EXPECT_EQ(d.per_user.variance, Rational(16, 5));
  const SumCase g = dgauss_sum_sampled_check(Suite::quick).cases.back();
  EXPECT_EQ(g.per_user.kind, ref::NoiseKind::DiscreteGaussian);
  EXPECT_EQ(g.aggregate.kind, ref::NoiseKind::None);
}

TEST(SampledClaimsTest, FullGridsAreLargerThanQuick) {
  EXPECT_GT(fact1_sampled_check(Suite::full).cases.size(), fact1_sampled_check(Suite::quick).cases.size());
  EXPECT_GT(def5_sampled_check(Suite::full).samples, def5_sampled_check(Suite::quick).samples);
  EXPECT_GT(dgauss_sum_sampled_check(Suite::full).cases.size(), dgauss_sum_sampled_check(Suite::quick).cases.size());
}

TEST(SampledClaimsTest, ClaimsAreRegisteredAsStatistical) {
  for (const char* id : {"000.fact1.sampled", "000.def5.sampled", "000.dgauss-sum.sampled"}) {
    const Claim* c = all_claims().find(id);
    ASSERT_NE(c, nullptr) << id;
    EXPECT_EQ(c->method, Method::statistical);
    EXPECT_EQ(c->expected, Verdict::holds);
  }
}

TEST(SampledClaimsTest, DrawSumsIsReproducibleFromTheSeed) {
  const ref::NoiseLaw law{ref::NoiseKind::PolyaDifference, Rational(1, 3), Rational(2), Rational(0)};
  EXPECT_EQ(draw_sums(law, 3, 50, 7, 1), draw_sums(law, 3, 50, 7, 1));
  EXPECT_NE(draw_sums(law, 3, 50, 7, 1), draw_sums(law, 3, 50, 7, 2));
}

}  // namespace
}  // namespace dpb::verify::statistical
