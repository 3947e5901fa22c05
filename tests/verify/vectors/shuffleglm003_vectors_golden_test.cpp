// Golden vectors, category shuffleglm003 (shuffle-glm, scaled profile; docs/vectors.md §20): the Python checker
// replays every reward, recomputes the schedule (B₁ = ⌈(64α)^{2/3}⌉) and checks line 15's clip; it rejects a record
// whose weight was raised above ⌊2^w/κ*⌋ and one whose schedule was changed. (Both builds reproducing the file byte
// for byte is VectorsGoldenTest's job.)
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

TEST(ShuffleGlm003VectorsGoldenTest, PythonCheckerReplaysAndRejectsAnUnclippedWeightOrAWrongSchedule) {
  const std::string checker = dpb::configured_source_dir().string() + "/verify/vectors/check_vectors.py";
  const std::string text = dpb::test::read_file(committed_vectors_dir() / "shuffleglm003.jsonl");
  const fs::path dir = dpb::test::fresh_temp_dir("vectors_shuffleglm003_py");
  fs::create_directories(dir);
  std::ofstream(dir / "shuffleglm003.jsonl", std::ios::binary) << text;
  const auto good = test::run_command("python3 " + checker + " " + dir.string());
  EXPECT_EQ(good.exit_code, 0) << good.out;
  EXPECT_NE(good.out.find("shuffleglm003.jsonl: 6 records replayed"), std::string::npos) << good.out;

  const auto line = text.find("{\"kind\":\"shuffle_glm_run\"");
  ASSERT_NE(line, std::string::npos);
  {
    // The first run (logistic, q = 12, κ* = 8): w = 38, the clip ⌊2^38/8⌋ = 2^35 = 34359738368; raise the first
    // weight after the warm-up (B₁ = 202 at T = 300, M = 3: 64·300^{2/3} = 2868.1…, its 2/3 power 201.8…) to 2^35 + 1.
    std::string bad = text;
    std::size_t at = bad.find("\"weights\":[", line) + 11;
    for (int i = 0; i < 202; ++i) at = bad.find(',', at) + 1;
    const std::size_t end = bad.find_first_of(",]", at);
    bad.replace(at, end - at, "\"34359738369\"");
    std::ofstream(dir / "shuffleglm003.jsonl", std::ios::binary | std::ios::trunc) << bad;
    const auto r = test::run_command("python3 " + checker + " " + dir.string());
    EXPECT_EQ(r.exit_code, 1) << r.out;
    EXPECT_NE(r.out.find("round 203: weight 34359738369 above the clip"), std::string::npos) << r.out;
  }
  {
    std::string bad = text;
    const std::size_t at = bad.find("\"schedule\":[202,", line);
    ASSERT_NE(at, std::string::npos) << "the first run's schedule starts with B1 = 202";
    bad.replace(at, 16, "\"schedule\":[203,");
    std::ofstream(dir / "shuffleglm003.jsonl", std::ios::binary | std::ios::trunc) << bad;
    const auto r = test::run_command("python3 " + checker + " " + dir.string());
    EXPECT_EQ(r.exit_code, 1) << r.out;
    EXPECT_NE(r.out.find("field schedule"), std::string::npos) << r.out;
  }
  fs::remove_all(dir);
}

}  // namespace
}  // namespace dpb::verify::vectors
