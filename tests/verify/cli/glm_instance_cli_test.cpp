// `dpbandit glm-instance` (verify/cli/glm_instance_command.cpp): κ and κ* of a generated instance against the GLM
// layer's own values (an instance of one arm at a known z), export and re-import give the same output, and the
// issue's bad input — K = 0, an unknown link, a defective file — is one line naming the option, exit 2, nothing on
// stdout.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <string>

#include "tests/support/cli_path.hpp"
#include "tests/support/run_command.hpp"

namespace dpb::test {
namespace {

const std::string kCli = dpb::test::cli_path();

void expect_refusal(const std::string& args, const std::string& option) {
  const auto r = run_command(kCli + " glm-instance " + args);
  EXPECT_EQ(r.exit_code, 2) << args;
  EXPECT_TRUE(r.out.empty()) << args << ": " << r.out;
  EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << args << ": one line expected: " << r.err;
  EXPECT_NE(r.err.find("'" + option + "'"), std::string::npos) << args << ": " << r.err;
}

std::string write_temp(const std::string& name, const std::string& text) {
  const std::string path = ::testing::TempDir() + name;
  std::ofstream(path) << text;
  return path;
}

TEST(GlmInstanceCliTest, KappaOfAOneArmInstanceIsTheLinksValue) {
  // d = 1, K = 1, one set: θ* = ±S exactly (u/|u| = ±1), the arm x = c/2^q; κ = κ* = 1/μ̇(x·θ*). With S = 3 and
  // the arm at x, `glm --z` prints the same 1/μ̇ via `--S`-free values: compare κ with 1/mu_dot of that z.
  const auto r = run_command(kCli + " glm-instance --link logistic --d 1 --K 1 --sets 1 --S 3 --format json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto theta_at = r.out.find("\"theta\":[");
  const auto arms_at = r.out.find("\"arms\":[");
  ASSERT_NE(theta_at, std::string::npos);
  const long long theta = std::stoll(r.out.substr(theta_at + 9));
  const long long arm = std::stoll(r.out.substr(arms_at + 8));
  EXPECT_EQ(theta < 0 ? -theta : theta, 3LL << 16);
  const auto k = run_command(kCli + " glm-instance --link logistic --d 1 --K 1 --sets 1 --S 3 --digits 6");
  ASSERT_EQ(k.exit_code, 0) << k.err;
  // z = arm·θ/4^16 = ±3·arm/2^16; κ = 1/μ̇(z) = e^{|z|} + 2 + e^{−|z|}.
  const double z = 3.0 * static_cast<double>(arm < 0 ? -arm : arm) / 65536.0;
  char want[64];
  std::snprintf(want, sizeof want, "%.5e", std::exp(z) + 2 + std::exp(-z));
  std::string w = want;  // printf's "2.21353e+01" → the CLI's "2.21353e1"
  w = w.substr(0, w.find('e')) + "e" + std::to_string(std::stoi(w.substr(w.find('e') + 1)));
  EXPECT_NE(k.out.find("kappa " + w + "\n"), std::string::npos) << k.out << " want " << w;
  EXPECT_NE(k.out.find("kappa_star " + w + "\n"), std::string::npos) << k.out;
}

TEST(GlmInstanceCliTest, ExportThenImportPrintsTheSame) {
  const std::string args = "--link probit --d 3 --K 5 --sets 7 --S 5/2 --generator sphere --seed 4";
  const auto text = run_command(kCli + " glm-instance " + args);
  const auto json = run_command(kCli + " glm-instance " + args + " --format json");
  ASSERT_EQ(json.exit_code, 0) << json.err;
  const std::string path = write_temp("glm_instance_cli.json", json.out);
  const auto again = run_command(kCli + " glm-instance --instance " + path);
  ASSERT_EQ(again.exit_code, 0) << again.err;
  EXPECT_EQ(again.out, text.out);
  EXPECT_EQ(run_command(kCli + " glm-instance --instance " + path + " --format json").out, json.out);
}

TEST(GlmInstanceCliTest, PaperSettingsShowThePapersKappa) {
  const auto r = run_command(kCli + " glm-instance --link probit --d 3 --K 20 --sets 5000 --S 3");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("paper_kappa 222.15"), std::string::npos) << r.out;
}

TEST(GlmInstanceCliTest, BadInputIsOneLineNamingTheOption) {
  expect_refusal("--link probit --d 3 --K 0 --sets 5 --S 2", "--K");
  expect_refusal("--link logit --d 3 --K 2 --sets 5 --S 2", "--link");
  expect_refusal("--link probit --d 3 --K 2 --sets 5 --S 0", "--S");
  expect_refusal("--link probit --d 3 --K 2 --sets 5", "--S");
  expect_refusal("--link probit --d 64 --K 65536 --sets 100 --S 2", "--sets");
  expect_refusal("--instance /nonexistent/x.json", "--instance");
  expect_refusal("--instance " + write_temp("glm_bad.json", "{\"format\": 1}"), "--instance");
  expect_refusal("--instance " + write_temp("glm_bad2.json", "[1, 2"), "--instance");
  expect_refusal("--instance x.json --d 3", "--d");
}

}  // namespace
}  // namespace dpb::test
