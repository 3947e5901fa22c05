#include "reference/pmf/polya.hpp"

#include "reference/pmf/internal/certified_math.hpp"
#include "reference/pmf/internal/count.hpp"
#include "reference/pmf/internal/series.hpp"

namespace dpb::ref {

using internal::beta_of_scale;
using internal::clamp_probability;
using internal::lgamma;
using internal::log_factorial;
using internal::magnitude_bits;
using internal::one_minus_beta_of_scale;
using internal::rho_nonincreasing;
using internal::round_out;
using internal::sum_ratio_series;
using internal::to_count;
using internal::working_precision;

PolyaPmf::PolyaPmf(const Rational& r, const Rational& scale) : r_(r), scale_(scale) {
  require_reasonable_size(r_, "PolyaPmf", "r");
  require_positive(r_, "PolyaPmf", "r");
  require_reasonable_size(scale_, "PolyaPmf", "scale");
  require_positive(scale_, "PolyaPmf", "scale");
  mode_ = 0;
  if (r_ > 1) {
    const Interval m = beta_of_scale(scale_, 64).mul(Rational(r_ - 1)) / one_minus_beta_of_scale(scale_, 64);
    mode_ = floor(m.lower());
  }
}

std::string PolyaPmf::describe() const {
  return "polya(r=" + to_string(r_) + ", scale=" + to_string(scale_) + ")";
}

Interval PolyaPmf::pmf(const Integer& k, mpfr_prec_t prec) const {
  if (k < 0) return Interval(0L, prec);
  // ln P[k] = ln Γ(k+r) − ln k! − ln Γ(r) − k/scale + r ln(1−β): guard bits for terms of size ~ (k+r) ln(k+r).
  const Rational kr = Rational(k) + r_;
  const unsigned extra = magnitude_bits(Rational(kr * (magnitude_bits(kr) + 2) + Rational(k) / scale_ +
                                                 r_ * (magnitude_bits(scale_) + 2) +
                                                 magnitude_bits(Rational(1 / r_))));
  const mpfr_prec_t wp = working_precision(prec, extra);
  Interval log_p = one_minus_beta_of_scale(scale_, wp).log().mul(r_);
  if (k > 0) {
    log_p = log_p + lgamma(Interval(kr, wp)) - log_factorial(k, wp) - lgamma(Interval(r_, wp)) -
            Interval(Rational(Rational(k) / scale_), wp);
  }
  return round_out(clamp_probability(log_p.exp()), prec);
}

Interval PolyaPmf::cdf(const Integer& k, mpfr_prec_t prec) const {
  if (k < 0) return Interval(0L, prec);
  const mpfr_prec_t wp = working_precision(prec);
  // An upward tail needs about wp·ln2·scale terms (ratios near β = e^{−1/scale}); a downward sum k − mode + O(1).
  if (k <= mode_ || Rational(k - mode_) <= Rational(wp) * ceil(scale_)) {
    const Interval beta = beta_of_scale(scale_, wp);
    // Term n is P[k−n]; P[j−1]/P[j] = j/(β(j−1+r)) with j = k − n.
    const Integer rn = numerator(r_), rd = denominator(r_);  // r = rn/rd
    const auto ratio = [&](std::uint64_t n) {
      const Integer j = k - n;
      return internal::fraction(Integer(j * rd), Integer((j - 1) * rd + rn), wp) / beta;
    };
    // r ≥ 1: log-concave, the downward ratios decrease; r < 1: they exceed 1 throughout (no early end).
    const internal::RhoFn rho = r_ >= 1 ? internal::RhoFn(rho_nonincreasing)
                                        : internal::RhoFn([](std::uint64_t, const Interval&) {
                                            return std::optional<Interval>();
                                          });
    const Interval sum = sum_ratio_series(pmf(k, wp), to_count(Integer(k + 1)), ratio, rho, wp);
    return round_out(clamp_probability(sum), prec);
  }
  return round_out(clamp_probability(Interval(1L, wp) - upper_tail(Integer(k + 1), wp)), prec);
}

Interval PolyaPmf::upper_tail(const Integer& k, mpfr_prec_t prec) const {
  if (k <= 0) return Interval(1L, prec);
  const mpfr_prec_t wp = working_precision(prec);
  if (k > mode_) {
    // A short head first: 1 − P[X ≤ k−1] (about k terms) is enough when it is ≥ 2^{−32}, since the 32 guard bits
    // absorb the relative loss; the tail itself needs about wp·ln2·scale terms (ratios tend to β = e^{−1/scale}).
    if (Rational(k - 1 - mode_) * 2 <= Rational(wp) * ceil(scale_)) {
      const Interval rest = Interval(1L, wp) - cdf(Integer(k - 1), wp);
      if (rest.certainly_greater(Rational(1, Integer(1) << 32))) return round_out(clamp_probability(rest), prec);
    }
    const Interval beta = beta_of_scale(scale_, wp);
    // Term n is P[k+n]; ratio β(j+r)/(j+1), j = k + n; bound ρ_j = β·max(1, (j+r)/(j+1)).
    const Integer rn = numerator(r_), rd = denominator(r_);  // r = rn/rd
    const auto ratio = [&](std::uint64_t n) {
      const Integer j = k + n;
      return internal::times_fraction(beta, Integer(j * rd + rn), Integer((j + 1) * rd));
    };
    // (j+r)/(j+1) ≥ 1 iff r ≥ 1, and then it decreases in j: ρ_j is the ratio itself; for r < 1 it is β.
    const bool shape_at_least_one = r_ >= 1;
    const auto rho = [&](std::uint64_t, const Interval& ratio_n) -> std::optional<Interval> {
      return shape_at_least_one ? ratio_n : beta;
    };
    const Interval sum = sum_ratio_series(pmf(k, wp), std::nullopt, ratio, rho, wp);
    return round_out(clamp_probability(sum), prec);
  }
  return round_out(clamp_probability(Interval(1L, wp) - cdf(Integer(k - 1), wp)), prec);
}

Interval PolyaPmf::mean(mpfr_prec_t prec) const {
  const mpfr_prec_t wp = working_precision(prec);
  return round_out(beta_of_scale(scale_, wp).mul(r_) / one_minus_beta_of_scale(scale_, wp), prec);
}

Interval PolyaPmf::variance(mpfr_prec_t prec) const {
  const mpfr_prec_t wp = working_precision(prec);
  return round_out(beta_of_scale(scale_, wp).mul(r_) / one_minus_beta_of_scale(scale_, wp).sqr(), prec);
}

}  // namespace dpb::ref
