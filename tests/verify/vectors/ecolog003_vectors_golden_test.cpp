// Golden vectors, category ecolog003 (ecolog): the Python checker replays the whole learner — every argmax, reward,
// grid root, weight and the final θ — and rejects records whose round-1 action, weight, grid root, final θ, profile
// or λ was changed, naming the record and the round; the records left alone still pass. (Both builds reproducing the
// file byte for byte is VectorsGoldenTest's job.)
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "reference/core/build_info.hpp"
#include "tests/support/run_command.hpp"
#include "tests/support/temp_files.hpp"
#include "verify/vectors/format.hpp"
#include "verify/vectors/vectors.hpp"

namespace dpb::verify::vectors {
namespace {

namespace fs = std::filesystem;

// The output line that names the file's line `n`.
std::string mismatch_line(const std::string& out, int n) {
  std::istringstream in(out);
  const std::string key = "MISMATCH line " + std::to_string(n) + " ";
  for (std::string l; std::getline(in, l);)
    if (l.find(key) != std::string::npos) return l;
  return "";
}

TEST(Ecolog003VectorsGoldenTest, PythonCheckerReplaysTheLearnerAndRejectsChangedDecisionsAndState) {
  const std::string checker = dpb::configured_source_dir().string() + "/verify/vectors/check_vectors.py";
  const std::string text = dpb::test::read_file(committed_vectors_dir() / "ecolog003.jsonl");
  const fs::path dir = dpb::test::fresh_temp_dir("vectors_ecolog003_py");
  fs::create_directories(dir);
  const auto check = [&](const std::string& content) {
    std::ofstream(dir / "ecolog003.jsonl", std::ios::binary | std::ios::trunc) << content;
    return test::run_command("python3 " + checker + " " + dir.string());
  };
  const auto good = check(text);
  EXPECT_EQ(good.exit_code, 0) << good.out;
  EXPECT_NE(good.out.find("ecolog003.jsonl: 10 records replayed"), std::string::npos) << good.out;

  // Lines: 1 header, 2 the d = 3 instance, 3–6 its runs (paper 0, 1; baseline-code 0, 1), 7 the d = 2 instance, 8–11
  // its runs (same order, λ = 2).
  std::vector<Json> lines;
  {
    std::istringstream in(text);
    for (std::string l; std::getline(in, l);) lines.push_back(Json::parse(l));
  }
  ASSERT_EQ(lines.size(), 11U);
  for (int n : {3, 4, 5, 6, 8, 9, 10, 11}) ASSERT_EQ(lines[n - 1]["kind"], "ecolog_run") << n;
  ASSERT_EQ(lines[2]["profile"], "paper");
  ASSERT_EQ(lines[7]["profile"], "paper");
  ASSERT_EQ(lines[8]["lambda"], "2");
  auto& a = lines[2]["actions"][0];
  a = a.get<int>() == 0 ? 1 : 0;                                    // line 3: round 1's action
  lines[3]["weights"][10] = lines[3]["weights"][10].get<std::int64_t>() + 1;  // line 4: round 11's weight
  lines[4]["z"][10] = lines[4]["z"][10].get<std::int64_t>() + 1;              // line 5: round 11's grid root
  lines[5]["theta"][0] = lines[5]["theta"][0].get<std::int64_t>() + 1;        // line 6: θ_{T+1}
  lines[7]["profile"] = "baseline-code";                                      // line 8: the other index
  lines[8]["lambda"] = "1";                                                   // line 9: another λ
  std::string bad;
  for (const Json& j : lines) bad += j.dump() + "\n";
  const auto r = check(bad);
  EXPECT_EQ(r.exit_code, 1) << r.out;
  EXPECT_NE(r.out.find("10 records replayed, 6 mismatches"), std::string::npos) << r.out;
  EXPECT_NE(mismatch_line(r.out, 3).find("round 1: ecolog plays"), std::string::npos) << r.out;
  EXPECT_NE(mismatch_line(r.out, 4).find("round 11: field weights"), std::string::npos) << r.out;
  EXPECT_NE(mismatch_line(r.out, 5).find("round 11: field z"), std::string::npos) << r.out;
  EXPECT_NE(mismatch_line(r.out, 6).find("field theta"), std::string::npos) << r.out;
  EXPECT_NE(mismatch_line(r.out, 8).find("ecolog plays"), std::string::npos) << r.out;
  EXPECT_NE(mismatch_line(r.out, 9).find("round 1: field z"), std::string::npos) << r.out;
  for (int n : {10, 11}) EXPECT_EQ(mismatch_line(r.out, n), "") << r.out;
  fs::remove_all(dir);
}

}  // namespace
}  // namespace dpb::verify::vectors
