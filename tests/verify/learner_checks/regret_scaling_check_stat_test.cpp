// Claim 000.regret-scaling (verify/learner_checks/regret_scaling_check): the quick grid holds; a learner that never
// eliminates (linear regret) and a learner whose privacy noise grows like 1/ε² are rejected; the slope fit is
// right on exact data.
#include <gtest/gtest.h>

#include <cmath>

#include "optimized/learners/batch_aggregator.hpp"
#include "verify/learner_checks/regret_scaling_check.hpp"

namespace dpb::verify::learner_checks {
namespace {

// Reports a huge σ: β(b) never lets an arm go (Algorithm 1 degenerates to round robin).
class NeverEliminate final : public fast::BatchAggregator {
 public:
  std::string name() const override { return "never-eliminate"; }
  fast::FixedPoint aggregate(std::span<const std::int32_t> units, std::int64_t grid,
                             NoiseSource& noise) const override {
    return inner_.aggregate(units, grid, noise);
  }
  fast::NoiseConcentration concentration(std::uint64_t) const override { return {1e9, 0}; }

 private:
  fast::NonPrivateAggregator inner_;
};

TEST(RegretScalingCheckStatTest, FitSlopeIsExactOnALine) {
  const Fit f = fit_slope({1, 2, 3, 4}, {5, 7, 9, 11}, {0.1, 0.1, 0.1, 0.1}, 3);
  EXPECT_DOUBLE_EQ(f.estimate, 2);
  EXPECT_NEAR(f.standard_error, 0.1 / std::sqrt(5.0), 1e-15);  // Σ(x − x̄)² = 5
  EXPECT_NEAR(f.upper - f.lower, 6 * f.standard_error, 1e-12);
}

TEST(RegretScalingCheckStatTest, QuickGridHolds) {
  const RegretScalingResult r = check_regret_scaling(regret_scaling_config(Suite::quick, 20261121));
  EXPECT_EQ(r.verdict, Verdict::holds) << to_json(r).dump(1);
  EXPECT_LT(r.exponent_T.upper, 0.5);
  EXPECT_GT(r.slope_T.estimate, 0);  // regret grows with T (not required to be significant at this size)
  EXPECT_GT(r.slope_eps.lower, 0);
  EXPECT_GT(r.exponent_eps.lower, 0.5);
  EXPECT_LT(r.exponent_eps.upper, 1.5);
}

TEST(RegretScalingCheckStatTest, LinearRegretIsRejected) {
  RegretScalingConfig c = regret_scaling_config(Suite::quick, 5);
  c.runs = 8;
  c.eps_grid = {Rational(1, 8), Rational(1, 4)};
  c.horizon_eps = 1U << 14;
  c.make_private = [](const Rational&, std::uint64_t) -> std::unique_ptr<fast::BatchAggregator> {
    return std::make_unique<NeverEliminate>();
  };
  const RegretScalingResult r = check_regret_scaling(c);
  EXPECT_EQ(r.verdict, Verdict::violated) << to_json(r).dump(1);
  EXPECT_GT(r.exponent_T.lower, 0.9);
}

TEST(RegretScalingCheckStatTest, PrivacyCostGrowingLikeOneOverEpsSquaredIsRejected) {
  RegretScalingConfig c = regret_scaling_config(Suite::quick, 6);
  c.horizons = {1U << 14, 1U << 15};
  c.eps_grid = {Rational(1, 8), Rational(1, 4), Rational(1, 2)};
  c.make_private = [](const Rational& eps, std::uint64_t) -> std::unique_ptr<fast::BatchAggregator> {
    return std::make_unique<fast::CentralDiscreteLaplaceAggregator>(eps * eps);  // noise scale 1/ε²
  };
  const RegretScalingResult r = check_regret_scaling(c);
  EXPECT_EQ(r.verdict, Verdict::violated) << to_json(r).dump(1);
  EXPECT_GT(r.exponent_eps.lower, 1.5);
}

}  // namespace
}  // namespace dpb::verify::learner_checks
