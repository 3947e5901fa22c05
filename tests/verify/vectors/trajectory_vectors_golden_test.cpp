// Golden vectors (f), testdata/vectors/trajectories.jsonl: both builds reproduce the committed learner trajectories
// byte for byte, the file covers every ready learner, and its records are consistent with their own tapes (checked
// here independently of the learners: pulls are the counts of the actions, every release's range lies in the
// observed data, eliminations end batches).
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "reference/core/build_info.hpp"
#include "tests/support/run_command.hpp"
#include "verify/crosscheck/learners_crosscheck.hpp"
#include "verify/vectors/trajectory_vectors.hpp"
#include "verify/vectors/vectors.hpp"

namespace dpb::verify::vectors {
namespace {

namespace fs = std::filesystem;

std::string committed_text() {
  std::ifstream in(committed_vectors_dir() / "trajectories.jsonl", std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

void expect_reproduced(Impl impl) {
  const CategoryFile regenerated = generate_trajectories(impl);
  std::size_t matched = 0;
  const auto mismatch = compare_file(regenerated, committed_text(), &matched);
  EXPECT_FALSE(mismatch.has_value()) << mismatch->describe();
  EXPECT_EQ(matched, trajectory_cases().size());
}

TEST(TrajectoryVectorsGoldenTest, ReferenceReproducesTheCommittedFile) { expect_reproduced(Impl::reference); }

TEST(TrajectoryVectorsGoldenTest, OptimizedReproducesTheCommittedFile) { expect_reproduced(Impl::optimized); }

TEST(TrajectoryVectorsGoldenTest, FileIsSmallAndCoversEveryReadyLearner) {
  EXPECT_LT(fs::file_size(committed_vectors_dir() / "trajectories.jsonl"), 100000U);
  std::set<std::string> learners;
  for (const auto& c : trajectory_cases()) learners.insert(c.learner);
  for (const auto& l : crosscheck_learners()) {
    if (!l.pending) {
      EXPECT_TRUE(learners.count(l.name)) << l.name;
    }
  }
}

TEST(TrajectoryVectorsGoldenTest, RecordsAreConsistentWithTheirTapes) {
  std::istringstream lines(committed_text());
  std::string line;
  std::getline(lines, line);  // header
  std::size_t records = 0, eliminations = 0;
  while (std::getline(lines, line)) {
    const auto rec = nlohmann::json::parse(line);
    ++records;
    const std::uint64_t T = rec["T"], K = rec["K"];
    const auto& actions = rec["actions"];
    ASSERT_EQ(actions.size(), T) << rec["id"];
    std::vector<std::uint64_t> pulls(K, 0);
    std::vector<std::vector<std::uint64_t>> by_round(K, std::vector<std::uint64_t>(T + 1, 0));
    for (std::uint64_t t = 1; t <= T; ++t) {
      const std::uint64_t a = actions[t - 1];
      ASSERT_LT(a, K);
      ++pulls[a];
      for (std::uint64_t j = 0; j < K; ++j) by_round[j][t] = pulls[j];
    }
    EXPECT_EQ(rec["pulls"].get<std::vector<std::uint64_t>>(), pulls) << rec["id"];
    ASSERT_EQ(rec["tape"]["units"].size(), K);
    const bool full_information = rec["learner"].get<std::string>().find("ftnl") != std::string::npos;
    for (const auto& r : rec["releases"]) {
      const std::uint64_t round = r["round"], arm = r["arm"], first = r["first"], count = r["count"];
      ASSERT_LE(round, T);
      ASSERT_LT(arm, K);
      const std::uint64_t observed = full_information ? round : by_round[arm][round];
      EXPECT_LE(first + count, observed) << rec["id"] << " release at round " << round;
    }
    for (const auto& e : rec["eliminations"]) {
      ++eliminations;
      const std::uint64_t round = e["round"], arm = e["arm"];
      // An eliminated arm is never played after its elimination round.
      for (std::uint64_t t = round + 1; t <= T; ++t) EXPECT_NE(actions[t - 1].get<std::uint64_t>(), arm);
    }
  }
  EXPECT_EQ(records, trajectory_cases().size());
  EXPECT_GT(eliminations, 0U);  // the bern3-wide cases eliminate
}

TEST(TrajectoryVectorsGoldenTest, PythonCheckerReplaysFtnlAndRejectsAChangedRelease) {
  const std::string checker = dpb::configured_source_dir().string() + "/verify/vectors/check_vectors.py";
  const fs::path dir = fs::temp_directory_path() / ("dpb_trajectories_py_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  std::string text = committed_text();
  std::ofstream(dir / "trajectories.jsonl", std::ios::binary) << text;
  const auto good = test::run_command("python3 " + checker + " " + dir.string());
  EXPECT_EQ(good.exit_code, 0) << good.out << good.err;
  EXPECT_NE(good.out.find(std::to_string(trajectory_cases().size()) + " records replayed, 0 mismatches"),
            std::string::npos)
      << good.out;
  // FTNL on bern3: change the first released value (a digit prepended). Tape, actions, pulls and regret still
  // agree, so only the replay of the noise and the epoch sums can notice.
  const auto at = text.find("\"id\":\"ftnl/bern3/");
  ASSERT_NE(at, std::string::npos);
  const auto value = text.find("\"value\":\"", text.find("\"releases\":[", at));
  ASSERT_NE(value, std::string::npos);
  const auto digit = value + std::string("\"value\":\"").size();
  text.insert(text[digit] == '-' ? digit + 1 : digit, "7");
  std::ofstream(dir / "trajectories.jsonl", std::ios::binary | std::ios::trunc) << text;
  const auto bad = test::run_command("python3 " + checker + " " + dir.string());
  fs::remove_all(dir);
  EXPECT_EQ(bad.exit_code, 1) << bad.out << bad.err;
  EXPECT_NE(bad.out.find("ftnl/bern3/"), std::string::npos) << bad.out;
  EXPECT_NE(bad.out.find("releases[0]"), std::string::npos) << bad.out;
}

}  // namespace
}  // namespace dpb::verify::vectors
