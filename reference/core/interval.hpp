// Certified real arithmetic: an RAII wrapper of an MPFI interval [lo, hi] with MPFR endpoints.
// Every operation returns an enclosure of the exact result, so a comparison that is "certainly" true of the
// enclosures is true of the reals. Decisions that depend on irrational quantities (e^{-1/t}, Poisson CDFs,
// Bessel pmfs) are made by refining the precision until such a comparison succeeds.
#pragma once

#include <mpfi.h>

#include <functional>
#include <string>

#include "reference/core/rational.hpp"

namespace dpb {

class Interval {
 public:
  explicit Interval(mpfr_prec_t prec = 128);
  Interval(const Rational& q, mpfr_prec_t prec);
  Interval(const Integer& z, mpfr_prec_t prec);
  Interval(long v, mpfr_prec_t prec);
  // [lo, hi] from exact rationals (lo rounded down, hi rounded up).
  static Interval hull(const Rational& lo, const Rational& hi, mpfr_prec_t prec);
  Interval(const Interval& other);
  Interval(Interval&& other) noexcept;
  Interval& operator=(const Interval& other);
  Interval& operator=(Interval&& other) noexcept;
  ~Interval();

  mpfr_prec_t precision() const;
  mpfi_ptr get() { return value_; }
  mpfi_srcptr get() const { return value_; }

  friend Interval operator+(const Interval& a, const Interval& b);
  friend Interval operator-(const Interval& a, const Interval& b);
  friend Interval operator*(const Interval& a, const Interval& b);
  friend Interval operator/(const Interval& a, const Interval& b);
  friend Interval operator-(const Interval& a);
  Interval& operator+=(const Interval& b);
  Interval& operator*=(const Interval& b);

  Interval mul(const Rational& q) const;
  Interval div(const Rational& q) const;
  Interval exp() const;
  Interval expm1() const;
  Interval log() const;
  Interval log1p() const;
  Interval sqrt() const;
  Interval cosh() const;
  Interval sinh() const;
  Interval abs() const;
  Interval sqr() const;
  Interval pow(unsigned long k) const;  // x^k by repeated squaring
  // Union hull / intersection (intersection precondition: they overlap).
  Interval join(const Interval& b) const;

  // Certain comparisons: true only when every point of *this relates so to every point of b.
  bool certainly_less(const Interval& b) const;
  bool certainly_less_equal(const Interval& b) const;
  bool certainly_greater(const Interval& b) const { return b.certainly_less(*this); }
  bool certainly_less(const Rational& q) const;
  bool certainly_greater(const Rational& q) const;
  bool contains(const Rational& q) const;
  bool contains(const Interval& b) const;
  bool overlaps(const Interval& b) const;

  // Exact endpoints as rationals (MPFR values are dyadic).
  Rational lower() const;
  Rational upper() const;
  // Width hi − lo, rounded up, as a rational.
  Rational width() const;
  // Endpoints as decimal strings with `digits` significant digits, lo rounded down and hi rounded up.
  std::string lower_string(int digits) const;
  std::string upper_string(int digits) const;
  // For reports to a person only (never for a decision): midpoint as double.
  double midpoint_for_report() const;  // report-only

 private:
  mpfi_t value_;
};

// e^{-q} enclosure for rational q.
Interval exp_neg(const Rational& q, mpfr_prec_t prec);

// Evaluates the enclosure f(prec) at increasing precision (starting at `start_prec`, doubling up to
// `max_prec`) until both endpoints round to the same `digits`-significant-digit decimal; returns that decimal
// (correctly rounded to nearest). Throws std::runtime_error if max_prec is reached (the value sits on a tie).
std::string correctly_rounded_decimal(const std::function<Interval(mpfr_prec_t)>& f, int digits,
                                      mpfr_prec_t start_prec = 64, mpfr_prec_t max_prec = 1 << 16);

// Decimal rendering of one MPFR number with `digits` significant digits and a rounding mode: "1.2345e-7".
std::string mpfr_to_decimal(mpfr_srcptr x, int digits, mpfr_rnd_t rnd);

}  // namespace dpb
