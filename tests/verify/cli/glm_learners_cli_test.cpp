// `dpbandit crosscheck --learner glm-ucb` (verify/cli/glm_options.cpp): a short run agrees (exit 0), an exported
// instance is accepted with --instance, and the bad input — K = 0, an unknown link, a missing link, a
// defective instance file, a GLM option given to another learner — is one line naming the option, exit 2, nothing on
// stdout.
#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "tests/support/cli_path.hpp"
#include "tests/support/run_command.hpp"

namespace dpb::test {
namespace {

const std::string kCli = dpb::test::cli_path();

void expect_refusal(const std::string& args, const std::string& option) {
  const auto r = run_command(kCli + " crosscheck " + args);
  EXPECT_EQ(r.exit_code, 2) << args;
  EXPECT_TRUE(r.out.empty()) << args << ": " << r.out;
  EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << args << ": one line expected: " << r.err;
  EXPECT_NE(r.err.find("'" + option + "'"), std::string::npos) << args << ": " << r.err;
}

TEST(GlmLearnersCliTest, CrosscheckAgrees) {
  const auto r = run_command(kCli + " crosscheck --learner glm-ucb --link logistic --horizon 40 --runs 2 --d 2 --arms 5");
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("ok: 2/2 runs agree"), std::string::npos) << r.out;
}

TEST(GlmLearnersCliTest, CrosscheckOnAnExportedInstance) {
  const auto j = run_command(kCli + " glm-instance --link probit --d 2 --K 4 --sets 10 --S 3 --format json");
  ASSERT_EQ(j.exit_code, 0) << j.err;
  const std::string path = ::testing::TempDir() + "glm_learners_cli.json";
  std::ofstream(path) << j.out;
  const auto r = run_command(kCli + " crosscheck --learner glm-ucb --instance " + path + " --horizon 25 --runs 1");
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("glm probit d = 2, K = 4, S = 3, 10 arm set(s)"), std::string::npos) << r.out;
}

TEST(GlmLearnersCliTest, SimulateWritesRunsAndCurve) {
  const std::string out = ::testing::TempDir() + "glm_simulate_out";
  const auto r = run_command(kCli + " simulate --learner glm-ucb --link logistic --horizon 60 --runs 2 --d 2 --arms 5 "
                             "--out " + out);
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("mean pseudo-regret at T:"), std::string::npos) << r.out;
  std::ifstream runs(out + "/runs.csv");
  std::string header;
  std::getline(runs, header);
  EXPECT_EQ(header, "run,pseudo_regret,pseudo_regret_error,deferrals,reward_deferrals");
  const auto bad = run_command(kCli + " simulate --learner glm-ucb --link logistic --horizon 60 --realized");
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("'--realized'"), std::string::npos) << bad.err;
}

TEST(GlmLearnersCliTest, BadInputIsOneLineNamingTheOption) {
  expect_refusal("--learner glm-ucb --link logistic --arms 0", "--arms");
  expect_refusal("--learner glm-ucb --link logit", "--link");
  expect_refusal("--learner glm-ucb", "--link");
  expect_refusal("--learner glm-ucb --link probit --S 0", "--S");
  expect_refusal("--learner glm-ucb --link probit --lambda 1/3", "--lambda");
  expect_refusal("--learner glm-ucb --link probit --eps 1", "--eps");
  expect_refusal("--learner glm-ucb --link probit --batch 4", "--batch");
  expect_refusal("--learner glm-ucb --instance /nonexistent/i.json", "--instance");
  expect_refusal("--learner ucb --link probit", "--link");
  expect_refusal("--learner linucb --rho 1", "--rho");
}

}  // namespace
}  // namespace dpb::test
