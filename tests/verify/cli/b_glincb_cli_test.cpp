// `dpbandit crosscheck|simulate --learner b-glincb` (verify/cli/glm_options.cpp): a short run agrees (exit 0) and
// simulate prints its mean; bad input — M < 2 (given, or from a short horizon), an unknown width rule, glm-ucb's
// --rho for b-glincb and b-glincb's options for glm-ucb — is one line naming the parameter, exit 2, nothing on stdout.
#include <gtest/gtest.h>

#include <string>

#include "tests/support/cli_path.hpp"
#include "tests/support/run_command.hpp"

namespace dpb::test {
namespace {

const std::string kCli = dpb::test::cli_path();

void expect_refusal(const std::string& args, const std::string& name) {
  const auto r = run_command(kCli + " " + args);
  EXPECT_EQ(r.exit_code, 2) << args;
  EXPECT_TRUE(r.out.empty()) << args << ": " << r.out;
  EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << args << ": one line expected: " << r.err;
  EXPECT_NE(r.err.find("'" + name + "'"), std::string::npos) << args << ": " << r.err;
}

TEST(BGlincbCliTest, CrosscheckAgreesAndSimulateRuns) {
  const auto r = run_command(kCli + " crosscheck --learner b-glincb --link logistic --horizon 60 --runs 2 --d 2 "
                             "--arms 5 --width 1/4 --kappa 8 --widths sqrt-kappa");
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("ok: 2/2 runs agree"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("widths = sqrt-kappa"), std::string::npos) << r.out;
  const auto s = run_command(kCli + " simulate --learner b-glincb --link probit --horizon 60 --runs 2 --d 2 --arms 5");
  EXPECT_EQ(s.exit_code, 0) << s.out << s.err;
  EXPECT_NE(s.out.find("mean pseudo-regret at T:"), std::string::npos) << s.out;
}

TEST(BGlincbCliTest, BadInputIsOneLineNamingTheParameter) {
  expect_refusal("crosscheck --learner b-glincb --link logistic --batches 1", "--batches");
  expect_refusal("crosscheck --learner b-glincb --link logistic --horizon 15", "M");  // ⌊log₂ log₂ 15⌋ = 1
  expect_refusal("crosscheck --learner b-glincb --link logistic --widths wide", "--widths");
  expect_refusal("crosscheck --learner b-glincb --link logistic --rho 1", "--rho");
  expect_refusal("crosscheck --learner b-glincb --link logistic --kappa 1/2", "--kappa");
  expect_refusal("crosscheck --learner glm-ucb --link logistic --width 1", "--width");
  expect_refusal("simulate --learner glm-ucb --link logistic --batches 3", "--batches");
  expect_refusal("crosscheck --learner ucb --widths paper", "--widths");
}

}  // namespace
}  // namespace dpb::test
