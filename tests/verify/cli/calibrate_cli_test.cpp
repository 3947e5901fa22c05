// `dpbandit calibrate`, run as a user would: JSON on stdout for every variant; bad input gives one line on stderr
// naming the parameter and value, nothing on stdout, exit 2.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "tests/support/cli_path.hpp"
#include "tests/support/cli_refusal.hpp"
#include "tests/support/run_command.hpp"

namespace dpb::test {
namespace {

const std::string kCli = dpb::test::cli_path();

TEST(CalibrateCliTest, EveryVariantPrintsExactCalibrationAsJson) {
  const std::vector<std::string> args = {
      "dist-dp --eps 1 --n 1000 --horizon 1000000",     "dist-rdp --eps 1 --n 1000 --horizon 1000000 --s 10",
      "dist-cdp --eps 0.5 --n 1000 --horizon 1000000 --s 2", "shuffle --eps 1 --n 1000 --horizon 1000000",
      "central --eps 1/2 --n 1000 --horizon 1000000",   "local --eps 1/2 --n 1000 --horizon 1000000 --c 2"};
  for (const auto& a : args) {
    const auto r = run_command(kCli + " calibrate " + a);
    ASSERT_EQ(r.exit_code, 0) << a << ": " << r.err;
    EXPECT_TRUE(r.err.empty()) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_TRUE(j["g"].is_string());
    EXPECT_TRUE(j["m"].is_string());
    EXPECT_TRUE(j["bits_per_message"].is_number_unsigned());
  }
  const auto j = nlohmann::json::parse(run_command(kCli + " calibrate dist-dp --eps 1 --n 1024 --horizon 1000000").out);
  EXPECT_EQ(j["g"], "32");
  EXPECT_EQ(j["tau"], "465");
  EXPECT_EQ(j["m"], "33699");
  EXPECT_EQ(j["bits_per_message"], 16);
  EXPECT_EQ(j["per_user_noise"]["r"], "1/1024");
  EXPECT_EQ(j["failure_probability"], "1/1000000");
}

TEST(CalibrateCliTest, BadInputNamesParameterAndValueOnStderrOnly) {
  struct Case {
    std::string args, needle;
  };
  const std::vector<Case> cases = {
      {"dist-xx --eps 1 --n 10 --horizon 100", "parameter 'variant'"},
      {"dist-dp --eps 0 --n 10 --horizon 100", "parameter '--eps' must be a number in (0, 1000], got \"0\""},
      {"dist-dp --eps nan --n 10 --horizon 100", "parameter 'eps'"},
      {"dist-dp --eps 1 --n -1 --horizon 100", "parameter '--n' must be an integer in [1, 2^40], got \"-1\""},
      {"dist-rdp --eps 1 --n 10 --horizon 100 --s 0.5", "parameter '--s' must be a number in [1, 10^6], got \"0.5\""},
      {"dist-dp --eps 1 --n 10 --horizon 100 --p 0", "parameter '--p' must be a number in (0, 1), got \"0\""},
      {"local --eps 1/2 --n 10 --horizon 100 --c 0", "parameter '--c' must be a number in (0, 10^6], got \"0\""},
      {"central --eps 1 --n 10 --horizon 100", "parameter 'eps' must be < 1"},
      {"dist-dp --eps 1 --n 10000000000000 --horizon 100000000000000", "parameter '--n' must be an integer in [1, 2^40]"},
      {"dist-dp --eps 1e-30 --n 10 --horizon 100", "2^62"},
  };
  for (const auto& c : cases) expect_cli_refusal(kCli + " calibrate " + c.args, c.needle);
}

TEST(CalibrateCliTest, Seed001VariantsPrintEveryDerivedQuantity) {
  const auto f = run_command(kCli + " calibrate fmt --eps0 0.57246 --delta0 2.5e-8 --n 400 --delta-prime 5e-6");
  ASSERT_EQ(f.exit_code, 0) << f.err;
  const auto j = nlohmann::json::parse(f.out);
  EXPECT_EQ(j["eps0"], "28623/50000");
  EXPECT_EQ(j["applicable"], true);
  EXPECT_EQ(j["eps_tilde"]["lower"].get<std::string>().substr(0, 7), "4.42768");
  EXPECT_TRUE(j["delta_tilde_upper"].is_string());
  const std::vector<std::string> args = {
      "ldp-gauss --eps0 1/2 --delta0 1e-6", "p-amp --eps 0.1 --delta 1e-5 --n 400",
      "p-amp --eps 0.05 --delta 1e-5 --n 400 --returning --horizon 40000", "p-vec --eps 0.2 --delta 0.1 --n 20 --d 5",
      "p-vec --eps 1 --delta 0.1 --n 20 --d 5 --vec-constant 10", "tree --eps 1 --delta 1e-5 --horizon 1000",
      "p-vec --eps 0.2 --delta 0.1 --n 20 --d 5 --profile paper-code"};
  for (const auto& a : args) {
    const auto r = run_command(kCli + " calibrate " + a);
    ASSERT_EQ(r.exit_code, 0) << a << ": " << r.err;
    const auto k = nlohmann::json::parse(r.out);
    EXPECT_TRUE(k["source"].is_string()) << a;
    EXPECT_TRUE(k["notes"].is_object()) << a;
  }
}

TEST(CalibrateCliTest, Seed001BadInputNamesParameterAndValueOnStderrOnly) {
  struct Case {
    std::string args, needle;
  };
  const std::vector<Case> cases = {
      {"fmt --eps0 0.5 --delta0 0 --n 0 --delta-prime 0.1", "parameter '--n' must be an integer in [1, 2^40], got \"0\""},
      {"fmt --eps0 0.5 --delta0 0 --n 10 --delta-prime 0", "parameter '--delta-prime' must be a number in (0, 1], got \"0\""},
      {"fmt --eps0 0.5 --delta0 0 --n 10", "parameter 'delta-prime' must be given for fmt"},
      {"p-amp --eps 0.5 --delta 0.1 --n 20", "parameter 'eps' must be in (0, sqrt(ln(2/delta)/B)]"},
      {"p-amp --eps 0.1 --delta 0.1 --n 0", "parameter '--n' must be an integer in [1, 2^40]"},
      {"p-vec --eps 0.2 --delta 0.5 --n 20 --d 5", "parameter 'delta' must be in (0, 1/2)"},
      {"p-vec --eps 0.2 --delta 0.1 --n 20 --d 0", "parameter '--d' must be an integer in [1, 65536], got \"0\""},
      {"p-vec --eps 1e-9 --delta 0.1 --n 20 --d 5", "fits 63 bits"},
      {"p-amp --eps 1 --delta 0.1 --n 20 --returning --horizon 100", "parameter 'eps' must be < 1 for returning"},
      {"tree --eps 2 --delta 0.1 --horizon 10", "parameter 'eps' must be in (0, 1]"},
      {"p-amp --eps 0.1 --delta 0.1 --n 20 --s 2", "parameter 's' must be absent"},
      {"dist-dp --eps 1 --n 10 --horizon 100 --delta 0.1", "parameter 'delta' must be absent for dist-dp"},
      {"dist-dp --eps 1 --n 10", "parameter 'horizon' must be given for dist-dp"},
      {"p-amp --eps 0.1 --delta 0.1 --n 20 --profile x", "parameter '--profile' must be one of theorem|paper-code, got \"x\""},
  };
  for (const auto& c : cases) expect_cli_refusal(kCli + " calibrate " + c.args, c.needle);
}

}  // namespace
}  // namespace dpb::test
