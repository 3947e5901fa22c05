// Pinned verdicts rest on evidence: every claim that expects anything but `holds` (in the quick or the full suite)
// names a stored report (testdata/evidence/, written by scripts/store-evidence) and has a section in
// docs/findings.md; each stored report names its claim, was produced by the claim's current grid and checker
// version, and records the verdict the claim expects for the suite it was run at. No report is orphaned.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>

#include "reference/core/build_info.hpp"
#include "verify/claims/all_claims.hpp"

namespace dpb::verify {
namespace {

namespace fs = std::filesystem;

std::string read_text(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST(EvidenceTest, EveryPinnedVerdictHasACurrentStoredReportAndAFinding) {
  const fs::path dir = dpb::data_dir() / "testdata" / "evidence";
  const std::string findings = read_text(dpb::configured_source_dir() / "docs" / "findings.md");
  ASSERT_FALSE(findings.empty()) << "docs/findings.md is missing";
  std::set<std::string> named;
  for (const Claim& c : all_claims().claims()) {
    const bool pinned = c.expected != Verdict::holds || (c.expected_full && *c.expected_full != Verdict::holds);
    if (pinned) {
      EXPECT_FALSE(c.stored_report.empty()) << c.id << " expects a verdict other than holds without a stored report";
    }
    if (c.stored_report.empty()) continue;
    named.insert(c.stored_report);
    EXPECT_NE(findings.find("## " + c.id + "\n"), std::string::npos) << c.id << " has no section in docs/findings.md";
    const fs::path file = dir / c.stored_report;
    ASSERT_TRUE(fs::is_regular_file(file)) << file << " (run scripts/store-evidence '" << c.id << "')";
    std::ifstream in(file);
    const nlohmann::json stored = nlohmann::json::parse(in);
    const nlohmann::json& claim = stored.at("claim");
    EXPECT_EQ(claim.at("id"), c.id) << file;
    EXPECT_EQ(claim.at("grid"), c.grid) << c.id << ": the stored report is of another grid (stale)";
    EXPECT_EQ(claim.at("checker_version"), c.version) << c.id << ": the stored report is of another checker version";
    const auto suite = parse_suite(stored.at("run").at("suite").get<std::string>());
    ASSERT_TRUE(suite.has_value()) << file;
    EXPECT_EQ(claim.at("verdict"), std::string(to_string(c.expected_for(*suite))))
        << c.id << ": the stored run's verdict is not the expected one";
    EXPECT_TRUE(stored.at("run").contains("seed") && stored.at("run").contains("commit")) << file;
  }
  if (fs::is_directory(dir)) {
    for (const auto& entry : fs::directory_iterator(dir)) {
      EXPECT_TRUE(named.count(entry.path().filename().string()) == 1)
          << entry.path() << " is named by no claim (orphaned evidence)";
    }
  }
}

}  // namespace
}  // namespace dpb::verify
