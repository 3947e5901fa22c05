// `dpbandit calibrate pgd` (seed 003's P_GD, Alg. 7), run as a user would: the JSON's T_it, ε_step's reading, the
// composed budget and the T_it = 0 answer; bad input refused with one line naming the option, exit 2, stdout empty.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "tests/support/cli_path.hpp"
#include "tests/support/cli_refusal.hpp"
#include "tests/support/run_command.hpp"

namespace dpb::test {
namespace {

const std::string kCli = dpb::test::cli_path();

TEST(CalibratePgdCliTest, PrintsTheIssueSizeAndTheZeroIterationAnswer) {
  const auto r = run_command(kCli + " calibrate pgd --eps 1/2 --delta 1/200 --n 100000 --d 3");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  // ⌊0.25·10¹⁰/(3·ln³(6·10⁷))⌋: ln(6·10⁷) = 17.90985…, cube 5744.81…, quotient 145 058.28…
  EXPECT_EQ(j["T_it"], "145058");
  EXPECT_EQ(j["g"], "633");  // ⌈2√10⁵⌉
  EXPECT_EQ(j["released"], true);
  EXPECT_EQ(j["within_budget"], true);
  EXPECT_EQ(j["step_budget"], "paper");
  EXPECT_EQ(j["delta_total"], "1/200");
  const auto c = run_command(kCli + " calibrate pgd --eps 1/2 --delta 1/200 --n 100000 --d 3 --step-budget corrected");
  ASSERT_EQ(c.exit_code, 0) << c.err;
  EXPECT_EQ(nlohmann::json::parse(c.out)["step_budget"], "corrected");
  const auto z = run_command(kCli + " calibrate pgd --eps 1/2 --delta 1/200 --n 10 --d 3");
  ASSERT_EQ(z.exit_code, 0) << z.err;
  const auto k = nlohmann::json::parse(z.out);
  EXPECT_EQ(k["T_it"], "0");
  EXPECT_EQ(k["released"], false);
  EXPECT_FALSE(k.contains("eps_step"));
}

TEST(CalibratePgdCliTest, RefusesBadInputNamingTheOption) {
  struct Case {
    std::string args, needle;
  };
  const std::vector<Case> cases = {
      {"--eps 16 --delta 0.01 --n 10 --d 2", "parameter 'eps' must be in (0, 15]"},
      {"--eps 1 --delta 0.5 --n 10 --d 2", "parameter 'delta' must be in (0, 1/2)"},
      {"--eps 1 --delta 0.01 --n 10", "parameter 'd' must be given for pgd"},
      {"--eps 1 --delta 0.01 --n 10 --d 2 --radius 0", "parameter '--radius' must be a number in (0, 4096]"},
      {"--eps 1 --delta 0.01 --n 10 --d 2 --reward-bound 1/2", "parameter '--reward-bound'"},
      {"--eps 1 --delta 0.01 --n 10 --d 2 --step-rule 3d", "parameter '--step-rule' must be one of 2d|d"},
      {"--eps 1 --delta 0.01 --n 10 --d 2 --profile paper-code", "parameter 'profile' must be theorem for pgd"},
      {"--eps 1 --delta 0.01 --n 10 --d 2 --range delta", "parameter 'range' must be absent"},
  };
  for (const auto& c : cases) expect_cli_refusal(kCli + " calibrate pgd " + c.args, c.needle);
  expect_cli_refusal(kCli + " calibrate p-vec-matrix --eps 1 --delta 0.01 --n 10 --d 2 --lambda-max 3",
                     "parameter 'lambda-max' must be absent for p-vec-matrix (pgd only)");
}

}  // namespace
}  // namespace dpb::test
