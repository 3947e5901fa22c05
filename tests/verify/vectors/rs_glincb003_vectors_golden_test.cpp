// Golden vectors, category rsglincb003 (rs-glincb): the Python checker replays every reward, Criterion I decision
// and exploration argmax in exact rationals, and rejects a record whose Criterion I flag or exploration action was
// changed, naming the round. (Both builds reproducing the file byte for byte is VectorsGoldenTest's job.)
#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "reference/core/build_info.hpp"
#include "tests/support/run_command.hpp"
#include "tests/support/temp_files.hpp"
#include "verify/vectors/vectors.hpp"

namespace dpb::verify::vectors {
namespace {

namespace fs = std::filesystem;

TEST(RsGlincb003VectorsGoldenTest, PythonCheckerReplaysAndRejectsAChangedCriterionIOrAction) {
  const std::string checker = dpb::configured_source_dir().string() + "/verify/vectors/check_vectors.py";
  const std::string text = dpb::test::read_file(committed_vectors_dir() / "rsglincb003.jsonl");
  const fs::path dir = dpb::test::fresh_temp_dir("vectors_rsglincb003_py");
  fs::create_directories(dir);
  std::ofstream(dir / "rsglincb003.jsonl", std::ios::binary) << text;
  const auto good = test::run_command("python3 " + checker + " " + dir.string());
  EXPECT_EQ(good.exit_code, 0) << good.out;
  EXPECT_NE(good.out.find("rsglincb003.jsonl: 10 records replayed"), std::string::npos) << good.out;

  // The first run explores in round 1: clear its flag, then (separately) change its round-1 action.
  const auto line = text.find("{\"kind\":\"rs_glincb_run\"");
  ASSERT_NE(line, std::string::npos);
  {
    std::string bad = text;
    const auto at = bad.find("\"explore\":\"", line) + 11;
    ASSERT_EQ(bad[at], '1');
    bad[at] = '0';
    std::ofstream(dir / "rsglincb003.jsonl", std::ios::binary | std::ios::trunc) << bad;
    const auto r = test::run_command("python3 " + checker + " " + dir.string());
    EXPECT_EQ(r.exit_code, 1) << r.out;
    EXPECT_NE(r.out.find("round 1: Criterion I fires"), std::string::npos) << r.out;
  }
  {
    std::string bad = text;
    const auto at = bad.find("\"actions\":[", line) + 11;
    bad[at] = bad[at] == '0' ? '1' : '0';
    std::ofstream(dir / "rsglincb003.jsonl", std::ios::binary | std::ios::trunc) << bad;
    const auto r = test::run_command("python3 " + checker + " " + dir.string());
    EXPECT_EQ(r.exit_code, 1) << r.out;
    EXPECT_NE(r.out.find("round 1"), std::string::npos) << r.out;
  }
  fs::remove_all(dir);
}

}  // namespace
}  // namespace dpb::verify::vectors
