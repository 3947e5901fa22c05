// Golden vectors, category p2003 (seed 003's P₂, docs/vectors.md §20): the Python checker accepts the committed
// file and rejects each of four corruptions, naming the record and the field — an analyzer output off by one step
// r/g (the de-bias), a matrix entry that breaks the symmetry, a user above the Frobenius clip, Eq. 127's b off by
// one. (Both builds reproducing the file byte for byte is VectorsGoldenTest's job.)
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

const std::string kChecker = dpb::configured_source_dir().string() + "/verify/vectors/check_vectors.py";

// Runs the checker on `text` as the only file of a fresh directory.
test::CommandResult check_text(const std::string& text) {
  const fs::path dir = dpb::test::fresh_temp_dir("vectors_p2003_py");
  fs::create_directories(dir);
  std::ofstream(dir / "p2003.jsonl", std::ios::binary) << text;
  auto r = test::run_command("python3 " + kChecker + " " + dir.string());
  fs::remove_all(dir);
  return r;
}

class P2003VectorsGoldenTest : public ::testing::Test {
 protected:
  std::string text = dpb::test::read_file(committed_vectors_dir() / "p2003.jsonl");
  std::size_t first_run = text.find("{\"kind\":\"p2\"");
};

TEST_F(P2003VectorsGoldenTest, CommittedFileIsAcceptedWithItsRecordCount) {
  const auto r = check_text(text);
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("p2003.jsonl: 11 records checked for consistency only"), std::string::npos) << r.out;
}

TEST_F(P2003VectorsGoldenTest, RejectsAnAnalyzerOutputOffByOneStep) {
  // The first run: d = 2, g = 4, r = 2Δ = 2, so one count moves an output by r/g = 1/2.
  ASSERT_NE(first_run, std::string::npos);
  std::string exact = text;
  const auto start = exact.find("\"output\":[\"", first_run) + 11;
  const auto end = exact.find('"', start);
  const std::string v = exact.substr(start, end - start);
  // v = num/den (canonical text): write v + 1/2 as (2·num + den)/(2·den).
  long num = 0, den = 1;
  const auto slash = v.find('/');
  num = std::stol(v.substr(0, slash));
  if (slash != std::string::npos) den = std::stol(v.substr(slash + 1));
  exact.replace(start, end - start, std::to_string(2 * num + den) + "/" + std::to_string(2 * den));
  const auto r = check_text(exact);
  EXPECT_EQ(r.exit_code, 1) << r.out;
  EXPECT_NE(r.out.find("p2(d=2,n=3"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("output[0]"), std::string::npos) << r.out;
}

TEST_F(P2003VectorsGoldenTest, RejectsAnAsymmetricMatrix) {
  // matrix = [o00, o01, o10, o11]: change o10 (index 2) only.
  std::string bad = text;
  const auto m = bad.find("\"matrix\":[\"", first_run) + 10;
  std::size_t q = m;
  for (int k = 0; k < 2; ++k) q = bad.find("\",\"", q) + 2;  // the opening quote of entry 2
  const auto close = bad.find('"', q + 1);
  bad.replace(q + 1, close - q - 1, "12345");
  const auto r = check_text(bad);
  EXPECT_EQ(r.exit_code, 1) << r.out;
  EXPECT_NE(r.out.find("matrix[0][1]"), std::string::npos) << r.out;
}

TEST_F(P2003VectorsGoldenTest, RejectsAUserAboveTheFrobeniusClip) {
  // User 0 sits at the clip (x = −e₀, w = Δ = 1: triangle [1, 0, 0]); make its (0,1) entry 1/8.
  std::string bad = text;
  const auto u = bad.find("\"users\":[[\"1\",\"0\"", first_run);
  ASSERT_NE(u, std::string::npos);
  bad.replace(u, std::string("\"users\":[[\"1\",\"0\"").size(), "\"users\":[[\"1\",\"1/8\"");
  const auto r = check_text(bad);
  EXPECT_EQ(r.exit_code, 1) << r.out;
  EXPECT_NE(r.out.find("users[0]: Frobenius norm above Delta"), std::string::npos) << r.out;
}

TEST_F(P2003VectorsGoldenTest, RejectsEq127BOffByOne) {
  std::string bad = text;
  const auto c = bad.find("{\"kind\":\"calibration_p2\"");
  ASSERT_NE(c, std::string::npos);
  const auto at = bad.find("\"b\":\"", c) + 5;
  const auto end = bad.find('"', at);
  const long b = std::stol(bad.substr(at, end - at));
  bad.replace(at, end - at, std::to_string(b + 1));
  const auto r = check_text(bad);
  EXPECT_EQ(r.exit_code, 1) << r.out;
  EXPECT_NE(r.out.find("calibrate p-vec-matrix"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace dpb::verify::vectors
