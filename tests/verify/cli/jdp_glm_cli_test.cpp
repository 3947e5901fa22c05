// `dpbandit crosscheck|simulate --learner jdp-glm --profile paper-code` (verify/crosscheck/glm_learners.cpp, spec 003
// §7.3): a short crosscheck agrees (exit 0) and prints the code's constants, simulate prints the mean; what the
// profile refuses — an unknown `--code-version`, `--code-version` in the theorem profile,
// `--gamma-constant`/`--beta-constant` (the code's γ, β), another profile name — is one line naming the option,
// exit 2, nothing on stdout.
#include <gtest/gtest.h>

#include <string>

#include "tests/support/cli_path.hpp"
#include "tests/support/run_command.hpp"

namespace dpb::test {
namespace {

const std::string kCli = dpb::test::cli_path();
// The reference test's setting (ε = 8, δ = ζ = 1/10, κ = 40, S = 8 is replaced by the CLI's S = 2): explorations,
// DP-SGD fits and exploitation rounds within 48 rounds.
const std::string kArgs = " --learner jdp-glm --profile paper-code --link logistic --horizon 48 --d 2 --arms 4 "
                          "--eps 8 --delta 1/10 --kappa 40";

void expect_refusal(const std::string& command, const std::string& args, const std::string& option) {
  const auto r = run_command(kCli + " " + command + " " + args);
  EXPECT_EQ(r.exit_code, 2) << args;
  EXPECT_TRUE(r.out.empty()) << args << ": " << r.out;
  EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << args << ": one line expected: " << r.err;
  EXPECT_NE(r.err.find("'" + option + "'"), std::string::npos) << args << ": " << r.err;
}

TEST(JdpGlmPaperCodeCliTest, CrosscheckAgrees) {
  const auto r = run_command(kCli + " crosscheck" + kArgs + " --runs 2 --code-version first");
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("ok: 2/2 runs agree"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("paper-code profile (first commit)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("theta_w call"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("exact V leaves"), std::string::npos) << r.out;
}

TEST(JdpGlmPaperCodeCliTest, SimulatePrintsTheMean) {
  const auto r = run_command(kCli + " simulate" + kArgs + " --runs 2");
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("mean pseudo-regret at T:"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("paper-code profile"), std::string::npos) << r.out;
}

TEST(JdpGlmPaperCodeCliTest, LaterCommitCrosscheckAgrees) {
  const auto r = run_command(kCli + " crosscheck" + kArgs + " --runs 1 --code-version later");
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("ok: 1/1 runs agree"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("paper-code profile (later commit)"), std::string::npos) << r.out;
}

// kArgs with κ = 4000 (tests/optimized/learners/jdp_glm_paper_code_cross_test.cpp, the same setting in process):
// θ̂_w's per-call ε ≈ 0.084 is below the first commit's RDP floor ln(1/δ₀)/62 ≈ 0.136 and round 1 explores, so the
// first commit refuses (exit 2 naming --eps, nothing on stdout) and the later commit's accountant runs it.
TEST(JdpGlmPaperCodeCliTest, LaterCommitRunsWhereTheFirstIsRefused) {
  const std::string args = " --learner jdp-glm --profile paper-code --link logistic --horizon 48 --d 2 --arms 4 "
                           "--eps 8 --delta 1/10 --kappa 4000 --runs 1";
  expect_refusal("simulate", args, "--eps");
  // the refusal says why (issue 21): the call's ε, the first commit's floor ln(1/δ₀)/62 it is below, and --eps as
  // the user gave it, in one line of at most 200 bytes
  const auto refused = run_command(kCli + " simulate" + args);
  EXPECT_NE(refused.err.find("floor ln(1/delta0)/62 = 1.359e-1"), std::string::npos) << refused.err;
  EXPECT_NE(refused.err.find("calls' eps (8.431e-2)"), std::string::npos) << refused.err;
  EXPECT_EQ(refused.err.substr(refused.err.size() - 8), ", got 8\n") << refused.err;  // the value the user gave
  EXPECT_LE(refused.err.size(), 201U) << refused.err;  // 200 bytes and the newline
  // --eps left at its default (1): the default's note still fits in 200 bytes
  const auto by_default = run_command(kCli + " simulate --learner jdp-glm --profile paper-code --link logistic "
                                             "--horizon 48 --d 2 --arms 4 --delta 1/10 --kappa 4000 --runs 1");
  EXPECT_EQ(by_default.exit_code, 2) << by_default.out << by_default.err;
  EXPECT_NE(by_default.err.find("floor ln(1/delta0)/62 = "), std::string::npos) << by_default.err;
  EXPECT_EQ(by_default.err.find("[...]"), std::string::npos) << by_default.err;  // not cut
  EXPECT_LE(by_default.err.size(), 201U) << by_default.err;
  const auto r = run_command(kCli + " simulate" + args + " --code-version later");
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("mean pseudo-regret at T:"), std::string::npos) << r.out;
}

TEST(JdpGlmPaperCodeCliTest, BadInputIsOneLineNamingTheOption) {
  for (const char* command : {"crosscheck", "simulate"}) {
    expect_refusal(command, kArgs + " --code-version second", "--code-version");
    expect_refusal(command, kArgs + " --gamma-constant 2", "--gamma-constant");
    expect_refusal(command, kArgs + " --beta-constant 2", "--beta-constant");
    expect_refusal(command, "--learner jdp-glm --link logistic --horizon 48 --code-version first", "--code-version");
    expect_refusal(command, "--learner jdp-glm --link logistic --horizon 48 --profile scaled", "--profile");
    expect_refusal(command, "--learner jdp-glm --profile paper-code --link logistic --horizon 48 --kappa 3", "--kappa");
    expect_refusal(command, "--learner rs-glincb --link logistic --horizon 48 --code-version first", "--code-version");
  }
}

}  // namespace
}  // namespace dpb::test
