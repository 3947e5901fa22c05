// `dpbandit crosscheck|simulate --learner ecolog` (verify/crosscheck/glm_learners.cpp): a short crosscheck agrees
// (exit 0) in both profiles, and bad input — the probit link (ECOLog is logistic-only, also from an exported probit
// instance), λ off its range, δ ∉ (0, 1), an unknown profile, an option ecolog does not take — is one line naming the
// option, exit 2, nothing on stdout.
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
  EXPECT_NE(r.err.find(option), std::string::npos) << args << ": " << r.err;
}

TEST(EcologCliTest, CrosscheckAgreesInBothProfiles) {
  for (const char* profile : {"theorem", "paper-code"}) {
    const auto r = run_command(kCli + " crosscheck --learner ecolog --link logistic --horizon 40 --runs 2 --d 2 "
                                      "--arms 5 --profile " + profile);
    EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
    EXPECT_NE(r.out.find("ok: 2/2 runs agree"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("grid roots, weights, final theta"), std::string::npos) << r.out;
  }
}

TEST(EcologCliTest, BadInputIsOneLineNamingTheOption) {
  for (const char* command : {"crosscheck", "simulate"}) {
    expect_refusal(command, "--learner ecolog --link probit --horizon 20", "'--link'");
    expect_refusal(command, "--learner ecolog --link probit --horizon 20", "logistic");
    expect_refusal(command, "--learner ecolog --link logistic --horizon 20 --lambda 1/3", "'--lambda'");
    expect_refusal(command, "--learner ecolog --link logistic --horizon 20 --delta 1", "delta");
    expect_refusal(command, "--learner ecolog --link logistic --horizon 20 --profile scaled", "profile");
    expect_refusal(command, "--learner ecolog --link logistic --horizon 20 --kappa 8", "'--kappa'");
    expect_refusal(command, "--learner ecolog --link logistic --horizon 20 --rho 1", "'--rho'");
  }
}

}  // namespace
}  // namespace dpb::test
