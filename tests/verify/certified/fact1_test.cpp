// 000.fact1 checker: holds for the true law on a small grid; a wrong law (Lap_Z(1.01 t)) is certainly rejected.
#include "verify/certified/fact1.hpp"

#include <gtest/gtest.h>

namespace dpb::verify::certified {
namespace {

Fact1Config small() {
  Fact1Config c = fact1_config(Suite::quick);
  c.grid = {{1, Rational(1, 2)}, {3, Rational(1)}, {8, Rational(4)}};
  return c;
}

TEST(Fact1Test, HoldsForPolyaSumsOnASmallGrid) {
  const Outcome o = check_fact1(small());
  EXPECT_EQ(o.verdict, Verdict::holds) << o.evidence.dump(2);
  EXPECT_EQ(o.evidence["cases"].size(), 3U);
  EXPECT_FALSE(o.key_figure.empty());
}

TEST(Fact1Test, NegativeControlWrongScaleIsViolated) {
  Fact1Config c = small();
  c.target_scale_factor = Rational(101, 100);
  const Outcome o = check_fact1(c);
  EXPECT_EQ(o.verdict, Verdict::violated) << o.evidence.dump(2);
  EXPECT_TRUE(o.evidence["cases"][0].contains("counterexample"));
}

TEST(Fact1Test, QuickGridIsASubsetOfTheFullGrid) {
  const auto q = fact1_config(Suite::quick), f = fact1_config(Suite::full);
  EXPECT_EQ(f.grid.size(), 24U);
  EXPECT_LT(q.grid.size(), f.grid.size());
}

}  // namespace
}  // namespace dpb::verify::certified
