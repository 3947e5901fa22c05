#include "reference/pmf/geometric.hpp"

#include "reference/pmf/internal/certified_math.hpp"

namespace dpb::ref {

using internal::beta_of_scale;
using internal::magnitude_bits;
using internal::one_minus_beta_of_scale;
using internal::round_out;
using internal::working_precision;

GeometricPmf::GeometricPmf(const Rational& scale) : scale_(scale) {
  require_reasonable_size(scale_, "GeometricPmf", "scale");
  require_positive(scale_, "GeometricPmf", "scale");
}

std::string GeometricPmf::describe() const { return "geometric(scale=" + to_string(scale_) + ")"; }

// β^k = e^{−k/scale}: the exponent is exact, and |k/scale| more guard bits keep the relative width at 2^{−prec}.
Interval GeometricPmf::pmf(const Integer& k, mpfr_prec_t prec) const {
  if (k < 0) return Interval(0L, prec);
  const Rational t = Rational(k) / scale_;
  const mpfr_prec_t wp = working_precision(prec, magnitude_bits(t));
  return round_out(one_minus_beta_of_scale(scale_, wp) * exp_neg(t, wp), prec);
}

Interval GeometricPmf::cdf(const Integer& k, mpfr_prec_t prec) const {
  if (k < 0) return Interval(0L, prec);
  const Rational t = Rational(k + 1) / scale_;
  const mpfr_prec_t wp = working_precision(prec, magnitude_bits(t));
  return round_out(-((-Interval(t, wp)).expm1()), prec);  // 1 − β^{k+1}
}

Interval GeometricPmf::upper_tail(const Integer& k, mpfr_prec_t prec) const {
  if (k <= 0) return Interval(1L, prec);
  const Rational t = Rational(k) / scale_;
  return round_out(exp_neg(t, working_precision(prec, magnitude_bits(t))), prec);  // β^k
}

Interval GeometricPmf::mean(mpfr_prec_t prec) const {
  const mpfr_prec_t wp = working_precision(prec);
  return round_out(beta_of_scale(scale_, wp) / one_minus_beta_of_scale(scale_, wp), prec);
}

Interval GeometricPmf::variance(mpfr_prec_t prec) const {
  const mpfr_prec_t wp = working_precision(prec);
  return round_out(beta_of_scale(scale_, wp) / one_minus_beta_of_scale(scale_, wp).sqr(), prec);
}

}  // namespace dpb::ref
