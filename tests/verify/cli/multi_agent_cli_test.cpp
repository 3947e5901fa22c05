// `dpbandit crosscheck` and `dpbandit simulate --learner` with seed 004's learners: a consistent run exits 0 and reports every run identical; bad
// input names the parameter and its value on one stderr line, exit 2, nothing on stdout.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include "tests/support/cli_path.hpp"
#include "tests/support/cli_refusal.hpp"
#include "tests/support/run_command.hpp"
#include "tests/support/temp_files.hpp"

namespace dpb::test {
namespace {

const std::string kCli = dpb::test::cli_path();

TEST(MultiAgentCliTest, CrosscheckRunsEveryLearner) {
  for (const std::string l : {"mase", "dp-mase", "corrupted-elimination", "decentralized-elimination", "central-se",
                              "independent-se"}) {
    const auto r = run_command(kCli + " crosscheck --learner " + l + " --agents 4 --runs 2 --max-rounds 3000 --xi 1/20");
    EXPECT_EQ(r.exit_code, 0) << l << r.err;
    EXPECT_NE(r.out.find("2/2 runs identical"), std::string::npos) << l << r.out;
  }
  const auto list = run_command(kCli + " crosscheck --list");
  EXPECT_NE(list.out.find("corrupted-elimination"), std::string::npos);
}

TEST(MultiAgentCliTest, BadInputNamesParameterAndValue) {
  struct Case {
    std::string args, needle;
  };
  const std::vector<Case> cases = {
      // crosscheck runs the reference engine: its --agents bound is 2^18 (memory; simulate keeps 2^20).
      {"--learner mase --agents 0", "parameter '--agents' must be an integer in [1, 2^18], got \"0\""},
      {"--learner dp-mase --agents 262145", "parameter '--agents' must be an integer in [1, 2^18], got \"262145\""},
      {"--learner mase --agents 2", "parameter 'agents' must be >= the votes an elimination needs (3), got 2"},
      {"--learner mase --delta 0", "parameter '--delta' must be a number in (0, 1), got \"0\""},
      {"--learner mase --delta -1", "parameter 'delta'"},
      {"--learner mase --delta nan", "parameter 'delta'"},
      {"--learner mase --delta inf", "parameter 'delta'"},
      {"--learner mase --beta 1", "parameter '--beta' must be a number in (0, 1), got \"1\""},
      {"--learner decentralized-elimination --eta 2", "parameter '--eta' must be a number in (0, 1), got \"2\""},
      {"--learner corrupted-elimination --xi 1", "parameter '--xi' must be a number in [0, 1), got \"1\""},
      {"--learner corrupted-elimination --xi 1/2", "parameter 'xi' must be such that"},
      {"--learner dp-mase --eps 0", "parameter 'eps'"},
      {"--learner mase --law power --gamma 1", "parameter '--gamma' must be a number in (0, 1), got \"1\""},
      {"--learner mase --agent-offset -1", "parameter '--agent-offset' must be a number in [0, 10^6], got \"-1\""},
      {"--learner mase --max-rounds 0", "parameter '--max-rounds' must be an integer in [1, 2^40], got \"0\""},
      {"--learner mase --max-rounds 1099511627777", "parameter 'max-rounds'"},
      {"--learner mase --c 0", "parameter '--c' must be a number in (0, 10^6], got \"0\""},
      {"--learner mase --vote-test maybe", "parameter '--vote-test' must be one of gt|ge, got \"maybe\""},
      {"--learner mase --law zipf", "parameter 'law'"},
      {"--learner mase --finished keep", "parameter 'finished'"},
      {"--learner mase --radius 3t", "parameter 'radius'"},
      {"--learner independent-se --stop some", "parameter 'stop'"},
      {"--learner dp-mase --one-arm-after-sync wait", "parameter 'one-arm-after-sync'"},
      {"--learner dp-mase --epoch-order later", "parameter 'epoch-order'"},
      {"--learner corrupted-elimination --threshold delta", "parameter 'threshold'"},
      {"--learner mase --routine dice", "parameter 'routine'"},
      {"--learner mase --env p3", "parameter 'env'"},
      {"--learner mase --votes 1048577", "parameter 'votes'"},
  };
  for (const auto& c : cases) expect_cli_refusal(kCli + " crosscheck --runs 1 " + c.args, c.needle);
  expect_cli_refusal(kCli + " simulate --runs 1 --learner mase --agents 1048577",
                     "parameter '--agents' must be an integer in [1, 2^20], got \"1048577\"");
}

}  // namespace
}  // namespace dpb::test

namespace dpb::test {
namespace {

TEST(MultiAgentCliTest, SimulateWritesOneLinePerRun) {
  const std::filesystem::path dir = fresh_temp_dir("simulate_multiagent");
  const auto r = run_command(kCli + " simulate --learner corrupted-elimination --xi 1/20 --agents 4 --runs 3 --seed 2 "
                             "--quiet --out " + dir.string());
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("3/3 decided"), std::string::npos) << r.out;
  const std::string csv = read_file(dir / "runs.csv");
  EXPECT_EQ(std::count(csv.begin(), csv.end(), '\n'), 4);
  std::filesystem::remove_all(dir);
  // Bad input: exit 2, nothing written.
  const auto bad = run_command(kCli + " simulate --learner mase --agents 2 --out " + dir.string());
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_TRUE(bad.out.empty());
  EXPECT_NE(bad.err.find("parameter '--agents'"), std::string::npos) << bad.err;
  EXPECT_FALSE(std::filesystem::exists(dir));
  const auto unknown = run_command(kCli + " simulate --learner ucb");
  EXPECT_EQ(unknown.exit_code, 2);
  EXPECT_NE(unknown.err.find("parameter '--learner'"), std::string::npos) << unknown.err;
}

}  // namespace
}  // namespace dpb::test
