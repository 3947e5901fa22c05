#include "verify/stats/binning.hpp"

#include <gtest/gtest.h>

#include <memory>

#include "tests/verify/stats/exact_laws.hpp"

namespace dpb::verify::stats {
namespace {

using test_laws::TwoSidedGeometric;
using test_laws::UniformLaw;

void expect_well_formed(const Binning& b, std::uint64_t n, double min_expected) {
  ASSERT_GE(b.size(), 2U);
  EXPECT_EQ(b.bins().front().lo, kMinusInfinity);
  EXPECT_EQ(b.bins().back().hi, kPlusInfinity);
  double lo = 0, hi = 0;
  for (std::size_t i = 0; i < b.size(); ++i) {
    if (i + 1 < b.size()) {
      EXPECT_EQ(b.bins()[i + 1].lo, b.bins()[i].hi + 1);
    }
    EXPECT_GE(static_cast<double>(n) * b.bins()[i].p.lower, min_expected) << b.bins()[i].describe();
    EXPECT_LE(b.bins()[i].p.upper - b.bins()[i].p.lower, 1e-15);
    lo += b.bins()[i].p.lower;
    hi += b.bins()[i].p.upper;
  }
  EXPECT_NEAR(lo, 1.0, 1e-12);
  EXPECT_NEAR(hi, 1.0, 1e-12);
}

TEST(BinningTest, BinsOfAnUnboundedLawCoverTheIntegersWithExpectedAtLeast20) {
  const TwoSidedGeometric law(Rational(1, 2));
  const std::uint64_t n = 10000;
  const Binning b = bin_distribution(law, n);
  expect_well_formed(b, n, 20);
  // Each bin's mass is the exact rational one (to double rounding), and every bin but the tails is minimal:
  // dropping its last value would leave it below the target 20 / n.
  for (const Bin& bin : b.bins()) {
    const double exact = law.mass(bin.lo, bin.hi).convert_to<double>();
    EXPECT_NEAR(bin.p.midpoint(), exact, 1e-15);
    if (bin.lo != kMinusInfinity && bin.hi != kPlusInfinity && bin.hi > bin.lo) {
      EXPECT_LT(law.mass(bin.lo, bin.hi - 1).convert_to<double>(), 20.0 / n) << bin.describe();
    }
  }
  // P[X ≤ −k] = (1/2)^k / (3/2) = (2/3) 2^{−k} ≥ 0.002 first at k = 8: the lower tail bin is (−inf, −8].
  EXPECT_EQ(b.bins().front().hi, -8);
  EXPECT_EQ(b.bins().back().lo, 8);
}

TEST(BinningTest, BoundedLawGetsOneBinPerValueWhenMassAllows) {
  const UniformLaw law(0, 9);
  const Binning b = bin_distribution(law, 1000);  // t = 0.02 < 1/10
  expect_well_formed(b, 1000, 20);
  ASSERT_EQ(b.size(), 10U);
  EXPECT_EQ(b.bins().front().describe(), "(-inf, 0]");
  EXPECT_EQ(b.bins()[4].describe(), "{4}");
  EXPECT_EQ(b.bins().back().describe(), "[9, +inf)");
  EXPECT_EQ(b.index_of(-5), 0U);
  EXPECT_EQ(b.index_of(4), 4U);
  EXPECT_EQ(b.index_of(1000), 9U);
}

TEST(BinningTest, LeftoverBelowTargetMergesIntoTheLastBin) {
  const UniformLaw law(0, 9);
  // t = 0.25: bins (−inf, 2] (mass 0.3), [3, 5] (0.3); then [6, 9] holds 0.4 < 2t, so it is the last bin.
  const Binning b = bin_distribution(law, 100, {25, 0, 128});
  ASSERT_EQ(b.size(), 3U);
  EXPECT_EQ(b.bins()[1].describe(), "[3, 5]");
  EXPECT_EQ(b.bins()[2].describe(), "[6, +inf)");
}

TEST(BinningTest, MaxBinsCoarsensTheBins) {
  const TwoSidedGeometric law(Rational(9, 10));
  const Binning b = bin_distribution(law, 1000000, {20, 12, 128});
  expect_well_formed(b, 1000000, 20);
  EXPECT_LE(b.size(), 12U);
  EXPECT_GE(b.size(), 6U);
  for (const Bin& bin : b.bins()) EXPECT_GE(bin.p.lower, 1.0 / 12);
}

TEST(BinningTest, CountPutsEverySampleInItsBin) {
  const UniformLaw law(0, 9);
  const Binning b = bin_distribution(law, 1000);
  const std::vector<std::int64_t> s{-3, 0, 0, 4, 9, 12};
  EXPECT_EQ(b.count(s), (std::vector<std::uint64_t>{3, 0, 0, 0, 1, 0, 0, 0, 0, 2}));
}

TEST(BinningTest, TooFewDrawsThrow) {
  const UniformLaw law(0, 1);
  EXPECT_THROW(bin_distribution(law, 30), std::invalid_argument);  // t = 2/3 > 1/2
  const UniformLaw point(3, 3);
  EXPECT_THROW(bin_distribution(point, 1000), std::invalid_argument);
}

TEST(BinningTest, TailEventsAtTheQuantiles) {
  const TwoSidedGeometric law(Rational(1, 2));
  // P[X ≥ j] = (2/3) 2^{−j}: the smallest q with P[X > q] ≤ 0.001 is q = 9, mass (2/3)/1024 = 1/1536.
  const auto up = tail_event(law, TailEvent::Side::kUpper, 0.999);
  ASSERT_TRUE(up.has_value());
  EXPECT_EQ(up->q, 9);
  EXPECT_NEAR(up->p.midpoint(), 1.0 / 1536, 1e-18);
  EXPECT_TRUE(up->contains(10));
  EXPECT_FALSE(up->contains(9));
  const auto down = tail_event(law, TailEvent::Side::kLower, 0.999);
  ASSERT_TRUE(down.has_value());
  EXPECT_EQ(down->q, -9);
  EXPECT_NEAR(down->p.midpoint(), 1.0 / 1536, 1e-18);
  EXPECT_EQ(down->describe(), "X < -9 (0.999 lower tail)");
}

TEST(BinningTest, TailEventBeyondABoundedSupportIsEmpty) {
  const UniformLaw law(0, 9);
  EXPECT_FALSE(tail_event(law, TailEvent::Side::kUpper, 0.999).has_value());
  EXPECT_FALSE(tail_event(law, TailEvent::Side::kLower, 0.999).has_value());
  const UniformLaw wide(0, 9999);
  const auto up = tail_event(wide, TailEvent::Side::kUpper, 0.99945);  // cdf(k) = (k+1)/10^4 ≥ 0.99945 at k = 9994
  ASSERT_TRUE(up.has_value());
  EXPECT_EQ(up->q, 9994);
  EXPECT_NEAR(up->p.midpoint(), 5e-4, 1e-18);
}

}  // namespace
}  // namespace dpb::verify::stats
