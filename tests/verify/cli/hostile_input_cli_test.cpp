// Issue 14 ("hostile input never hurts"), run as a hostile user would: deeply nested JSON (class 1), stdout on a
// full device (class 8). The contract (README "Exit codes", docs/reliability.md): exit 2 for bad input, 3 for an
// output that could not be written; one bounded line on stderr naming the option; nothing on stdout.
#include <gtest/gtest.h>


#include <filesystem>
#include <fstream>
#include <string>

#include "tests/support/cli_path.hpp"
#include "tests/support/run_command.hpp"
#include "tests/support/temp_files.hpp"

namespace dpb::test {
namespace {

const std::string kCli = cli_path();

// Exactly one line on stderr, at most 300 bytes, all printable ASCII or UTF-8 (no raw control bytes).
void expect_one_bounded_line(const std::string& err) {
  ASSERT_FALSE(err.empty());
  EXPECT_EQ(err.find('\n'), err.size() - 1) << err;
  EXPECT_LE(err.size(), 300U) << err.substr(0, 300);
  for (const char c : err) {
    if (c == '\n') continue;
    EXPECT_GE(static_cast<unsigned char>(c), 0x20U) << "control byte in: " << err.substr(0, 300);
  }
}

void write_file(const std::filesystem::path& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  ASSERT_TRUE(out.good()) << path;
}

// Class 1: a deeply nested value used to overflow the stack (SIGSEGV: the config check printed it recursively).
TEST(HostileInputCliTest, DeeplyNestedConfigIsRefusedNamingTheOptionAndTheLimit) {
  const auto dir = fresh_temp_dir("nested_config");
  std::filesystem::create_directories(dir);
  const auto file = dir / "deep.json";
  write_file(file, "{\"runs\": " + std::string(200000, '[') + std::string(200000, ']') + "}");
  const auto r = run_command(kCli + " simulate --config " + file.string() + " --out " + (dir / "out").string());
  EXPECT_EQ(r.exit_code, 2) << r.err.substr(0, 300);
  EXPECT_TRUE(r.out.empty()) << r.out.substr(0, 300);
  expect_one_bounded_line(r.err);
  EXPECT_NE(r.err.find("'config'"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("64"), std::string::npos) << r.err;
  EXPECT_FALSE(std::filesystem::exists(dir / "out"));
  std::filesystem::remove_all(dir);
}

TEST(HostileInputCliTest, NestingAtTheLimitIsNotRefusedForDepth) {
  // 64 levels pass the depth bound (and then fail as a config for an ordinary reason, not for their depth).
  const auto dir = fresh_temp_dir("nested_config_ok");
  std::filesystem::create_directories(dir);
  const auto file = dir / "deep.json";
  write_file(file, "{\"runs\": " + std::string(63, '[') + std::string(63, ']') + "}");
  const auto r = run_command(kCli + " simulate --config " + file.string() + " --out " + (dir / "out").string());
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_EQ(r.err.find("nested at most"), std::string::npos) << r.err;
  std::filesystem::remove_all(dir);
}

TEST(HostileInputCliTest, EndlessConfigFileIsRefusedWithoutReadingItAll) {
  const auto r = run_command(kCli + " simulate --config /dev/zero");
  EXPECT_EQ(r.exit_code, 2) << r.err.substr(0, 300);
  expect_one_bounded_line(r.err);
  EXPECT_NE(r.err.find("'config'"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("1048576 bytes"), std::string::npos) << r.err;
}

// Class 8: every command used to exit 0 with its output lost.
TEST(HostileInputCliTest, StdoutOnAFullDeviceIsAnErrorOfEveryCommand) {
  if (!std::filesystem::exists("/dev/full")) GTEST_SKIP() << "no /dev/full";
  for (const std::string args :
       {"sample dlaplace --scale 3 --count 5 --seed 1", "pmf dlaplace --scale 3 --from -3 --to 3",
        "calibrate dist-dp --eps 1 --n 1000 --horizon 1000000", "simulate --list", "verify --list",
        "sample bernoulli --p 1/2 --count 100000 --seed 1", "--version", "--help"}) {
    const auto ok = run_command(kCli + " " + args + " > /dev/null");
    ASSERT_EQ(ok.exit_code, 0) << args << ": " << ok.err;
    const auto r = run_command(kCli + " " + args + " > /dev/full");
    EXPECT_EQ(r.exit_code, 3) << args << ": " << r.err;
    expect_one_bounded_line(r.err);
    EXPECT_NE(r.err.find("standard output"), std::string::npos) << args << ": " << r.err;
    EXPECT_TRUE(r.out.empty());
  }
}

}  // namespace
}  // namespace dpb::test
