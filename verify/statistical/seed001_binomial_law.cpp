#include "verify/statistical/seed001_binomial_law.hpp"

#include <fmt/format.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "optimized/samplers/binomial_large.hpp"
#include "reference/bits/chacha20.hpp"
#include "reference/pmf/registry.hpp"
#include "reference/samplers/binomial_large.hpp"
#include "verify/cluster/cancellation.hpp"
#include "verify/stats/battery.hpp"
#include "verify/stats/gof.hpp"
#include "verify/stats/two_sample.hpp"

namespace dpb::verify::statistical {
namespace {

stats::GofOptions battery_options() {
  stats::GofOptions o;
  o.binning.min_expected = 20;
  o.binning.max_bins = 50;
  o.tail_levels = {0.99, 0.999};
  return o;
}

template <class Sampler>
std::vector<std::int64_t> draw(const Integer& n, const Rational& p, std::uint64_t seed, std::uint64_t stream,
                               std::uint64_t count) {
  const Sampler sampler(n, p);
  ChaCha20Source bits(seed, stream);
  std::vector<std::int64_t> out;
  out.reserve(count);
  for (std::uint64_t i = 0; i < count; ++i) {
    if (i % 1024 == 0) poll_cancellation();
    out.push_back(to_int64(Integer(sampler(bits))));
  }
  return out;
}

std::int64_t as_int64(std::int64_t x) { return x; }

Outcome finish(const stats::Battery& battery, double alpha, const RunOptions& options, nlohmann::json rows,
               const std::string& offset_name, std::int64_t offset) {
  Outcome o;
  o.verdict = battery.any_rejected() ? Verdict::violated : Verdict::holds;
  o.key_figure = fmt::format("{} tests, Holm at {:g}, min p = {:.3g}", battery.records().size(), alpha,
                             battery.min_p_value());
  nlohmann::json tests = nlohmann::json::array();
  const std::vector<bool> rejected = battery.rejected();
  for (std::size_t k = 0; k < battery.records().size(); ++k) {
    const stats::TestRecord& t = battery.records()[k];
    tests.push_back({{"test", t.name}, {"n", t.n}, {"statistic", t.statistic}, {"df", t.df}, {"p", t.p_value},
                     {"rejected", static_cast<bool>(rejected[k])}});
  }
  o.evidence = {{"alpha", alpha}, {"seed", options.seed}, {offset_name, offset}, {"cases", rows}, {"tests", tests}};
  return o;
}

}  // namespace

Outcome check_binomial_large_law(const RunOptions& options, std::int64_t n_offset) {
  struct Case {
    Integer n;
    Rational p;
  };
  // n odd at ½ (the mode's acceptance shortcut at j = 1), a large n at ¼ (two rejection draws, the second's n the
  // first's value), a tiny n at ¼ (the envelope's edges: m + j outside [0, n] rejected).
  // Draws at small n cost more (the acceptance ratio is an exact rational product there): fewer of them.
  struct Sizes {
    std::uint64_t reference, optimized;
  };
  // The certified pmf's bins and tails cost more with n (series over the window): 40 001 in the quick suite (the first
  // draw's m = 20 000 ≥ 2^14 takes the Stirling enclosure, the second's the ln Γ path), 10⁶ in the full suite.
  const bool quick = options.suite == Suite::quick;
  const std::vector<Case> cases = {{Integer(1001), Rational(1, 2)},
                                   {Integer(quick ? 40001 : 1000000), Rational(1, 4)},
                                   {Integer(6), Rational(1, 4)}};
  const std::vector<Sizes> sizes = quick ? std::vector<Sizes>{{1000, 4000}, {2000, 20000}, {1000, 4000}}
                                         : std::vector<Sizes>{{10000, 40000}, {20000, 200000}, {10000, 40000}};
  const double alpha = options.alpha > 0 ? options.alpha : 1e-6;
  stats::Battery battery("BinomialLarge(n, p) vs the certified Bin(n, p) pmf, both builds", alpha);
  nlohmann::json rows = nlohmann::json::array();
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const Case& c = cases[i];
    const Integer drawn_n = c.n + n_offset;
    const auto law = ref::make_certified_distribution("binomial", {{"n", Rational(c.n)}, {"p", c.p}});
    for (const bool reference : {true, false}) {
      const std::uint64_t count = reference ? sizes[i].reference : sizes[i].optimized;
      const std::vector<std::int64_t> x =
          reference ? draw<ref::BinomialLarge>(drawn_n, c.p, options.seed, 0x0017200 + 2 * i, count)
                    : draw<fast::BinomialLarge>(drawn_n, c.p, options.seed, 0x0017201 + 2 * i, count);
      const std::string label = fmt::format("{} BinomialLarge({}, {})", reference ? "reference" : "optimized",
                                            dpb::to_string(c.n), dpb::to_string(c.p));
      stats::add_goodness_of_fit(battery, label, stats::plan_goodness_of_fit(*law, count, battery_options()), x);
      rows.push_back({{"n", dpb::to_string(c.n)}, {"p", dpb::to_string(c.p)},
                      {"build", reference ? "reference" : "optimized"}, {"draws", count}});
    }
  }
  return finish(battery, alpha, options, rows, "n_offset", n_offset);
}

Outcome check_binomial_sum_law(const RunOptions& options, std::int64_t b_offset) {
  struct Case {
    long b;
    int B;
    Rational p;
  };
  const bool quick = options.suite == Suite::quick;
  const std::vector<Case> cases = quick ? std::vector<Case>{{10000, 4, Rational(1, 4)}, {5001, 3, Rational(1, 2)}}
                                        : std::vector<Case>{{100000, 4, Rational(1, 4)}, {250001, 3, Rational(1, 2)}};
  const std::uint64_t draws = quick ? 10000 : 100000;
  const double alpha = options.alpha > 0 ? options.alpha : 1e-6;
  stats::Battery battery("Σ of B draws of Bin(b, p) vs Bin(B·b, p)", alpha);
  nlohmann::json rows = nlohmann::json::array();
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const Case& c = cases[i];
    const Integer total = Integer(c.b) * c.B;
    const fast::BinomialLarge per_user(Integer(c.b + b_offset), c.p);
    ChaCha20Source bits(options.seed, 0x0017300 + 2 * i);
    std::vector<std::int64_t> sums(draws, 0);
    for (std::uint64_t k = 0; k < draws; ++k) {
      if (k % 1024 == 0) poll_cancellation();
      for (int u = 0; u < c.B; ++u) sums[k] += as_int64(per_user(bits));
    }
    const std::vector<std::int64_t> direct =
        draw<fast::BinomialLarge>(total, c.p, options.seed, 0x0017301 + 2 * i, draws);
    const auto law = ref::make_certified_distribution("binomial", {{"n", Rational(total)}, {"p", c.p}});
    const std::string label =
        fmt::format("sum of {} x Bin({}, {}) vs Bin({}, {})", c.B, c.b, dpb::to_string(c.p), dpb::to_string(total),
                    dpb::to_string(c.p));
    stats::add_goodness_of_fit(battery, label, stats::plan_goodness_of_fit(*law, draws, battery_options()), sums);
    const stats::HomogeneityTest h = stats::homogeneity_test(sums, direct, 20, 50);
    battery.add({label + ": two-sample pearson vs direct draws", 2 * draws, h.counts_x.size(), h.pearson, h.df,
                 h.pearson_p_value, ""});
    battery.add({label + ": two-sample g vs direct draws", 2 * draws, h.counts_x.size(), h.g, h.df, h.g_p_value, ""});
    rows.push_back({{"b", c.b}, {"B", c.B}, {"p", dpb::to_string(c.p)}, {"draws", draws}});
  }
  return finish(battery, alpha, options, rows, "b_offset", b_offset);
}

}  // namespace dpb::verify::statistical
