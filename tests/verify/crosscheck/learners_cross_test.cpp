// Reference vs optimized learners on shared reward tapes and noise streams: every learner agrees on 20 seeded runs
// (exact equality of actions, eliminations and released noisy statistics; near ties reported with the reference's
// certified margin), plus negative controls showing that the comparison catches disagreements.
#include <gtest/gtest.h>

#include <sstream>

#include "tests/support/learner_fixtures.hpp"
#include "verify/crosscheck/learners_crosscheck.hpp"

namespace dpb::verify {
namespace {

CrosscheckReport check(const std::string& learner, std::uint64_t T, std::uint32_t runs = 20,
                       const std::string& env = "", Rational eps = Rational(1, 2)) {
  CrosscheckConfig c;
  c.learner = learner;
  c.horizon = T;
  c.runs = runs;
  c.seed = 20261121;
  c.environment = env;
  c.eps = eps;
  return crosscheck_learner(c);
}

void expect_consistent(const CrosscheckReport& report) {
  std::ostringstream text;
  print_report(report, text);
  EXPECT_TRUE(report.ok()) << text.str();
  EXPECT_EQ(report.runs.size(), report.config.runs);
  std::uint64_t releases = 0;
  for (const auto& r : report.runs) releases += r.releases;
  if (report.config.learner != "ucb") {
    EXPECT_GT(releases, 0U) << text.str();
  }
}

std::uint64_t eliminations(const CrosscheckReport& report) {
  std::uint64_t n = 0;
  for (const auto& r : report.runs) n += r.eliminations;
  return n;
}

TEST(LearnersCrossTest, BatchedSuccessiveEliminationAgrees) {
  for (const char* learner : {"se", "central-dlap-se"}) {
    const auto report = check(learner, 20000, 20, "", Rational(4));  // ε = 4: eliminations happen before T
    expect_consistent(report);
    EXPECT_GT(eliminations(report), 20U) << learner << ": the runs reach the elimination tests";
  }
}

TEST(LearnersCrossTest, DpSuccessiveEliminationAgrees) {
  const auto report = check("dp-se", 30000);
  expect_consistent(report);
  EXPECT_GT(eliminations(report), 20U);  // the runs reach the elimination tests
}

TEST(LearnersCrossTest, AnytimeLazyUcbAgrees) {
  expect_consistent(check("anytime-lazy-ucb", 2000));
  expect_consistent(check("anytime-lazy-ucb", 600, 3, "seed000-easy", Rational(4)));  // reward grid 1/1000
}

TEST(LearnersCrossTest, HybridUcbAgrees) {
  expect_consistent(check("hybrid-ucb", 2000));
  expect_consistent(check("hybrid-ucb", 600, 3, "seed000-hard", Rational(8)));
}

TEST(LearnersCrossTest, FtnlAndNaiveFtnlAgree) {
  expect_consistent(check("ftnl", 5000));
  expect_consistent(check("naive-ftnl", 5000));
}

TEST(LearnersCrossTest, UcbAgrees) { expect_consistent(check("ucb", 2000)); }

TEST(LearnersCrossTest, UnknownLearnersAndBadArgumentsAreUsageErrors) {
  test::expect_parameter_error([] { check("no-such-learner", 10, 1); }, "learner");
  test::expect_parameter_error([] { check("ucb", 10, 1, "nowhere"); }, "env");
  test::expect_parameter_error([] { check("ucb", 0, 1); }, "horizon");
  EXPECT_FALSE(find_crosscheck_learner("dist-rdp-se")->pending);  // wired to the protocol
  EXPECT_FALSE(find_crosscheck_learner("anytime-lazy-ucb")->pending);
}

// Negative controls: the comparison must catch injected differences.
class CompareTrajectoriesTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ref_.actions = {0, 1, 2, 0, 1};
    ref_.pulls = {2, 2, 1};
    ref_.releases.push_back(ref::Release{3, 2, 0, 0, 1, Rational(3, 2)});
    fast_.actions = ref_.actions;
    fast_.pulls = ref_.pulls;
    fast_.releases.push_back(fast::Release{3, 2, 0, 0, 1, 3, 2, 1.5});
  }
  ref::Trajectory ref_;
  fast::Trajectory fast_;
};

TEST_F(CompareTrajectoriesTest, IdenticalTrajectoriesAgree) {
  const RunComparison c = compare_trajectories(ref_, fast_);
  EXPECT_TRUE(c.explained);
  EXPECT_FALSE(c.divergence.has_value());
}

TEST_F(CompareTrajectoriesTest, UnflaggedActionDifferenceIsUnexplained) {
  fast_.actions[3] = 2;
  const RunComparison c = compare_trajectories(ref_, fast_);
  EXPECT_FALSE(c.explained);
  EXPECT_EQ(c.divergence, 4U);
}

// Since session 5 a flagged near tie excuses nothing (the optimized build defers it to the certified path): a
// divergence there is a failure too, reported with the reference's margin and the deferral count.
TEST_F(CompareTrajectoriesTest, FlaggedActionDifferenceIsAFailureToo) {
  fast_.actions[3] = 2;
  fast_.near_ties.push_back(fast::NearTie{4, 2, 0, 1e-17, 1e-15});
  ref_.margins.push_back(ref::DecisionMargin{4, 0, 2, {"1e-20", "2e-20", false}});
  const RunComparison c = compare_trajectories(ref_, fast_);
  EXPECT_FALSE(c.explained);
  EXPECT_EQ(c.divergence, 4U);
  ASSERT_EQ(c.flagged.size(), 1U);
  EXPECT_EQ(c.flagged[0].margins.size(), 1U);
  EXPECT_NE(c.detail.find("did not defer"), std::string::npos) << c.detail;
}

TEST_F(CompareTrajectoriesTest, DeferredNearTiesAreCountedAndAgree) {
  fast_.near_ties.push_back(fast::NearTie{4, 0, 2, 1e-17, 1e-15, true});
  fast_.deferrals = 1;
  const RunComparison c = compare_trajectories(ref_, fast_);
  EXPECT_TRUE(c.explained);
  EXPECT_FALSE(c.divergence.has_value());
  EXPECT_EQ(c.deferrals, 1U);
}

TEST_F(CompareTrajectoriesTest, DifferentNoisyStatisticIsUnexplainedEvenWithANearTie) {
  fast_.releases[0].num = 5;
  fast_.actions[3] = 2;
  fast_.near_ties.push_back(fast::NearTie{4, 2, 0, 1e-17, 1e-15});
  EXPECT_FALSE(compare_trajectories(ref_, fast_).explained);
}

TEST_F(CompareTrajectoriesTest, EliminationDifferenceFailsWithOrWithoutAFlag) {
  ref_.eliminations.push_back(ref::Elimination{3, 1, 1});
  EXPECT_FALSE(compare_trajectories(ref_, fast_).explained);
  fast_.near_ties.push_back(fast::NearTie{3, 1, 1, 1e-17, 1e-15});
  EXPECT_FALSE(compare_trajectories(ref_, fast_).explained);
}

}  // namespace
}  // namespace dpb::verify
