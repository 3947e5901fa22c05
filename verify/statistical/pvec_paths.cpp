#include "verify/statistical/pvec_paths.hpp"

#include <algorithm>
#include <map>
#include <memory>
#include <vector>

#include "optimized/protocols/p_vec.hpp"
#include "verify/certified/seed001_checks.hpp"
#include "verify/stats/chi_squared.hpp"
#include "verify/stats/holm.hpp"
#include "verify/stats/two_sample.hpp"

namespace dpb::verify::statistical {

namespace {

struct PathCase {
  std::string label;
  ref::PVecParams params;
  std::vector<std::int64_t> grid;  // one label per user, on 2^−grid_bits
  unsigned grid_bits = 4;
};

std::vector<PathCase> cases() {
  std::vector<PathCase> out;
  struct C {
    long B, g, b;
    Rational p;
    ref::PVecRange range;
  };
  for (const C& c : {C{3, 5, 6, Rational(1, 4), ref::PVecRange::TwoDelta}, C{2, 3, 20, Rational(1, 2), ref::PVecRange::Delta},
                     C{4, 7, 2, Rational(1, 4), ref::PVecRange::TwoDelta}}) {
    PathCase pc;
    pc.params.labels = ref::LabelSet::vector(1);
    pc.params.batch = c.B;
    pc.params.g = c.g;
    pc.params.b = c.b;
    pc.params.p = c.p;
    pc.params.range = c.range;
    pc.params = ref::validate(pc.params);
    for (long i = 0; i < c.B; ++i) pc.grid.push_back((i * 7 + 3) % 33 - 16);  // in [−16, 16]/16 = [−Δ, Δ]
    pc.label = "B=" + std::to_string(c.B) + " g=" + std::to_string(c.g) + " b=" + std::to_string(c.b) + " p=" +
               dpb::to_string(c.p) + " r=" + std::string(ref::pvec_range_name(c.range));
    out.push_back(std::move(pc));
  }
  return out;
}

double to_double_down(const Rational& q) { return Interval(q, 53).lower().convert_to<double>(); }
double to_double_up(const Rational& q) { return Interval(q, 53).upper().convert_to<double>(); }

}  // namespace

CountDrawer pvec_aggregate_count(const ref::PVecParams& p, std::vector<std::int64_t> grid_values, unsigned grid_bits) {
  auto pv = std::make_shared<const fast::PVec>(p, grid_bits, ref::NoisePath::Aggregate);
  return [pv, grid = std::move(grid_values)](ChaCha20Source& bits) {
    return pv->run(std::span<const std::int64_t>(grid), bits).counts[0];
  };
}

Outcome check_pvec_paths(const AggregateCountFn& aggregate, const RunOptions& options) {
  const std::uint64_t samples = options.suite == Suite::quick ? 2000 : 50000;
  std::vector<double> p_values;
  nlohmann::json tests = nlohmann::json::array();
  nlohmann::json case_rows = nlohmann::json::array();
  std::uint64_t stream = 0x0010000;
  for (const PathCase& c : cases()) {
    std::vector<Rational> values;
    for (std::int64_t a : c.grid) values.emplace_back(Integer(a), Integer(1) << c.grid_bits);
    const certified::PVecCountLaw law = certified::pvec_count_law(c.params, values);
    const fast::PVec per_user(c.params, c.grid_bits, ref::NoisePath::PerUser);
    ChaCha20Source s1(options.seed, stream++), s2(options.seed, stream++);
    std::vector<std::int64_t> x, y;
    const CountDrawer draw_aggregate = aggregate(c.params, c.grid, c.grid_bits);
    for (std::uint64_t k = 0; k < samples; ++k) {
      x.push_back(per_user.run(std::span<const std::int64_t>(c.grid), s1).counts[0]);
      y.push_back(draw_aggregate(s2));
    }
    // GOF bins: consecutive support values merged until the expected count is >= 20; values outside the
    // support would be impossible under H0 and reject outright.
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
      if (mass.empty()) throw std::logic_error("vec.paths-law: too few samples for a bin");
      mass.back() += acc;
    }
    std::vector<stats::ProbabilityEnclosure> p;
    for (const Rational& m : mass) p.push_back({to_double_down(m), to_double_up(m)});
    const long last = first + long(law.pmf.size()) - 1;
    for (int path = 0; path < 2; ++path) {
      const auto& sample = path == 0 ? x : y;
      std::vector<std::uint64_t> observed(mass.size(), 0);
      std::uint64_t outside = 0;
      for (std::int64_t v : sample) {
        if (v < first || v > last) {
          ++outside;
          continue;
        }
        std::size_t j = std::upper_bound(lo.begin(), lo.end(), long(v)) - lo.begin() - 1;
        ++observed[j];
      }
      const stats::GofStatistic g = stats::pearson_statistic(observed, p);
      const double pv = outside > 0 ? 0.0 : g.p_value;
      p_values.push_back(pv);
      tests.push_back({{"case", c.label}, {"test", path == 0 ? "per-user vs exact law" : "aggregate vs exact law"},
                       {"pearson", g.conservative}, {"df", g.df}, {"p", pv}, {"outside_support", outside}});
    }
    const stats::HomogeneityTest h = stats::homogeneity_test(x, y, 20);
    p_values.push_back(h.pearson_p_value);
    tests.push_back({{"case", c.label}, {"test", "per-user vs aggregate (two-sample)"}, {"pearson", h.pearson},
                     {"df", h.df}, {"p", h.pearson_p_value}});
    case_rows.push_back({{"case", c.label}, {"samples_per_path", samples}, {"bins", mass.size()}});
  }
  // The claim's α (RunOptions::alpha, its family's share); 1e-6 when called outside the registry (tests).
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
  o.key_figure = std::to_string(p_values.size()) + " χ² tests, Holm at " + std::to_string(alpha) + ", min p = " + std::to_string(min_p);
  o.evidence = {{"alpha", alpha}, {"seed", options.seed}, {"cases", case_rows}, {"tests", tests}};
  return o;
}

}  // namespace dpb::verify::statistical
