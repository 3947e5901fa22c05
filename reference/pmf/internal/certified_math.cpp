#include "reference/pmf/internal/certified_math.hpp"

#include <mpfi.h>

#include <algorithm>
#include <stdexcept>

namespace dpb::ref::internal {

mpfr_prec_t working_precision(mpfr_prec_t prec, unsigned extra) {
  return std::max<mpfr_prec_t>(prec, MPFR_PREC_MIN) + 32 + static_cast<mpfr_prec_t>(extra);
}

Interval round_out(const Interval& x, mpfr_prec_t prec) {
  Interval r(prec);
  mpfi_set(r.get(), x.get());  // MPFI rounds the left endpoint down and the right one up
  return r;
}

namespace {
Interval intersect_or_throw(const Interval& x, const Interval& range) {
  Interval r(x.precision());
  mpfi_intersect(r.get(), x.get(), range.get());
  if (mpfi_is_empty(r.get())) throw std::logic_error("certified pmf: enclosure misses its known range");
  return r;
}
}  // namespace

Interval clamp_nonnegative(const Interval& x) {
  Interval range(0L, x.precision());
  mpfr_set_inf(&range.get()->right, 1);
  return intersect_or_throw(x, range);
}

Interval clamp_probability(const Interval& x) {
  return intersect_or_throw(x, Interval::hull(Rational(0), Rational(1), x.precision()));
}

Interval zero_to(const Interval& x) {
  Interval r(0L, x.precision());
  if (mpfr_sgn(&x.get()->right) > 0) mpfi_put_fr(r.get(), &x.get()->right);
  return r;
}

Interval lgamma(const Interval& x) {
  const mpfr_prec_t prec = x.precision();
  if (mpfr_sgn(&x.get()->left) <= 0) throw std::domain_error("lgamma: argument enclosure must be > 0");
  if (mpfr_cmp_ui(&x.get()->left, 2) >= 0) {
    Interval r(prec);
    mpfr_lngamma(&r.get()->left, &x.get()->left, MPFR_RNDD);
    mpfr_lngamma(&r.get()->right, &x.get()->right, MPFR_RNDU);
    return r;
  }
  // Γ(x + 2) = (x + 1) x Γ(x), and x + 2 ≥ 2.
  const Interval one(1L, prec);
  return lgamma(x + Interval(2L, prec)) - x.log() - (x + one).log();
}

Interval log_factorial(const Integer& k, mpfr_prec_t prec) {
  if (k <= 1) return Interval(0L, prec);  // ln 0! = ln 1! = 0
  const Integer k1 = k + 1;
  const mpfr_prec_t p = std::max<mpfr_prec_t>(prec, static_cast<mpfr_prec_t>(bit_length(k1)) + 1);
  return lgamma(Interval(k1, p));
}

Interval beta_of_scale(const Rational& scale, mpfr_prec_t prec) { return exp_neg(Rational(Rational(1) / scale), prec); }

Interval one_minus_beta_of_scale(const Rational& scale, mpfr_prec_t prec) {
  return -((-Interval(Rational(Rational(1) / scale), prec)).expm1());
}

std::optional<Interval> geometric_rest(const Interval& t_n, const Interval& rho) {
  if (!rho.certainly_less(Rational(1))) return std::nullopt;
  const Interval one(1L, rho.precision());
  return zero_to(t_n * rho / (one - rho));
}

bool negligible_rest(const Interval& rest, const Interval& sum, mpfr_prec_t rel_bits) {
  if (mpfr_zero_p(&rest.get()->right)) return true;
  if (mpfr_sgn(&sum.get()->left) <= 0) return false;
  mpfr_t scaled;
  mpfr_init2(scaled, mpfr_get_prec(&sum.get()->left));
  mpfr_mul_2si(scaled, &sum.get()->left, -static_cast<long>(rel_bits), MPFR_RNDD);
  const bool small = mpfr_lessequal_p(&rest.get()->right, scaled) != 0;
  mpfr_clear(scaled);
  return small;
}

Interval times_fraction(const Interval& x, const Integer& num, const Integer& den) {
  Interval r(x.precision());
  if (num >= 0 && fits_uint64(num) && fits_uint64(den)) {
    mpfi_mul_ui(r.get(), x.get(), static_cast<unsigned long>(to_uint64(num)));
    mpfi_div_ui(r.get(), r.get(), static_cast<unsigned long>(to_uint64(den)));
  } else {
    mpfi_mul_z(r.get(), x.get(), num.backend().data());
    mpfi_div_z(r.get(), r.get(), den.backend().data());
  }
  return r;
}

Interval fraction(const Integer& num, const Integer& den, mpfr_prec_t prec) {
  return times_fraction(Interval(1L, prec), num, den);
}

unsigned magnitude_bits(const Rational& x) {
  using boost::multiprecision::abs;
  return bit_length(ceil(Rational(abs(x))));
}

}  // namespace dpb::ref::internal
