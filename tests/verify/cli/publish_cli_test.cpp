// Outputs are all or nothing (issue 14 class 6, errata "Publishing"; docs/reliability.md "Outputs"): destinations
// are checked before anything is computed, and a run interrupted by SIGTERM or SIGINT at any moment leaves the
// directory with its complete old set or its complete new set, and no staging directory.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "tests/support/cli_path.hpp"
#include "tests/support/run_command.hpp"
#include "tests/support/temp_files.hpp"

namespace dpb::test {
namespace {

namespace fs = std::filesystem;
const std::string kCli = cli_path();

void put(const fs::path& p, const std::string& text) {
  std::ofstream out(p, std::ios::binary);
  out << text;
}

bool has_staging(const fs::path& dir) {
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().filename().string().rfind(".dpbandit-staging-", 0) == 0) return true;
  return false;
}

TEST(PublishCliTest, UnusableDestinationsAreRefusedBeforeAnythingIsComputed) {
  const auto dir = fresh_temp_dir("publish_cli_dest");
  fs::create_directories(dir);
  put(dir / "file", "x");
  for (const std::string& command :
       {kCli + " vectors generate --dir " + (dir / "file").string(),
        kCli + " vectors generate --dir " + (dir / "file" / "below").string(),
        kCli + " simulate --experiment 002-fig1 --runs 1 --horizon 10 --no-plots --quiet --out " + (dir / "file").string(),
        kCli + " simulate --learner mase --runs 1 --max-rounds 100 --out " + (dir / "file").string(),
        // seed 001's learners (they used to check only "exists and is not a directory", naming 'out', and to fail
        // with exit 3 after computing when the path lay below a file)
        kCli + " simulate --learner linucb --runs 1 --horizon 40 --arms 10 --out " + (dir / "file").string(),
        kCli + " simulate --learner linucb --runs 1 --horizon 40 --arms 10 --out " + (dir / "file" / "below").string()}) {
    const auto start = std::chrono::steady_clock::now();
    const auto r = run_command(command);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    EXPECT_EQ(r.exit_code, 2) << command << "\n" << r.err;
    EXPECT_TRUE(r.out.empty()) << command << "\n" << r.out;
    EXPECT_NE(r.err.find("--"), std::string::npos) << r.err;
    EXPECT_LT(seconds, 5) << command;  // refused up front, not after computing
  }
  EXPECT_EQ(std::distance(fs::directory_iterator(dir), fs::directory_iterator()), 1);
  fs::remove_all(dir);
}

// Starts `argv` and sends it `signal` after `delay_ms`; returns once it has exited.
void run_and_signal(const std::vector<std::string>& argv, int signal, int delay_ms) {
  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  const pid_t pid = ::fork();
  if (pid == 0) {
    const int null = ::open("/dev/null", O_WRONLY);
    ::dup2(null, 1);
    ::dup2(null, 2);
    ::execv(args[0], args.data());
    ::_exit(127);
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(delay_ms));
  ::kill(pid, signal);
  int status = 0;
  ::waitpid(pid, &status, 0);
}

// The old set: every category file holds "old"; the new set: none does, and the manifest lists them.
TEST(PublishCliTest, VectorsGenerateInterruptedAtAnyMomentLeavesTheOldOrTheNewSet) {
  const auto dir = fresh_temp_dir("publish_cli_vectors");
  fs::create_directories(dir);
  // The category names, from a complete run.
  ASSERT_EQ(run_command(kCli + " vectors generate --dir " + dir.string()).exit_code, 0);
  std::vector<std::string> names;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().extension() == ".jsonl") names.push_back(e.path().filename().string());
  ASSERT_GE(names.size(), 2U);
  put(dir / "unrelated.txt", "keep");
  int old_sets = 0, new_sets = 0;
  for (const int delay : {5, 50, 150, 300, 600, 1000, 1500, 2500}) {
    for (const auto& n : names) put(dir / n, "old\n");
    run_and_signal({kCli, "vectors", "generate", "--dir", dir.string()}, delay % 2 ? SIGINT : SIGTERM, delay);
    int old_files = 0;
    for (const auto& n : names) old_files += read_file(dir / n) == "old\n";
    EXPECT_TRUE(old_files == 0 || old_files == static_cast<int>(names.size()))
        << "after a signal at " << delay << " ms: " << old_files << " of " << names.size() << " files old";
    (old_files == 0 ? new_sets : old_sets) += 1;
    EXPECT_FALSE(has_staging(dir)) << "staging directory left after a signal at " << delay << " ms";
    EXPECT_EQ(read_file(dir / "unrelated.txt"), "keep");
  }
  std::cout << "interrupted runs: " << old_sets << " left the old set, " << new_sets << " the new one\n";
  fs::remove_all(dir);
}

// `simulate --learner` for seed 001's linear learners publishes runs.csv and curve.csv through the publishing
// module too: a manifest written last, other files untouched, and after an interruption at any moment the old or
// the new set (it used to write each file by its own rename, without a manifest).
TEST(PublishCliTest, SimulateLinearLearnerPublishesAllOrNothing) {
  const auto dir = fresh_temp_dir("publish_cli_linear");
  fs::create_directories(dir);
  const std::vector<std::string> names = {"runs.csv", "curve.csv"};
  const std::vector<std::string> argv = {kCli, "simulate", "--learner", "linucb", "--runs", "40", "--horizon", "300",
                                         "--arms", "10", "--d", "3", "--out", dir.string()};
  put(dir / "unrelated.txt", "keep");
  std::string command;
  for (const auto& a : argv) command += (command.empty() ? "" : " ") + a;
  const auto r = run_command(command);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(fs::exists(dir / ".dpbandit-manifest-runs.json"));
  for (const auto& n : names) {
    EXPECT_TRUE(fs::exists(dir / n)) << n;
    EXPECT_NE(read_file(dir / ".dpbandit-manifest-runs.json").find(n), std::string::npos) << n;
  }
  for (const auto& e : fs::directory_iterator(dir))  // no temporary file of any kind left
    EXPECT_EQ(e.path().filename().string().find("tmp"), std::string::npos) << e.path();
  int old_sets = 0, new_sets = 0;
  for (const int delay : {5, 100, 300, 700, 1200}) {
    for (const auto& n : names) put(dir / n, "old\n");
    run_and_signal(argv, delay % 2 ? SIGINT : SIGTERM, delay);
    int old_files = 0;
    for (const auto& n : names) old_files += read_file(dir / n) == "old\n";
    EXPECT_TRUE(old_files == 0 || old_files == static_cast<int>(names.size()))
        << "after a signal at " << delay << " ms: " << old_files << " of " << names.size() << " files old";
    (old_files == 0 ? new_sets : old_sets) += 1;
    EXPECT_FALSE(has_staging(dir)) << "staging directory left after a signal at " << delay << " ms";
    EXPECT_EQ(read_file(dir / "unrelated.txt"), "keep");
  }
  std::cout << "interrupted runs: " << old_sets << " left the old set, " << new_sets << " the new one\n";
  fs::remove_all(dir);
}

TEST(PublishCliTest, AStaleStagingDirectoryIsSweptByTheNextRun) {
  const auto dir = fresh_temp_dir("publish_cli_sweep");
  fs::create_directories(dir / ".dpbandit-staging-999999999" / "backup");
  put(dir / ".dpbandit-staging-999999999" / "x.jsonl", "stale");
  const auto r = run_command(kCli + " simulate --learner mase --runs 1 --max-rounds 100 --out " + dir.string());
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_FALSE(has_staging(dir));
  EXPECT_TRUE(fs::exists(dir / "runs.csv"));
  EXPECT_TRUE(fs::exists(dir / ".dpbandit-manifest-runs.json"));
  fs::remove_all(dir);
}

}  // namespace
}  // namespace dpb::test
