// The `shuffle` audit target says what it runs (issue 22): a perfect SecAgg (the modular sum) standing in for
// Theorem 3's relaxed SecAgg, not split-and-mix ("shuffled shares"), which is no relaxed SecAgg (000.split-and-mix.llr).
#include <gtest/gtest.h>

#include <string>

#include "verify/audit/targets.hpp"

namespace dpb::verify::audit {
namespace {

TEST(ShuffleTargetTextTest, DescribesThePerfectSecAggItRuns) {
  const TargetInfo* t = find_target("shuffle");
  ASSERT_NE(t, nullptr);
  EXPECT_NE(t->description.find("perfect SecAgg"), std::string::npos) << t->description;
  EXPECT_EQ(t->description.find("shuffled shares"), std::string::npos) << t->description;
  EXPECT_NE(t->description.find("000.split-and-mix.llr"), std::string::npos) << t->description;
}

}  // namespace
}  // namespace dpb::verify::audit
