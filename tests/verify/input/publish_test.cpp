// All-or-nothing publication (issue 14 class 6, verify/input/publish.hpp): staging on the same filesystem, backups,
// file-by-file renames, the manifest last, rollback on failure, stale staging directories swept.
#include "verify/input/publish.hpp"

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "tests/support/temp_files.hpp"

namespace dpb::verify::output {
namespace {

namespace fs = std::filesystem;

void put(const fs::path& p, const std::string& text) {
  std::ofstream out(p, std::ios::binary);
  out << text;
}

bool has_staging(const fs::path& dir) {
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().filename().string().rfind(kStagingPrefix, 0) == 0) return true;
  return false;
}

TEST(PublishTest, CommitReplacesTheSetAndWritesTheManifestLast) {
  const fs::path dir = test::fresh_temp_dir("publish_commit");
  fs::create_directories(dir);
  put(dir / "a.txt", "old a");
  put(dir / "other.txt", "not ours");
  {
    Publication pub(dir, "demo");
    pub.write("a.txt", "new a");
    pub.write("b.txt", "new b");
    EXPECT_EQ(test::read_file(dir / "a.txt"), "old a");  // nothing visible before the commit
    EXPECT_FALSE(fs::exists(dir / "b.txt"));
    const auto files = pub.commit();
    ASSERT_EQ(files.size(), 2U);
  }
  EXPECT_EQ(test::read_file(dir / "a.txt"), "new a");
  EXPECT_EQ(test::read_file(dir / "b.txt"), "new b");
  EXPECT_EQ(test::read_file(dir / "other.txt"), "not ours");
  const std::string manifest = test::read_file(dir / ".dpbandit-manifest-demo.json");
  EXPECT_NE(manifest.find("\"a.txt\""), std::string::npos) << manifest;
  EXPECT_NE(manifest.find("\"b.txt\""), std::string::npos) << manifest;
  EXPECT_FALSE(has_staging(dir));
  fs::remove_all(dir);
}

TEST(PublishTest, AFailureBetweenRenamesRollsBackToTheOldSet) {
  const fs::path dir = test::fresh_temp_dir("publish_rollback");
  fs::create_directories(dir);
  put(dir / "a.txt", "old a");
  put(dir / "c.txt", "old c");
  {
    Publication pub(dir, "demo");
    pub.write("a.txt", "new a");
    pub.write("b.txt", "new b");
    pub.write("c.txt", "new c");
    fs::remove(dir / "c.txt");
    fs::create_directory(dir / "c.txt");  // appears after the check: the third rename cannot replace it
    EXPECT_THROW(pub.commit(), std::runtime_error);
  }
  EXPECT_EQ(test::read_file(dir / "a.txt"), "old a");  // renamed back from the backup
  EXPECT_FALSE(fs::exists(dir / "b.txt"));               // the new file removed
  EXPECT_TRUE(fs::is_directory(dir / "c.txt"));          // untouched
  EXPECT_FALSE(fs::exists(dir / ".dpbandit-manifest-demo.json"));
  EXPECT_FALSE(has_staging(dir));
  fs::remove_all(dir);
}

TEST(PublishTest, AnAbandonedPublicationLeavesTheDirectoryAsItWas) {
  const fs::path dir = test::fresh_temp_dir("publish_abandon");
  fs::create_directories(dir);
  put(dir / "a.txt", "old a");
  {
    Publication pub(dir, "demo");
    pub.write("a.txt", "new a");
  }
  EXPECT_EQ(test::read_file(dir / "a.txt"), "old a");
  EXPECT_FALSE(has_staging(dir));
  fs::remove_all(dir);
}

TEST(PublishTest, StaleStagingDirectoriesAreSweptLiveOnesKept) {
  const fs::path dir = test::fresh_temp_dir("publish_sweep");
  fs::create_directories(dir);
  const pid_t child = ::fork();
  if (child == 0) ::_exit(0);
  ::waitpid(child, nullptr, 0);  // a pid that no longer runs
  fs::create_directories(staging_path(dir, child) / "backup");
  put(staging_path(dir, child) / "x.txt", "stale");
  fs::create_directories(staging_path(dir, ::getppid()));  // a running process's: kept
  EXPECT_EQ(sweep_stale_staging(dir), 1U);
  EXPECT_FALSE(fs::exists(staging_path(dir, child)));
  EXPECT_TRUE(fs::exists(staging_path(dir, ::getppid())));
  fs::remove_all(dir);
}

TEST(PublishTest, DestinationProblemsAreFoundUpFront) {
  const fs::path dir = test::fresh_temp_dir("publish_destination");
  fs::create_directories(dir);
  put(dir / "file", "x");
  EXPECT_EQ(destination_problem(dir), "");
  EXPECT_EQ(destination_problem(dir / "new" / "deeper"), "");
  EXPECT_NE(destination_problem(dir / "file"), "");
  EXPECT_NE(destination_problem(dir / "file" / "below"), "");
  EXPECT_NE(destination_problem("/dev/null/x"), "");
  fs::remove_all(dir);
}

}  // namespace
}  // namespace dpb::verify::output
