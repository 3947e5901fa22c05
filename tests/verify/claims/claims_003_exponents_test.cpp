// The verdict of seed 003's rate claims (verify/claims/claims_003_exponents.cpp) on synthetic experiment results:
// regret exactly C·T^γ (plus a small deterministic wobble so that the OLS residual variance is positive) must give
// holds at γ = 1/2, violated at γ = 0.8 (a rate the fit resolves away from 1/2) and inconclusive at γ = 1 (linear);
// and the band of the theorem's log factors.
#include <gtest/gtest.h>

#include <cmath>

#include "verify/claims/claim.hpp"
#include "verify/experiments/glm_experiment.hpp"

namespace dpb::verify {
Outcome judge_003_exponent(const experiments::GlmExperimentResult& r, const std::string& label, double predicted,
                           double log_power, double alpha);

namespace {

experiments::GlmExperimentResult synthetic(double gamma, double log_power = 0) {
  experiments::GlmExperimentResult r;
  r.config.name = "synthetic";
  r.config.horizons = {1000, 2000, 4000, 8000, 16000, 32000};
  r.config.epsilons = {Rational(4)};
  r.config.S = {Rational(2)};
  r.config.runs = 3;
  experiments::GlmAlgorithm a;
  a.label = "L";
  a.learner = "jdp-glm";
  r.config.algorithms = {a};
  for (std::size_t t = 0; t < r.config.horizons.size(); ++t) {
    experiments::GlmCell c;
    c.algorithm = 0;
    c.t_index = t;
    c.eps = Rational(4);
    const double T = static_cast<double>(r.config.horizons[t]);
    const double m = 3.0 * std::pow(T, gamma) * std::pow(std::log(T), log_power) * (t % 2 == 0 ? 1.01 : 0.99);
    c.mean = {m};
    c.se = {0.01 * m};
    c.final_regret = {m, m, m};
    r.cells.push_back(c);
  }
  return r;
}

TEST(Claims003ExponentsTest, SqrtRegretHoldsFasterRegretIsViolatedLinearIsInconclusive) {
  const Outcome half = judge_003_exponent(synthetic(0.5), "L", 0.5, 0, 1e-3);
  EXPECT_EQ(half.verdict, Verdict::holds) << half.key_figure;
  const Outcome faster = judge_003_exponent(synthetic(0.8), "L", 0.5, 0, 1e-3);
  EXPECT_EQ(faster.verdict, Verdict::violated) << faster.key_figure;
  const Outcome linear = judge_003_exponent(synthetic(1.0), "L", 0.5, 0, 1e-3);
  EXPECT_EQ(linear.verdict, Verdict::inconclusive) << linear.key_figure;
  EXPECT_NEAR(half.evidence.at("fit").at("exponent").get<double>(), 0.5, 0.01);
  EXPECT_EQ(half.evidence.at("points").size(), 6u);
  EXPECT_THROW(judge_003_exponent(synthetic(0.5), "absent", 0.5, 0, 1e-3), std::out_of_range);
}

// √T·(ln T)^{3/2} (Thm 6.2's explicit log factors): steeper than √T alone (violated with log power 0), inside the
// band with the bound's 3/2 (holds); the evidence names the band and the model check.
TEST(Claims003ExponentsTest, TheBoundsLogFactorsAreInsideTheBand) {
  const Outcome bare = judge_003_exponent(synthetic(0.5, 1.5), "L", 0.5, 0, 1e-3);
  EXPECT_EQ(bare.verdict, Verdict::violated) << bare.key_figure;
  const Outcome band = judge_003_exponent(synthetic(0.5, 1.5), "L", 0.5, 1.5, 1e-3);
  EXPECT_EQ(band.verdict, Verdict::holds) << band.key_figure << " " << band.evidence.at("reason");
  EXPECT_EQ(band.evidence.at("band").size(), 2u);
  EXPECT_GT(band.evidence.at("band")[1].get<double>(), 0.6);
  EXPECT_TRUE(band.evidence.at("fit").contains("curvature_t"));
}

}  // namespace
}  // namespace dpb::verify
