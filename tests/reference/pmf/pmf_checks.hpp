// Shared checks for the certified pmfs (tests only).
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "reference/core/errors.hpp"
#include "reference/pmf/distribution.hpp"

namespace dpb::ref::test {

// Σ_{k=a}^{b} pmf(k) + cdf(a−1) + upper_tail(b+1) must contain 1: the window's mass plus both certified tails.
inline Interval window_plus_tails(const CertifiedDistribution& d, long a, long b, mpfr_prec_t prec) {
  Interval sum = d.cdf(Integer(a - 1), prec) + d.upper_tail(Integer(b + 1), prec);
  for (long k = a; k <= b; ++k) sum += d.pmf(Integer(k), prec);
  return sum;
}

// Σ_{k=a}^{b} pmf(k) alone.
inline Interval window_sum(const CertifiedDistribution& d, long a, long b, mpfr_prec_t prec) {
  Interval sum(0L, prec);
  for (long k = a; k <= b; ++k) sum += d.pmf(Integer(k), prec);
  return sum;
}

// cdf(k) + upper_tail(k+1) must contain 1 for every k.
inline void expect_cdf_and_tail_complementary(const CertifiedDistribution& d, long a, long b, mpfr_prec_t prec) {
  for (long k = a; k <= b; ++k) {
    const Interval total = d.cdf(Integer(k), prec) + d.upper_tail(Integer(k + 1), prec);
    EXPECT_TRUE(total.contains(Rational(1))) << d.describe() << " k=" << k << " [" << total.lower_string(30)
                                             << ", " << total.upper_string(30) << "]";
  }
}

// Width at 256 bits is far below the width at 64 bits (both nonzero values).
inline void expect_shrinks(const Interval& low, const Interval& high) {
  EXPECT_LT(high.width(), low.width() / Rational(Integer(1) << 100))
      << "64-bit width " << low.width() << ", 256-bit width " << high.width();
}

// The constructor throws ParameterError whose message names `function` and `parameter`.
template <class F>
void expect_rejects(F&& make, const std::string& function, const std::string& parameter) {
  try {
    make();
    ADD_FAILURE() << function << " accepted a bad '" << parameter << "'";
  } catch (const ParameterError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find(function + ": parameter '" + parameter + "'"), std::string::npos) << what;
  }
}

// A rational with a 5000-bit numerator (above the 4096-bit limit of require_reasonable_size).
inline Rational oversize() { return Rational(Integer(1) << 5000, Integer(3)); }

}  // namespace dpb::ref::test
