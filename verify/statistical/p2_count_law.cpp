#include "verify/statistical/p2_count_law.hpp"

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "optimized/protocols/p2.hpp"
#include "verify/certified/seed001_checks.hpp"
#include "verify/stats/chi_squared.hpp"
#include "verify/stats/holm.hpp"
#include "verify/stats/two_sample.hpp"

namespace dpb::verify::statistical {

namespace {

struct CountCase {
  std::string label;
  ref::P2Params params;
  std::vector<std::int64_t> grid;  // n upper triangles, user-major, on 2^−grid_bits
  unsigned grid_bits = 4;
};

// (d, n, g, b, range): small b so that the literal path's bits fit; users w·xxᵀ on the grid 2^−4 with ‖X‖_F <= Δ = 1.
std::vector<CountCase> cases() {
  std::vector<CountCase> out;
  struct C {
    std::uint32_t d;
    long n, g, b;
    ref::PVecRange range;
  };
  // Upper triangles of (1/2, 1/2)(1/2, 1/2)ᵀ·... on 2^−4: chosen by hand, ‖X‖_F <= 1.
  const std::vector<std::vector<std::int64_t>> d2 = {{4, 4, 4}, {-4, 8, 0}, {16, 0, 0}, {0, -6, 9}};
  const std::vector<std::vector<std::int64_t>> d1 = {{16}, {-8}, {3}, {-16}};
  for (const C& c : {C{2, 2, 4, 3, ref::PVecRange::TwoDelta}, C{2, 3, 5, 6, ref::PVecRange::Delta},
                     C{1, 4, 4, 2, ref::PVecRange::TwoDelta}}) {
    CountCase cc;
    cc.params.d = c.d;
    cc.params.n = c.n;
    cc.params.g = c.g;
    cc.params.b = c.b;
    cc.params.delta = 1;
    cc.params.range = c.range;
    for (long u = 0; u < c.n; ++u)
      for (std::int64_t a : (c.d == 2 ? d2 : d1)[static_cast<std::size_t>(u)]) cc.grid.push_back(a);
    cc.label = "d=" + std::to_string(c.d) + " n=" + std::to_string(c.n) + " g=" + std::to_string(c.g) +
               " b=" + std::to_string(c.b) + " r=" + std::string(ref::pvec_range_name(c.range));
    out.push_back(std::move(cc));
  }
  return out;
}

double to_double_down(const Rational& q) { return Interval(q, 53).lower().convert_to<double>(); }
double to_double_up(const Rational& q) { return Interval(q, 53).upper().convert_to<double>(); }

}  // namespace

CountsDrawer p2_count_path(const ref::P2Params& p, std::vector<std::int64_t> grid_values, unsigned grid_bits) {
  auto pv = std::make_shared<const fast::P2>(p, grid_bits, ref::NoisePath::Aggregate);
  return [pv, grid = std::move(grid_values)](ChaCha20Source& bits) {
    return pv->run(std::span<const std::int64_t>(grid), bits).vec.counts;
  };
}

Outcome check_p2_count_law(const CountPathFn& count_path, const RunOptions& options) {
  const std::uint64_t samples = options.suite == Suite::quick ? 200 : 10000;
  std::vector<double> p_values;
  nlohmann::json tests = nlohmann::json::array();
  nlohmann::json case_rows = nlohmann::json::array();
  std::uint64_t stream = 0x0030000;
  for (const CountCase& c : cases()) {
    const ref::PVecParams vp = ref::p2_pvec_params(c.params);
    const std::size_t L = vp.labels.size();
    const fast::P2 literal(c.params, c.grid_bits, ref::NoisePath::PerUser, ref::PVecShuffle::Explicit);
    ChaCha20Source s1(options.seed, stream++), s2(options.seed, stream++);
    const CountsDrawer draw_counts = count_path(c.params, c.grid, c.grid_bits);
    std::vector<std::vector<std::int64_t>> x(L), y(L);
    for (std::uint64_t k = 0; k < samples; ++k) {
      const auto a = literal.run(std::span<const std::int64_t>(c.grid), s1).vec.counts;
      const auto b = draw_counts(s2);
      if (a.size() != L || b.size() != L) throw std::logic_error("003.p2.count-law: a path returned the wrong labels");
      for (std::size_t k2 = 0; k2 < L; ++k2) {
        x[k2].push_back(a[k2]);
        y[k2].push_back(b[k2]);
      }
    }
    for (std::size_t k = 0; k < L; ++k) {
      std::vector<Rational> values;
      for (long u = 0; u < to_int64(c.params.n); ++u)
        values.emplace_back(Integer(c.grid[static_cast<std::size_t>(u) * L + k]), Integer(1) << c.grid_bits);
      const certified::PVecCountLaw law = certified::pvec_count_law(vp, values);
      const long first = law.first.convert_to<long>();
      std::vector<long> lo;
      std::vector<Rational> mass;
      Rational acc = 0;
      long start = first;
      for (std::size_t i = 0; i < law.pmf.size(); ++i) {
        acc += law.pmf[i];
        if (acc * samples >= 20) {
          lo.push_back(start);
          mass.push_back(acc);
          acc = 0;
          start = first + long(i) + 1;
        }
      }
      if (acc > 0) {
        if (mass.empty()) throw std::logic_error("003.p2.count-law: too few samples for a bin");
        mass.back() += acc;
      }
      std::vector<stats::ProbabilityEnclosure> p;
      for (const Rational& m : mass) p.push_back({to_double_down(m), to_double_up(m)});
      const long last = first + long(law.pmf.size()) - 1;
      const std::string where = c.label + " label " + vp.labels.name(k);
      for (int path = 0; path < 2; ++path) {
        const auto& sample = path == 0 ? x[k] : y[k];
        std::vector<std::uint64_t> observed(mass.size(), 0);
        std::uint64_t outside = 0;
        for (std::int64_t v : sample) {
          if (v < first || v > last) {
            ++outside;
            continue;
          }
          ++observed[static_cast<std::size_t>(std::upper_bound(lo.begin(), lo.end(), long(v)) - lo.begin() - 1)];
        }
        const stats::GofStatistic g = stats::pearson_statistic(observed, p);
        const double pv = outside > 0 ? 0.0 : g.p_value;
        p_values.push_back(pv);
        tests.push_back({{"case", where},
                         {"test", path == 0 ? "literal bit multiset vs exact law" : "count path vs exact law"},
                         {"pearson", g.conservative},
                         {"df", g.df},
                         {"p", pv},
                         {"outside_support", outside}});
      }
      const stats::HomogeneityTest h = stats::homogeneity_test(x[k], y[k], 20);
      p_values.push_back(h.pearson_p_value);
      tests.push_back({{"case", where},
                       {"test", "literal vs count path (two-sample)"},
                       {"pearson", h.pearson},
                       {"df", h.df},
                       {"p", h.pearson_p_value}});
    }
    case_rows.push_back(
        {{"case", c.label},
         {"labels", L},
         {"samples_per_path", samples},
         {"literal_bits_per_batch", dpb::to_string(Integer(c.params.n * vp.message_bits * Integer(L)))}});
  }
  const double alpha = options.alpha > 0 ? options.alpha : 1e-6;
  const std::vector<bool> reject = stats::holm_reject(p_values, alpha);
  Outcome o;
  o.verdict = Verdict::holds;
  double min_p = 1;
  for (std::size_t i = 0; i < reject.size(); ++i) {
    tests[i]["rejected"] = static_cast<bool>(reject[i]);
    if (reject[i]) o.verdict = Verdict::violated;
    min_p = std::min(min_p, p_values[i]);
  }
  o.key_figure = std::to_string(p_values.size()) + " χ² tests, Holm at " + std::to_string(alpha) +
                 ", min p = " + std::to_string(min_p);
  o.evidence = {{"alpha", alpha}, {"seed", options.seed}, {"cases", case_rows}, {"tests", tests}};
  return o;
}

}  // namespace dpb::verify::statistical
