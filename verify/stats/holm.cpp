#include "verify/stats/holm.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>

namespace dpb::verify::stats {
namespace {

std::vector<std::size_t> ascending_order(std::span<const double> p) {
  for (double x : p)
    if (std::isnan(x) || x < 0 || x > 1) throw std::invalid_argument("holm: every p-value must be in [0, 1]");
  std::vector<std::size_t> order(p.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return p[a] < p[b]; });
  return order;
}

void check_alpha(double a) {
  if (!(a > 0 && a < 1)) throw std::invalid_argument("holm: family_alpha must be in (0, 1)");
}

}  // namespace

std::vector<bool> holm_reject(std::span<const double> p, double family_alpha) {
  check_alpha(family_alpha);
  const auto order = ascending_order(p);
  const std::size_t m = p.size();
  std::vector<bool> rejected(m, false);
  for (std::size_t i = 0; i < m; ++i) {
    if (p[order[i]] > family_alpha / static_cast<double>(m - i)) break;  // step down stops at the first acceptance
    rejected[order[i]] = true;
  }
  return rejected;
}

std::vector<double> holm_adjusted(std::span<const double> p) {
  const auto order = ascending_order(p);
  const std::size_t m = p.size();
  std::vector<double> adj(m, 1.0);
  double running = 0;
  for (std::size_t i = 0; i < m; ++i) {
    running = std::max(running, std::min(1.0, static_cast<double>(m - i) * p[order[i]]));
    adj[order[i]] = running;
  }
  return adj;
}

std::vector<double> holm_thresholds(std::span<const double> p, double family_alpha) {
  check_alpha(family_alpha);
  const auto order = ascending_order(p);
  const std::size_t m = p.size();
  std::vector<double> t(m);
  for (std::size_t i = 0; i < m; ++i) t[order[i]] = family_alpha / static_cast<double>(m - i);
  return t;
}

}  // namespace dpb::verify::stats
