// `dpbandit audit eta-privacy` (verify/cli/eta_privacy_command.cpp): a run prints one line per (agent, adversary) and
// its verdict, exits 1 on VIOLATED and 0 on HOLDS, JSON with --json; the errata's bad inputs (an unknown adversary,
// --watch >= N, --runs 0, a confidence outside (0, 1), a float where an integer goes, options of another learner)
// exit 2 with one line naming the option.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "tests/support/cli_path.hpp"
#include "tests/support/cli_refusal.hpp"
#include "tests/support/run_command.hpp"

namespace dpb::test {
namespace {

const std::string kCli = dpb::test::cli_path() + " audit eta-privacy";

TEST(EtaPrivacyCliTest, VerdictsAndExitCodes) {
  const auto violated = run_command(kCli + " --learner decentralized-elimination --eta 9/10 --agents 16 --delta 1/4 "
                                           "--runs 40 --watch 3 --adversary unvoted");
  EXPECT_EQ(violated.exit_code, 1) << violated.err;
  EXPECT_NE(violated.out.find("agent 3     unvoted"), std::string::npos) << violated.out;
  EXPECT_NE(violated.out.find(": VIOLATED ("), std::string::npos) << violated.out;
  const auto holds = run_command(kCli + " --learner decentralized-elimination --eta 1/10 --agents 16 --delta 1/4 "
                                        "--runs 40 --json");
  EXPECT_EQ(holds.exit_code, 0) << holds.err;
  const auto j = nlohmann::json::parse(holds.out);
  EXPECT_EQ(j["verdict"], "HOLDS");
  EXPECT_EQ(j["counts"].size(), 12U);  // agents 0, 8, 15 × four adversaries
  EXPECT_EQ(j["comparisons"], 12U);
  const auto dp = run_command(kCli + " --learner dp-mase --eps 1 --agents 4 --delta 1/4 --runs 4 --adversary complete");
  EXPECT_EQ(dp.exit_code, 0) << dp.err;
  EXPECT_NE(dp.out.find(": REPORTED ("), std::string::npos) << dp.out;  // no --eta: no level to test
}

TEST(EtaPrivacyCliTest, BadInputNamesTheOption) {
  const std::string ce = kCli + " --learner corrupted-elimination --eta 1/2 --agents 8 --delta 1/4";
  expect_cli_refusal(ce + " --adversary nosuch", "'--adversary'");
  expect_cli_refusal(ce + " --watch 8", "parameter '--watch' must be below --agents (8)");
  expect_cli_refusal(ce + " --runs 0", "'--runs'");
  expect_cli_refusal(ce + " --runs 2.5", "'--runs'");
  expect_cli_refusal(ce + " --confidence 0", "'--confidence'");
  expect_cli_refusal(ce + " --confidence 1", "'--confidence'");
  expect_cli_refusal(ce + " --eps 1", "parameter '--eps' must be absent unless --learner dp-mase");
  expect_cli_refusal(ce + " --problem p2-unbounded", "'--problem'");
  expect_cli_refusal(ce + " --xi 1e-9", "'--xi'");
  expect_cli_refusal(kCli + " --learner decentralized-elimination --agents 8 --runs 2", "'--eta'");
  expect_cli_refusal(kCli + " --learner decentralized-elimination --eta 1/2 --xi 1/20 --agents 8", "'--xi'");
  expect_cli_refusal(kCli + " --learner corrupted-elimination --eta 1/2 --agents 2", "'--agents'");  // votes > N
}

}  // namespace
}  // namespace dpb::test
