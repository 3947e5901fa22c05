// Returning users on the command line (seed 000 App. I): `simulate ... --returning-batches B --route R [--delta D]`
// and `crosscheck --learner dist-*-se --returning-batches B --route R`: a run that writes the returning CSV and the
// summary's returning object, and the refusals (exit 2, one stderr line naming the option, nothing written).
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "tests/support/cli_path.hpp"
#include "tests/support/cli_refusal.hpp"
#include "tests/support/run_command.hpp"

namespace dpb::test {
namespace {

const std::string kCli = dpb::test::cli_path();

std::filesystem::path fresh_dir(const std::string& tag) {
  const auto d = std::filesystem::temp_directory_path() / ("dpb-ret-cli-" + tag + "-" + std::to_string(::getpid()));
  std::filesystem::remove_all(d);
  return d;
}

TEST(ReturningCliTest, SimulateOverridesTheExperimentAndWritesTheReturningOutputs) {
  const auto dir = fresh_dir("ok");
  const auto r = run_command(kCli + " simulate --experiment 000-fig4-trust-models --eps 1/2 --horizon 100 --runs 1 "
                                    "--threads 1 --no-plots --quiet --returning-batches 3 --route approx --delta 1e-5 "
                                    "--out " + dir.string());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::ifstream in(dir / "000-fig4-trust-models-summary.json");
  const auto j = nlohmann::json::parse(in);
  ASSERT_EQ(j["results"].size(), 5U);
  for (const auto& cell : j["results"]) {
    ASSERT_TRUE(cell.contains("returning")) << cell.dump();
    EXPECT_EQ(cell["returning"]["B"], 3);
    EXPECT_EQ(cell["returning"]["route"], "approx");
    EXPECT_EQ(cell["returning"]["delta"], "1/100000");
    EXPECT_LE(cell["returning"]["max_batches_per_user"].get<std::uint64_t>(), 3U);
    EXPECT_TRUE(cell["returning"]["placement_problems"].empty());
    EXPECT_LT(cell["returning"]["eps_batch_decimal"].get<double>(), 0.5);
  }
  std::ifstream csv(dir / "000-fig4-trust-models-returning.csv");
  std::string header;
  std::getline(csv, header);
  EXPECT_EQ(header.rfind("algorithm,learner,route,B,eps,delta,eps_batch,", 0), 0U) << header;
  std::filesystem::remove_all(dir);
}

TEST(ReturningCliTest, CrosscheckRunsBothBuildsAtTheReturningCalibration) {
  const auto r = run_command(kCli + " crosscheck --learner dist-dp-se --returning-batches 4 --route pure --eps 2 "
                                    "--horizon 300 --runs 2 --ledger");
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("returning users: B = 4, route pure"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("per-batch theorem eps 1/2 "), std::string::npos) << r.out;  // Remark 9: ε/B
  EXPECT_NE(r.out.find("2/2 runs consistent"), std::string::npos) << r.out;
}

TEST(ReturningCliTest, RefusalsNameTheOption) {
  const std::string sim = " simulate --runs 1 --horizon 100 --threads 1 --no-plots --quiet ";
  const std::vector<std::pair<std::string, std::string>> cases = {
      {sim + "--experiment 002-fig1 --returning-batches 2 --route pure", "'--returning-batches'"},
      {sim + "--experiment 000-fig4-trust-models --returning-batches 2 --route pure", "'--route'"},
      {sim + "--experiment 000-fig4-trust-models --returning-batches 2", "'--returning-batches'"},
      {sim + "--experiment 000-fig4-trust-models --route approx --delta 1e-5", "'--route'"},
      {sim + "--experiment 000-fig4-trust-models --returning-batches 2 --route approx", "'--delta'"},
      {sim + "--experiment 000-fig4-trust-models --returning-batches 0 --route approx --delta 1e-5",
       "'--returning-batches'"},
      {sim + "--experiment 000-fig4-trust-models --returning-batches 1099511627777 --route approx --delta 1e-5",
       "'--returning-batches'"},
      {sim + "--experiment 000-fig4-trust-models --returning-batches 2 --route rdp --delta 1e-5", "'--route'"},
      {sim + "--experiment 001-exponents --returning-batches 2 --route pure", "'--returning-batches'"},
      {" simulate --learner linucb --runs 1 --horizon 40 --returning-batches 2 --route pure", "'--returning-batches'"},
      {" crosscheck --learner ucb --horizon 50 --runs 1 --returning-batches 2 --route pure", "'--returning-batches'"},
      {" crosscheck --learner dist-rdp-se --horizon 50 --runs 1 --returning-batches 2 --route pure", "'--route'"},
      {" crosscheck --learner dist-dp-se --horizon 50 --runs 1 --returning-batches 2 --route pure --delta 1e-5",
       "'--delta'"},
      {" crosscheck --learner dist-dp-se --horizon 50 --runs 1 --returning-batches 2", "'--returning-batches'"},
  };
  for (const auto& [args, needle] : cases) {
    const auto dir = fresh_dir("bad");
    const auto r = run_command(kCli + args + (args.find(" simulate ") == 0 && args.find("--learner") == std::string::npos
                                                  ? " --out " + dir.string()
                                                  : std::string()));
    EXPECT_EQ(r.exit_code, 2) << args << ": " << r.err;
    EXPECT_TRUE(r.out.empty()) << args << ": " << r.out;
    EXPECT_TRUE(mentions(r.err, needle)) << args << ": " << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << args << ": " << r.err;
    EXPECT_FALSE(std::filesystem::exists(dir)) << args;
  }
}

}  // namespace
}  // namespace dpb::test
