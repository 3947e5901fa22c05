#include "reference/core/interval.hpp"

#include <mpfr.h>

#include <stdexcept>
#include <utility>

namespace dpb {

Interval::Interval(mpfr_prec_t prec) {
  mpfi_init2(value_, prec);
  mpfi_set_ui(value_, 0);
}
Interval::Interval(const Rational& q, mpfr_prec_t prec) {
  mpfi_init2(value_, prec);
  mpfi_set_q(value_, q.backend().data());
}
Interval::Interval(const Integer& z, mpfr_prec_t prec) {
  mpfi_init2(value_, prec);
  mpfi_set_z(value_, z.backend().data());
}
Interval::Interval(long v, mpfr_prec_t prec) {
  mpfi_init2(value_, prec);
  mpfi_set_si(value_, v);
}
Interval Interval::hull(const Rational& lo, const Rational& hi, mpfr_prec_t prec) {
  Interval a(lo, prec), b(hi, prec);
  return a.join(b);
}
Interval::Interval(const Interval& other) {
  mpfi_init2(value_, mpfi_get_prec(other.value_));
  mpfi_set(value_, other.value_);
}
Interval::Interval(Interval&& other) noexcept {
  mpfi_init2(value_, mpfi_get_prec(other.value_));
  mpfi_swap(value_, other.value_);
}
Interval& Interval::operator=(const Interval& other) {
  if (this != &other) {
    mpfi_set_prec(value_, mpfi_get_prec(other.value_));
    mpfi_set(value_, other.value_);
  }
  return *this;
}
Interval& Interval::operator=(Interval&& other) noexcept {
  mpfi_swap(value_, other.value_);
  return *this;
}
Interval::~Interval() { mpfi_clear(value_); }

mpfr_prec_t Interval::precision() const { return mpfi_get_prec(value_); }

namespace {
mpfr_prec_t prec_of(const Interval& a, const Interval& b) {
  return std::max(a.precision(), b.precision());
}
}  // namespace

Interval operator+(const Interval& a, const Interval& b) {
  Interval r(prec_of(a, b));
  mpfi_add(r.get(), a.get(), b.get());
  return r;
}
Interval operator-(const Interval& a, const Interval& b) {
  Interval r(prec_of(a, b));
  mpfi_sub(r.get(), a.get(), b.get());
  return r;
}
Interval operator*(const Interval& a, const Interval& b) {
  Interval r(prec_of(a, b));
  mpfi_mul(r.get(), a.get(), b.get());
  return r;
}
Interval operator/(const Interval& a, const Interval& b) {
  Interval r(prec_of(a, b));
  mpfi_div(r.get(), a.get(), b.get());
  return r;
}
Interval operator-(const Interval& a) {
  Interval r(a.precision());
  mpfi_neg(r.get(), a.get());
  return r;
}
Interval& Interval::operator+=(const Interval& b) {
  mpfi_add(value_, value_, b.value_);
  return *this;
}
Interval& Interval::operator*=(const Interval& b) {
  mpfi_mul(value_, value_, b.value_);
  return *this;
}

#define DPB_UNARY(name, fn)                 \
  Interval Interval::name() const {         \
    Interval r(precision());                \
    fn(r.get(), value_);                    \
    return r;                               \
  }
DPB_UNARY(exp, mpfi_exp)
DPB_UNARY(expm1, mpfi_expm1)
DPB_UNARY(log, mpfi_log)
DPB_UNARY(log1p, mpfi_log1p)
DPB_UNARY(sqrt, mpfi_sqrt)
DPB_UNARY(cosh, mpfi_cosh)
DPB_UNARY(sinh, mpfi_sinh)
DPB_UNARY(abs, mpfi_abs)
DPB_UNARY(sqr, mpfi_sqr)
#undef DPB_UNARY

Interval Interval::mul(const Rational& q) const {
  Interval r(precision());
  mpfi_mul_q(r.get(), value_, q.backend().data());
  return r;
}
Interval Interval::div(const Rational& q) const {
  Interval r(precision());
  mpfi_div_q(r.get(), value_, q.backend().data());
  return r;
}
Interval Interval::pow(unsigned long k) const {
  Interval result(1L, precision()), base(*this);
  while (k > 0) {
    if (k & 1UL) result *= base;
    k >>= 1;
    if (k > 0) base = base.sqr();
  }
  return result;
}
Interval Interval::join(const Interval& b) const {
  Interval r(prec_of(*this, b));
  mpfi_union(r.get(), value_, b.value_);
  return r;
}

bool Interval::certainly_less(const Interval& b) const {
  return mpfr_less_p(&value_->right, &b.value_->left) != 0;
}
bool Interval::certainly_less_equal(const Interval& b) const {
  return mpfr_lessequal_p(&value_->right, &b.value_->left) != 0;
}
bool Interval::certainly_less(const Rational& q) const { return mpfr_cmp_q(&value_->right, q.backend().data()) < 0; }
bool Interval::certainly_greater(const Rational& q) const {
  return mpfr_cmp_q(&value_->left, q.backend().data()) > 0;
}
bool Interval::contains(const Rational& q) const {
  return mpfr_cmp_q(&value_->left, q.backend().data()) <= 0 && mpfr_cmp_q(&value_->right, q.backend().data()) >= 0;
}
bool Interval::contains(const Interval& b) const {
  return mpfr_lessequal_p(&value_->left, &b.value_->left) && mpfr_greaterequal_p(&value_->right, &b.value_->right);
}
bool Interval::overlaps(const Interval& b) const {
  return mpfr_lessequal_p(&value_->left, &b.value_->right) && mpfr_lessequal_p(&b.value_->left, &value_->right);
}

namespace {
Rational mpfr_to_rational(mpfr_srcptr x) {
  if (!mpfr_number_p(x)) throw std::domain_error("Interval: endpoint is not a finite number");
  Rational q;
  mpfr_get_q(q.backend().data(), x);
  return q;
}
}  // namespace

Rational Interval::lower() const { return mpfr_to_rational(&value_->left); }
Rational Interval::upper() const { return mpfr_to_rational(&value_->right); }
Rational Interval::width() const { return upper() - lower(); }

std::string mpfr_to_decimal(mpfr_srcptr x, int digits, mpfr_rnd_t rnd) {
  if (mpfr_nan_p(x)) return "nan";
  if (mpfr_inf_p(x)) return mpfr_sgn(x) > 0 ? "inf" : "-inf";
  if (mpfr_zero_p(x)) return "0";
  mpfr_exp_t exp10 = 0;
  char* s = mpfr_get_str(nullptr, &exp10, 10, static_cast<size_t>(digits), x, rnd);
  std::string m(s);
  mpfr_free_str(s);
  // m = [-]d1 d2 ... dn, value = 0.d1d2...dn × 10^exp10 = d1.d2...dn × 10^(exp10-1). Built by appends: GCC 12
  // reports false overflows (bug 105329) on chains of string operator+ here.
  std::size_t first = (!m.empty() && m[0] == '-') ? 1 : 0;
  std::string out;
  out.reserve(m.size() + 24);
  if (first == 1) out.push_back('-');
  out.push_back(m[first]);
  if (m.size() > first + 1) {
    out.push_back('.');
    out.append(m, first + 1, std::string::npos);
  }
  out.push_back('e');
  out.append(std::to_string(static_cast<long>(exp10) - 1));
  return out;
}

std::string Interval::lower_string(int digits) const { return mpfr_to_decimal(&value_->left, digits, MPFR_RNDD); }
std::string Interval::upper_string(int digits) const { return mpfr_to_decimal(&value_->right, digits, MPFR_RNDU); }

double Interval::midpoint_for_report() const {  // report-only
  mpfr_t mid;
  mpfr_init2(mid, precision());
  mpfi_mid(mid, value_);
  double d = mpfr_get_d(mid, MPFR_RNDN);  // report-only
  mpfr_clear(mid);
  return d;
}

Interval exp_neg(const Rational& q, mpfr_prec_t prec) { return (-Interval(q, prec)).exp(); }

std::string correctly_rounded_decimal(const std::function<Interval(mpfr_prec_t)>& f, int digits,
                                      mpfr_prec_t start_prec, mpfr_prec_t max_prec) {
  for (mpfr_prec_t prec = start_prec; prec <= max_prec; prec *= 2) {
    Interval v = f(prec + 16);
    // Underflow: an enclosure [0, 2^(emin-1)] stays so at any precision; say so at once instead of refining.
    if (mpfr_zero_p(&v.get()->left) && mpfr_regular_p(&v.get()->right) &&
        mpfr_get_exp(&v.get()->right) <= mpfr_get_emin() + 1)
      throw std::range_error("correctly_rounded_decimal: value below MPFR's exponent range (under 2^" +
                             std::to_string(mpfr_get_emin()) + ")");
    std::string lo = mpfr_to_decimal(&v.get()->left, digits, MPFR_RNDN);
    std::string hi = mpfr_to_decimal(&v.get()->right, digits, MPFR_RNDN);
    if (lo == hi) return lo;
  }
  throw std::runtime_error("correctly_rounded_decimal: value too close to a rounding tie at the maximum precision");
}

}  // namespace dpb
