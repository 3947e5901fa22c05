// Goodness of fit of the two samplers added for seed 001, through the battery of docs/statistics.md
// (add_goodness_of_fit: exact support check, Pearson χ² and G with expected counts ≥ 20 and at most 50 bins, exact
// binomial tests of the 0.99 and 0.999 tails), against their certified pmfs:
//   - RoundedNormal(σ̄, r) against `normal` (RoundedNormalPmf, Φ from MPFR's erfc);
//   - BinomialLarge(n, p) against `binomial` (BinomialPmf);
//   - the aggregate identity Σ_{i=1}^{B} Bin(b, p) = Bin(B·b, p) that the optimized aggregate path relies on: sums of
//     B per-user draws against the certified Bin(B·b, p), and against direct Bin(B·b, p) draws by the exact-χ²
//     two-sample test (two_sample.hpp).
// α policy: all tests of the correct samplers form ONE family, Holm–Bonferroni at family-wise α = 1e-6. Each negative
// control is its own family at the same α and must be rejected:
//   normal σ̄·101/100; normal rounded DOWN (⌊K₄/4⌋ with K₄ the rounding to the grid 2^{−(r+2)}: a floor of cX up to
//   1/8 of a grid step, mean about −3/8); Bin(n + 40, 1/2) claimed as Bin(n, 1/2); sums of B draws of Bin(b + 10, p)
//   claimed to equal direct Bin(B·b, p) (two-sample test).
// Seeds: case i uses ChaCha20Source(kSeed + i, 0) (reference) and (kSeed + i, 1) (optimized); control j uses
// (kSeed + 100 + j, 2). Sizes: BinomialLarge costs ~70–190 µs per draw in both builds (certified ln Γ per trial),
// hence the smaller binomial samples; the controls are rejected at these sizes with p-values below 1e-20
// (printed).
#include <gtest/gtest.h>

#include <cstdio>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "optimized/samplers/binomial_large.hpp"
#include "optimized/samplers/rounded_normal.hpp"
#include "reference/bits/chacha20.hpp"
#include "reference/pmf/registry.hpp"
#include "reference/samplers/binomial_large.hpp"
#include "reference/samplers/rounded_normal.hpp"
#include "verify/stats/battery.hpp"
#include "tests/support/gof_drawers.hpp"
#include "verify/stats/gof.hpp"
#include "verify/stats/two_sample.hpp"

namespace dpb::verify::stats {
namespace {

constexpr double kFamilyAlpha = 1e-6;
constexpr std::uint64_t kSeed = 20261201;

using Params = test::GofParams;
using test::Drawer;
using test::drawer;
GofOptions battery_options() { return test::gof_battery_options(); }


// Σ of B draws of fast::BinomialLarge(b, p): the per-user path.
Drawer sums(const Integer& b, const Rational& p, int B) {
  return [=](std::uint64_t seed, std::uint64_t stream, std::uint64_t n) {
    const fast::BinomialLarge sampler(b, p);
    ChaCha20Source bits(seed, stream);
    std::vector<std::int64_t> out(n, 0);
    for (auto& s : out)
      for (int i = 0; i < B; ++i) s += sampler(bits);
    return out;
  };
}

Rational q(long a, long b = 1) { return Rational(a, b); }

struct Case {
  std::string dist;
  Params params;
  Drawer reference, optimized;
  std::uint64_t ref_n, fast_n;
};

std::vector<Case> cases() {
  return {
      {"normal", {{"sigma", q(1)}, {"grid-bits", q(0)}}, drawer<ref::RoundedNormal>(q(1), Integer(0)),
       drawer<fast::RoundedNormal>(q(1), Integer(0)), 300000, 2000000},
      {"normal", {{"sigma", q(3, 2)}, {"grid-bits", q(2)}}, drawer<ref::RoundedNormal>(q(3, 2), Integer(2)),
       drawer<fast::RoundedNormal>(q(3, 2), Integer(2)), 300000, 2000000},
      {"normal", {{"sigma", q(7, 10)}, {"grid-bits", q(5)}}, drawer<ref::RoundedNormal>(q(7, 10), Integer(5)),
       drawer<fast::RoundedNormal>(q(7, 10), Integer(5)), 300000, 2000000},
      {"normal", {{"sigma", q(2, 5)}, {"grid-bits", q(0)}}, drawer<ref::RoundedNormal>(q(2, 5), Integer(0)),
       drawer<fast::RoundedNormal>(q(2, 5), Integer(0)), 300000, 2000000},
      {"binomial", {{"n", q(1001)}, {"p", q(1, 2)}}, drawer<ref::BinomialLarge>(Integer(1001), q(1, 2)),
       drawer<fast::BinomialLarge>(Integer(1001), q(1, 2)), 20000, 40000},
      {"binomial", {{"n", q(1000000)}, {"p", q(1, 4)}}, drawer<ref::BinomialLarge>(Integer(1000000), q(1, 4)),
       drawer<fast::BinomialLarge>(Integer(1000000), q(1, 4)), 10000, 20000},
      {"binomial", {{"n", q(6)}, {"p", q(1, 4)}}, drawer<ref::BinomialLarge>(Integer(6), q(1, 4)),
       drawer<fast::BinomialLarge>(Integer(6), q(1, 4)), 20000, 40000},
  };
}

TEST(Seed001SamplerGofTest, RoundedNormalAndBinomialLargePassTheBattery) {
  Battery battery("seed 001 samplers vs certified pmfs", kFamilyAlpha);
  const auto all = cases();
  for (std::size_t i = 0; i < all.size(); ++i) {
    const Case& c = all[i];
    const auto law = ref::make_certified_distribution(c.dist, c.params);
    Battery one(law->describe(), kFamilyAlpha);
    add_goodness_of_fit(one, law->describe() + " [ref]", plan_goodness_of_fit(*law, c.ref_n, battery_options()),
                        c.reference(kSeed + i, 0, c.ref_n));
    add_goodness_of_fit(one, law->describe() + " [fast]", plan_goodness_of_fit(*law, c.fast_n, battery_options()),
                        c.optimized(kSeed + i, 1, c.fast_n));
    std::printf("%-40s min p %s\n", law->describe().c_str(), format_p_value(one.min_p_value()).c_str());
    battery.add_all(one);
  }
  // The aggregate identity: Σ_{i=1}^{4} Bin(1000, 1/4) against Bin(4000, 1/4), certified and two-sample.
  {
    const std::uint64_t n = 10000;
    const auto law = ref::make_certified_distribution("binomial", {{"n", q(4000)}, {"p", q(1, 4)}});
    const auto per_user = sums(Integer(1000), q(1, 4), 4)(kSeed + 50, 0, n);
    const auto direct = drawer<fast::BinomialLarge>(Integer(4000), q(1, 4))(kSeed + 50, 1, n);
    add_goodness_of_fit(battery, "sum of 4 x Bin(1000, 1/4) vs binomial(4000, 1/4)",
                        plan_goodness_of_fit(*law, n, battery_options()), per_user);
    const HomogeneityTest h = homogeneity_test(per_user, direct, 20, 50);
    battery.add({"sum of 4 x Bin(1000, 1/4) vs direct Bin(4000, 1/4): two-sample pearson", 2 * n,
                 h.counts_x.size(), h.pearson, h.df, h.pearson_p_value, ""});
    battery.add({"sum of 4 x Bin(1000, 1/4) vs direct Bin(4000, 1/4): two-sample g", 2 * n, h.counts_x.size(), h.g,
                 h.df, h.g_p_value, ""});
  }
  std::printf("%zu tests, Holm at family alpha %g: smallest p %s (%s)\n", battery.records().size(), kFamilyAlpha,
              format_p_value(battery.min_p_value()).c_str(), battery.min_p_name().c_str());
  EXPECT_FALSE(battery.any_rejected()) << battery.report();
}

// K = ⌊K₄/4⌋, K₄ = round(4cX): rounding (nearly) down instead of to nearest.
class RoundedNormalDown {
 public:
  RoundedNormalDown(const Rational& sigma, const Integer& r) : inner_(sigma, Integer(r + 2)) {}
  template <BitSource B>
  std::int64_t operator()(B& bits) const {
    const std::int64_t k4 = inner_(bits);
    return k4 >= 0 ? k4 / 4 : -((-k4 + 3) / 4);
  }

 private:
  fast::RoundedNormal inner_;
};

struct Control {
  std::string name, dist;
  Params params;
  std::uint64_t n;
  Drawer sampler;
};

TEST(Seed001SamplerGofTest, EveryNegativeControlIsRejected) {
  const std::vector<Control> all = {
      {"normal sigma x1.01", "normal", {{"sigma", q(3, 2)}, {"grid-bits", q(2)}}, 2000000,
       drawer<fast::RoundedNormal>(q(303, 200), Integer(2))},
      {"normal rounded down", "normal", {{"sigma", q(3, 2)}, {"grid-bits", q(2)}}, 1000000,
       drawer<RoundedNormalDown>(q(3, 2), Integer(2))},
      {"binomial n+40", "binomial", {{"n", q(1001)}, {"p", q(1, 2)}}, 20000,
       drawer<fast::BinomialLarge>(Integer(1041), q(1, 2))},
  };
  for (std::size_t j = 0; j < all.size(); ++j) {
    const Control& c = all[j];
    const auto law = ref::make_certified_distribution(c.dist, c.params);
    Battery battery("negative control: " + c.name, kFamilyAlpha);
    add_goodness_of_fit(battery, c.name, plan_goodness_of_fit(*law, c.n, battery_options()),
                        c.sampler(kSeed + 100 + j, 2, c.n));
    std::printf("%-24s min p %s (%s)\n", c.name.c_str(), format_p_value(battery.min_p_value()).c_str(),
                battery.min_p_name().c_str());
    EXPECT_TRUE(battery.any_rejected()) << "negative control not rejected:\n" << battery.report();
  }
  // The aggregate identity's control: sums of 4 x Bin(1010, 1/4) against direct Bin(4000, 1/4).
  const std::uint64_t n = 10000;
  const auto per_user = sums(Integer(1010), q(1, 4), 4)(kSeed + 150, 2, n);
  const auto direct = drawer<fast::BinomialLarge>(Integer(4000), q(1, 4))(kSeed + 151, 2, n);
  const HomogeneityTest h = homogeneity_test(per_user, direct, 20, 50);
  Battery battery("negative control: sums of Bin(b + 10, p)", kFamilyAlpha);
  battery.add({"two-sample pearson", 2 * n, h.counts_x.size(), h.pearson, h.df, h.pearson_p_value, ""});
  battery.add({"two-sample g", 2 * n, h.counts_x.size(), h.g, h.df, h.g_p_value, ""});
  std::printf("%-24s min p %s\n", "sums b+10", format_p_value(battery.min_p_value()).c_str());
  EXPECT_TRUE(battery.any_rejected()) << battery.report();
}

}  // namespace
}  // namespace dpb::verify::stats
