// `dpbandit crosscheck|simulate --learner rs-glincb` (verify/cli/glm_options.cpp): a short run agrees (exit 0),
// simulate prints the mean, and bad input — γ = 0, κ < 1, β < 0, glm-ucb's --rho, rs-glincb's options given to
// glm-ucb — is one line naming the option, exit 2, nothing on stdout.
#include <gtest/gtest.h>

#include <string>

#include "tests/support/cli_path.hpp"
#include "tests/support/run_command.hpp"

namespace dpb::test {
namespace {

const std::string kCli = dpb::test::cli_path();

void expect_refusal(const std::string& command, const std::string& args, const std::string& option) {
  const auto r = run_command(kCli + " " + command + " " + args);
  EXPECT_EQ(r.exit_code, 2) << args;
  EXPECT_TRUE(r.out.empty()) << args << ": " << r.out;
  EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << args << ": one line expected: " << r.err;
  EXPECT_NE(r.err.find("'" + option + "'"), std::string::npos) << args << ": " << r.err;
}

TEST(RsGlincbCliTest, CrosscheckAgrees) {
  const auto r = run_command(kCli + " crosscheck --learner rs-glincb --link probit --horizon 60 --runs 2 --d 2 "
                             "--arms 5 --width 2 --kappa 8");
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("ok: 2/2 runs agree"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("gamma = 2, kappa = 8, beta = 1/2"), std::string::npos) << r.out;
}

TEST(RsGlincbCliTest, SimulatePrintsTheMean) {
  const auto r = run_command(kCli + " simulate --learner rs-glincb --link logistic --horizon 80 --runs 2 --d 2 --arms 5");
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("mean pseudo-regret at T:"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("kappa bound ="), std::string::npos) << r.out;
}

TEST(RsGlincbCliTest, BadInputIsOneLineNamingTheOption) {
  for (const char* command : {"crosscheck", "simulate"}) {
    expect_refusal(command, "--learner rs-glincb --link logistic --width 0", "--width");
    expect_refusal(command, "--learner rs-glincb --link logistic --kappa 1/2", "--kappa");
    expect_refusal(command, "--learner rs-glincb --link logistic --ucb-width -1", "--ucb-width");
    expect_refusal(command, "--learner rs-glincb --link logistic --rho 1", "--rho");
    expect_refusal(command, "--learner glm-ucb --link logistic --width 1", "--width");
    expect_refusal(command, "--learner rs-glincb", "--link");
  }
}

}  // namespace
}  // namespace dpb::test
