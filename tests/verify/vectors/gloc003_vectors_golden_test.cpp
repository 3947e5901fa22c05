// Golden vectors, category gloc003 (gloc): the Python checker replays every reward and the first rounds' decisions in
// exact rationals, and rejects a record whose round-1 action was changed (the negative control), naming the round.
// (Both builds reproducing the file byte for byte is VectorsGoldenTest's job.)
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

TEST(Gloc003VectorsGoldenTest, PythonCheckerReplaysAndRejectsAChangedAction) {
  const std::string checker = dpb::configured_source_dir().string() + "/verify/vectors/check_vectors.py";
  const std::string text = dpb::test::read_file(committed_vectors_dir() / "gloc003.jsonl");
  const fs::path dir = dpb::test::fresh_temp_dir("vectors_gloc003_py");
  fs::create_directories(dir);
  std::ofstream(dir / "gloc003.jsonl", std::ios::binary) << text;
  const auto good = test::run_command("python3 " + checker + " " + dir.string());
  EXPECT_EQ(good.exit_code, 0) << good.out;
  EXPECT_NE(good.out.find("gloc003.jsonl: 10 records replayed"), std::string::npos) << good.out;

  const auto line = text.find("{\"kind\":\"gloc_run\"");
  ASSERT_NE(line, std::string::npos);
  std::string bad = text;
  const auto at = bad.find("\"actions\":[", line) + 11;
  bad[at] = bad[at] == '0' ? '1' : '0';
  std::ofstream(dir / "gloc003.jsonl", std::ios::binary | std::ios::trunc) << bad;
  const auto r = test::run_command("python3 " + checker + " " + dir.string());
  EXPECT_EQ(r.exit_code, 1) << r.out;
  EXPECT_NE(r.out.find("round 1"), std::string::npos) << r.out;
  fs::remove_all(dir);
}

}  // namespace
}  // namespace dpb::verify::vectors
