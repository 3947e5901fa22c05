// Properties of reference/core/interval (issue 13 §4): for random rationals and random precisions, every operation
// encloses the true value — exactly for +, −, ×, ÷ (the exact rational result), and for the transcendental
// operations a 2048-bit MPFR enclosure computed from the input's directed roundings.
#include <gtest/gtest.h>
#include <mpfr.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include "reference/core/interval.hpp"

namespace dpb {
namespace {

rc::Gen<Rational> gen_rational() {
  return rc::gen::map(rc::gen::pair(rc::gen::inRange<long>(-1000000000L, 1000000000L), rc::gen::inRange<long>(1, 1000000)),
                      [](const std::pair<long, long>& p) { return Rational(p.first, p.second); });
}

// [lo, hi] ∋ exp(q) (or log(q) for q > 0) at 2048 bits, both monotone increasing.
std::pair<Rational, Rational> high(int (*f)(mpfr_ptr, mpfr_srcptr, mpfr_rnd_t), const Rational& q) {
  mpfr_t lo, hi;
  mpfr_inits2(2048, lo, hi, static_cast<mpfr_ptr>(nullptr));
  mpfr_set_q(lo, q.backend().data(), MPFR_RNDD);
  mpfr_set_q(hi, q.backend().data(), MPFR_RNDU);
  f(lo, lo, MPFR_RNDD);
  f(hi, hi, MPFR_RNDU);
  Interval a(2048), b(2048);
  mpfi_set_fr(a.get(), lo);
  mpfi_set_fr(b.get(), hi);
  mpfr_clears(lo, hi, static_cast<mpfr_ptr>(nullptr));
  return {a.lower(), b.upper()};
}

RC_GTEST_PROP(IntervalProperty, ArithmeticEnclosesTheExactResult, ()) {
  const Rational a = *gen_rational(), b = *gen_rational();
  const mpfr_prec_t prec = *rc::gen::inRange<long>(24, 257);
  const Interval x(a, prec), y(b, prec);
  RC_ASSERT(x.contains(a));
  RC_ASSERT((x + y).contains(Rational(a + b)));
  RC_ASSERT((x - y).contains(Rational(a - b)));
  RC_ASSERT((x * y).contains(Rational(a * b)));
  RC_ASSERT(x.mul(b).contains(Rational(a * b)));
  RC_ASSERT(x.sqr().contains(Rational(a * a)));
  RC_ASSERT(x.pow(3).contains(Rational(a * a * a)));
  if (b != 0) {
    RC_ASSERT((x / y).contains(Rational(a / b)));
    RC_ASSERT(x.div(b).contains(Rational(a / b)));
  }
  RC_ASSERT(x.abs().contains(a < 0 ? Rational(-a) : a));
  // A certain comparison is a true one.
  if (x.certainly_less(y)) RC_ASSERT(a < b);
  if (x.certainly_less_equal(y)) RC_ASSERT(a <= b);
}

RC_GTEST_PROP(IntervalProperty, TranscendentalsEncloseMpfrAt2048Bits, ()) {
  const Rational q = *gen_rational() / 10000;  // |q| ≤ 10^5: exp stays inside MPFR's exponent range
  const mpfr_prec_t prec = *rc::gen::inRange<long>(24, 257);
  const Interval x(q, prec);
  const auto e = high(mpfr_exp, q);
  const Interval ex = x.exp();
  RC_ASSERT(ex.lower() <= e.first);
  RC_ASSERT(ex.upper() >= e.second);
  if (q > 0) {
    const auto l = high(mpfr_log, q);
    const Interval lx = x.log();
    RC_ASSERT(lx.lower() <= l.first);
    RC_ASSERT(lx.upper() >= l.second);
    const auto s = high(mpfr_sqrt, q);
    const Interval sx = x.sqrt();
    RC_ASSERT(sx.lower() <= s.first);
    RC_ASSERT(sx.upper() >= s.second);
  }
}

}  // namespace
}  // namespace dpb
