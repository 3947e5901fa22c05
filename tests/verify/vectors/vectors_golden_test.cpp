// The committed golden vectors (testdata/vectors/, docs/vectors.md) are reproduced byte for byte by both builds,
// and replayed by the independent Python checker (verify/vectors/check_vectors.py), which must also reject a
// corrupted copy.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "reference/core/build_info.hpp"
#include "tests/support/run_command.hpp"
#include "tests/support/temp_files.hpp"
#include "verify/vectors/vectors.hpp"

namespace dpb::verify::vectors {
namespace {

namespace fs = std::filesystem;

const std::string kChecker = dpb::configured_source_dir().string() + "/verify/vectors/check_vectors.py";

using dpb::test::read_file;

TEST(VectorsGoldenTest, ReferenceReproducesCommittedFilesByteForByte) {
  const CheckResult r = check_directory(committed_vectors_dir(), Impl::reference);
  EXPECT_TRUE(r.ok()) << r.summary();
  EXPECT_EQ(r.files.size(), category_names().size());
  EXPECT_GT(r.records_checked, 50U);
}

TEST(VectorsGoldenTest, OptimizedReproducesCommittedFilesByteForByte) {
  const CheckResult r = check_directory(committed_vectors_dir(), Impl::optimized);
  EXPECT_TRUE(r.ok()) << r.summary();
  EXPECT_GT(r.records_checked, 50U);
}

TEST(VectorsGoldenTest, CommittedFilesAreSmall) {
  std::uintmax_t total = 0;
  for (const auto& name : category_names()) total += fs::file_size(committed_vectors_dir() / (name + ".jsonl"));
  EXPECT_LT(total, 1000000U);
}

TEST(VectorsGoldenTest, PythonCheckerReplaysCommittedFilesWithoutMismatch) {
  const auto r = test::run_command("python3 " + kChecker + " " + committed_vectors_dir().string());
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find(" records replayed, 0 mismatches"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("not replayed"), std::string::npos) << "a category the Python checker skips:\n" << r.out;
}

TEST(VectorsGoldenTest, PythonCheckerReplaysSeed001MechanismsAndChecksTheRestForConsistency) {
  // docs/vectors.md §11: the rounded Gaussian and the sublinear binomial have Python twins, so mechanisms001 is
  // replayed (tests/verify/vectors/mechanisms001_vectors_golden_test.cpp flips values), and so are tree003's trees
  // (each label at its own σ̄); pgd003 is checked for consistency, never counted as replayed; the summary says so.
  const auto r = test::run_command("python3 " + kChecker + " " + committed_vectors_dir().string());
  EXPECT_NE(r.out.find("mechanisms001.jsonl: 24 records replayed"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("tree003.jsonl: 6 records replayed"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("pgd003.jsonl: 5 records checked for consistency only"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("(16 further records checked for consistency only)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("p2003.jsonl: 11 records checked for consistency only"), std::string::npos) << r.out;
}

// pgd003 (docs/vectors.md §16): an iterate moved by one grid step is caught by the consistency check.
TEST(VectorsGoldenTest, PythonCheckerRejectsAMovedPgdIterate) {
  const fs::path dir = dpb::test::fresh_temp_dir("vectors_py_pgd");
  fs::create_directories(dir);
  std::string text = read_file(committed_vectors_dir() / "pgd003.jsonl");
  const std::string from = "\"next\":[\"-23/256\",\"1/8\"]";
  const auto at = text.find(from);
  ASSERT_NE(at, std::string::npos);
  text.replace(at, from.size(), "\"next\":[\"-23/256\",\"33/256\"]");
  std::ofstream(dir / "pgd003.jsonl", std::ios::binary) << text;
  const auto r = test::run_command("python3 " + kChecker + " " + dir.string());
  fs::remove_all(dir);
  EXPECT_NE(r.out.find("MISMATCH"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("pgd(logistic,ball,n=5,d=2,T=5)"), std::string::npos) << r.out;
}

TEST(VectorsGoldenTest, PythonCheckerRejectsACorruptedOutputAndNamesTheRecord) {
  const fs::path dir = dpb::test::fresh_temp_dir("vectors_py");
  fs::create_directories(dir);
  // Only the samplers file, with one output of the discrete Gaussian record on sigma2 = 100 changed.
  std::string text = read_file(committed_vectors_dir() / "samplers.jsonl");
  const std::string id = "\"id\":\"dgauss(sigma2=100)@";
  const auto at = text.find(id);
  ASSERT_NE(at, std::string::npos);
  const auto outputs = text.find("\"outputs\":[", at);
  ASSERT_NE(outputs, std::string::npos);
  const auto first = outputs + std::string("\"outputs\":[").size();
  const auto comma = text.find(',', first);
  const long value = std::stol(text.substr(first, comma - first));
  text.replace(first, comma - first, std::to_string(value + 1));
  std::ofstream(dir / "samplers.jsonl", std::ios::binary) << text;
  const auto r = test::run_command("python3 " + kChecker + " " + dir.string());
  fs::remove_all(dir);
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("MISMATCH"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("dgauss(sigma2=100)@"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("outputs[0]"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(", 1 mismatches"), std::string::npos) << r.out;
}

TEST(VectorsGoldenTest, PythonCheckerRejectsAReturningCalibrationWithOneMoreBatch) {
  // The rdp record of dist-rdp with B = 10: claiming B = 11 for the same per-batch eps breaks Lemma 10's total <= eps.
  const fs::path dir = dpb::test::fresh_temp_dir("vectors_py_returning");
  fs::create_directories(dir);
  std::string text = read_file(committed_vectors_dir() / "calibrations.jsonl");
  const std::string id = "\"id\":\"dist-rdp(eps=1,n=100,horizon=10000)/B=10/rdp\"";
  const auto at = text.find(id);
  ASSERT_NE(at, std::string::npos);
  const auto b = text.find("\"B\":10,", at);
  ASSERT_NE(b, std::string::npos);
  text.replace(b, std::string("\"B\":10,").size(), "\"B\":11,");
  std::ofstream(dir / "calibrations.jsonl", std::ios::binary) << text;
  const auto r = test::run_command("python3 " + kChecker + " " + dir.string());
  fs::remove_all(dir);
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("B=10/rdp): rdp: Lemma 10 of the 11-fold curve"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(", 1 mismatches"), std::string::npos) << r.out;
}

TEST(VectorsGoldenTest, PythonCheckerRejectsAWrongPmfDigit) {
  const fs::path dir = dpb::test::fresh_temp_dir("vectors_pmf");
  fs::create_directories(dir);
  std::string text = read_file(committed_vectors_dir() / "pmf.jsonl");
  const auto at = text.find("\"id\":\"poisson(mean=10)\"");
  ASSERT_NE(at, std::string::npos);
  // The first k with a positive value: bump the last digit of its "value" (17 digits).
  const auto value = text.find("\"value\":\"", text.find("\"k\":5,", at));
  ASSERT_NE(value, std::string::npos);
  const auto e = text.find('e', value + 9);
  char& digit = text[e - 1];
  digit = digit == '9' ? '8' : static_cast<char>(digit + 1);
  std::ofstream(dir / "pmf.jsonl", std::ios::binary) << text;
  const auto r = test::run_command("python3 " + kChecker + " " + dir.string());
  fs::remove_all(dir);
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("poisson(mean=10)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("k=5"), std::string::npos) << r.out;
}

TEST(VectorsGoldenTest, PythonCheckerRefusesAMissingDirectoryWithUsageError) {
  const auto r = test::run_command("python3 " + kChecker + " /nonexistent/dpb_vectors");
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
}

}  // namespace
}  // namespace dpb::verify::vectors
