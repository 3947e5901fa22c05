// Certified pmfs (issue 2, item 5). Every distribution on the integers that dpbandit samples has a
// CertifiedDistribution: enclosures (MPFI intervals) of its pmf, tails, mean and variance, valid at any requested
// working precision `prec` (bits). The enclosure always contains the exact real value; its width shrinks as prec
// grows. Goodness-of-fit tests, `dpbandit pmf`, and the certified claims all read distributions through this.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "reference/core/interval.hpp"
#include "reference/core/rational.hpp"

namespace dpb::ref {

class CertifiedDistribution {
 public:
  virtual ~CertifiedDistribution() = default;

  // e.g. "dlaplace(scale=3/2)"
  virtual std::string describe() const = 0;
  // Smallest / largest value with positive probability; nullopt when unbounded.
  virtual std::optional<Integer> support_min() const = 0;
  virtual std::optional<Integer> support_max() const = 0;

  // P[X = k]
  virtual Interval pmf(const Integer& k, mpfr_prec_t prec) const = 0;
  // P[X <= k]
  virtual Interval cdf(const Integer& k, mpfr_prec_t prec) const = 0;
  // P[X >= k]
  virtual Interval upper_tail(const Integer& k, mpfr_prec_t prec) const = 0;
  virtual Interval mean(mpfr_prec_t prec) const = 0;
  virtual Interval variance(mpfr_prec_t prec) const = 0;
};

}  // namespace dpb::ref
