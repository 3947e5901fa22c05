// `dpbandit crosscheck|simulate --learner shuffle-glm` (verify/cli/glm_options.cpp, scaled profile): a short run
// agrees (exit 0), simulate prints the mean, `--profile theorem` is refused naming --profile with the theorem's B₁
// (above T), and bad input — ε >= 5, δ >= 1/2, κ* below 1/sup μ̇, κ < κ*, T < 16, --lambda/--rho, --kappa-star for
// another learner — is one line naming the option, exit 2, nothing on stdout.
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

TEST(ShuffleGlmCliTest, CrosscheckAgrees) {
  const auto r = run_command(kCli + " crosscheck --learner shuffle-glm --link probit --horizon 400 --runs 1 --d 2 "
                             "--arms 5 --width 64 --eps 4 --kappa 16 --kappa-star 8");
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("ok: 1/1 runs agree"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("kappa* = 8"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("batches 230,55,115"), std::string::npos) << r.out;  // shuffle_glm_test.cpp's schedule
}

TEST(ShuffleGlmCliTest, SimulatePrintsTheMean) {
  const auto r = run_command(kCli + " simulate --learner shuffle-glm --link logistic --horizon 100 --runs 2 --d 2 "
                             "--arms 5");
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("mean pseudo-regret at T:"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("scaled profile"), std::string::npos) << r.out;
}

TEST(ShuffleGlmCliTest, TheoremProfileIsRefusedWithItsWarmUp) {
  for (const char* command : {"simulate", "crosscheck"}) {
    const auto r = run_command(kCli + " " + command +
                               " --learner shuffle-glm --link logistic --horizon 400 --d 2 --profile theorem");
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_TRUE(r.out.empty()) << r.out;
    EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << r.err;
    EXPECT_NE(r.err.find("'--profile'"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("vs T = 400"), std::string::npos) << r.err;
    // Eq. 6: B₁ = (√κ e^{3S} d² γ² α/S)^{2/3} with κ >= 1, S = 2, d = 2, γ >= 1 (Eq. 9's γ >= 30RS√(dR ln T)) and
    // α = 400^{2/3}: B₁ >= (e⁶·4/2·400^{2/3})^{2/3} = (806.9·54.29)^{2/3} > 1240 > T.
    const std::size_t at = r.err.find("B1 = ");
    ASSERT_NE(at, std::string::npos) << r.err;
    EXPECT_GT(std::stod(r.err.substr(at + 5)), 1240.0) << r.err;
  }
}

TEST(ShuffleGlmCliTest, BadInputIsOneLineNamingTheOption) {
  for (const char* command : {"crosscheck", "simulate"}) {
    expect_refusal(command, "--learner shuffle-glm --link logistic --horizon 100 --eps 5", "--eps");
    expect_refusal(command, "--learner shuffle-glm --link logistic --horizon 100 --delta 1/2", "--delta");
    expect_refusal(command, "--learner shuffle-glm --link logistic --horizon 100 --kappa-star 3", "--kappa-star");
    expect_refusal(command, "--learner shuffle-glm --link probit --horizon 100 --kappa-star 5/2", "--kappa-star");
    expect_refusal(command, "--learner shuffle-glm --link logistic --horizon 100 --kappa-star 10 --kappa 9",
                   "--kappa");
    expect_refusal(command, "--learner shuffle-glm --link logistic --horizon 15", "--horizon");
    expect_refusal(command, "--learner shuffle-glm --link logistic --horizon 100 --lambda 2", "--lambda");
    expect_refusal(command, "--learner shuffle-glm --link logistic --horizon 100 --rho 2", "--rho");
    expect_refusal(command, "--learner shuffle-glm --link logistic --horizon 100 --profile paper-code", "--profile");
    expect_refusal(command, "--learner b-glincb --link logistic --horizon 100 --kappa-star 4", "--kappa-star");
    expect_refusal(command, "--learner shuffle-glm --horizon 100", "--link");
  }
}

}  // namespace
}  // namespace dpb::test
