#include "reference/pmf/binomial.hpp"

#include "reference/pmf/internal/certified_math.hpp"
#include "reference/pmf/internal/count.hpp"
#include "reference/pmf/internal/series.hpp"

namespace dpb::ref {

using internal::clamp_probability;
using internal::log_factorial;
using internal::magnitude_bits;
using internal::rho_nonincreasing;
using internal::round_out;
using internal::sum_ratio_series;
using internal::to_count;
using internal::working_precision;

BinomialPmf::BinomialPmf(const Integer& n, const Rational& p) : n_(n), p_(p) {
  require_nonnegative(n_, "BinomialPmf", "n");
  require_reasonable_size(Rational(n_), "BinomialPmf", "n", 64);
  require_reasonable_size(p_, "BinomialPmf", "p");
  require_probability(p_, "BinomialPmf", "p");
}

std::string BinomialPmf::describe() const { return "binomial(n=" + to_string(n_) + ", p=" + to_string(p_) + ")"; }
std::optional<Integer> BinomialPmf::support_min() const { return p_ == 1 ? n_ : Integer(0); }
std::optional<Integer> BinomialPmf::support_max() const { return p_ == 0 ? Integer(0) : n_; }

Interval BinomialPmf::pmf(const Integer& k, mpfr_prec_t prec) const {
  if (k < 0 || k > n_) return Interval(0L, prec);
  if (degenerate()) return Interval(long(k == *support_min()), prec);
  // Terms of the exponent are at most about n (bits(n) + bits(p) + bits(1/(1−p))): guard bits.
  const Rational q = 1 - p_;
  const unsigned extra = magnitude_bits(Rational(n_ * (bit_length(n_) + magnitude_bits(Rational(1 / p_)) +
                                                       magnitude_bits(Rational(1 / q)) + 2)));
  const mpfr_prec_t wp = working_precision(prec, extra);
  const Interval log_p = log_factorial(n_, wp) - log_factorial(k, wp) - log_factorial(Integer(n_ - k), wp) +
                         Interval(k, wp) * Interval(p_, wp).log() +
                         Interval(Integer(n_ - k), wp) * Interval(q, wp).log();
  return round_out(clamp_probability(log_p.exp()), prec);
}

Interval BinomialPmf::cdf(const Integer& k, mpfr_prec_t prec) const {
  if (k < 0) return Interval(0L, prec);
  if (k >= n_) return Interval(1L, prec);
  if (degenerate()) return Interval(long(k >= *support_min()), prec);
  const mpfr_prec_t wp = working_precision(prec, bit_length(n_));
  if (k < Rational((n_ + 1) * p_)) {
    const Integer a = numerator(p_), b = denominator(p_);  // p = a/b
    // Term m is P[k−m]; P[j−1]/P[j] = j(1−p)/((n−j+1)p) = j(b−a)/((n−j+1)a) with j = k − m.
    const auto ratio = [&](std::uint64_t m) {
      const Integer j = k - m;
      return internal::fraction(Integer(j * (b - a)), Integer((n_ - j + 1) * a), wp);
    };
    const Interval sum = sum_ratio_series(pmf(k, wp), to_count(Integer(k + 1)), ratio, rho_nonincreasing, wp);
    return round_out(clamp_probability(sum), prec);
  }
  return round_out(clamp_probability(Interval(1L, wp) - upper_tail(Integer(k + 1), wp)), prec);
}

Interval BinomialPmf::upper_tail(const Integer& k, mpfr_prec_t prec) const {
  if (k <= 0) return Interval(1L, prec);
  if (k > n_) return Interval(0L, prec);
  if (degenerate()) return Interval(long(k <= *support_max()), prec);
  const mpfr_prec_t wp = working_precision(prec, bit_length(n_));
  if (k >= Rational((n_ + 1) * p_)) {
    const Integer a = numerator(p_), b = denominator(p_);  // p = a/b
    // Term m is P[k+m]; P[j+1]/P[j] = (n−j)p/((j+1)(1−p)) = (n−j)a/((j+1)(b−a)) with j = k + m.
    const auto ratio = [&](std::uint64_t m) {
      const Integer j = k + m;
      return internal::fraction(Integer((n_ - j) * a), Integer((j + 1) * (b - a)), wp);
    };
    const Interval sum =
        sum_ratio_series(pmf(k, wp), to_count(Integer(n_ - k + 1)), ratio, rho_nonincreasing, wp);
    return round_out(clamp_probability(sum), prec);
  }
  return round_out(clamp_probability(Interval(1L, wp) - cdf(Integer(k - 1), wp)), prec);
}

Interval BinomialPmf::mean(mpfr_prec_t prec) const { return Interval(Rational(n_ * p_), prec); }
Interval BinomialPmf::variance(mpfr_prec_t prec) const {
  return Interval(Rational(n_ * p_ * (1 - p_)), prec);
}

}  // namespace dpb::ref
