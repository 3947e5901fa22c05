// `dpbandit calibrate tree-matrix` (seed 003's matrix trees; reference/protocols/calibration_003.hpp): JSON with
// every derived quantity in both profiles; bad input is one stderr line naming the parameter, nothing on stdout,
// exit 2.
#include <gtest/gtest.h>

#include <cmath>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "tests/support/cli_path.hpp"
#include "tests/support/cli_refusal.hpp"
#include "tests/support/run_command.hpp"

namespace dpb::test {
namespace {

const std::string kCli = dpb::test::cli_path();
const std::string kBase = " calibrate tree-matrix --eps 1 --delta 1/50 --horizon 15000 --d 5 --kappa-star 4";

TEST(CalibrateTreeMatrixCliTest, TheoremProfileReportsSigmaLambdaAndTheJointVerdict) {
  const auto r = run_command(kCli + kBase);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  // σ = 6·√m·ln(32/δ)/(κ*ε), m = ⌈log₂ 15000⌉ + 1 = 15 (2^13 < 15000 <= 2^14)
  EXPECT_EQ(j["m"], "15");
  const double sigma = 6 * std::sqrt(15.0) * std::log(1600.0) / 4;
  EXPECT_NEAR(j["sigma_noise"]["approx"].get<double>(), sigma, 1e-9 * sigma);
  EXPECT_GE(j["sigma_bar_approx"].get<double>(), sigma);
  EXPECT_NEAR(j["sigma_off_bar_approx"].get<double>(), sigma / std::sqrt(2.0), 1e-6);
  // joint μ² = n·2·max(1, 1/κ*²)/σ² = n·2/σ² (half, d >= 2; the V change) over the n = ⌊log₂ 15000⌋ + 1 = 14 released nodes holding one
  // leaf (the level-14 node would complete at leaf 16384 > T): n < m.
  EXPECT_EQ(j["nodes_per_leaf_max"], "14");
  EXPECT_NEAR(j["joint_mu"]["approx"].get<double>(), std::sqrt(14 * 2 / (sigma * sigma)), 1e-12);
  EXPECT_EQ(j["claim_eps"], "1/3");
  EXPECT_EQ(j["claim_delta"], "1/150");
  EXPECT_EQ(j["claim_holds"], true);
  EXPECT_EQ(j["assumption_I1"], true);
  EXPECT_EQ(j["zeta"], "1/100");
  // λ of Eq. 19 with ln: 64(4√5+1) ln(1600) ln(15000)(ln(16·15000/ζ) + √5)/(εκ*)
  const double lambda = 64 * (4 * std::sqrt(5.0) + 1) * std::log(1600.0) * std::log(15000.0) *
                        (std::log(16 * 15000 / 0.01) + std::sqrt(5.0)) / 4;
  EXPECT_NEAR(j["lambda"]["approx"].get<double>(), lambda, 1e-9 * lambda);
}

// Lemma I.4 scales the V tree's noise by 1/κ* although its leaves have norm up to 1 (spec 003 §9 item 23): at
// κ* = 20 one user's V change breaks (ε/3, δ/3); the V tree at κ* = 1 restores it (docs/findings.md).
TEST(CalibrateTreeMatrixCliTest, TheoremProfileFailsAtLargeKappaStarAndTheCorrectionHolds) {
  const auto r = run_command(kCli + " calibrate tree-matrix --eps 1 --delta 1/50 --horizon 15000 --d 5 --kappa-star 20");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  const double sigma = 6 * std::sqrt(15.0) * std::log(1600.0) / 20, sigma_v = 20 * sigma;
  EXPECT_NEAR(j["joint_mu"]["approx"].get<double>(), std::sqrt(14 * 2 / (sigma * sigma)), 1e-12);
  EXPECT_EQ(j["claim_holds"], false);
  EXPECT_NEAR(j["sigma_V_corrected"]["approx"].get<double>(), sigma_v, 1e-9 * sigma_v);
  // corrected: V costs 2/σ_V², H 2/(κ*²σ²) = 2/σ_V², the cross change 1/σ_V² + 1/(κ*²σ²) = 2/σ_V² as well
  EXPECT_NEAR(j["joint_mu_corrected"]["approx"].get<double>(), std::sqrt(14 * 2 / (sigma_v * sigma_v)), 1e-12);
  EXPECT_EQ(j["claim_holds_corrected"], true);
  EXPECT_EQ(j["link"], "logistic");
  const auto probit = run_command(kCli + " calibrate tree-matrix --eps 1 --delta 1/50 --horizon 100 --d 5 --kappa-star "
                                         "2.5067 --link probit");
  ASSERT_EQ(probit.exit_code, 0) << probit.err;
  EXPECT_EQ(nlohmann::json::parse(probit.out)["link"], "probit");
}

TEST(CalibrateTreeMatrixCliTest, PaperCodeProfileSolvesTheAuthorsRho) {
  const auto r = run_command(kCli + kBase + " --profile paper-code --symmetrisation root2");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  const double rho = j["rho"]["approx"].get<double>();
  EXPECT_NEAR(rho + 2 * std::sqrt(rho * std::log(150.0)), 1.0 / 3, 1e-12);  // ε/3 = ρ + 2√(ρ ln(3/δ))
  const double sv = std::sqrt(15 / (2 * rho));
  EXPECT_NEAR(j["sigma_V"]["approx"].get<double>(), sv, 1e-9 * sv);
  EXPECT_NEAR(j["sigma_H"]["approx"].get<double>(), sv / 4, 1e-8 * sv);
  EXPECT_EQ(j["symmetrisation"], "root2");
  // root2: c = 1/2; every case gives 2/σ_V² per node: μ² = n·2/(2σ_V²) = 2ρ·n/m over n = 14 of m = 15 levels
  EXPECT_NEAR(j["joint_mu"]["approx"].get<double>(), std::sqrt(2 * rho * 14 / 15), 1e-12);
  EXPECT_EQ(j["claim_eps"], "2/3");
  EXPECT_EQ(j["claim_holds"], true);
}

TEST(CalibrateTreeMatrixCliTest, BadInputNamesTheParameter) {
  struct Case {
    std::string args, needle;
  };
  const std::vector<Case> cases = {
      {" calibrate tree-matrix --eps 1 --delta 1/50 --horizon 100 --d 5", "parameter 'kappa-star' must be given"},
      {kBase + " --zeta 1/20", "parameter '--zeta' must be in (0, delta)"},
      {" calibrate tree-matrix --eps 1 --delta 1/50 --horizon 100 --d 5 --kappa-star 2",
       "parameter '--kappa-star' must be a number in [5/2, 10^6]"},
      {" calibrate tree-matrix --eps 1 --delta 1/50 --horizon 100 --d 5 --kappa-star 3",
       "parameter 'kappa-star' must be >= 4 (logistic"},
      {" calibrate tree-matrix --eps 1 --delta 1/50 --horizon 100 --d 5 --kappa-star 2.5066 --link probit",
       "parameter 'kappa-star' must be >= sqrt(2 pi)"},
      {" calibrate tree-matrix --eps 1 --delta 1/50 --horizon 100 --d 5 --kappa-star 4 --link gauss",
       "--link"},
      {kBase + " --symmetrisation none", "parameter '--symmetrisation' must be one of half|root2"},
      {kBase + " --profile paper-code --zeta 1/100", "parameter 'zeta' must be absent"},
      {kBase + " --n 10", "parameter 'n' must be absent for tree-matrix"},
      {" calibrate tree-matrix --eps 1 --delta 1/50 --horizon 1 --d 5 --kappa-star 4",
       "parameter 'horizon' must be in [2, 2^40]"},
      {" calibrate tree-matrix --eps 1 --delta 1/50 --horizon 100 --d 2000 --kappa-star 4",
       "parameter 'd' must be in [1, 1024]"},
      {" calibrate tree --eps 1 --delta 1/50 --horizon 100 --kappa-star 4", "parameter 'kappa-star' must be absent"},
  };
  for (const auto& c : cases) expect_cli_refusal(kCli + c.args, c.needle);
}

}  // namespace
}  // namespace dpb::test
