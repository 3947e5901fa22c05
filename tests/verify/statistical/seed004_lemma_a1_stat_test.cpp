// 004.lemma-a1.bound and 004.prop4.3 (verify/statistical/seed004_lemma_a1.hpp): the closed form solves V8's
// quadratic, the binomial CDF enclosure contains the exact value, the measured T(η) is positive, and a negative control
// (the bound shrunk to a tenth) comes out violated.
#include "verify/statistical/seed004_lemma_a1.hpp"

#include <gtest/gtest.h>

#include "verify/statistical/seed004_voting.hpp"

namespace dpb::verify::statistical {
namespace {

TEST(Seed004LemmaA1, ClosedFormSolvesTheQuadratic) {
  // f(T) = pT − √(T ln(1/δ)/2) − T(η) vanishes at T_A1.
  const Rational p(1, 16), delta(1, 4);
  const Interval T = lemma_a1_rounds(p, delta, 500);
  const Interval f = T.mul(p) - (T * Interval(Rational(1 / delta), 256).log().div(Rational(2))).sqrt() - Interval(500L, 256);
  EXPECT_TRUE(f.certainly_less(Rational(1, 1000000)) && f.certainly_greater(Rational(-1, 1000000)));
  EXPECT_TRUE(T.certainly_greater(Rational(8000)));  // ≥ T(η)/p
}

TEST(Seed004LemmaA1, BinomialCdfEnclosesTheExactValue) {
  for (std::uint64_t T : {1u, 7u, 40u})
    for (std::uint64_t k : {0u, 1u, 5u, 39u}) {
      const Rational p(1, 3);
      const Rational exact = 1 - binomial_at_least(T, k + 1, p);
      EXPECT_TRUE(binomial_cdf_enclosure(T, k, p).contains(exact)) << T << " " << k;
    }
}

TEST(Seed004LemmaA1, ShrunkBoundIsViolated) {
  LemmaA1Setting s;
  s.algorithm = ref::MultiAgentAlgorithm::DecentralizedElimination;
  s.params.agents = 16;
  s.params.delta = Rational(1, 4);
  s.params.eta = Rational(1, 2);
  s.runs = 60;
  s.alone_runs = 40;
  s.bound_factor = Rational(1, 10);
  s.name = "negative control";
  EXPECT_GT(local_stopping_quantile(s, 1), 0u);
  RunOptions o;
  o.seed = 1;
  o.alpha = 1e-6;
  const Outcome out = check_lemma_a1_grid({s}, o);
  EXPECT_EQ(out.verdict, Verdict::violated) << out.evidence.dump();
}

}  // namespace
}  // namespace dpb::verify::statistical
