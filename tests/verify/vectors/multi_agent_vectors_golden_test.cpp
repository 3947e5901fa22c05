// Golden vectors, category multiagent (seed 004): the Python checker replays η_ξ and M exactly and rejects a
// record whose M or η_ξ was changed, naming it. (Both builds reproducing the file byte for byte is
// VectorsGoldenTest's job, which checks every category.)
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <string>

#include "reference/core/build_info.hpp"
#include "tests/support/run_command.hpp"
#include "tests/support/temp_files.hpp"
#include "verify/vectors/vectors.hpp"

namespace dpb::verify::vectors {
namespace {

namespace fs = std::filesystem;

TEST(MultiAgentVectorsGoldenTest, PythonCheckerRejectsAChangedThresholdAndEtaXi) {
  const std::string checker = dpb::configured_source_dir().string() + "/verify/vectors/check_vectors.py";
  std::string text = dpb::test::read_file(committed_vectors_dir() / "multiagent.jsonl");
  const fs::path dir = dpb::test::fresh_temp_dir("vectors_multiagent_py");
  fs::create_directories(dir);
  std::ofstream(dir / "multiagent.jsonl", std::ios::binary) << text;
  auto good = test::run_command("python3 " + checker + " " + dir.string());
  EXPECT_EQ(good.exit_code, 0) << good.out;
  // Every record is replayed: the count the checker prints is the file's lines after the header.
  const auto records = std::count(text.begin(), text.end(), '\n') - 1;
  EXPECT_NE(good.out.find("multiagent.jsonl: " + std::to_string(records) + " records replayed"), std::string::npos)
      << good.out;

  for (const auto& [from, to, id] : {std::tuple<std::string, std::string, std::string>{
                                         "\"M\":29}", "\"M\":28}", "eta=9/10/xi=0/delta=1/20"},
                                     {"\"eta_xi\":\"133663/524288\"", "\"eta_xi\":\"133662/524288\"",
                                      "eta=9/10/xi=1/5/K=10"}}) {
    std::string bad = text;
    const auto at = bad.find(from);
    ASSERT_NE(at, std::string::npos) << from;
    bad.replace(at, from.size(), to);
    std::ofstream(dir / "multiagent.jsonl", std::ios::binary | std::ios::trunc) << bad;
    const auto r = test::run_command("python3 " + checker + " " + dir.string());
    EXPECT_EQ(r.exit_code, 1) << r.out;
    EXPECT_NE(r.out.find("(record " + id + ")"), std::string::npos) << r.out;
  }
  fs::remove_all(dir);
}

}  // namespace
}  // namespace dpb::verify::vectors
