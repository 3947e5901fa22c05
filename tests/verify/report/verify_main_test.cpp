// `dpbandit verify` end to end on a registry of fake claims: exit codes, --only, progress lines, report.json.
#include "verify/report/verify_main.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <sstream>
#include <stdexcept>

#include "reference/core/build_info.hpp"

namespace dpb::verify {
namespace {

namespace fs = std::filesystem;

Claim fake(const std::string& id, Verdict expected, std::function<Outcome(const RunOptions&)> check) {
  return Claim{id, "statement of " + id, {"core", "§0", "eq. 0"}, Method::certified, "no grid", expected,
               std::move(check)};
}

Registry fake_registry() {
  Registry r;
  r.add(fake("core.holds", Verdict::holds,
             [](const RunOptions& o) {
               return Outcome{Verdict::holds, "fine", {{"suite", std::string(to_string(o.suite))}}};
             }));
  r.add(fake("core.surprise", Verdict::holds,
             [](const RunOptions&) { return Outcome{Verdict::violated, "counterexample x = 3", {{"x", 3}}}; }));
  r.add(fake("core.throws", Verdict::inconclusive,
             [](const RunOptions&) -> Outcome { throw std::runtime_error("out of cheese"); }));
  return r;
}

class VerifyMainTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("dpb-verify-main-" + std::to_string(::getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::string read(const std::string& name) const {
    std::ifstream in(dir_ / name, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
  }
  bool nothing_written() const { return !fs::exists(dir_) || fs::is_empty(dir_); }
  int run(VerifyArgs args) {
    out_.str("");
    err_.str("");
    if (args.out == "report") args.out = dir_.string();
    return verify_main(args, registry_, out_, err_);
  }
  nlohmann::json report() const {
    std::ifstream in(dir_ / "report.json");
    return nlohmann::json::parse(in);
  }

  fs::path dir_;
  Registry registry_ = fake_registry();
  std::ostringstream out_, err_;
};

TEST_F(VerifyMainTest, ExitsZeroWhenEveryVerdictIsAsExpected) {
  VerifyArgs a;
  a.only = "core.holds";
  EXPECT_EQ(run(a), 0) << err_.str();
  EXPECT_NE(out_.str().find("core.holds"), std::string::npos);
  EXPECT_NE(err_.str().find("[1/1] core.holds ..."), std::string::npos);
  EXPECT_TRUE(fs::exists(dir_ / "report.json"));
}

TEST_F(VerifyMainTest, ExitsOneWhenAVerdictDiffersFromItsExpectation) {
  VerifyArgs a;
  EXPECT_EQ(run(a), 1);
  EXPECT_NE(out_.str().find("! core.surprise"), std::string::npos) << out_.str();
  EXPECT_NE(err_.str().find("[2/3] core.surprise ... violated (UNEXPECTED)"), std::string::npos) << err_.str();
}

// A checker that throws has the outcome `error`, which no expectation matches (not even `inconclusive`): verify
// exits 1, the report says `error` with the message, and junit.xml has an <error>.
TEST_F(VerifyMainTest, ThrowingCheckerIsAnErrorThatFailsTheRun) {
  VerifyArgs a;
  a.only = "core.throws";
  EXPECT_EQ(run(a), 1);
  const auto j = report();
  ASSERT_EQ(j["claims"].size(), 1U);
  EXPECT_EQ(j["claims"][0]["verdict"], "error");
  EXPECT_EQ(j["claims"][0]["error"], "out of cheese");
  EXPECT_EQ(j["claims"][0]["evidence"]["error"], "out of cheese");
  EXPECT_EQ(j["summary"]["error"], 1);
  EXPECT_EQ(j["summary"]["unexpected"], 1);
  EXPECT_EQ(j["summary"]["inconclusive"], 0);
  EXPECT_NE(out_.str().find("! core.throws"), std::string::npos) << out_.str();
  EXPECT_NE(out_.str().find("1 error; 1 unexpected"), std::string::npos) << out_.str();
  EXPECT_NE(err_.str().find("core.throws ... error (UNEXPECTED)"), std::string::npos) << err_.str();
  const std::string junit = read("junit.xml");
  EXPECT_NE(junit.find("<error type=\"checker-error\" message=\"out of cheese\">"), std::string::npos) << junit;
  EXPECT_NE(junit.find("errors=\"1\""), std::string::npos) << junit;
  EXPECT_NE(read("report.html").find("class=\"v-error\">error<"), std::string::npos);
}

TEST_F(VerifyMainTest, ReportJsonFollowsTheSchema) {
  VerifyArgs a;
  a.suite = "full";
  ASSERT_EQ(run(a), 1);
  const auto j = report();
  ASSERT_TRUE(j.is_object());
  ASSERT_TRUE(j["claims"].is_array());
  ASSERT_EQ(j["claims"].size(), 3U);
  for (const auto& c : j["claims"]) {
    for (const char* key : {"id", "statement", "method", "verdict", "expected", "key_figure"})
      EXPECT_TRUE(c[key].is_string()) << key;
    EXPECT_TRUE(c["source"]["seed"].is_string());
    EXPECT_TRUE(c["source"]["section"].is_string());
    EXPECT_TRUE(c["source"]["equation"].is_string());
    EXPECT_TRUE(c["evidence"].is_object());
    EXPECT_TRUE(c["seconds"].is_number());
  }
  EXPECT_EQ(j["claims"][0]["evidence"]["suite"], "full");
  EXPECT_EQ(j["claims"][1]["evidence"]["x"], 3);
  const auto& s = j["summary"];
  EXPECT_EQ(s["total"], 3);
  EXPECT_EQ(s["holds"], 1);
  EXPECT_EQ(s["violated"], 1);
  EXPECT_EQ(s["inconclusive"], 0);
  EXPECT_EQ(s["error"], 1);       // core.throws
  EXPECT_EQ(s["unexpected"], 2);  // core.surprise and the error
  EXPECT_EQ(s["suite"], "full");
  EXPECT_TRUE(s["seconds"].is_number());
  EXPECT_EQ(s["version"], dpb::version());
  EXPECT_EQ(s["commit"], dpb::git_commit());
  EXPECT_TRUE(std::regex_match(s["date"].get<std::string>(), std::regex(R"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ)")))
      << s["date"];
  EXPECT_EQ(s["jobs"], default_jobs());
  std::set<std::string> files;
  for (const auto& entry : fs::directory_iterator(dir_)) files.insert(entry.path().filename().string());
  EXPECT_EQ(files, (std::set<std::string>{".dpbandit-manifest-report.json", "junit.xml", "report.html", "report.json"}))
      << "leftover files";
}

TEST_F(VerifyMainTest, OnlyTakesAGlob) {
  VerifyArgs a;
  a.only = "core.[ht]*";
  EXPECT_EQ(run(a), 1);  // core.throws is an error
  const auto j = report();
  ASSERT_EQ(j["claims"].size(), 2U);
  EXPECT_EQ(j["claims"][0]["id"], "core.holds");
  EXPECT_EQ(j["claims"][1]["id"], "core.throws");
}

TEST_F(VerifyMainTest, PatternMatchingNoClaimIsAUsageError) {
  VerifyArgs a;
  a.only = "000.*";
  EXPECT_EQ(run(a), 2);
  EXPECT_NE(err_.str().find("'--only' must match at least one claim id, got '000.*'"), std::string::npos)
      << err_.str();
  EXPECT_FALSE(fs::exists(dir_ / "report.json"));
}

TEST_F(VerifyMainTest, BadSuiteOrFormatIsAUsageError) {
  VerifyArgs a;
  a.suite = "medium";
  EXPECT_EQ(run(a), 2);
  EXPECT_NE(err_.str().find("'--suite' must be quick or full, got 'medium'"), std::string::npos) << err_.str();
  VerifyArgs b;
  b.list = true;
  b.format = "yaml";
  EXPECT_EQ(run(b), 2);
  EXPECT_TRUE(out_.str().empty());
}

TEST_F(VerifyMainTest, UnwritableOutIsAUsageErrorBeforeAnyClaimRuns) {
  fs::create_directories(dir_);
  std::ofstream(dir_ / "a-file") << "x";
  VerifyArgs a;
  a.out = (dir_ / "a-file" / "sub").string();
  EXPECT_EQ(run(a), 2);
  EXPECT_NE(err_.str().find("'--out' must be a writable directory"), std::string::npos) << err_.str();
  EXPECT_EQ(err_.str().find("[1/"), std::string::npos) << "no claim should have run";
}

TEST_F(VerifyMainTest, ListPrintsClaimsWithoutRunningThem) {
  VerifyArgs a;
  a.list = true;
  EXPECT_EQ(run(a), 0);
  EXPECT_NE(out_.str().find("core.surprise"), std::string::npos);
  EXPECT_TRUE(err_.str().empty());
  EXPECT_FALSE(fs::exists(dir_ / "report.json"));
  a.format = "json";
  EXPECT_EQ(run(a), 0);
  const auto j = nlohmann::json::parse(out_.str());
  ASSERT_EQ(j.size(), 3U);
  EXPECT_EQ(j[2]["expected"], "inconclusive");
  a.format = "markdown";
  a.only = "core.holds";
  EXPECT_EQ(run(a), 0);
  EXPECT_NE(out_.str().find("| core.holds | statement of core.holds | core §0, eq. 0 | certified | holds | — | no grid |"),
            std::string::npos)
      << out_.str();
}

TEST_F(VerifyMainTest, WritesHtmlAndJunitBesideTheJson) {
  VerifyArgs a;
  a.jobs = "1";
  EXPECT_EQ(run(a), 1);
  const std::string html = read("report.html"), xml = read("junit.xml");
  std::size_t rows = 0;
  for (auto at = html.find("<tr class=\"claim"); at != std::string::npos; at = html.find("<tr class=\"claim", at + 1))
    ++rows;
  EXPECT_EQ(rows, 3U);
  EXPECT_NE(html.find("<tr class=\"claim unexpected\" id=\"claim-core.surprise\""), std::string::npos);
  EXPECT_NE(xml.find("tests=\"3\" failures=\"1\" errors=\"1\" skipped=\"0\""), std::string::npos) << xml;
  EXPECT_NE(out_.str().find("report.html"), std::string::npos);
  EXPECT_NE(out_.str().find("junit.xml"), std::string::npos);
}

TEST_F(VerifyMainTest, OneAndTwoJobsGiveTheSameReportAndTable) {
  VerifyArgs a;
  a.jobs = "1";
  ASSERT_EQ(run(a), 1);
  auto one = report();
  const std::string table_one = out_.str().substr(0, out_.str().find(" unexpected ("));
  a.jobs = "2";
  ASSERT_EQ(run(a), 1);
  auto two = report();
  const std::string table_two = out_.str().substr(0, out_.str().find(" unexpected ("));
  EXPECT_NE(err_.str().find("[2/3] core.surprise started"), std::string::npos) << err_.str();
  EXPECT_NE(err_.str().find("3/3 done after"), std::string::npos) << err_.str();
  for (auto* j : {&one, &two})
    for (auto& c : (*j)["claims"]) c.erase("seconds");
  EXPECT_EQ(one["claims"], two["claims"]);
  EXPECT_EQ(one["summary"]["jobs"], 1);
  EXPECT_EQ(two["summary"]["jobs"], 2);
  EXPECT_EQ(table_one, table_two);
}

TEST_F(VerifyMainTest, BadJobsIsAUsageErrorAndWritesNothing) {
  for (const char* jobs : {"0", "-1", "abc", "2x", "257", " 2", "99999999999999999999"}) {
    VerifyArgs a;
    a.jobs = jobs;
    EXPECT_EQ(run(a), 2) << jobs;
    EXPECT_NE(err_.str().find(std::string("parameter '--jobs' must be an integer from 1 to 256, got '") + jobs + "'"),
              std::string::npos)
        << err_.str();
    EXPECT_EQ(err_.str().find("[1/"), std::string::npos);
    EXPECT_TRUE(nothing_written()) << jobs;
  }
  VerifyArgs ok;
  ok.jobs = "256";
  ok.only = "core.holds";
  EXPECT_EQ(run(ok), 0) << err_.str();
}

TEST_F(VerifyMainTest, PlotsMustBeADirectory) {
  VerifyArgs a;
  a.plots = (dir_ / "no-such-dir").string();
  EXPECT_EQ(run(a), 2);
  EXPECT_NE(err_.str().find("parameter '--plots' must be a directory"), std::string::npos) << err_.str();
  EXPECT_TRUE(nothing_written());
}

TEST_F(VerifyMainTest, AReportNameTakenByADirectoryIsAUsageErrorBeforeAnyClaimRuns) {
  fs::create_directories(dir_ / "junit.xml" / "x");
  VerifyArgs a;
  EXPECT_EQ(run(a), 2);
  EXPECT_NE(err_.str().find("junit.xml exists and is not a regular file"), std::string::npos) << err_.str();
  EXPECT_EQ(err_.str().find("[1/"), std::string::npos);
  EXPECT_FALSE(fs::exists(dir_ / "report.json"));
  EXPECT_FALSE(fs::exists(dir_ / "report.html"));
}

}  // namespace
}  // namespace dpb::verify
