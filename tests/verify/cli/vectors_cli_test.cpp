// `dpbandit vectors generate|check`, run as a user would: generation reproduces the committed files, check exits
// 0 on them, 1 with the record named on a corrupted copy, 2 on usage errors.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>

#include "reference/core/build_info.hpp"
#include "tests/support/cli_path.hpp"
#include "tests/support/run_command.hpp"
#include "tests/support/temp_files.hpp"
#include "verify/vectors/vectors.hpp"

namespace dpb::test {
namespace {

namespace fs = std::filesystem;
namespace V = dpb::verify::vectors;

const std::string kCli = dpb::test::cli_path();

fs::path fresh_dir(const std::string& tag) { return fresh_temp_dir("vectors_cli_" + tag); }

// The header's "generator" field records the version and commit that wrote the file (informational); every other
// byte must be the committed one.
std::string without_generator(const std::string& text) {
  static const std::regex kGenerator(R"("generator":"[^"]*")");
  return std::regex_replace(text, kGenerator, R"("generator":"")", std::regex_constants::format_first_only);
}

TEST(VectorsCliTest, GenerateWritesTheCommittedBytes) {
  const fs::path dir = fresh_dir("gen");
  const auto r = run_command(kCli + " vectors generate --dir " + dir.string());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  for (const auto& name : V::category_names()) {
    const std::string written = read_file(dir / (name + ".jsonl"));
    EXPECT_NE(written.find(R"("generator":")" + dpb::version_line() + "\""), std::string::npos) << name;
    EXPECT_EQ(without_generator(written), without_generator(read_file(V::committed_vectors_dir() / (name + ".jsonl"))))
        << name;
    EXPECT_NE(r.out.find(name + ".jsonl"), std::string::npos) << r.out;
  }
  int files = 0;
  for ([[maybe_unused]] const auto& e : fs::directory_iterator(dir)) ++files;
  // The category files and the manifest written last (docs/reliability.md "Outputs"); nothing else left behind.
  EXPECT_EQ(files, static_cast<int>(V::category_names().size()) + 1);
  EXPECT_TRUE(fs::is_regular_file(dir / ".dpbandit-manifest-vectors.json"));
  fs::remove_all(dir);
}

TEST(VectorsCliTest, CheckPassesOnTheCommittedFilesWithBothBuilds) {
  for (const std::string impl : {"reference", "optimized"}) {
    const auto r =
        run_command(kCli + " vectors check --dir " + V::committed_vectors_dir().string() + " --impl " + impl);
    EXPECT_EQ(r.exit_code, 0) << impl << ": " << r.out << r.err;
    EXPECT_NE(r.out.find("records reproduced byte for byte"), std::string::npos) << r.out;
  }
}

TEST(VectorsCliTest, CheckFailsOnACorruptedCopyNamingTheRecord) {
  const fs::path dir = fresh_dir("bad");
  fs::create_directories(dir);
  for (const auto& name : V::category_names())
    fs::copy_file(V::committed_vectors_dir() / (name + ".jsonl"), dir / (name + ".jsonl"));
  std::string text = read_file(dir / "transcripts.jsonl");
  const auto at = text.find("\"y_hat\":", text.find("/masked/per-user@"));
  ASSERT_NE(at, std::string::npos);
  text.insert(at + 8, "1");  // y_hat = 1<old digits>
  std::ofstream(dir / "transcripts.jsonl", std::ios::binary | std::ios::trunc) << text;
  const auto r = run_command(kCli + " vectors check --dir " + dir.string() + " --impl optimized");
  fs::remove_all(dir);
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("MISMATCH transcripts.jsonl line "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("/masked/per-user@"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("field y_hat"), std::string::npos) << r.out;
}

TEST(VectorsCliTest, UsageErrorsExitTwo) {
  auto r = run_command(kCli + " vectors check --dir /nonexistent/dpb_vectors");
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("'dir'"), std::string::npos) << r.err;
  EXPECT_TRUE(r.out.empty()) << r.out;
  r = run_command(kCli + " vectors check --impl fast");
  EXPECT_EQ(r.exit_code, 2) << r.err;
  r = run_command(kCli + " vectors");
  EXPECT_EQ(r.exit_code, 2) << r.err;
  r = run_command(kCli + " vectors frobnicate");
  EXPECT_EQ(r.exit_code, 2) << r.err;
}

}  // namespace
}  // namespace dpb::test
