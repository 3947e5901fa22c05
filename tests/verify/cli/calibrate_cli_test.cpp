// `dpbandit calibrate`, run as a user would: JSON on stdout for every variant; bad input gives one line on stderr
// naming the parameter and value, nothing on stdout, exit 2.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "tests/support/cli_path.hpp"
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
      {"dist-dp --eps 0 --n 10 --horizon 100", "parameter 'eps' must be > 0, got 0"},
      {"dist-dp --eps nan --n 10 --horizon 100", "parameter 'eps'"},
      {"dist-dp --eps 1 --n -1 --horizon 100", "parameter 'n' must be > 0, got -1"},
      {"dist-rdp --eps 1 --n 10 --horizon 100 --s 0.5", "parameter 's' must be >= 1, got 1/2"},
      {"dist-dp --eps 1 --n 10 --horizon 100 --p 0", "parameter 'p' must be in (0, 1), got 0"},
      {"local --eps 1/2 --n 10 --horizon 100 --c 0", "parameter 'c' must be > 0, got 0"},
      {"central --eps 1 --n 10 --horizon 100", "parameter 'eps' must be < 1"},
      {"dist-dp --eps 1 --n 10000000000000 --horizon 100000000000000", "2^62"},
  };
  for (const auto& c : cases) {
    const auto r = run_command(kCli + " calibrate " + c.args);
    EXPECT_EQ(r.exit_code, 2) << c.args;
    EXPECT_TRUE(r.out.empty()) << c.args << ": " << r.out;
    EXPECT_NE(r.err.find(c.needle), std::string::npos) << c.args << ": " << r.err;
    EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << "one line: " << r.err;
  }
}

}  // namespace
}  // namespace dpb::test
