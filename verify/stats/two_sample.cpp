#include "verify/stats/two_sample.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <stdexcept>

#include "verify/stats/chi_squared.hpp"

namespace dpb::verify::stats {

HomogeneityTest homogeneity_test_from_counts(std::span<const std::uint64_t> counts_x,
                                             std::span<const std::uint64_t> counts_y) {
  if (counts_x.size() != counts_y.size() || counts_x.size() < 2)
    throw std::invalid_argument("homogeneity_test: need two rows of the same length ≥ 2");
  HomogeneityTest r;
  r.counts_x.assign(counts_x.begin(), counts_x.end());
  r.counts_y.assign(counts_y.begin(), counts_y.end());
  double n1 = 0, n2 = 0;
  for (std::size_t j = 0; j < counts_x.size(); ++j) {
    if (counts_x[j] + counts_y[j] == 0) throw std::invalid_argument("homogeneity_test: empty column");
    n1 += static_cast<double>(counts_x[j]);
    n2 += static_cast<double>(counts_y[j]);
  }
  if (n1 == 0 || n2 == 0) throw std::invalid_argument("homogeneity_test: empty sample");
  const double total = n1 + n2;
  for (std::size_t j = 0; j < counts_x.size(); ++j) {
    const double c = static_cast<double>(counts_x[j] + counts_y[j]);
    for (auto [o, row] : {std::pair{static_cast<double>(counts_x[j]), n1}, std::pair{static_cast<double>(counts_y[j]), n2}}) {
      const double e = row * c / total;
      r.pearson += (o - e) * (o - e) / e;
      if (o > 0) r.g += 2 * o * std::log(o / e);
    }
  }
  r.g = std::max(0.0, r.g);
  r.df = static_cast<double>(counts_x.size() - 1);
  r.pearson_p_value = chi_squared_upper_tail(r.pearson, r.df);
  r.g_p_value = chi_squared_upper_tail(r.g, r.df);
  return r;
}

HomogeneityTest homogeneity_test(std::span<const std::int64_t> x, std::span<const std::int64_t> y, double min_expected,
                                 std::size_t max_bins) {
  if (x.empty() || y.empty()) throw std::invalid_argument("homogeneity_test: empty sample");
  std::map<std::int64_t, std::pair<std::uint64_t, std::uint64_t>> table;
  for (auto v : x) ++table[v].first;
  for (auto v : y) ++table[v].second;
  const double n1 = static_cast<double>(x.size()), n2 = static_cast<double>(y.size()), total = n1 + n2;
  double need = min_expected * total / std::min(n1, n2);
  if (max_bins > 0) need = std::max(need, total / static_cast<double>(max_bins));

  std::vector<std::int64_t> lo;
  std::vector<std::uint64_t> cx, cy;
  double column = 0;
  for (const auto& [value, c] : table) {
    if (lo.empty() || column >= need) {  // start a new column
      lo.push_back(value);
      cx.push_back(0);
      cy.push_back(0);
      column = 0;
    }
    cx.back() += c.first;
    cy.back() += c.second;
    column += static_cast<double>(c.first + c.second);
  }
  if (column < need && lo.size() >= 2) {  // leftover: merge into the previous column
    cx[cx.size() - 2] += cx.back();
    cy[cy.size() - 2] += cy.back();
    lo.pop_back();
    cx.pop_back();
    cy.pop_back();
  }
  if (lo.size() < 2) throw std::invalid_argument("homogeneity_test: samples too small for two columns");
  HomogeneityTest r = homogeneity_test_from_counts(cx, cy);
  r.column_lo = std::move(lo);
  return r;
}

}  // namespace dpb::verify::stats
