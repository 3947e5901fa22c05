#include "reference/privacy/seed001.hpp"

#include <mpfr.h>

#include <stdexcept>

#include "reference/core/errors.hpp"

namespace dpb::ref {

namespace {

constexpr mpfr_prec_t kStart = 128;
constexpr mpfr_prec_t kMax = mpfr_prec_t{1} << 16;

Interval erfc_of(const Interval& x) {
  Interval r(x.precision());
  mpfr_erfc(&r.get()->left, &x.get()->right, MPFR_RNDD);
  mpfr_erfc(&r.get()->right, &x.get()->left, MPFR_RNDU);
  return r;
}

Interval sqrt2(mpfr_prec_t prec) { return Interval(2L, prec).sqrt(); }

}  // namespace

RealFn exact_real(const Rational& q) {
  return [q](mpfr_prec_t prec) { return Interval(q, prec); };
}

Interval normal_cdf(const Interval& x) {
  // Φ(x) = erfc(−x/√2)/2
  return erfc_of(-x / sqrt2(x.precision())).div(Rational(2));
}

Interval gaussian_delta(const Interval& sensitivity, const Interval& sigma, const Rational& eps, mpfr_prec_t prec) {
  const Interval a = sensitivity / (sigma.mul(Rational(2)));
  const Interval b = sigma.mul(eps) / sensitivity;
  const Interval e = Interval(eps, prec).exp();
  return normal_cdf(a - b) - e * normal_cdf(-a - b);
}

Rational gaussian_delta_upper_bound(const RealFn& sensitivity, const Rational& sigma, const Rational& eps) {
  const mpfr_prec_t prec = 256;
  return gaussian_delta(sensitivity(prec), Interval(sigma, prec), eps, prec).upper();
}

Interval ldp_gauss_sigma(const Interval& eps0, const Rational& delta0, mpfr_prec_t prec) {
  const Interval l = Interval(Rational(Rational(5, 2) / delta0), prec).log();
  return (l.mul(Rational(2))).sqrt().mul(Rational(4)) / eps0;
}

Integer certified_ceiling(const RealFn& x, mpfr_prec_t start) {
  if (start < 2) throw std::invalid_argument("certified_ceiling: start precision must be >= 2 bits");
  for (mpfr_prec_t prec = start; prec <= kMax; prec *= 2) {
    const Interval v = x(prec);
    const Integer lo = ceil(v.lower());
    if (lo == ceil(v.upper())) return lo;
  }
  throw std::runtime_error("certified_ceiling: could not decide a ceiling at 65536 bits of precision");
}

Rational round_up_to_grid(const RealFn& x, unsigned k, mpfr_prec_t start) {
  const Integer scale = Integer(1) << k;
  const Integer c = certified_ceiling([&](mpfr_prec_t prec) { return x(prec).mul(Rational(scale)); }, start);
  return Rational(c, scale);
}

bool certainly_le(const RealFn& x, const RealFn& y) {
  for (mpfr_prec_t prec = kStart; prec <= kMax; prec *= 2) {
    const Interval a = x(prec), b = y(prec);
    if (a.certainly_less(b)) return true;
    if (b.certainly_less(a)) return false;
  }
  throw std::runtime_error("certainly_le: the two reals could not be separated at 65536 bits of precision");
}

FmtBound fmt_amplification(const RealFn& eps0, const Rational& delta0, const Integer& n, const Rational& delta_prime) {
  if (!eps0(kStart).certainly_greater(Rational(0)))
    throw_parameter_error("fmt", "eps0", "> 0", eps0(kStart).lower_string(6));
  if (delta0 < 0 || delta0 > 1) throw_parameter_error("fmt", "delta0", "in [0, 1]", to_string(delta0));
  if (n < 1) throw_parameter_error("fmt", "n", ">= 1", to_string(n));
  if (delta_prime <= 0 || delta_prime > 1)
    throw_parameter_error("fmt", "delta-prime", "in (0, 1]", to_string(delta_prime));
  FmtBound r;
  // 16 ln(2/δ′) < n ?  (16 ln(2/δ′) is transcendental unless 2/δ′ = 1, impossible for δ′ ≤ 1.)
  const RealFn sixteen_log = [&](mpfr_prec_t p) { return Interval(Rational(2 / delta_prime), p).log().mul(Rational(16)); };
  r.threshold_defined = !certainly_le(exact_real(Rational(n)), sixteen_log);
  const RealFn threshold = [&](mpfr_prec_t p) { return (Interval(n, p) / sixteen_log(p)).log(); };
  r.applicable = r.threshold_defined && certainly_le(eps0, threshold);
  mpfr_prec_t prec = 256;
  if (r.threshold_defined) r.threshold = threshold(prec);
  const Interval e0 = eps0(prec);
  const Interval ee = e0.exp();
  const Interval one(1L, prec);
  const Interval nn(n, prec);
  const Interval ratio = (ee - one) / (ee + one);
  const Interval l4 = Interval(Rational(4 / delta_prime), prec).log();
  const Interval inner = (ee * l4).sqrt().mul(Rational(8)) / nn.sqrt() + ee.mul(Rational(8)) / nn;
  r.eps_tilde = (ratio * inner).log1p();
  const Interval emin = (-e0).exp();
  r.delta_tilde = Interval(delta_prime, prec) +
                  (r.eps_tilde.exp() + one) * (one + emin.div(Rational(2))) * nn.mul(delta0);
  r.eps_tilde_upper = r.eps_tilde.upper();
  r.delta_tilde_upper = r.delta_tilde.upper();
  return r;
}

}  // namespace dpb::ref
