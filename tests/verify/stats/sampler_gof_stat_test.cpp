// The goodness-of-fit battery (issue 2, item 8; docs/architecture.md §8; docs/statistics.md).
//
// Every sampler — reference (dpb::ref) and optimized (dpb::fast), on different seeds — is drawn N times from a
// fixed ChaCha20 stream and tested against its certified pmf (reference/pmf/registry.hpp) by add_goodness_of_fit:
// an exact support check, Pearson χ² and G on bins with expected counts ≥ 20 (at most 50 bins, tails merged),
// and exact two-sided binomial tests of the mass beyond the 0.99 and 0.999 quantiles on each side.
//
// α policy: all tests of all samplers form ONE family, decided by Holm–Bonferroni at family-wise α = 1e-6, so no
// test is ever rejected at a per-test level above 1e-6, and the chance that this test fails on correct samplers
// is ≤ 1e-6. Each negative control (tests/support/broken_samplers.hpp) runs through the same code at the same
// family α (its own family: its support, χ², G and tail tests) and must be rejected.
//
// Seeds: case i uses ChaCha20Source(kSeed + i, 0) for the reference and (kSeed + i, 1) for the optimized build;
// control j uses (kSeed + 100 + j, 2).
//
// Sample sizes (docs/statistics.md has the power computations): the optimized samplers at kFastN = 2·10^6 and
// the reference samplers at kRefN = 10^6 (the reference costs ~4–11 µs of CPU per draw for the GMP-based
// samplers, ~70 s for the whole list at 10^6). The power needed is set by the hardest control, the 1% scale error of
// the discrete Laplace: its Pearson noncentrality is λ ≈ 0.96·10^-4 N on the 17 bins of Lap_Z(3), so the battery
// misses it with probability 1.8e-11 at 2·10^6 and 3.5e-3 at 10^6 (per-test level 1e-6/7, df 16). Every other
// control has power ≥ 1 − 1e-12 already at 10^6. The controls are built on the optimized samplers and run at
// kFastN; the predicted power at kRefN is printed beside each.
#include <gtest/gtest.h>

#include <ctime>
#include <cstdio>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "optimized/samplers/bernoulli.hpp"
#include "optimized/samplers/bernoulli_exp.hpp"
#include "optimized/samplers/binomial.hpp"
#include "optimized/samplers/discrete_gaussian.hpp"
#include "optimized/samplers/discrete_gaussian_inversion.hpp"
#include "optimized/samplers/discrete_laplace.hpp"
#include "optimized/samplers/discrete_laplace_inversion.hpp"
#include "optimized/samplers/geometric.hpp"
#include "optimized/samplers/poisson.hpp"
#include "optimized/samplers/polya.hpp"
#include "optimized/samplers/rounding.hpp"
#include "optimized/samplers/skellam.hpp"
#include "reference/bits/chacha20.hpp"
#include "reference/pmf/registry.hpp"
#include "reference/samplers/bernoulli.hpp"
#include "reference/samplers/bernoulli_exp.hpp"
#include "reference/samplers/binomial.hpp"
#include "reference/samplers/discrete_gaussian.hpp"
#include "reference/samplers/discrete_gaussian_inversion.hpp"
#include "reference/samplers/discrete_laplace.hpp"
#include "reference/samplers/discrete_laplace_inversion.hpp"
#include "reference/samplers/geometric.hpp"
#include "reference/samplers/poisson.hpp"
#include "reference/samplers/polya.hpp"
#include "reference/samplers/rounding.hpp"
#include "reference/samplers/skellam.hpp"
#include "tests/support/broken_samplers.hpp"
#include "verify/stats/battery.hpp"
#include "tests/support/gof_drawers.hpp"
#include "verify/stats/gof.hpp"

namespace dpb::verify::stats {
namespace {

constexpr double kFamilyAlpha = 1e-6;
constexpr std::uint64_t kSeed = 20261121;
constexpr std::uint64_t kFastN = 2000000;
constexpr std::uint64_t kRefN = 1000000;

using Params = test::GofParams;
using test::Drawer;
using test::drawer;
GofOptions battery_options() { return test::gof_battery_options(); }


struct Case {
  std::string dist;
  Params params;
  Drawer reference, optimized;
};

Rational q(long a, long b = 1) { return Rational(a, b); }

std::vector<Case> cases() {
  return {
      {"dlaplace", {{"scale", q(1, 3)}}, drawer<ref::DiscreteLaplace>(q(1, 3)), drawer<fast::DiscreteLaplace>(q(1, 3))},
      {"dlaplace", {{"scale", q(3)}}, drawer<ref::DiscreteLaplace>(q(3)), drawer<fast::DiscreteLaplace>(q(3))},
      {"dlaplace", {{"scale", q(30)}}, drawer<ref::DiscreteLaplace>(q(30)), drawer<fast::DiscreteLaplace>(q(30))},
      {"dgauss", {{"sigma2", q(1, 4)}}, drawer<ref::DiscreteGaussian>(q(1, 4), q(0)),
       drawer<fast::DiscreteGaussian>(q(1, 4), q(0))},
      {"dgauss", {{"sigma2", q(100)}}, drawer<ref::DiscreteGaussian>(q(100), q(0)),
       drawer<fast::DiscreteGaussian>(q(100), q(0))},
      {"dgauss", {{"sigma2", q(7, 3)}, {"mu", q(1, 2)}}, drawer<ref::DiscreteGaussian>(q(7, 3), q(1, 2)),
       drawer<fast::DiscreteGaussian>(q(7, 3), q(1, 2))},
      {"geometric", {{"scale", q(5, 2)}}, drawer<ref::Geometric>(q(5, 2)), drawer<fast::Geometric>(q(5, 2))},
      {"bernoulli", {{"p", q(1, 3)}}, drawer<ref::Bernoulli>(q(1, 3)), drawer<fast::Bernoulli>(q(1, 3))},
      {"bernoulli-exp", {{"gamma", q(5, 2)}}, drawer<ref::BernoulliExp>(q(5, 2)), drawer<fast::BernoulliExp>(q(5, 2))},
      {"binomial", {{"n", q(50)}, {"p", q(1, 3)}}, drawer<ref::Binomial>(Integer(50), q(1, 3)),
       drawer<fast::Binomial>(Integer(50), q(1, 3))},
      {"round", {{"x", q(3, 7)}, {"g", q(100)}}, drawer<ref::RandomizedRounding>(q(3, 7), Integer(100)),
       drawer<fast::RandomizedRounding>(q(3, 7), Integer(100))},
      {"poisson", {{"mean", q(10)}}, drawer<ref::Poisson>(q(10)), drawer<fast::Poisson>(q(10))},
      {"poisson", {{"mean", q(1, 3)}}, drawer<ref::Poisson>(q(1, 3)), drawer<fast::Poisson>(q(1, 3))},
      {"skellam", {{"var", q(100)}}, drawer<ref::Skellam>(q(100)), drawer<fast::Skellam>(q(100))},
      {"skellam", {{"var", q(2)}}, drawer<ref::Skellam>(q(2)), drawer<fast::Skellam>(q(2))},
      {"polya", {{"r", q(1, 8)}, {"scale", q(10)}}, drawer<ref::Polya>(q(1, 8), q(10)),
       drawer<fast::Polya>(q(1, 8), q(10))},
      {"polya-diff", {{"r", q(1, 3)}, {"scale", q(4)}}, drawer<ref::PolyaDifference>(q(1, 3), q(4)),
       drawer<fast::PolyaDifference>(q(1, 3), q(4))},
      // The `inversion` method (docs/samplers.md) on parameter sets of its own, so that its lines in the report are
      // told apart from the CKS20 samplers' by the law's name. σ² = 110: bias(±10) = 0 (accepted without bits).
      {"dlaplace", {{"scale", q(7, 2)}}, drawer<ref::DiscreteLaplaceInversion>(q(7, 2)),
       drawer<fast::DiscreteLaplaceInversion>(q(7, 2))},
      {"dlaplace", {{"scale", q(2, 5)}}, drawer<ref::DiscreteLaplaceInversion>(q(2, 5)),
       drawer<fast::DiscreteLaplaceInversion>(q(2, 5))},
      {"dgauss", {{"sigma2", q(110)}}, drawer<ref::DiscreteGaussianInversion>(q(110), q(0)),
       drawer<fast::DiscreteGaussianInversion>(q(110), q(0))},
      {"dgauss", {{"sigma2", q(5, 2)}, {"mu", q(-5, 3)}}, drawer<ref::DiscreteGaussianInversion>(q(5, 2), q(-5, 3)),
       drawer<fast::DiscreteGaussianInversion>(q(5, 2), q(-5, 3))},
  };
}

// Processor time of this process (the runtime budget is stated in CPU seconds on one core: wall time depends on
// what else the machine runs).
double cpu_seconds() { return static_cast<double>(std::clock()) / CLOCKS_PER_SEC; }

TEST(SamplerGofTest, ReferenceAndOptimizedSamplersPassTheBattery) {
  Battery battery("samplers vs certified pmfs", kFamilyAlpha);
  const auto all = cases();
  for (std::size_t i = 0; i < all.size(); ++i) {
    const Case& c = all[i];
    const auto law = ref::make_certified_distribution(c.dist, c.params);
    const double t0 = cpu_seconds();
    const GofPlan ref_plan = plan_goodness_of_fit(*law, kRefN, battery_options());
    const GofPlan fast_plan = plan_goodness_of_fit(*law, kFastN, battery_options());
    const double t1 = cpu_seconds();
    const auto ref_samples = c.reference(kSeed + i, 0, kRefN);
    const double t2 = cpu_seconds();
    const auto fast_samples = c.optimized(kSeed + i, 1, kFastN);
    const double t3 = cpu_seconds();
    const double t_plan = t1 - t0, t_ref = t2 - t1, t_fast = t3 - t2;
    Battery one(law->describe(), kFamilyAlpha);
    add_goodness_of_fit(one, law->describe() + " [ref]", ref_plan, ref_samples);
    add_goodness_of_fit(one, law->describe() + " [fast]", fast_plan, fast_samples);
    std::printf("%-32s bins ref %2zu fast %2zu  min p %-9s  cpu: plan %.2fs  ref %.2fs (%.2f us/draw)  fast %.2fs\n",
                law->describe().c_str(), ref_plan.binning.size(), fast_plan.binning.size(),
                format_p_value(one.min_p_value()).c_str(), t_plan, t_ref, 1e6 * t_ref / kRefN, t_fast);
    battery.add_all(one);
  }
  std::printf("%zu tests, Holm-Bonferroni at family alpha %g: smallest p %s (%s)\n", battery.records().size(),
              kFamilyAlpha, format_p_value(battery.min_p_value()).c_str(), battery.min_p_name().c_str());
  EXPECT_FALSE(battery.any_rejected()) << battery.report();
}

struct Control {
  std::string name;
  std::string dist;  // the law the broken sampler claims to follow
  Params params;
  std::uint64_t n;
  Drawer sampler;
  std::string alt_dist;  // the law it actually follows, when it has a certified pmf (power prediction); "" if not
  Params alt_params;
};

std::vector<Control> controls() {
  // The 0.999 upper quantile of Lap_Z(3): the truncation bound of the truncated control.
  const auto dl3 = ref::make_certified_distribution("dlaplace", {{"scale", q(3)}});
  const std::int64_t bound = tail_event(*dl3, TailEvent::Side::kUpper, 0.999)->q;
  return {
      {"dlaplace scale x1.01", "dlaplace", {{"scale", q(3)}}, kFastN, drawer<test::DiscreteLaplaceScaleOff>(q(3)),
       "dlaplace", {{"scale", q(303, 100)}}},
      {"dlaplace truncated at " + std::to_string(bound), "dlaplace", {{"scale", q(3)}}, kFastN,
       drawer<test::TruncatedDiscreteLaplace>(q(3), bound), "", {}},
      {"dgauss mean +1/2", "dgauss", {{"sigma2", q(100)}}, kFastN,
       drawer<test::DiscreteGaussianShiftedMean>(q(100), q(0), q(1, 2)), "dgauss", {{"sigma2", q(100)}, {"mu", q(1, 2)}}},
      {"poisson mean x1.02", "poisson", {{"mean", q(10)}}, kFastN, drawer<test::PoissonMeanOff>(q(10)), "poisson",
       {{"mean", q(1020, 100)}}},
      {"geometric scale+1", "geometric", {{"scale", q(5, 2)}}, kFastN, drawer<test::GeometricScaleOff>(q(5, 2)),
       "geometric", {{"scale", q(7, 2)}}},
      {"bernoulli lost bit", "bernoulli", {{"p", q(1, 3)}}, kFastN, drawer<test::BernoulliLostBit>(q(1, 3)), "bernoulli",
       {{"p", q(33, 97)}}},
      {"polya r x1.05", "polya", {{"r", q(1, 8)}, {"scale", q(10)}}, kFastN, drawer<test::PolyaShapeOff>(q(1, 8), q(10)),
       "polya", {{"r", q(105, 800)}, {"scale", q(10)}}},
      {"skellam var x1.03", "skellam", {{"var", q(100)}}, kFastN, drawer<test::SkellamVarianceOff>(q(100)), "skellam",
       {{"var", q(103)}}},
  };
}

TEST(SamplerGofTest, EveryNegativeControlIsRejected) {
  const auto all = controls();
  for (std::size_t j = 0; j < all.size(); ++j) {
    const Control& c = all[j];
    const auto law = ref::make_certified_distribution(c.dist, c.params);
    const GofPlan plan = plan_goodness_of_fit(*law, c.n, battery_options());
    const double t0 = cpu_seconds();
    const auto samples = c.sampler(kSeed + 100 + j, 2, c.n);
    const double t_draw = cpu_seconds() - t0;
    Battery battery("negative control: " + c.name, kFamilyAlpha);
    add_goodness_of_fit(battery, c.name, plan, samples);
    std::string power = "-";
    if (!c.alt_dist.empty()) {
      const auto alt = ref::make_certified_distribution(c.alt_dist, c.alt_params);
      // The Pearson test faces at worst the first Holm threshold, family alpha / (number of tests).
      const double alpha = kFamilyAlpha / static_cast<double>(battery.records().size());
      const PowerPrediction p = predict_pearson_power(plan, *alt, alpha);
      const GofPlan ref_plan = plan_goodness_of_fit(*law, kRefN, battery_options());
      const PowerPrediction pr = predict_pearson_power(ref_plan, *alt, alpha);
      char buf[160];
      std::snprintf(buf, sizeof buf, "lambda %.1f, crit %.2f, miss %.2g; at n=%llu: lambda %.1f, miss %.2g",
                    p.noncentrality, p.critical_value, 1 - p.power, static_cast<unsigned long long>(kRefN),
                    pr.noncentrality, 1 - pr.power);
      power = buf;
    }
    const TestRecord* pearson = nullptr;
    for (const auto& r : battery.records())
      if (r.name == c.name + ": pearson") pearson = &r;
    std::printf("%-28s n %llu  X2 %.1f (df %.0f, p %s)  min p %s (%s)  predicted: %s  draw %.2fs\n", c.name.c_str(),
                static_cast<unsigned long long>(c.n), pearson->statistic, pearson->df,
                format_p_value(pearson->p_value).c_str(), format_p_value(battery.min_p_value()).c_str(),
                battery.min_p_name().c_str(), power.c_str(), t_draw);
    EXPECT_TRUE(battery.any_rejected()) << "negative control not rejected:\n" << battery.report();
  }
}

}  // namespace
}  // namespace dpb::verify::stats
