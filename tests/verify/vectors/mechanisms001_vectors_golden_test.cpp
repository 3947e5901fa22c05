// Golden vectors, category mechanisms001 (seed 001's mechanisms, docs/vectors.md §11): the Python checker replays
// every record — the rounded Gaussians (Karney) and the sublinear binomials on their streams, P_Vec, P_Amp and the
// tree — and catches a flipped value that the deterministic relations between a record's fields cannot see: a
// rounded-normal output, a large binomial's output, a binomial's bit count, and a tree node's noise changed together
// with the one release that contains it; and a right child recorded as drawn (the tree before session 20 drew
// them; now only the node a release uses draws, docs/protocol-001.md). (Both builds reproducing the file byte for
// byte is VectorsGoldenTest's job.)
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

// The text with the first occurrence of `what` after `from` replaced by `with`.
std::string replaced(std::string text, std::size_t from, const std::string& what, const std::string& with) {
  const auto at = text.find(what, from);
  EXPECT_NE(at, std::string::npos) << what;
  if (at != std::string::npos) text.replace(at, what.size(), with);
  return text;
}

class Mechanisms001VectorsGoldenTest : public ::testing::Test {
 protected:
  void SetUp() override {
    text_ = dpb::test::read_file(committed_vectors_dir() / "mechanisms001.jsonl");
    dir_ = dpb::test::fresh_temp_dir("vectors_mechanisms001_py");
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  test::CommandResult check(const std::string& text) {
    std::ofstream(dir_ / "mechanisms001.jsonl", std::ios::binary | std::ios::trunc) << text;
    return test::run_command("python3 " + checker_ + " " + dir_.string());
  }
  std::size_t line_of(const std::string& id) {
    const auto at = text_.find("\"id\":\"" + id + "\"");
    EXPECT_NE(at, std::string::npos) << id;
    return at == std::string::npos ? 0 : at;
  }
  std::string checker_ = dpb::configured_source_dir().string() + "/verify/vectors/check_vectors.py";
  std::string text_;
  fs::path dir_;
};

TEST_F(Mechanisms001VectorsGoldenTest, PythonCheckerReplaysEveryRecord) {
  const auto r = check(text_);
  EXPECT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("mechanisms001.jsonl: 24 records replayed"), std::string::npos) << r.out;
}

TEST_F(Mechanisms001VectorsGoldenTest, AFlippedRoundedNormalIsCaught) {
  // normal(sigma=25/2, r=16): first output -774142 (the record's own file; any change of it must be caught).
  const std::string id = "normal(sigma=25/2,grid_bits=16)@20261121/3011";
  const auto r = check(replaced(text_, line_of(id), "\"outputs\":[\"-774142\"", "\"outputs\":[\"-774141\""));
  EXPECT_EQ(r.exit_code, 1) << r.out;
  EXPECT_NE(r.out.find("(record " + id + "): outputs[0]"), std::string::npos) << r.out;
}

TEST_F(Mechanisms001VectorsGoldenTest, AFlippedLargeBinomialOrBitCountIsCaught) {
  const std::string id = "binomial-large(n=10000000000,p=1/4)@20261121/3016";
  {
    const auto r = check(replaced(text_, line_of(id), "\"outputs\":[\"2499996875\"", "\"outputs\":[\"2499996876\""));
    EXPECT_EQ(r.exit_code, 1) << r.out;
    EXPECT_NE(r.out.find("(record " + id + "): outputs[0]"), std::string::npos) << r.out;
  }
  {
    const auto at = text_.find("\"bits_each\":[", line_of(id)) + 13;
    std::string bad = text_;
    bad.insert(at, "1");  // the first bit count gets a leading 1: another number
    const auto r = check(bad);
    EXPECT_EQ(r.exit_code, 1) << r.out;
    EXPECT_NE(r.out.find("(record " + id + "): bits_each[0]"), std::string::npos) << r.out;
  }
}

TEST_F(Mechanisms001VectorsGoldenTest, ATreeNodesNoiseChangedConsistentlyIsCaughtByTheReplay) {
  // tree(vector2, N=7): node (0, 0) is in the release of leaf 1 only; its noise[0] 7 → 8 and that release's first
  // entry 4 → 5 keep every relation between the fields (the consistency check passes), only the replay sees it.
  const std::string id = "tree(vector2,N=7,sigma=3/2,r=3)@20261121/3008";
  std::string bad = replaced(text_, line_of(id), "\"noise\":[\"7\",\"-9\"]}],\"release\":[\"4\",\"-7\"]",
                             "\"noise\":[\"8\",\"-9\"]}],\"release\":[\"5\",\"-7\"]");
  const auto r = check(bad);
  EXPECT_EQ(r.exit_code, 1) << r.out;
  EXPECT_NE(r.out.find("(record " + id + "): noise of node (0, 0) at leaf 1"), std::string::npos) << r.out;
}

TEST_F(Mechanisms001VectorsGoldenTest, ARightChildRecordedAsDrawnIsCaught) {
  // tree(vector2, N=7): leaf 2 draws only node (1, 0); recording the right child (0, 1) before it (the old tree's
  // order, h ascending) changes no release, but the checker expects exactly the left child (v₂(2), 0) = (1, 0).
  const std::string id = "tree(vector2,N=7,sigma=3/2,r=3)@20261121/3008";
  std::string bad = replaced(text_, line_of(id), "\"completed\":[{\"level\":1,\"index\":\"0\"",
                             "\"completed\":[{\"level\":0,\"index\":\"1\",\"noise\":[\"0\",\"0\"]},"
                             "{\"level\":1,\"index\":\"0\"");
  const auto r = check(bad);
  EXPECT_EQ(r.exit_code, 1) << r.out;
  EXPECT_NE(r.out.find("(record " + id + "): completed levels at leaf 2"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace dpb::verify::vectors
