// docs/architecture.md §2: no double or float in reference/ except where a value is only reported to a person.
// Such lines carry the marker "report-only" in a comment; every other use fails this test.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <string>
#include <vector>
#include "reference/core/build_info.hpp"

namespace {

const std::regex kFloatingPoint(R"(\b(double|float|long\s+double)\b|std::(exp|log|log1p|expm1|sqrt|pow|lgamma|tgamma)\s*\(|<cmath>|\bstrtod\b|\bstof\b|\bstod\b)");

// Returns "file:line: text" for each offending line of `text`.
std::vector<std::string> scan(const std::string& name, std::istream& in) {
  std::vector<std::string> found;
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    if (line.find("report-only") != std::string::npos) continue;
    std::string code = line.substr(0, line.find("//"));  // comments may mention double freely
    if (std::regex_search(code, kFloatingPoint)) found.push_back(name + ":" + std::to_string(n) + ": " + line);
  }
  return found;
}

TEST(NoFloatingPointTest, ScannerFlagsViolationsAndHonoursMarker) {
  std::istringstream bad("int a;\ndouble x = 1;\nauto y = std::exp(2);\nfloat z; // report-only\n// a double in a comment\n");
  auto found = scan("synthetic", bad);
  ASSERT_EQ(found.size(), 2U);
  EXPECT_NE(found[0].find(":2:"), std::string::npos);
  EXPECT_NE(found[1].find(":3:"), std::string::npos);
}

TEST(NoFloatingPointTest, ReferenceTreeHasNoFloatingPoint) {
  const std::string root = dpb::configured_source_dir().string();
  std::vector<std::string> found;
  std::size_t files = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(std::filesystem::path(root) / "reference")) {
    auto ext = entry.path().extension();
    if (!entry.is_regular_file() || (ext != ".hpp" && ext != ".cpp")) continue;
    ++files;
    std::ifstream in(entry.path());
    auto f = scan(entry.path().string(), in);
    found.insert(found.end(), f.begin(), f.end());
  }
  EXPECT_GT(files, 5U);
  for (const auto& f : found) ADD_FAILURE() << f;
}

}  // namespace
