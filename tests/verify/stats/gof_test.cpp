#include "verify/stats/gof.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "tests/verify/stats/exact_laws.hpp"

namespace dpb::verify::stats {
namespace {

using test_laws::TwoSidedGeometric;

// n draws of the two-sided geometric law with θ = 1/2 (|X| = G − 1 for G ~ Geometric(1/2) on {1, 2, …}, and a
// fair sign with a rejection of "−0" so that P[X = 0] = 1/3) from a seeded mt19937_64: exact in the bit model.
std::vector<std::int64_t> draw_half_geometric(std::uint64_t n, std::uint64_t seed, std::int64_t shift = 0) {
  std::mt19937_64 gen(seed);
  std::vector<std::int64_t> out;
  out.reserve(n);
  while (out.size() < n) {
    const std::uint64_t w = gen();
    const bool negative = (w & 1) != 0;
    const std::int64_t g = std::countr_zero(gen() | (std::uint64_t{1} << 63));  // P[g = j] = 2^{−(j+1)}
    if (negative && g == 0) continue;                                           // "−0": reject
    out.push_back((negative ? -g : g) + shift);
  }
  return out;
}

TEST(GofTest, CorrectSamplesPassTheBattery) {
  const TwoSidedGeometric law(Rational(1, 2));
  const std::uint64_t n = 200000;
  const GofPlan plan = plan_goodness_of_fit(law, n);
  EXPECT_EQ(plan.tails.size(), 4U);
  for (std::uint64_t seed : {1U, 2U, 3U}) {
    Battery battery("two-sided geometric", 1e-6);
    add_goodness_of_fit(battery, "seed " + std::to_string(seed), plan, draw_half_geometric(n, seed));
    EXPECT_EQ(battery.records().size(), 7U);  // support, pearson, g, 4 tails
    EXPECT_FALSE(battery.any_rejected()) << battery.report();
    EXPECT_GT(battery.min_p_value(), 1e-6) << battery.report();
  }
}

TEST(GofTest, ShiftedSamplesAreRejectedAndPowerIsPredicted) {
  const TwoSidedGeometric law(Rational(1, 2));
  const std::uint64_t n = 20000;
  const GofPlan plan = plan_goodness_of_fit(law, n);
  Battery battery("shifted", 1e-6);
  add_goodness_of_fit(battery, "shift 1", plan, draw_half_geometric(n, 7, 1));
  EXPECT_TRUE(battery.any_rejected()) << battery.report();
  const PowerPrediction power = predict_pearson_power(plan, TwoSidedGeometric(Rational(1, 2), 1), 1e-6);
  EXPECT_GT(power.noncentrality, 1000);
  EXPECT_GT(power.power, 0.999999);
  const PowerPrediction none = predict_pearson_power(plan, law, 1e-6);
  EXPECT_NEAR(none.noncentrality, 0, 1e-9);
}

TEST(GofTest, SampleOutsideTheSupportIsRejectedExactly) {
  const test_laws::UniformLaw law(0, 9);
  const GofPlan plan = plan_goodness_of_fit(law, 1000);
  std::vector<std::int64_t> s(1000);
  for (std::size_t i = 0; i < s.size(); ++i) s[i] = static_cast<std::int64_t>(i % 10);
  s[17] = 10;
  Battery battery("uniform", 1e-6);
  add_goodness_of_fit(battery, "u", plan, s);
  EXPECT_EQ(battery.records().front().name, "u: support");
  EXPECT_EQ(battery.records().front().p_value, 0.0);
  EXPECT_TRUE(battery.rejected().front());
}

TEST(GofTest, PlanSizeMustMatchTheSample) {
  const test_laws::UniformLaw law(0, 9);
  const GofPlan plan = plan_goodness_of_fit(law, 1000);
  Battery battery("uniform", 1e-6);
  EXPECT_THROW(add_goodness_of_fit(battery, "u", plan, std::vector<std::int64_t>(999, 0)), std::invalid_argument);
}

}  // namespace
}  // namespace dpb::verify::stats
