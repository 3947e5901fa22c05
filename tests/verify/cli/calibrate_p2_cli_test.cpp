// `dpbandit calibrate p-vec-matrix` (seed 003's P₂, Eq. 127), run as a user would: JSON with every derived quantity;
// Lemma S.2's range and sizes that would overflow refused with one line naming the parameter, exit 2, stdout empty.
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "tests/support/cli_path.hpp"
#include "tests/support/cli_refusal.hpp"
#include "tests/support/run_command.hpp"

namespace dpb::test {
namespace {

const std::string kCli = dpb::test::cli_path();

TEST(CalibrateP2CliTest, PrintsEq127AndTheDerivedQuantities) {
  const auto r = run_command(kCli + " calibrate p-vec-matrix --eps 0.5 --delta 0.01 --n 1000 --d 3 --range delta");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["g"], "64");
  EXPECT_EQ(j["b"], "270498239");  // spec 003 §6 V2's example, ⌈2.705·10⁸⌉
  EXPECT_EQ(j["p"], "1/4");
  EXPECT_EQ(j["labels"], "6");
  EXPECT_EQ(j["message_bits"], "270498367");  // 2g + b at r = Δ
  EXPECT_EQ(j["v3_proxy_within_bound"], true);
  const auto d =
      run_command(kCli + " calibrate p-vec-matrix --eps 1 --delta 1e-5 --n 100 --d 2 --sensitivity-bound 1/4");
  ASSERT_EQ(d.exit_code, 0) << d.err;
  const auto k = nlohmann::json::parse(d.out);
  EXPECT_EQ(k["r"], "1/2");  // 2Δ, the default
  EXPECT_EQ(k["g"], "20");   // 2√100
}

TEST(CalibrateP2CliTest, RefusesOutsideTheLemmaAndOverflowNamingTheParameter) {
  struct Case {
    std::string args, needle;
  };
  const std::vector<Case> cases = {
      {"--eps 16 --delta 0.01 --n 10 --d 2", "parameter 'eps' must be in (0, 15]"},
      {"--eps 1 --delta 0.5 --n 10 --d 2", "parameter 'delta' must be in (0, 1/2)"},
      {"--eps 1 --delta 0.01 --n 10 --d 0", "parameter '--d' must be an integer in [1, 65536], got \"0\""},
      {"--eps 1 --delta 0.01 --n 1099511627776 --d 2", "parameter 'n' must be such that"},
      {"--eps 1 --delta 0.01 --n 10", "parameter 'd' must be given for p-vec-matrix"},
      {"--eps 1 --delta 0.01 --n 10 --d 2 --vec-constant 3", "parameter 'vec-constant' must be absent"},
      {"--eps 1 --delta 0.01 --n 10 --d 2 --range half", "parameter '--range' must be one of 2delta|delta"},
  };
  for (const auto& c : cases) expect_cli_refusal(kCli + " calibrate p-vec-matrix " + c.args, c.needle);
  expect_cli_refusal(kCli + " calibrate p-vec --eps 1 --delta 0.01 --n 10 --d 2 --range delta",
                     "parameter 'range' must be absent for p-vec");
}

}  // namespace
}  // namespace dpb::test

namespace dpb::test {
namespace {

// `dpbandit audit external --mechanism p-vec-matrix` (conformance mode): outputs off the declared law are
// MODEL-MISMATCH (exit 1); --d-prime and missing files are refused with one line naming them (exit 2).
TEST(AuditP2ConformanceCliTest, ModelMismatchExitsOneAndBadUsageTwo) {
  const std::string dir = ::testing::TempDir();
  const std::string p = dir + "/p2c_params.json", in = dir + "/p2c_in.txt", out = dir + "/p2c_out.txt";
  { std::ofstream(p) << R"({"n": 3, "d": 2, "g": 4, "b": 8, "p": 0.25, "Delta": 1})"; }
  { std::ofstream(in) << "0.25 0.25 0.25\n-0.5 0.5 0\n0 0 1\n"; }
  {
    std::ofstream o(out);
    for (int i = 0; i < 30; ++i) o << "0.5 0.5 1\n";  // a constant output: no noise at all
  }
  const std::string base = kCli + " audit external --mechanism p-vec-matrix --params " + p + " --inputs " + in;
  const auto r = run_command(base + " --d " + out);
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_EQ(r.out.rfind("MODEL-MISMATCH", 0), 0U) << r.out;
  expect_cli_refusal(base + " --d " + out + " --d-prime " + out,
                     "parameter '--d-prime' must be absent when --mechanism");
  expect_cli_refusal(base, "parameter '--d' must be given with --mechanism");
  expect_cli_refusal(kCli + " audit external --d " + out + " --claimed-eps 1",
                     "parameter '--d-prime' must be given with --d");
}

}  // namespace
}  // namespace dpb::test
