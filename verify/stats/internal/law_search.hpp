// Internal helpers of verify/stats: searching a certified law for quantile-like cut points.
// The search reads only enclosure midpoints (doubles): it decides *where* a bin or tail boundary goes, never the
// probability assigned to it (that is always taken from the enclosure itself).
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>

#include "reference/pmf/distribution.hpp"
#include "verify/stats/chi_squared.hpp"

namespace dpb::verify::stats::internal {

// [lower, upper] of an enclosure as doubles rounded outward, clamped to [0, 1].
ProbabilityEnclosure enclose_probability(const Interval& x);

// Memoised midpoints of cdf(k) = P[X ≤ k] and upper(k) = P[X ≥ k] of a certified law.
class MidpointOracle {
 public:
  MidpointOracle(const ref::CertifiedDistribution& law, mpfr_prec_t prec);
  double cdf(std::int64_t k);
  double upper(std::int64_t k);
  std::optional<std::int64_t> support_min() const { return min_; }
  std::optional<std::int64_t> support_max() const { return max_; }
  // A starting point for searches: the mean, rounded, clamped into the support.
  std::int64_t hint() const { return hint_; }
  const ref::CertifiedDistribution& law() const { return law_; }
  mpfr_prec_t precision() const { return prec_; }

 private:
  const ref::CertifiedDistribution& law_;
  mpfr_prec_t prec_;
  std::optional<std::int64_t> min_, max_;
  std::int64_t hint_ = 0;
  std::map<std::int64_t, double> cdf_, upper_;
};

// The smallest k in [lo_bound, hi_bound] (bounds optional: nullopt = unbounded on that side) with pred(k) true,
// for a predicate that is monotone (false … false true … true). Exponential search from `hint`, then bisection.
// Returns hi_bound when pred is false everywhere below it; throws std::runtime_error if the search leaves the
// int64 range.
std::int64_t first_true(const std::function<bool(std::int64_t)>& pred, std::int64_t hint,
                        std::optional<std::int64_t> lo_bound, std::optional<std::int64_t> hi_bound);

}  // namespace dpb::verify::stats::internal
