// Small laws with exact rational pmfs, for testing verify/stats independently of reference/pmf.
#pragma once

#include <cstdint>
#include <string>

#include "reference/pmf/distribution.hpp"

namespace dpb::verify::stats::test_laws {

// P[X = k] = (1 − θ)/(1 + θ) θ^{|k|} on ℤ (a discrete Laplace law with rational θ).
class TwoSidedGeometric : public ref::CertifiedDistribution {
 public:
  explicit TwoSidedGeometric(Rational theta, std::int64_t shift = 0) : theta_(theta), shift_(shift) {}
  std::string describe() const override { return "two-sided-geometric(theta=" + to_string(theta_) + ")"; }
  std::optional<Integer> support_min() const override { return std::nullopt; }
  std::optional<Integer> support_max() const override { return std::nullopt; }
  Rational exact_cdf(Integer k) const {
    k -= shift_;
    if (k < 0) return power(-k) / (1 + theta_);
    return 1 - power(k + 1) / (1 + theta_);
  }
  // P[lo ≤ X ≤ hi], with INT64 min/max as ±∞.
  Rational mass(std::int64_t lo, std::int64_t hi) const {
    const Rational upper = hi == INT64_MAX ? Rational(1) : exact_cdf(Integer(hi));
    const Rational lower = lo == INT64_MIN ? Rational(0) : exact_cdf(Integer(lo) - 1);
    return upper - lower;
  }
  Interval pmf(const Integer& k, mpfr_prec_t prec) const override {
    return Interval(exact_cdf(k) - exact_cdf(Integer(k - 1)), prec);
  }
  Interval cdf(const Integer& k, mpfr_prec_t prec) const override { return Interval(exact_cdf(k), prec); }
  Interval upper_tail(const Integer& k, mpfr_prec_t prec) const override {
    return Interval(1 - exact_cdf(Integer(k - 1)), prec);
  }
  Interval mean(mpfr_prec_t prec) const override { return Interval(Rational(shift_), prec); }
  Interval variance(mpfr_prec_t prec) const override {
    return Interval(2 * theta_ / ((1 - theta_) * (1 - theta_)), prec);
  }

 private:
  Rational power(const Integer& e) const {
    Rational r = 1;
    for (Integer i = 0; i < e; ++i) r *= theta_;
    return r;
  }
  Rational theta_;
  std::int64_t shift_;
};

// Uniform on {a, …, b}.
class UniformLaw : public ref::CertifiedDistribution {
 public:
  UniformLaw(std::int64_t a, std::int64_t b) : a_(a), b_(b) {}
  std::string describe() const override { return "uniform(" + std::to_string(a_) + ", " + std::to_string(b_) + ")"; }
  std::optional<Integer> support_min() const override { return Integer(a_); }
  std::optional<Integer> support_max() const override { return Integer(b_); }
  Rational exact_cdf(const Integer& k) const {
    if (k < a_) return 0;
    if (k >= b_) return 1;
    return Rational(Integer(k - a_ + 1), Integer(b_ - a_ + 1));
  }
  Interval pmf(const Integer& k, mpfr_prec_t prec) const override {
    return Interval(exact_cdf(k) - exact_cdf(Integer(k - 1)), prec);
  }
  Interval cdf(const Integer& k, mpfr_prec_t prec) const override { return Interval(exact_cdf(k), prec); }
  Interval upper_tail(const Integer& k, mpfr_prec_t prec) const override {
    return Interval(1 - exact_cdf(Integer(k - 1)), prec);
  }
  Interval mean(mpfr_prec_t prec) const override { return Interval(Rational(a_ + b_, 2), prec); }
  Interval variance(mpfr_prec_t prec) const override {
    const Rational m(b_ - a_ + 1);
    return Interval((m * m - 1) / 12, prec);
  }

 private:
  std::int64_t a_, b_;
};

}  // namespace dpb::verify::stats::test_laws
