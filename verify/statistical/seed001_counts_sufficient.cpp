#include "verify/statistical/seed001_counts_sufficient.hpp"

#include <fmt/format.h>

#include <map>
#include <string>

#include "reference/protocols/p_vec.hpp"
#include "verify/cluster/cancellation.hpp"
#include "verify/stats/chi_squared.hpp"
#include "verify/stats/holm.hpp"

namespace dpb::verify::statistical {

namespace {

ref::PVecParams params() {
  ref::PVecParams p;
  p.labels = ref::LabelSet::vector(1);
  p.batch = 2;
  p.g = 3;
  p.b = 1;
  p.p = Rational(1, 2);
  p.range = ref::PVecRange::TwoDelta;
  return ref::validate(p);
}

unsigned binomial(unsigned n, unsigned k) {
  unsigned r = 1;
  for (unsigned i = 1; i <= k; ++i) r = r * (n - k + i) / i;
  return r;
}

// Rank of an 8-bit pattern with c ones among all such patterns (colex order by the positions of the ones).
unsigned rank_of(unsigned pattern) {
  unsigned rank = 0, seen = 0;
  for (unsigned pos = 0; pos < 8; ++pos)
    if ((pattern >> pos) & 1U) rank += binomial(pos, ++seen);
  return rank;
}

}  // namespace

std::pair<unsigned, unsigned> pvec_explicit_arrangement(const std::vector<Rational>& values, ChaCha20Source& bits) {
  static const ref::PVec pvec(params(), ref::NoisePath::PerUser, ref::PVecShuffle::Explicit);
  std::vector<std::vector<Rational>> rows;
  for (const Rational& v : values) rows.push_back({v});
  const ref::PVecTranscript t = pvec.run(std::span<const std::vector<Rational>>(rows), bits);
  unsigned pattern = 0;
  for (const ref::LabelledBit& lb : t.shuffled) pattern = (pattern << 1) | (lb.bit ? 1U : 0U);
  return {t.counts[0].convert_to<unsigned>(), pattern};
}

Outcome check_vec_counts_sufficient(const RunOptions& options, const ArrangementDrawer& draw) {
  const std::uint64_t runs = options.suite == Suite::quick ? 20000 : 200000;
  const double alpha = options.alpha > 0 ? options.alpha : 1e-6;
  const std::vector<std::vector<Rational>> datasets = {{Rational(-1, 2), Rational(1, 4)}, {Rational(1), Rational(-1)}};
  std::vector<double> p_values;
  nlohmann::json tests = nlohmann::json::array();
  for (std::size_t d = 0; d < datasets.size(); ++d) {
    ChaCha20Source bits(options.seed, 0x0017200 + d);
    std::map<unsigned, std::vector<std::uint64_t>> by_count;  // c -> counts per arrangement rank
    for (std::uint64_t i = 0; i < runs; ++i) {
      if (i % 1024 == 0) poll_cancellation();
      const auto [c, pattern] = draw(datasets[d], bits);
      if (c > 8 || static_cast<unsigned>(__builtin_popcount(pattern)) != c)
        throw std::logic_error("vec.counts-sufficient: the arrangement does not hold the count's ones");
      auto& cells = by_count[c];
      cells.resize(binomial(8, c), 0);
      ++cells[rank_of(pattern)];
    }
    for (const auto& [c, cells] : by_count) {
      std::uint64_t n = 0;
      for (auto k : cells) n += k;
      const double cellsz = static_cast<double>(cells.size());
      if (cells.size() < 2 || static_cast<double>(n) / cellsz < 5) continue;
      const double e = static_cast<double>(n) / cellsz;
      double x2 = 0;
      for (auto k : cells) x2 += (static_cast<double>(k) - e) * (static_cast<double>(k) - e) / e;
      const double p = stats::chi_squared_upper_tail(x2, cellsz - 1);
      p_values.push_back(p);
      tests.push_back({{"dataset", d}, {"count", c}, {"runs", n}, {"arrangements", cells.size()}, {"pearson", x2},
                       {"df", cellsz - 1}, {"p", p}});
    }
  }
  const std::vector<bool> reject = stats::holm_reject(p_values, alpha);
  Outcome o;
  o.verdict = Verdict::holds;
  double min_p = 1;
  for (std::size_t i = 0; i < reject.size(); ++i) {
    tests[i]["rejected"] = static_cast<bool>(reject[i]);
    if (reject[i]) o.verdict = Verdict::violated;
    min_p = std::min(min_p, p_values[i]);
  }
  o.key_figure = fmt::format("{} χ² tests of uniform arrangements given the counts, Holm at {:g}, min p = {:.3g}",
                             p_values.size(), alpha, min_p);
  o.evidence = {{"alpha", alpha}, {"seed", options.seed}, {"runs_per_dataset", runs}, {"tests", tests}};
  return o;
}

}  // namespace dpb::verify::statistical
