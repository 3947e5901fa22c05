// The GLM learner registry (verify/crosscheck/glm_learners.hpp): every entry is complete (a missing hook would
// crash the commands only for that learner), the names the commands list are the table's, every option an entry
// takes is one the command line refuses for the others, and the comparators' shared steps report the first
// divergence as the cross-check's rule needs (a differing action, reward, length or pseudo-regret is a failure).
#include "verify/crosscheck/glm_learners.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

namespace dpb::verify {
namespace {

TEST(GlmLearnersTest, EveryEntryIsCompleteAndTakesOnlyKnownOptions) {
  const auto& known = glm_learner_option_names();
  ASSERT_FALSE(glm_learners().empty());
  for (const GlmLearner& l : glm_learners()) {
    SCOPED_TRACE(l.name);
    EXPECT_FALSE(l.name.empty());
    EXPECT_TRUE(l.parse && l.prepare && l.run && l.print_header && l.print_run && l.lambda_text && l.describe &&
                l.simulate);
    EXPECT_GE(l.q, 1u);
    EXPECT_LE(l.q, 16u);
    for (const auto& o : l.options) EXPECT_NE(std::find(known.begin(), known.end(), o), known.end()) << o;
  }
}

TEST(GlmLearnersTest, TheCommandsListTheTableInOrderAndFindOnlyItsNames) {
  std::vector<std::string> table;
  for (const GlmLearner& l : glm_learners()) table.push_back(l.name);
  EXPECT_EQ(glm_learner_names(), table);
  EXPECT_EQ(std::set<std::string>(table.begin(), table.end()).size(), table.size()) << "duplicate name";
  for (const auto& n : table) {
    EXPECT_TRUE(is_glm_learner(n));
    EXPECT_EQ(find_glm_learner(n)->name, n);
  }
  EXPECT_FALSE(is_glm_learner("linucb"));
  EXPECT_EQ(find_glm_learner(""), nullptr);
  GlmCrosscheckConfig c;
  c.learner = "linucb";
  EXPECT_THROW(crosscheck_glm(c), ParameterError);
}

TEST(GlmLearnersTest, SharedComparatorStepsKeepTheFirstDivergence) {
  const std::vector<std::uint32_t> ra = {0, 1, 2, 3}, fa = {0, 1, 4, 3};
  const std::vector<int> rr = {1, 0, 1, 1}, fr = {1, 0, 1, 0};
  GlmRunComparison c;
  EXPECT_TRUE(same_action_and_reward(c, 0, ra, fa, rr, fr));
  EXPECT_TRUE(same_action_and_reward(c, 1, ra, fa, rr, fr));
  EXPECT_FALSE(c.divergence);
  EXPECT_FALSE(same_action_and_reward(c, 2, ra, fa, rr, fr));
  ASSERT_TRUE(c.divergence);
  EXPECT_EQ(*c.divergence, 3u);
  EXPECT_EQ(c.detail, "round 3: reference plays 2, optimized 4");
  EXPECT_FALSE(same_action_and_reward(c, 3, ra, fa, rr, fr));  // a later difference does not replace the first
  EXPECT_EQ(*c.divergence, 3u);

  GlmRunComparison rewards;
  EXPECT_FALSE(same_action_and_reward(rewards, 3, ra, fa, rr, fr));
  EXPECT_EQ(rewards.detail, "round 4: the rewards differ");

  const std::vector<std::uint8_t> re = {0, 1, 0, 0}, fe = {0, 0, 0, 0};
  GlmRunComparison explore;
  EXPECT_FALSE(same_action_and_reward(explore, 1, ra, fa, rr, fr, &re, &fe));
  EXPECT_EQ(explore.detail, "round 2: Criterion I fires in the reference only");

  GlmRunComparison shorter;
  EXPECT_FALSE(same_action_and_reward(shorter, 3, ra, std::vector<std::uint32_t>{0, 1}, rr, fr));
  EXPECT_EQ(shorter.detail, "round 4: reference plays 3, optimized nothing");
  GlmRunComparison length;
  same_length(length, 4, 4);
  EXPECT_FALSE(length.divergence);
  same_length(length, 4, 2);
  ASSERT_TRUE(length.divergence);
  EXPECT_EQ(*length.divergence, 2u);
}

TEST(GlmLearnersTest, PseudoRegretsMustOverlapWithinTheBound) {
  const Interval reference = Interval::hull(Rational(10), Rational(11), 64);  // [10, 11]
  GlmRunComparison inside;
  overlapping_regrets(inside, 50, reference, 11.25, 0.5);  // [10.75, 11.75] meets [10, 11]
  EXPECT_FALSE(inside.divergence);
  EXPECT_EQ(inside.regret_fast, 11.25);
  GlmRunComparison above;
  overlapping_regrets(above, 50, reference, 11.75, 0.5);  // [11.25, 12.25] misses it
  ASSERT_TRUE(above.divergence);
  EXPECT_EQ(*above.divergence, 50u);
  EXPECT_EQ(above.detail, "the pseudo-regrets differ beyond their bounds");
  GlmRunComparison below;
  overlapping_regrets(below, 50, reference, 9.25, 0.5);  // [8.75, 9.75] misses it
  EXPECT_TRUE(below.divergence);
}

}  // namespace
}  // namespace dpb::verify
