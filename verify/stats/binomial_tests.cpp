#include "verify/stats/binomial_tests.hpp"

#include <algorithm>
#include <boost/math/special_functions/beta.hpp>
#include <stdexcept>

namespace dpb::verify::stats {
namespace {

// Outward widening of Clopper–Pearson bounds; covers Boost's ibeta_inv error (≲ 1e-13 relative) with margin.
constexpr double kWiden = 1e-12;

void check_probability(double p, const char* function) {
  if (!(p >= 0 && p <= 1)) throw std::invalid_argument(std::string(function) + ": p must be in [0, 1]");
}

void check_confidence(double c, const char* function) {
  if (!(c > 0 && c < 1)) throw std::invalid_argument(std::string(function) + ": confidence must be in (0, 1)");
}

}  // namespace

double binomial_cdf(std::uint64_t k, std::uint64_t n, double p) {
  check_probability(p, "binomial_cdf");
  if (k >= n) return 1.0;
  // P[X ≤ k] = 1 − I_p(k + 1, n − k) = ibetac(k + 1, n − k, p)   (Abramowitz & Stegun 26.5.24).
  return boost::math::ibetac(static_cast<double>(k + 1), static_cast<double>(n - k), p);
}

double binomial_upper_tail(std::uint64_t k, std::uint64_t n, double p) {
  check_probability(p, "binomial_upper_tail");
  if (k == 0) return 1.0;
  if (k > n) return 0.0;
  // P[X ≥ k] = I_p(k, n − k + 1).
  return boost::math::ibeta(static_cast<double>(k), static_cast<double>(n - k + 1), p);
}

BinomialTest binomial_test(std::uint64_t k, std::uint64_t n, ProbabilityEnclosure p) {
  if (k > n) throw std::invalid_argument("binomial_test: k must be ≤ n");
  check_probability(p.lower, "binomial_test");
  check_probability(p.upper, "binomial_test");
  if (p.lower > p.upper) throw std::invalid_argument("binomial_test: p.lower must be ≤ p.upper");
  BinomialTest t;
  t.k = k;
  t.n = n;
  t.p = p;
  t.p_value_low = binomial_cdf(k, n, p.lower);
  t.p_value_high = binomial_upper_tail(k, n, p.upper);
  t.p_value = std::min(1.0, 2 * std::min(t.p_value_low, t.p_value_high));
  return t;
}

double clopper_pearson_lower(std::uint64_t k, std::uint64_t n, double confidence) {
  check_confidence(confidence, "clopper_pearson_lower");
  if (k > n) throw std::invalid_argument("clopper_pearson_lower: k must be ≤ n");
  if (k == 0) return 0.0;
  // The p with P_p[X ≥ k] = α, i.e. I_p(k, n − k + 1) = α.
  const double a = 1 - confidence;
  const double b = boost::math::ibeta_inv(static_cast<double>(k), static_cast<double>(n - k + 1), a);
  return std::max(0.0, b * (1 - kWiden));
}

double clopper_pearson_upper(std::uint64_t k, std::uint64_t n, double confidence) {
  check_confidence(confidence, "clopper_pearson_upper");
  if (k > n) throw std::invalid_argument("clopper_pearson_upper: k must be ≤ n");
  if (k == n) return 1.0;
  // The p with P_p[X ≤ k] = α, i.e. 1 − I_p(k + 1, n − k) = α.
  const double a = 1 - confidence;
  const double b = boost::math::ibetac_inv(static_cast<double>(k + 1), static_cast<double>(n - k), a);
  return std::min(1.0, b * (1 + kWiden));
}

ConfidenceInterval clopper_pearson(std::uint64_t k, std::uint64_t n, double confidence) {
  check_confidence(confidence, "clopper_pearson");
  const double one_sided = 1 - (1 - confidence) / 2;
  return {clopper_pearson_lower(k, n, one_sided), clopper_pearson_upper(k, n, one_sided)};
}

}  // namespace dpb::verify::stats
