#include "reference/pmf/poisson.hpp"

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

PoissonPmf::PoissonPmf(const Rational& mean) : lambda_(mean) {
  require_reasonable_size(lambda_, "PoissonPmf", "mean");
  require_positive(lambda_, "PoissonPmf", "mean");
}

std::string PoissonPmf::describe() const { return "poisson(mean=" + to_string(lambda_) + ")"; }

Interval PoissonPmf::pmf(const Integer& k, mpfr_prec_t prec) const {
  if (k < 0) return Interval(0L, prec);
  // ln P[k] = −λ + k ln λ − ln k!; its terms reach about λ + k(ln k + |ln λ|), whose bit length we add as guard.
  const unsigned extra =
      magnitude_bits(Rational(lambda_ + Rational(k) * (bit_length(k) + magnitude_bits(lambda_) +
                                                       magnitude_bits(Rational(1 / lambda_)) + 1)));
  const mpfr_prec_t wp = working_precision(prec, extra);
  Interval log_p = -Interval(lambda_, wp);
  if (k > 0) log_p = log_p + Interval(k, wp) * Interval(lambda_, wp).log() - log_factorial(k, wp);
  return round_out(log_p.exp(), prec);
}

Interval PoissonPmf::cdf(const Integer& k, mpfr_prec_t prec) const {
  if (k < 0) return Interval(0L, prec);
  const mpfr_prec_t wp = working_precision(prec, magnitude_bits(lambda_));
  if (k < lambda_) {
    // Σ_{j=k,k−1,…,0} P[j]; term n is P[k−n], and P[k−n−1]/P[k−n] = (k−n)/λ decreases with n.
    const Integer a = numerator(lambda_), b = denominator(lambda_);  // λ = a/b
    const auto ratio = [&](std::uint64_t n) { return internal::fraction(Integer((k - n) * b), a, wp); };
    const Interval sum = sum_ratio_series(pmf(k, wp), to_count(Integer(k + 1)), ratio, rho_nonincreasing, wp);
    return round_out(clamp_probability(sum), prec);
  }
  const Interval tail = upper_tail(Integer(k + 1), wp);
  return round_out(clamp_probability(Interval(1L, wp) - tail), prec);
}

Interval PoissonPmf::upper_tail(const Integer& k, mpfr_prec_t prec) const {
  if (k <= 0) return Interval(1L, prec);
  const mpfr_prec_t wp = working_precision(prec, magnitude_bits(lambda_));
  if (k > lambda_) {
    // Σ_{j ≥ k} P[j]; term n is P[k+n], ratio λ/(k+n+1) < 1, decreasing.
    const Integer a = numerator(lambda_), b = denominator(lambda_);  // λ = a/b
    const auto ratio = [&](std::uint64_t n) { return internal::fraction(a, Integer(b * (k + n + 1)), wp); };
    const Interval sum = sum_ratio_series(pmf(k, wp), std::nullopt, ratio, rho_nonincreasing, wp);
    return round_out(clamp_probability(sum), prec);
  }
  const Interval head = cdf(Integer(k - 1), wp);
  return round_out(clamp_probability(Interval(1L, wp) - head), prec);
}

Interval PoissonPmf::mean(mpfr_prec_t prec) const { return Interval(lambda_, prec); }
Interval PoissonPmf::variance(mpfr_prec_t prec) const { return Interval(lambda_, prec); }

}  // namespace dpb::ref
