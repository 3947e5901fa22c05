// `dpbandit calibrate shuffle-glm|jdp-glm` (seed 003's learners; reference/protocols/calibration_003_glm.hpp): the
// printed quantities against the paper's formulas recomputed here in doubles (Eq. 6–10, 19–21; spec 003 §7.3), the
// exact integers (batch sizes, iteration counts, cutoffs) against their definitions, and bad input refused by name.
#include <gtest/gtest.h>

#include <algorithm>
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
const std::string kJdp =
    " calibrate jdp-glm --eps 4 --delta 1/50 --horizon 5000 --d 3 --kappa 56 --kappa-star 4 --theta-norm 5/2";
const std::string kShuffle =
    " calibrate shuffle-glm --eps 1 --delta 1/100 --horizon 10000 --d 3 --kappa 20 --kappa-star 4 --theta-norm 2";

nlohmann::json run_json(const std::string& args) {
  const auto r = run_command(kCli + args);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return nlohmann::json::parse(r.out);
}

double approx(const nlohmann::json& v) { return v["approx"].get<double>(); }
long long integer(const nlohmann::json& v) { return std::stoll(v.get<std::string>()); }

TEST(CalibrateGlmCliTest, JdpTheoremMatchesEquations19To21) {
  const auto j = run_json(kJdp);
  const double eps = 4, delta = 0.02, T = 5000, d = 3, kappa = 56, ks = 4, S = 2.5, R = 1, zeta = 0.01;
  EXPECT_EQ(j["zeta"], "1/100");  // δ/2
  const double q = 4 * std::sqrt(d) + 1;
  const double lambda = 64 * q * std::log(32 / delta) * std::log(T) * (std::log(16 * T / zeta) + std::sqrt(d)) / (eps * ks);
  EXPECT_NEAR(approx(j["lambda"]), lambda, 1e-9 * lambda);
  EXPECT_NEAR(approx(j["lambda_min"]), lambda * 4 * std::sqrt(d) / q, 1e-9 * lambda);
  const double beta = R * S * std::sqrt(d) * std::log(T / zeta) * std::log(1 / delta) / std::sqrt(eps * ks);
  EXPECT_NEAR(approx(j["beta"]), beta, 1e-9 * beta);
  const double core = std::pow(R, 5) * std::pow(S, 4) * d * std::pow(std::log(T * d / zeta), 2) * std::log(32 / delta);
  const double gamma = core / (1 * ks * ks), gamma_proof = core / ks;  // min(ε, 1) = 1
  EXPECT_NEAR(approx(j["gamma"]), gamma, 1e-9 * gamma);
  EXPECT_NEAR(approx(j["gamma_proof"]), gamma_proof, 1e-9 * gamma_proof);
  EXPECT_NEAR(approx(j["criterion1_threshold"]), 1 / (gamma * gamma * kappa * R * R), 1e-9 / (gamma * gamma * kappa));
  const double c1 = 8 * d * R * R * kappa * gamma * gamma * std::log(T);
  EXPECT_NEAR(approx(j["count1_cutoff_real"]), c1, 1e-9 * c1);
  EXPECT_EQ(integer(j["theta_o_calls"]), static_cast<long long>(std::ceil(c1)));
  // per call: ε/(6√(2k ln(4/δ))) rounded down to 2^−64, δ/(6k); at these sizes T_it = 0 (the degenerate profile)
  const double k = std::ceil(c1), e = eps / (6 * std::sqrt(2 * k * std::log(4 / delta)));
  EXPECT_NEAR(j["theta_o_eps_call_approx"].get<double>(), e, 1e-9 * e);
  EXPECT_EQ(j["theta_o_pgd_iterations_at_n_T"], "0");
  // the printed per-call budgets spend all of δ/6 in k δ_o: advanced composition has no δ′ left, basic is far above
  EXPECT_EQ(j["theta_o_advanced_eps"], "none");
  EXPECT_EQ(j["theta_o_within_target"], false);
  EXPECT_EQ(j["criterion1_fires_at_start"], true);
  const double m = 14, sigma = 6 * std::sqrt(m) * std::log(32 / delta) / (ks * eps);  // ⌈log₂ 5000⌉ + 1
  EXPECT_NEAR(approx(j["tree_sigma"]), sigma, 1e-9 * sigma);
  EXPECT_NEAR(approx(j["tree_sigma_V_corrected"]), ks * sigma, 1e-9 * sigma);
}

TEST(CalibrateGlmCliTest, JdpPaperCodeFollowsTheAuthorsConstantsAndBudgetSplit) {
  const auto j = run_json(" calibrate jdp-glm --eps 4 --delta 1/50 --horizon 5000 --d 3 --kappa 20 --kappa-star 4 "
                          "--theta-norm 2 --profile paper-code");
  const double eps = 4, delta = 0.02, T = 5000, d = 3, kappa = 20, ks = 4, S = 2, zeta = 0.02;
  EXPECT_EQ(j["zeta"], "1/50");  // the authors' δ = ζ
  const double l4t = std::log(4 * T / zeta), spread = std::log(4 / delta) * l4t * l4t / (eps * ks);
  const double lambda = 2 * spread + 0.75 * d * l4t;
  EXPECT_NEAR(approx(j["lambda"]), lambda, 1e-9 * lambda);
  EXPECT_NEAR(approx(j["lambda_max"]), lambda + 1.5 * spread, 1e-9 * lambda);
  const double gamma = S * std::sqrt(d * std::log(T / zeta));
  EXPECT_NEAR(approx(j["gamma"]), gamma, 1e-9 * gamma);
  EXPECT_EQ(j["criterion1_threshold"], "5/12");  // 1/(0.01·20·2²·3)
  const double c1 = d * kappa * gamma * gamma * std::log(T) / 20000;
  const long long k1 = std::max(1LL, static_cast<long long>(std::floor(c1)));
  EXPECT_EQ(integer(j["theta_o_calls"]), k1);
  // k <= 10: the naive split of (ε/3, δ/3)
  ASSERT_LE(k1, 10);
  EXPECT_NEAR(j["theta_o_eps_call_approx"].get<double>(), eps / 3 / k1, 1e-15);
  EXPECT_EQ(j["theta_o_within_target"], true);
  const long long k2 = integer(j["theta_tau_first_commit_calls"]);
  EXPECT_EQ(integer(j["theta_tau_later_commit_calls"]), 3 * k2);
}

// k > 10 (the later commit's 3× cutoff at a larger T): the largest e₀ on 2^−40 whose advanced composition at
// δ′ = δ₃/2 stays within ε/3; one grid step more exceeds it.
TEST(CalibrateGlmCliTest, PaperCodeBudgetSolvesTheAdvancedCompositionRelation) {
  const auto j = run_json(" calibrate jdp-glm --profile paper-code --eps 2 --delta 1/50 --horizon 1000000 --d 5 "
                          "--kappa 200 --kappa-star 4 --theta-norm 3");
  const long long k = integer(j["theta_o_calls"]);
  ASSERT_GT(k, 10);
  const double e3 = 2.0 / 3, d3 = 0.02 / 3, e0 = j["theta_o_eps_call_approx"].get<double>();
  const auto f = [&](double e) { return std::sqrt(2.0 * k * std::log(2 / d3)) * e + k * e * std::expm1(e); };
  EXPECT_LE(f(e0), e3 * (1 + 1e-12));
  EXPECT_GT(f(e0 + 2 * std::ldexp(1.0, -40)), e3);
  EXPECT_NEAR(j["theta_o_delta_call_approx"].get<double>(), d3 / (2.0 * k), 1e-18);
  EXPECT_EQ(j["theta_o_within_target"], true);
}

TEST(CalibrateGlmCliTest, ShuffleScheduleUsesExactPowersAndCutsTheOverrun) {
  // T = 10⁶, M = 3: Eq. 6's α = T^(2/3) = 10⁴ exactly, B₂ = α, B₃ = α^(3/2) = T exactly (B_M = T: §9 item 3)
  const auto j = run_json(" calibrate shuffle-glm --eps 1 --delta 1/100 --horizon 1000000 --d 3 --kappa 20 --kappa-star 4 "
                          "--theta-norm 2 --batches 3");
  EXPECT_NEAR(approx(j["alpha"]), 1e4, 1e-6);
  EXPECT_NEAR(approx(j["alpha_thm_e1"]), std::pow(1e6, 1 / (2 * (1 - 0.125))), 1e-6);
  const long long b1 = integer(j["batch_1_size"]);
  EXPECT_EQ(integer(j["schedule_total"]), b1 + 10000 + 1000000);
  EXPECT_EQ(j["warm_up_fits"], b1 < 1000000);
  EXPECT_EQ(j["batches_run"], b1 < 1000000 ? "3" : "1");
}

TEST(CalibrateGlmCliTest, ShuffleTheoremMatchesEquations6To10) {
  const auto j = run_json(kShuffle);
  const double eps = 1, delta = 0.01, T = 10000, d = 3, kappa = 20, S = 2, R = 1, M = 3;  // ⌊log₂ log₂ 10⁴⌋ = 3
  EXPECT_EQ(j["M"], "3");
  // σ̃² = 6·10⁴ r² ℓ²/(ε/2)² + r²/8, ℓ = ln(4(d²+1)/(δ/2)), r = 2 (V) and 2/κ* (H)
  const double ell = std::log(4 * (d * d + 1) / (delta / 2));
  const auto sig = [&](double r) { return std::sqrt(6e4 * r * r * ell * ell / 0.25 + r * r / 8); };
  EXPECT_NEAR(approx(j["sigma_tilde_V"]), sig(2), 1e-9 * sig(2));
  EXPECT_NEAR(approx(j["sigma_tilde_H"]), sig(0.5), 1e-9 * sig(2));
  const double l2 = std::log(2 * d * M * T / delta), sv = sig(2);
  const double lambda_v = 20 * d * R * std::log(T) + sv * (std::sqrt(d) + 6 * std::sqrt(l2));
  EXPECT_NEAR(approx(j["lambda_V"]), lambda_v, 1e-9 * lambda_v);
  const double nu = R * S * S / eps * std::sqrt(d * std::pow(std::log(T * d / delta), 3));
  EXPECT_NEAR(approx(j["nu"]), nu, 1e-9 * nu);
  const double gamma = 30 * R * S * std::sqrt(d * R * std::log(T) + 12 * sv * std::sqrt(l2)) + std::sqrt(4 * R * S * nu);
  EXPECT_NEAR(approx(j["gamma"]), gamma, 1e-9 * gamma);
  const double alpha = std::pow(T, 1 / (2 * (1 - 0.25)));
  const double b1 = std::pow(std::sqrt(kappa) * std::exp(3 * S) * d * d * gamma * gamma * alpha / S, 2.0 / 3);
  EXPECT_NEAR(approx(j["B1_real"]), b1, 1e-9 * b1);
  EXPECT_EQ(integer(j["batch_1_size"]), static_cast<long long>(std::ceil(b1)));
  // B₁ > T: the warm-up eats the horizon; its P_GD at n = T: ⌊(ε/2)² T²/(d ln³(T d/(δ/2)))⌋
  EXPECT_EQ(j["warm_up_fits"], false);
  EXPECT_EQ(j["batch_1_users"], "10000");
  const double it = std::floor(0.25 * T * T / (d * std::pow(std::log(T * d / (delta / 2)), 3)));
  EXPECT_EQ(integer(j["batch_1_pgd_iterations"]), static_cast<long long>(it));
  EXPECT_EQ(integer(j["batch_1_pgd_roundings"]), static_cast<long long>(it) * 10000 * 3);
}

TEST(CalibrateGlmCliTest, BadInputNamesTheParameter) {
  struct Case {
    std::string args, needle;
  };
  const std::vector<Case> cases = {
      {" calibrate shuffle-glm --eps 5 --delta 1/100 --horizon 10000 --d 3 --kappa 20 --kappa-star 4 --theta-norm 2",
       "parameter 'eps' must be in (0, 5) (Thm 5.1)"},
      {" calibrate shuffle-glm --eps 1 --delta 1/2 --horizon 10000 --d 3 --kappa 20 --kappa-star 4 --theta-norm 2",
       "parameter 'delta' must be in (0, 1/2)"},
      {kShuffle + " --batches 1", "--batches"},
      {kShuffle + " --profile paper-code", "parameter 'profile' must be theorem for shuffle-glm"},
      {kShuffle + " --zeta 1/1000", "parameter 'zeta' must be absent for shuffle-glm"},
      {kShuffle + " --beta-constant 2", "parameter 'beta-constant' must be absent for shuffle-glm"},
      {" calibrate shuffle-glm --eps 1 --delta 1/100 --horizon 10000 --d 3 --kappa 3 --kappa-star 4 --theta-norm 2",
       "parameter 'kappa' must be in [kappa*, 2^60]"},
      {" calibrate shuffle-glm --eps 1 --delta 1/100 --horizon 10 --d 3 --kappa 20 --kappa-star 4 --theta-norm 2",
       "parameter 'horizon' must be in [16, 2^40]"},
      {" calibrate jdp-glm --eps 4 --delta 1/50 --horizon 5000 --d 3 --kappa 56 --kappa-star 4",
       "parameter 'theta-norm' must be given for jdp-glm"},
      {kJdp + " --zeta 1/50", "parameter 'zeta' must be below delta"},
      {kJdp + " --batches 3", "parameter 'batches' must be absent for jdp-glm"},
      {kJdp + " --profile paper-code --gamma-constant 2", "parameter 'gamma-constant' must be absent"},
      {" calibrate jdp-glm --eps 4 --delta 1/50 --horizon 5000 --d 3 --kappa 56 --kappa-star 3 --theta-norm 5/2",
       "parameter 'kappa-star' must be >= 4 (logistic"},
      {kJdp + " --n 10", "parameter 'n' must be absent for jdp-glm"},
      {kJdp + " --symmetrisation half", "parameter 'symmetrisation' must be absent for jdp-glm"},
      {" calibrate tree-matrix --eps 1 --delta 1/50 --horizon 100 --d 5 --kappa-star 4 --kappa 20",
       "parameter 'kappa' must be absent for tree-matrix"},
      {" calibrate p-vec --eps 1 --delta 1/50 --n 100 --d 5 --theta-norm 2", "parameter 'theta-norm' must be absent"},
  };
  for (const auto& c : cases) expect_cli_refusal(kCli + c.args, c.needle);
}

}  // namespace
}  // namespace dpb::test
