// `dpbandit verify` run as a user would: --jobs validated (exit 2, nothing written), a real run writes report.json,
// report.html and junit.xml with one entry per claim, and 1 and 2 jobs give the same verdicts.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "tests/support/cli_path.hpp"
#include "tests/support/run_command.hpp"
#include "tests/support/temp_files.hpp"

namespace dpb::test {
namespace {

namespace fs = std::filesystem;

const std::string kCli = dpb::test::cli_path();
// Fast real claims (well under a second each in the quick suite).
const std::string kFastClaims = "'000.c[lo]*'";  // 000.claim1 and 000.comm-bits

fs::path fresh_dir(const std::string& tag) { return fresh_temp_dir("verify_cli_" + tag); }

TEST(VerifyCliTest, BadJobsIsAUsageErrorAndWritesNothing) {
  const fs::path dir = fresh_dir("badjobs");
  for (const std::string jobs : {"0", "-3", "two", "1000"}) {
    const auto r = run_command(kCli + " verify --jobs " + jobs + " --out " + dir.string());
    EXPECT_EQ(r.exit_code, 2) << jobs << r.err;
    EXPECT_NE(r.err.find("parameter '--jobs' must be an integer in [1, 256], got \"" + jobs + "\""),
              std::string::npos)
        << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << "one line: " << r.err;
    EXPECT_TRUE(r.out.empty());
    EXPECT_FALSE(fs::exists(dir)) << jobs;
  }
}

TEST(VerifyCliTest, BadClaimTimeoutIsAUsageErrorAndWritesNothing) {
  const fs::path dir = fresh_dir("badtimeout");
  // (1e3 is a number like any other: e-notation is accepted wherever a number is taken.)
  for (const std::string t : {"-1", "abc", "+5", "nan", "''", "1.2.3", "20000000", "0x10"}) {
    const auto r = run_command(kCli + " verify --claim-timeout " + t + " --only " + kFastClaims + " --out " +
                               dir.string());
    EXPECT_EQ(r.exit_code, 2) << t << r.err;
    EXPECT_NE(r.err.find("parameter '--claim-timeout' must be a number in [0, 10^7]"), std::string::npos) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << "one line: " << r.err;
    EXPECT_TRUE(r.out.empty());
    EXPECT_FALSE(fs::exists(dir)) << t;
  }
}

// A real claim that cannot finish in its limit: `error` (timed out), exit 1, the report still written and valid.
TEST(VerifyCliTest, AClaimPastItsLimitFailsTheRunAndIsReportedAsAnError) {
  const fs::path dir = fresh_dir("timeout");
  const auto r = run_command(kCli + " verify --jobs 1 --claim-timeout 0.05 --only '000.fact1.sampled' --out " +
                             dir.string());
  EXPECT_EQ(r.exit_code, 1) << r.err;
  std::ifstream in(dir / "report.json");
  const auto report = nlohmann::json::parse(in);
  ASSERT_EQ(report["claims"].size(), 1U);
  EXPECT_EQ(report["claims"][0]["verdict"], "error");
  EXPECT_NE(report["claims"][0]["error"].get<std::string>().find("timed out"), std::string::npos);
  EXPECT_EQ(report["summary"]["error"], 1);
  EXPECT_EQ(report["summary"]["claim_timeout"], 0.05);
  EXPECT_LT(report["claims"][0]["seconds"].get<double>(), 30.0);  // stopped early, not run to the end
  fs::remove_all(dir);
}

// The default limit depends on the suite: 600 s per claim in the quick one, 7200 s in the full one (its seed-004
// failure claims run every point of Figs 1–6); a given --claim-timeout wins in both.
TEST(VerifyCliTest, TheDefaultClaimTimeoutDependsOnTheSuite) {
  for (const auto& [flags, expected] : std::vector<std::pair<std::string, double>>{
           {"", 600.0}, {"--suite full", 7200.0}, {"--suite full --claim-timeout 30", 30.0}}) {
    const fs::path dir = fresh_dir("defaulttimeout");
    const auto r = run_command(kCli + " verify --jobs 1 " + flags + " --only '000.comm-bits' --out " + dir.string());
    EXPECT_EQ(r.exit_code, 0) << flags << r.err;
    std::ifstream in(dir / "report.json");
    const auto report = nlohmann::json::parse(in);
    EXPECT_EQ(report["summary"]["claim_timeout"].get<double>(), expected) << flags;
    fs::remove_all(dir);
  }
}

// A positive limit too small for a double is still a limit (the smallest one), never 0 = "no limit": the claim,
// which takes far longer than 1e-400 s, is stopped and the report records a positive limit.
TEST(VerifyCliTest, ATinyPositiveClaimTimeoutIsALimitNotNone) {
  const fs::path dir = fresh_dir("tinytimeout");
  const auto r = run_command(kCli + " verify --jobs 1 --claim-timeout 1e-400 --only '000.fact1.sampled' --out " +
                             dir.string());
  EXPECT_EQ(r.exit_code, 1) << r.err;
  std::ifstream in(dir / "report.json");
  const auto report = nlohmann::json::parse(in);
  ASSERT_EQ(report["claims"].size(), 1U);
  EXPECT_EQ(report["claims"][0]["verdict"], "error");
  EXPECT_GT(report["summary"]["claim_timeout"].get<double>(), 0.0);
  fs::remove_all(dir);
}

// `--only ''` is "given but empty" (errata, issue 14), not "every claim": a usage error before anything runs.
TEST(VerifyCliTest, EmptyOnlyIsAUsageErrorNotEveryClaim) {
  const fs::path dir = fresh_dir("emptyonly");
  const auto r = run_command(kCli + " verify --only '' --out " + dir.string());
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("parameter '--only' must be a non-empty text, got '' (given but empty)"), std::string::npos)
      << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << "one line: " << r.err;
  EXPECT_TRUE(r.out.empty());
  EXPECT_FALSE(fs::exists(dir));
}

TEST(VerifyCliTest, UnknownSuiteAndUnwritableOutAreUsageErrors) {
  const fs::path dir = fresh_dir("usage");
  auto r = run_command(kCli + " verify --suite medium --out " + dir.string());
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("'--suite' must be one of quick|full, got \"medium\""), std::string::npos) << r.err;
  fs::create_directories(dir);
  std::ofstream(dir / "file") << "x";
  r = run_command(kCli + " verify --only " + kFastClaims + " --out " + (dir / "file").string());
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("'--out' must be a writable directory"), std::string::npos) << r.err;
  fs::remove_all(dir);
}

TEST(VerifyCliTest, WritesTheThreeReportsAndJobsDoNotChangeVerdicts) {
  const fs::path one = fresh_dir("one"), two = fresh_dir("two");
  const auto r1 = run_command(kCli + " verify --jobs 1 --only " + kFastClaims + " --out " + one.string());
  const auto r2 = run_command(kCli + " verify --jobs 2 --only " + kFastClaims + " --out " + two.string());
  ASSERT_EQ(r1.exit_code, 0) << r1.err << r1.out;
  ASSERT_EQ(r2.exit_code, 0) << r2.err << r2.out;
  for (const auto& dir : {one, two}) {
    EXPECT_TRUE(fs::is_regular_file(dir / "report.json"));
    EXPECT_NE(read_file(dir / "report.html").find("<table id=\"claims\""), std::string::npos);
    EXPECT_NE(read_file(dir / "junit.xml").find("<testsuites name=\"dpbandit verify\""), std::string::npos);
  }
  auto j1 = nlohmann::json::parse(read_file(one / "report.json")), j2 = nlohmann::json::parse(read_file(two / "report.json"));
  ASSERT_FALSE(j1["claims"].empty());
  EXPECT_EQ(j1["claims"].size(), j2["claims"].size());
  for (std::size_t i = 0; i < j1["claims"].size(); ++i) {
    EXPECT_EQ(j1["claims"][i]["id"], j2["claims"][i]["id"]);
    EXPECT_EQ(j1["claims"][i]["verdict"], j2["claims"][i]["verdict"]);
    EXPECT_EQ(j1["claims"][i]["evidence"], j2["claims"][i]["evidence"]);
  }
  EXPECT_NE(r1.out.find("report.html"), std::string::npos);
  fs::remove_all(one);
  fs::remove_all(two);
}

}  // namespace
}  // namespace dpb::test
