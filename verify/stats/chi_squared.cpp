#include "verify/stats/chi_squared.hpp"

#include <algorithm>
#include <boost/math/distributions/chi_squared.hpp>
#include <boost/math/distributions/non_central_chi_squared.hpp>
#include <cmath>
#include <stdexcept>
#include <string>

namespace dpb::verify::stats {
namespace {

// Relative slack that covers the double evaluation of a sum of B ≤ 10^4 terms (each with a few ulps of error):
// B·8·2^-53 ≈ 1e-11 for B = 10^4; the batteries use at most a few hundred bins.
constexpr double kEvaluationSlack = 1e-11;

void check_inputs(std::span<const std::uint64_t> observed, std::span<const ProbabilityEnclosure> p,
                  const char* function) {
  if (observed.size() != p.size() || observed.size() < 2)
    throw std::invalid_argument(std::string(function) + ": need the same number (≥ 2) of counts and probabilities");
  for (const auto& e : p)
    if (!(e.lower > 0) || !(e.upper >= e.lower) || !(e.upper <= 1))
      throw std::invalid_argument(std::string(function) + ": every bin probability must satisfy 0 < lower ≤ upper ≤ 1");
}

double total(std::span<const std::uint64_t> observed) {
  double n = 0;
  for (auto o : observed) n += static_cast<double>(o);
  return n;
}

}  // namespace

double chi_squared_upper_tail(double x, double df) {
  if (!(df > 0)) throw std::invalid_argument("chi_squared_upper_tail: df must be > 0");
  if (!(x > 0)) return 1.0;
  if (std::isinf(x)) return 0.0;
  return boost::math::cdf(boost::math::complement(boost::math::chi_squared_distribution<double>(df), x));
}

double chi_squared_critical_value(double df, double alpha) {
  if (!(df > 0)) throw std::invalid_argument("chi_squared_critical_value: df must be > 0");
  if (!(alpha > 0 && alpha < 1)) throw std::invalid_argument("chi_squared_critical_value: alpha must be in (0, 1)");
  return boost::math::quantile(boost::math::complement(boost::math::chi_squared_distribution<double>(df), alpha));
}

double chi_squared_power(double df, double lambda, double alpha) {
  const double c = chi_squared_critical_value(df, alpha);
  if (!(lambda > 0)) return alpha;
  return boost::math::cdf(
      boost::math::complement(boost::math::non_central_chi_squared_distribution<double>(df, lambda), c));
}

double pearson_noncentrality(std::span<const double> p_null, std::span<const double> q_alt, double n) {
  if (p_null.size() != q_alt.size()) throw std::invalid_argument("pearson_noncentrality: sizes differ");
  double s = 0;
  for (std::size_t i = 0; i < p_null.size(); ++i) {
    const double d = q_alt[i] - p_null[i];
    s += d * d / p_null[i];
  }
  return n * s;
}

GofStatistic pearson_statistic(std::span<const std::uint64_t> observed, std::span<const ProbabilityEnclosure> p) {
  check_inputs(observed, p, "pearson_statistic");
  const double n = total(observed);
  GofStatistic r;
  r.df = static_cast<double>(observed.size() - 1);
  double low = 0, abs_terms = 0;
  for (std::size_t i = 0; i < observed.size(); ++i) {
    const double o = static_cast<double>(observed[i]);
    const double e = n * p[i].midpoint();
    r.value += (o - e) * (o - e) / e;
    // Each term f(p) = (O − n p)² / (n p) is convex in p with its minimum 0 at p = O/n, so its minimum over
    // [lower, upper] is at the clamp of O/n into the enclosure. Summing these minima bounds X² from below for
    // every probability vector in the box (a superset of the true one).
    const double pc = std::clamp(o / n, p[i].lower, p[i].upper);
    const double ec = n * pc;
    const double term = (o - ec) * (o - ec) / ec;
    low += term;
    abs_terms += term;
  }
  r.conservative = std::max(0.0, low - kEvaluationSlack * abs_terms);
  r.p_value = chi_squared_upper_tail(r.conservative, r.df);
  return r;
}

GofStatistic g_statistic(std::span<const std::uint64_t> observed, std::span<const ProbabilityEnclosure> p) {
  check_inputs(observed, p, "g_statistic");
  const double n = total(observed);
  GofStatistic r;
  r.df = static_cast<double>(observed.size() - 1);
  double low = 0, abs_terms = 0;
  for (std::size_t i = 0; i < observed.size(); ++i) {
    if (observed[i] == 0) continue;
    const double o = static_cast<double>(observed[i]);
    r.value += 2 * o * std::log(o / (n * p[i].midpoint()));
    // 2 O ln(O / (n p)) decreases in p: its minimum over the enclosure is at p = upper.
    const double term = 2 * o * std::log(o / (n * p[i].upper));
    low += term;
    abs_terms += std::abs(term);
  }
  // G ≥ 0 whenever the p_i sum to 1 (Gibbs' inequality); the box may contain vectors that do not, hence the clamp.
  r.conservative = std::max(0.0, low - kEvaluationSlack * abs_terms);
  r.value = std::max(0.0, r.value);
  r.p_value = chi_squared_upper_tail(r.conservative, r.df);
  return r;
}

}  // namespace dpb::verify::stats
