// report.json pieces: claim metadata, summary counts, and the write-then-rename file writer.
#include "verify/report/json_report.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "verify/report/terminal_table.hpp"

namespace dpb::verify {
namespace {

namespace fs = std::filesystem;

TEST(JsonReportTest, WriteFileAtomicallyReplacesTheFileAndLeavesNoTemporary) {
  const fs::path dir = fs::temp_directory_path() / ("dpb-json-report-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  write_file_atomically(dir / "r.json", "first");
  write_file_atomically(dir / "r.json", "second");
  std::ifstream in(dir / "r.json");
  std::stringstream s;
  s << in.rdbuf();
  EXPECT_EQ(s.str(), "second");
  std::size_t files = 0;
  for ([[maybe_unused]] const auto& e : fs::directory_iterator(dir)) ++files;
  EXPECT_EQ(files, 1U);
  EXPECT_THROW(write_file_atomically(dir / "missing-dir" / "r.json", "x"), std::runtime_error);
  fs::remove_all(dir);
}

TEST(JsonReportTest, SummaryCountsVerdictsAndSurprises) {
  Claim a{"core.a", "s", {"core", "§1", ""}, Method::certified, "g", Verdict::holds, nullptr};
  Claim b{"core.b", "s", {"core", "§1", ""}, Method::statistical, "g", Verdict::violated, nullptr};
  std::vector<ClaimResult> results{{&a, {Verdict::holds, "k", {}}, 0.5}, {&b, {Verdict::inconclusive, "k", {}}, 1.0}};
  const auto j = report_json(results, Suite::quick, 1.5);
  EXPECT_EQ(j["summary"]["holds"], 1);
  EXPECT_EQ(j["summary"]["inconclusive"], 1);
  EXPECT_EQ(j["summary"]["unexpected"], 1);
  EXPECT_EQ(j["claims"][1]["method"], "statistical");
  EXPECT_EQ(j["claims"][1]["expected"], "violated");
  const std::string table = format_results_table(results, 1.5);
  EXPECT_NE(table.find("  core.a"), std::string::npos);
  EXPECT_NE(table.find("! core.b"), std::string::npos);
  EXPECT_NE(table.find("2 claims: 1 holds, 0 violated, 1 inconclusive; 1 unexpected"), std::string::npos) << table;
}

TEST(JsonReportTest, DisplayWidthCountsCodePoints) {
  EXPECT_EQ(display_width("abc"), 3U);
  EXPECT_EQ(display_width("σ² ≤ 1"), 6U);
}

}  // namespace
}  // namespace dpb::verify
