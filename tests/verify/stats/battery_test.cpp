#include "verify/stats/battery.hpp"

#include <gtest/gtest.h>

namespace dpb::verify::stats {
namespace {

TEST(BatteryTest, HolmDecidesTheFamily) {
  Battery b("demo", 0.05);
  b.add({"a", 100, 5, 1.0, 4, 0.01, ""});
  b.add({"b", 100, 5, 1.0, 4, 0.04, ""});
  b.add({"c", 100, 5, 1.0, 4, 0.03, ""});
  b.add({"d", 100, 0, 3.0, 0, 0.005, "tail"});
  EXPECT_EQ(b.rejected(), (std::vector<bool>{true, false, false, true}));
  EXPECT_TRUE(b.any_rejected());
  EXPECT_EQ(b.rejected_count(), 2U);
  EXPECT_EQ(b.min_p_value(), 0.005);
  EXPECT_EQ(b.min_p_name(), "d");
}

TEST(BatteryTest, ReportShowsEveryTestAndItsDecision) {
  Battery b("demo", 1e-6);
  b.add({"dlaplace: pearson", 200000, 41, 1234.5, 40, 0.0, "bins ..."});
  b.add({"dlaplace: upper tail 0.999", 200000, 0, 190, 0, 0.25, "X > 20"});
  const std::string r = b.report();
  EXPECT_NE(r.find("battery 'demo': 2 tests"), std::string::npos) << r;
  EXPECT_NE(r.find("REJECT"), std::string::npos) << r;
  EXPECT_NE(r.find("accept"), std::string::npos) << r;
  EXPECT_NE(r.find("<1e-300"), std::string::npos) << r;
  EXPECT_NE(r.find("dlaplace: upper tail 0.999"), std::string::npos) << r;
  EXPECT_NE(r.find("X > 20"), std::string::npos) << r;
}

TEST(BatteryTest, EmptyBatteryRejectsNothingAndBadInputThrows) {
  Battery b("empty");
  EXPECT_FALSE(b.any_rejected());
  EXPECT_EQ(b.min_p_value(), 1.0);
  EXPECT_THROW(b.add({"x", 1, 0, 0, 0, 1.5, ""}), std::invalid_argument);
  EXPECT_THROW(Battery("bad", 0), std::invalid_argument);
}

TEST(BatteryTest, FormatsPValues) {
  EXPECT_EQ(format_p_value(0), "<1e-300");
  EXPECT_EQ(format_p_value(3.21e-7), "3.21e-07");
}

}  // namespace
}  // namespace dpb::verify::stats
