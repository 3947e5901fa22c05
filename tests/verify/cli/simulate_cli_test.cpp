// `dpbandit simulate`, run as a user would: --list, a tiny run writing CSV/JSON/plots, and usage errors (exit 2,
// one line on stderr naming the option, nothing written).
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "tests/support/cli_path.hpp"
#include "tests/support/run_command.hpp"

namespace dpb::test {
namespace {

const std::string kCli = dpb::test::cli_path();

std::filesystem::path fresh_dir(const std::string& tag) {
  const auto d = std::filesystem::temp_directory_path() / ("dpb-sim-cli-" + tag + "-" + std::to_string(::getpid()));
  std::filesystem::remove_all(d);
  return d;
}

TEST(SimulateCliTest, ListNamesTheExperiments) {
  const auto r = run_command(kCli + " simulate --list");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  for (const char* name : {"000-fig2-easy", "000-fig3-hard", "000-fig4-trust-models", "000-mslr", "002-fig1",
                           "001-exponents"})
    EXPECT_NE(r.out.find(name), std::string::npos) << name;
}

TEST(SimulateCliTest, TinyRunWritesCurvesSummaryAndPlots) {
  const auto dir = fresh_dir("tiny");
  const auto r = run_command(kCli + " simulate --experiment 002-fig1 --horizon 2000 --runs 3 --threads 2 --seed 5 --out " +
                             dir.string());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("Anytime-Lazy-UCB"), std::string::npos) << r.out;
  EXPECT_NE(r.err.find("9/9"), std::string::npos) << r.err;  // the progress bar reached the end
  EXPECT_TRUE(std::filesystem::exists(dir / "002-fig1-curves.csv"));
  std::ifstream in(dir / "002-fig1-summary.json");
  const auto j = nlohmann::json::parse(in);
  EXPECT_EQ(j["horizon"], 2000);
  EXPECT_EQ(j["runs"], 3);
  EXPECT_EQ(j["seed"], 5);
  EXPECT_EQ(j["regret"], "pseudo");
  EXPECT_EQ(j["results"].size(), 3U);
  if (std::system("gnuplot --version > /dev/null 2>&1") == 0) {
    EXPECT_TRUE(std::filesystem::exists(dir / "002-fig1.png"));
    EXPECT_TRUE(std::filesystem::exists(dir / "002-fig1.svg"));
  }
  const auto realized = run_command(kCli + " simulate --experiment 002-fig1 --horizon 500 --runs 2 --realized --quiet "
                                    "--no-plots --out " + dir.string());
  ASSERT_EQ(realized.exit_code, 0) << realized.err;
  std::ifstream in2(dir / "002-fig1-summary.json");
  EXPECT_EQ(nlohmann::json::parse(in2)["regret"], "realized");
  std::filesystem::remove_all(dir);
}

TEST(SimulateCliTest, LetorExperimentRunsOnTheSample) {
  const auto dir = fresh_dir("letor");
  const auto r = run_command(kCli + " simulate --experiment 000-mslr --horizon 3000 --runs 2 --arms 8 --quiet --no-plots "
                             "--out " + dir.string());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::ifstream in(dir / "000-mslr-summary.json");
  const auto j = nlohmann::json::parse(in);
  EXPECT_EQ(j["environment"]["rows"], 600);
  EXPECT_EQ(j["environment"]["label_counts_per_arm"].size(), 8U);
  std::filesystem::remove_all(dir);
}

TEST(SimulateCliTest, UsageErrorsExitTwoAndWriteNothing) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"--experiment no-such", "experiment"},
      {"", "experiment"},
      {"--experiment 002-fig1 --runs 0", "runs"},
      {"--experiment 002-fig1 --horizon 0", "horizon"},
      {"--experiment 002-fig1 --threads 0", "threads"},
      {"--experiment 002-fig1 --eps 0", "eps"},
      {"--experiment 002-fig1 --eps abc", "eps"},
      {"--experiment 002-fig1 --arms 7", "arms"},
      {"--experiment 002-fig1 --data x.txt", "data"},
      {"--experiment 000-mslr --data /nonexistent/train.txt", "data"},
      {"--experiment 002-fig1 --config x.json", "experiment"},
      {"--experiment 001-exponents --horizon 100", "--horizon"},  // the grid is the config's
      {"--experiment 001-exponents --runs 1", "--runs"},          // a standard error needs 2 runs
  };
  for (const auto& [args, name] : cases) {
    const auto dir = fresh_dir("bad");
    const auto r = run_command(kCli + " simulate " + args + " --out " + dir.string());
    EXPECT_EQ(r.exit_code, 2) << args << ": " << r.err;
    EXPECT_TRUE(r.out.empty()) << args << ": " << r.out;
    EXPECT_NE(r.err.find(name), std::string::npos) << args << ": " << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << args << ": " << r.err;
    EXPECT_FALSE(std::filesystem::exists(dir)) << args;
  }
}

}  // namespace
}  // namespace dpb::test
