#include "verify/stats/holm.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace dpb::verify::stats {
namespace {

TEST(HolmTest, RejectsStepDownOnTextbookExample) {
  // Sorted: 0.005 ≤ 0.05/4, 0.01 ≤ 0.05/3, 0.03 > 0.05/2: stop. Bonferroni alone would reject only 0.005.
  const std::vector<double> p{0.01, 0.04, 0.03, 0.005};
  EXPECT_EQ(holm_reject(p, 0.05), (std::vector<bool>{true, false, false, true}));
}

TEST(HolmTest, AdjustedPValuesMatchRPAdjust) {
  // R: p.adjust(c(0.001, 0.01, 0.02, 0.04, 0.3), "holm") = 0.005 0.040 0.060 0.080 0.300
  const std::vector<double> p{0.001, 0.01, 0.02, 0.04, 0.3};
  const auto adj = holm_adjusted(p);
  const std::vector<double> expected{0.005, 0.04, 0.06, 0.08, 0.3};
  for (std::size_t i = 0; i < p.size(); ++i) EXPECT_NEAR(adj[i], expected[i], 1e-15);
  EXPECT_EQ(holm_reject(p, 0.05), (std::vector<bool>{true, true, false, false, false}));
}

TEST(HolmTest, StopsAtFirstAcceptanceEvenIfLaterPValuesAreSmallEnough) {
  // thresholds 0.0125, 0.0167, 0.025, 0.05: 0.02 > 0.0167 stops, so 0.04 ≤ 0.05 is not rejected.
  const std::vector<double> p{0.001, 0.02, 0.02, 0.04};
  EXPECT_EQ(holm_reject(p, 0.05), (std::vector<bool>{true, false, false, false}));
}

TEST(HolmTest, ThresholdsFollowTheSortedOrder) {
  const std::vector<double> p{0.3, 1e-9, 0.01};
  EXPECT_EQ(holm_thresholds(p, 1e-6), (std::vector<double>{1e-6, 1e-6 / 3, 1e-6 / 2}));
  EXPECT_EQ(holm_reject(p, 1e-6), (std::vector<bool>{false, true, false}));
}

TEST(HolmTest, EmptyFamilyAndBadInput) {
  EXPECT_TRUE(holm_reject(std::vector<double>{}, 0.05).empty());
  EXPECT_THROW(holm_reject(std::vector<double>{1.5}, 0.05), std::invalid_argument);
  EXPECT_THROW(holm_reject(std::vector<double>{0.5}, 0), std::invalid_argument);
}

}  // namespace
}  // namespace dpb::verify::stats
