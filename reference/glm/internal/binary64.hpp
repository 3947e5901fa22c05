// IEEE 754 binary64 arithmetic without a double: an MPFR number at 53 bits, every operation correctly rounded to
// nearest-even. For +, −, ×, ÷ on normal numbers this is bit for bit what an IEEE double computes in the same order
// without FMA contraction (MPFR's exponent range is wider, so results that a double would make subnormal or
// infinite differ; the Fedorov–Wynn routine never produces them: internal/fedorov_wynn.hpp). It lets the reference
// run the one deterministic G-optimal solver that the optimized build instantiates with `double`
// (docs/decisions.md "G-optimal design: one solver, binary64").
#pragma once

#include <mpfr.h>

#include "reference/core/rational.hpp"

namespace dpb::ref::internal {

class Binary64 {
 public:
  Binary64() { mpfr_init2(v_, 53); mpfr_set_zero(v_, 1); }
  Binary64(long i) { mpfr_init2(v_, 53); mpfr_set_si(v_, i, MPFR_RNDN); }  // NOLINT: like a double literal
  explicit Binary64(const Rational& q) { mpfr_init2(v_, 53); mpfr_set_q(v_, q.backend().data(), MPFR_RNDN); }
  Binary64(const Binary64& o) { mpfr_init2(v_, 53); mpfr_set(v_, o.v_, MPFR_RNDN); }
  Binary64& operator=(const Binary64& o) { mpfr_set(v_, o.v_, MPFR_RNDN); return *this; }
  ~Binary64() { mpfr_clear(v_); }

  friend Binary64 operator+(const Binary64& a, const Binary64& b) { Binary64 r; mpfr_add(r.v_, a.v_, b.v_, MPFR_RNDN); return r; }
  friend Binary64 operator-(const Binary64& a, const Binary64& b) { Binary64 r; mpfr_sub(r.v_, a.v_, b.v_, MPFR_RNDN); return r; }
  friend Binary64 operator*(const Binary64& a, const Binary64& b) { Binary64 r; mpfr_mul(r.v_, a.v_, b.v_, MPFR_RNDN); return r; }
  friend Binary64 operator/(const Binary64& a, const Binary64& b) { Binary64 r; mpfr_div(r.v_, a.v_, b.v_, MPFR_RNDN); return r; }
  friend bool operator<(const Binary64& a, const Binary64& b) { return mpfr_less_p(a.v_, b.v_) != 0; }
  friend bool operator>(const Binary64& a, const Binary64& b) { return mpfr_greater_p(a.v_, b.v_) != 0; }
  friend bool operator<=(const Binary64& a, const Binary64& b) { return mpfr_lessequal_p(a.v_, b.v_) != 0; }

  // The exact value (a dyadic rational).
  Rational exact() const {
    Rational q;
    mpfr_get_q(q.backend().data(), v_);
    return q;
  }

 private:
  mpfr_t v_;
};

inline Rational exact_value(const Binary64& x) { return x.exact(); }

}  // namespace dpb::ref::internal
