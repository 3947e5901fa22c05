#include "reference/pmf/discrete_laplace.hpp"

#include "reference/pmf/internal/certified_math.hpp"

namespace dpb::ref {

using internal::beta_of_scale;
using internal::magnitude_bits;
using internal::one_minus_beta_of_scale;
using internal::round_out;
using internal::working_precision;

DiscreteLaplacePmf::DiscreteLaplacePmf(const Rational& scale) : scale_(scale) {
  require_reasonable_size(scale_, "DiscreteLaplacePmf", "scale");
  require_positive(scale_, "DiscreteLaplacePmf", "scale");
}

std::string DiscreteLaplacePmf::describe() const { return "dlaplace(scale=" + to_string(scale_) + ")"; }

Interval DiscreteLaplacePmf::pmf(const Integer& k, mpfr_prec_t prec) const {
  using boost::multiprecision::abs;
  const Rational t = Rational(abs(k)) / scale_;
  const mpfr_prec_t wp = working_precision(prec, magnitude_bits(t));
  const Interval one(1L, wp);
  return round_out(one_minus_beta_of_scale(scale_, wp) / (one + beta_of_scale(scale_, wp)) * exp_neg(t, wp), prec);
}

Interval DiscreteLaplacePmf::upper_tail(const Integer& k, mpfr_prec_t prec) const {
  if (k < 0) {
    // P[X ≥ k] = 1 − P[X ≤ k − 1] = 1 − P[X ≥ 1 − k] (symmetry), 1 − k ≥ 2.
    const Interval right = upper_tail(Integer(1 - k), working_precision(prec));
    return round_out(Interval(1L, right.precision()) - right, prec);
  }
  const Rational t = Rational(k) / scale_;
  const mpfr_prec_t wp = working_precision(prec, magnitude_bits(t));
  return round_out(exp_neg(t, wp) / (Interval(1L, wp) + beta_of_scale(scale_, wp)), prec);  // β^k/(1 + β)
}

Interval DiscreteLaplacePmf::cdf(const Integer& k, mpfr_prec_t prec) const { return upper_tail(Integer(-k), prec); }

Interval DiscreteLaplacePmf::mean(mpfr_prec_t prec) const { return Interval(0L, prec); }

Interval DiscreteLaplacePmf::variance(mpfr_prec_t prec) const {
  const mpfr_prec_t wp = working_precision(prec);
  return round_out(beta_of_scale(scale_, wp).mul(Rational(2)) / one_minus_beta_of_scale(scale_, wp).sqr(), prec);
}

}  // namespace dpb::ref
