#include "reference/pmf/rounded_normal.hpp"

#include <mpfr.h>

#include "reference/core/errors.hpp"
#include "reference/pmf/internal/certified_math.hpp"

namespace dpb::ref {

using internal::clamp_probability;
using internal::magnitude_bits;
using internal::round_out;
using internal::working_precision;

namespace {

// erfc over an enclosure x: erfc decreases, so [erfc(hi) rounded down, erfc(lo) rounded up].
Interval erfc_of(const Interval& x) {
  Interval r(x.precision());
  mpfr_erfc(&r.get()->left, &x.get()->right, MPFR_RNDD);
  mpfr_erfc(&r.get()->right, &x.get()->left, MPFR_RNDU);
  return r;
}

// erf over an enclosure x: erf increases.
Interval erf_of(const Interval& x) {
  Interval r(x.precision());
  mpfr_erf(&r.get()->left, &x.get()->left, MPFR_RNDD);
  mpfr_erf(&r.get()->right, &x.get()->right, MPFR_RNDU);
  return r;
}

}  // namespace

RoundedNormalPmf::RoundedNormalPmf(const Rational& sigma, const Integer& grid_bits) : sigma_(sigma), r_(grid_bits) {
  require_reasonable_size(sigma_, "RoundedNormalPmf", "sigma");
  require_positive(sigma_, "RoundedNormalPmf", "sigma");
  if (r_ < 0 || r_ > 1024)
    throw_parameter_error("RoundedNormalPmf", "grid-bits", "an integer in [0, 1024]", to_string(r_));
  c_ = sigma_ * Rational(Integer(1) << r_.convert_to<unsigned>());
}

std::string RoundedNormalPmf::describe() const {
  return "normal(sigma=" + to_string(sigma_) + ", grid-bits=" + to_string(r_) + ")";
}

Interval RoundedNormalPmf::erfc_at_half_point(const Integer& j, mpfr_prec_t wp) const {
  // t = (j + 1/2)/c exactly; erfc's relative condition number is about 2t², so 2·bits(t) more guard bits.
  const Rational t = Rational(2 * j + 1, 2) / c_;
  const mpfr_prec_t p = wp + 2 * static_cast<mpfr_prec_t>(magnitude_bits(t)) + 8;
  return erfc_of(Interval(t, p) / Interval(2L, p).sqrt());
}

Interval RoundedNormalPmf::upper_tail(const Integer& k, mpfr_prec_t prec) const {
  // P[K ≥ k] = P[cX ≥ k − 1/2] = erfc((k − 1/2)/(c√2))/2.
  const mpfr_prec_t wp = working_precision(prec);
  return round_out(clamp_probability(erfc_at_half_point(Integer(k - 1), wp).div(Rational(2))), prec);
}

Interval RoundedNormalPmf::cdf(const Integer& k, mpfr_prec_t prec) const { return upper_tail(Integer(-k), prec); }

Interval RoundedNormalPmf::pmf(const Integer& k, mpfr_prec_t prec) const {
  const Integer a = boost::multiprecision::abs(k);
  if (a == 0) {
    const mpfr_prec_t wp = working_precision(prec, 8);
    const Rational t = Rational(1, 2) / c_;  // P[|cX| < 1/2] = erf(1/(2c√2))
    return round_out(clamp_probability(erf_of(Interval(t, wp) / Interval(2L, wp).sqrt())), prec);
  }
  // The difference of two tails loses about log2((|k| + 1)·(c + 1)) bits; the tails' own relative precision
  // covers the rest.
  const unsigned extra = magnitude_bits(c_) + bit_length(a) + 8;
  const mpfr_prec_t wp = working_precision(prec, extra);
  const Interval diff = erfc_at_half_point(Integer(a - 1), wp) - erfc_at_half_point(a, wp);
  return round_out(clamp_probability(diff.div(Rational(2))), prec);
}

Interval RoundedNormalPmf::mean(mpfr_prec_t prec) const { return Interval(0L, prec); }

Interval RoundedNormalPmf::variance(mpfr_prec_t prec) const {
  const mpfr_prec_t wp = working_precision(prec, 16);
  if (c_ > 1024) {
    // K = cX + e, |e| ≤ 1/2: E[K²] = c² + 2c·E[Xe] + E[e²] with |E[Xe]| ≤ E|X|/2 = 1/√(2π).
    const Interval c(c_, wp), c2 = c.sqr();
    Interval pi(wp);
    mpfi_const_pi(pi.get());
    const Interval spread = c * (Interval(2L, wp) / pi).sqrt();
    return round_out((c2 - spread).join(c2 + spread + Interval(Rational(1, 4), wp)), prec);
  }
  // E[K²] = 2 Σ_{k ≥ 1} k² P[K = k]. Rest after K0 (|K| ≤ 2c|X| when |K| ≥ 1): Σ_{|k| > K0} k² P[k] ≤
  // 4c² E[X² 1{|X| > t}] = 8c² (t φ(t) + Q(t)), t = (K0 + 1/2)/c; stop once that is below 2^{−wp}.
  Interval sum(0L, wp);
  Interval pi(wp);
  mpfi_const_pi(pi.get());
  for (Integer k = 1;; ++k) {
    sum += pmf(k, wp).mul(Rational(2 * k * k));
    if (k % 16 != 0) continue;
    const Rational t = Rational(2 * k + 1, 2) / c_;
    const Interval T(t, wp);
    const Interval phi = (-(T.sqr().div(Rational(2)))).exp() / (Interval(2L, wp) * pi).sqrt();
    const Interval Q = erfc_of(T / Interval(2L, wp).sqrt()).div(Rational(2));
    const Interval rest = (T * phi + Q).mul(Rational(8 * c_ * c_));
    if (rest.certainly_less(Rational(1, 1) / Rational(Integer(1) << static_cast<unsigned>(wp)))) {
      return round_out(sum + internal::zero_to(rest), prec);
    }
  }
}

}  // namespace dpb::ref
