// Golden vectors, category jdpglm003 (jdp-glm, theorem profile): the Python checker replays the rewards, both trees,
// Criterion I/II and the non-PD rounds in exact rationals and the weights while θ̂_o = 0, and rejects a record whose
// Criterion I flag, switch round or weight was changed. (Both builds reproducing the file byte for byte is
// VectorsGoldenTest's job.)
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

TEST(JdpGlm003VectorsGoldenTest, PythonCheckerReplaysAndRejectsAChangedCriterionSwitchOrWeight) {
  const std::string checker = dpb::configured_source_dir().string() + "/verify/vectors/check_vectors.py";
  const std::string text = dpb::test::read_file(committed_vectors_dir() / "jdpglm003.jsonl");
  const fs::path dir = dpb::test::fresh_temp_dir("vectors_jdpglm003_py");
  fs::create_directories(dir);
  const auto check = [&](const std::string& content) {
    std::ofstream(dir / "jdpglm003.jsonl", std::ios::binary | std::ios::trunc) << content;
    return test::run_command("python3 " + checker + " " + dir.string());
  };
  const auto good = check(text);
  EXPECT_EQ(good.exit_code, 0) << good.out;
  EXPECT_NE(good.out.find("jdpglm003.jsonl: 10 records replayed"), std::string::npos) << good.out;

  // The first run (theorem constants) explores in round 1: clear the flag.
  const auto first = text.find("{\"kind\":\"jdp_glm_run\"");
  ASSERT_NE(first, std::string::npos);
  {
    std::string bad = text;
    const auto at = bad.find("\"explore\":\"", first) + 11;
    ASSERT_EQ(bad[at], '1');
    bad[at] = '0';
    const auto r = check(bad);
    EXPECT_EQ(r.exit_code, 1) << r.out;
    EXPECT_NE(r.out.find("round 1: Criterion I fires"), std::string::npos) << r.out;
  }
  // The second run (c = 10^-6) exploits with θ̂_o = 0: its first weight must be ⌊2^30/e⌋ = 395007542.
  {
    const auto second = text.find("{\"kind\":\"jdp_glm_run\"", first + 1);
    std::string bad = text;
    const auto at = bad.find("\"weights\":[\"395007542\"", second);
    ASSERT_NE(at, std::string::npos);
    bad.replace(at, 22, "\"weights\":[\"395007541\"");
    const auto r = check(bad);
    EXPECT_EQ(r.exit_code, 1) << r.out;
    EXPECT_NE(r.out.find("weight 395007541"), std::string::npos) << r.out;
  }
  // The λ = 1 run switches at round 7: move the switch.
  {
    const auto third = text.find("\"switches\":[7]");
    ASSERT_NE(third, std::string::npos);
    std::string bad = text;
    bad.replace(third, 14, "\"switches\":[8]");
    const auto r = check(bad);
    EXPECT_EQ(r.exit_code, 1) << r.out;
    EXPECT_NE(r.out.find("Criterion II"), std::string::npos) << r.out;
  }
  fs::remove_all(dir);
}

}  // namespace
}  // namespace dpb::verify::vectors
