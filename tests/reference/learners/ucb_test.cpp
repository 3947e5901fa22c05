// UCB1, reference: horizon, huge gaps, exact ties, validation.
#include "reference/learners/ucb.hpp"

#include <gtest/gtest.h>

#include "tests/support/learner_fixtures.hpp"

namespace dpb::ref {
namespace {

TEST(UcbTest, StopsExactlyAtTheHorizon) {
  const RewardTape tape = test::bernoulli_tape({Rational(1, 2), Rational(3, 5), Rational(2, 5)}, 500);
  for (std::uint64_t T : {1, 2, 3, 4, 500}) test::expect_complete_run(ucb({3, T}, tape), T, 3);
}

TEST(UcbTest, HugeGapMakesTheBestArmWin) {
  const Trajectory t = ucb({3, 3000}, test::constant_tape({0, 1, 0}, 3000));
  EXPECT_GT(t.pulls[1], 2900U);
  EXPECT_TRUE(t.releases.empty());
}

TEST(UcbTest, ExactTiesGoToTheLowestIndex) {
  // Identical constant arms: the indices tie exactly at every round; the tie rule makes UCB round-robin.
  const Trajectory t = ucb({3, 30}, test::constant_tape({1, 1, 1}, 30));
  for (std::uint64_t r = 0; r < 30; ++r) EXPECT_EQ(t.actions[r], r % 3);
}

TEST(UcbTest, ValidationNamesTheParameter) {
  const RewardTape tape = test::bernoulli_tape({Rational(1, 2), Rational(3, 5)}, 100);
  test::expect_parameter_error([&] { ucb({0, 10}, tape); }, "K");
  test::expect_parameter_error([&] { ucb({3, 10}, tape); }, "K");
  test::expect_parameter_error([&] { ucb({2, 0}, tape); }, "T");
  test::expect_parameter_error([&] { ucb({2, 101}, tape); }, "T");
}

}  // namespace
}  // namespace dpb::ref
