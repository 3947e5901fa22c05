// Golden vectors, category linear001 (seed 001's learners): the Python checker replays every action from the recorded
// broadcasts, every PD event and θ̂, and linucb's statistics, and rejects a record whose action or statistic was
// changed, naming it — also a paper-code trajectory's action and a spec §6.4 constant (issue 18). (Both builds reproducing the file byte for byte is VectorsGoldenTest's job.)
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

TEST(Linear001VectorsGoldenTest, PythonCheckerReplaysAndRejectsAChangedActionOrStatistic) {
  const std::string checker = dpb::configured_source_dir().string() + "/verify/vectors/check_vectors.py";
  const std::string text = dpb::test::read_file(committed_vectors_dir() / "linear001.jsonl");
  const fs::path dir = dpb::test::fresh_temp_dir("vectors_linear001_py");
  fs::create_directories(dir);
  std::ofstream(dir / "linear001.jsonl", std::ios::binary) << text;
  const auto good = test::run_command("python3 " + checker + " " + dir.string());
  EXPECT_EQ(good.exit_code, 0) << good.out;
  EXPECT_NE(good.out.find("linear001.jsonl: 24 records replayed"), std::string::npos) << good.out;
  EXPECT_NE(text.find("\"pd\":false"), std::string::npos);  // the PD records have PD failures

  // The first linucb record: change its first action, then (separately) one entry of its first u.
  const auto line = text.find("{\"kind\":\"linear-run\",\"id\":\"linucb/fixed/B=1\"");
  ASSERT_NE(line, std::string::npos);
  {
    std::string bad = text;
    const auto at = bad.find("\"actions\":[", line) + 11;
    bad[at] = bad[at] == '0' ? '1' : '0';
    std::ofstream(dir / "linear001.jsonl", std::ios::binary | std::ios::trunc) << bad;
    const auto r = test::run_command("python3 " + checker + " " + dir.string());
    EXPECT_EQ(r.exit_code, 1) << r.out;
    EXPECT_NE(r.out.find("(record linucb/fixed/B=1): round 1"), std::string::npos) << r.out;
  }
  {
    std::string bad = text;
    const auto at = bad.find("\"u\":[\"", line) + 6;
    bad.insert(at, "1");
    std::ofstream(dir / "linear001.jsonl", std::ios::binary | std::ios::trunc) << bad;
    const auto r = test::run_command("python3 " + checker + " " + dir.string());
    EXPECT_EQ(r.exit_code, 1) << r.out;
    EXPECT_NE(r.out.find("(record linucb/fixed/B=1)"), std::string::npos) << r.out;
  }
  // A paper-code record (issue 18): change its first action; a §6.4 constants record: change sdp-vec's b.
  {
    std::string bad = text;
    const auto pc = bad.find("{\"kind\":\"linear-run\",\"id\":\"linucb-ldp/paper-code/B=1\"");
    ASSERT_NE(pc, std::string::npos);
    const auto at = bad.find("\"actions\":[", pc) + 11;
    bad[at] = bad[at] == '0' ? '1' : '0';
    std::ofstream(dir / "linear001.jsonl", std::ios::binary | std::ios::trunc) << bad;
    const auto r = test::run_command("python3 " + checker + " " + dir.string());
    EXPECT_EQ(r.exit_code, 1) << r.out;
    EXPECT_NE(r.out.find("(record linucb-ldp/paper-code/B=1): round 1"), std::string::npos) << r.out;
  }
  {
    std::string bad = text;
    const auto rec = bad.find("\"id\":\"d=5/eps=1\"");
    ASSERT_NE(rec, std::string::npos);
    const auto at = bad.find("\"b\":\"", rec) + 5;
    bad.insert(at, "1");  // b = 61 becomes 161
    std::ofstream(dir / "linear001.jsonl", std::ios::binary | std::ios::trunc) << bad;
    const auto r = test::run_command("python3 " + checker + " " + dir.string());
    EXPECT_EQ(r.exit_code, 1) << r.out;
    EXPECT_NE(r.out.find("(record d=5/eps=1)"), std::string::npos) << r.out;
  }
  fs::remove_all(dir);
}

}  // namespace
}  // namespace dpb::verify::vectors
