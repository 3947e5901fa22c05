// `dpbandit glm` (verify/cli/glm_command.cpp): certified values as a user sees them, and the bad input — an
// unknown link, S <= 0, kappa* below 1/sup mu', a context outside the unit ball, d = 0 (an empty list) — each one
// line naming the option, exit 2, nothing on stdout.
#include <gtest/gtest.h>

#include <string>

#include "tests/support/cli_path.hpp"
#include "tests/support/run_command.hpp"

namespace dpb::test {
namespace {

const std::string kCli = dpb::test::cli_path();

TEST(GlmCliTest, PrintsCorrectlyRoundedValues) {
  // μ(½) = 0.6224593312…, μ̇(½) = 0.2350037122…, b(½) = ln(1 + e^½) = 0.9740769841…, κ(3) = e³ + 2 + e^−3 = 22.13532399…
  const auto r = run_command(kCli + " glm --link logistic --z 1/2 --S 3 --digits 6");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out,
            "link logistic\nz 1/2\nmu 6.22459e-1\nmu_dot 2.35004e-1\nmu_ddot -5.75568e-2\nb 9.74077e-1\n"
            "kappa 2.21353e1\nkappa_star 4.00000e0\n");
  // z = ⟨x, θ⟩ = 1/2·2 + 1/4·(−1) = 3/4; Φ(3/4) = 0.7733726476…
  const auto p = run_command(kCli + " glm --link probit --x 1/2,1/4 --theta 2,-1 --digits 5");
  ASSERT_EQ(p.exit_code, 0) << p.err;
  EXPECT_EQ(p.out.substr(0, p.out.find("mu_dot")), "link probit\nz 3/4\nmu 7.7337e-1\n");
}

void expect_refusal(const std::string& args, const std::string& option) {
  const auto r = run_command(kCli + " glm " + args);
  EXPECT_EQ(r.exit_code, 2) << args;
  EXPECT_TRUE(r.out.empty()) << args << ": " << r.out;
  EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << args << ": one line expected: " << r.err;
  EXPECT_NE(r.err.find("'" + option + "'"), std::string::npos) << args << ": " << r.err;
}

TEST(GlmCliTest, BadInputIsOneLineNamingTheOption) {
  expect_refusal("--link gauss --z 1", "--link");
  expect_refusal("--link logistic --z 1 --S 0", "--S");
  expect_refusal("--link logistic --z 1 --S -1", "--S");
  expect_refusal("--link logistic --z 1 --kappa-star 3.99", "--kappa-star");
  expect_refusal("--link probit --z 1 --kappa-star 2.5066", "--kappa-star");  // √(2π) = 2.50662…
  expect_refusal("--link logistic --x 3/4,3/4 --theta 1,1", "--x");
  expect_refusal("--link logistic --x '' --theta 1", "--x");  // d = 0
  expect_refusal("--link logistic --x 1/2 --theta 4 --S 2", "--theta");
  expect_refusal("--link logistic --x 1/2,1/2 --theta 1", "--theta");
  expect_refusal("--link logistic", "--z");
  expect_refusal("--z 1", "--link");
  // Inside the ranges: accepted.
  EXPECT_EQ(run_command(kCli + " glm --link probit --z 0 --kappa-star 2.5067").exit_code, 0);
  EXPECT_EQ(run_command(kCli + " glm --link logistic --z -4096 --S 4096").exit_code, 0);
}

}  // namespace
}  // namespace dpb::test
