// Small enclosure helpers for the privacy computations (not API): maxima of enclosures, positive parts, and
// one-sided widening. Every function returns an Interval that contains the exact result of the named operation
// applied to any points of its arguments' enclosures.
#pragma once

#include <mpfi.h>

#include "reference/core/interval.hpp"

namespace dpb::ref::internal {

// [lo, hi] from two MPFR numbers (lo rounded down, hi rounded up at the result's precision).
inline Interval from_endpoints(mpfr_srcptr lo, mpfr_srcptr hi, mpfr_prec_t prec) {
  Interval r(prec);
  mpfi_interv_fr(r.get(), lo, hi);
  return r;
}

// [0, hi(x)].
inline Interval zero_to_upper(const Interval& x) {
  mpfr_t zero;
  mpfr_init2(zero, x.precision());
  mpfr_set_zero(zero, 1);
  Interval r = from_endpoints(zero, &x.get()->right, x.precision());
  mpfr_clear(zero);
  return r;
}

// max(a, b) for a ∈ A, b ∈ B: [max(lo A, lo B), max(hi A, hi B)].
inline Interval max_of(const Interval& a, const Interval& b) {
  mpfr_srcptr lo = mpfr_cmp(&a.get()->left, &b.get()->left) >= 0 ? &a.get()->left : &b.get()->left;
  mpfr_srcptr hi = mpfr_cmp(&a.get()->right, &b.get()->right) >= 0 ? &a.get()->right : &b.get()->right;
  return from_endpoints(lo, hi, a.precision() > b.precision() ? a.precision() : b.precision());
}

// max(0, x): [max(0, lo), max(0, hi)].
inline Interval positive_part(const Interval& x) {
  mpfr_t zero;
  mpfr_init2(zero, x.precision());
  mpfr_set_zero(zero, 1);
  mpfr_srcptr lo = mpfr_sgn(&x.get()->left) > 0 ? &x.get()->left : zero;
  mpfr_srcptr hi = mpfr_sgn(&x.get()->right) > 0 ? &x.get()->right : zero;
  Interval r = from_endpoints(lo, hi, x.precision());
  mpfr_clear(zero);
  return r;
}

// x + [0, hi(add)]: widens the upper end only (for a tail mass that may belong to x).
inline Interval widen_upper(const Interval& x, const Interval& add) { return x + zero_to_upper(add); }

// A point enclosure's lower end, as the interval [lo, lo].
inline Interval lower_point(const Interval& x) {
  return from_endpoints(&x.get()->left, &x.get()->left, x.precision());
}

}  // namespace dpb::ref::internal
