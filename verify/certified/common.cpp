#include "verify/certified/common.hpp"

#include <mpfr.h>

#include <stdexcept>

namespace dpb::verify::certified {

Rational ten_to_minus(unsigned k) {
  Integer d = 1;
  for (unsigned i = 0; i < k; ++i) d *= 10;
  return Rational(Integer(1), d);
}

nlohmann::json enclosure_json(const Interval& x, int digits) {
  return {{"lo", lower_text(x, digits)}, {"hi", upper_text(x, digits)}};
}
namespace {

// "1.594e0" → "1.594", "9.87e-1" → "0.987", "2.5e2" → "250"; other exponents stay in scientific form.
std::string plain(const std::string& sci) {
  const auto e = sci.find('e');
  if (e == std::string::npos) return sci;
  const int exp10 = std::stoi(sci.substr(e + 1));
  if (exp10 < -2 || exp10 > 3) return sci;
  std::string mant = sci.substr(0, e), sign;
  if (!mant.empty() && mant[0] == '-') {
    sign = "-";
    mant.erase(0, 1);
  }
  std::string digits = mant.substr(0, 1) + (mant.size() > 2 ? mant.substr(2) : "");
  std::string out;
  if (exp10 < 0) {
    out = "0." + std::string(static_cast<std::size_t>(-exp10 - 1), '0') + digits;
  } else {
    const auto point = static_cast<std::size_t>(exp10) + 1;
    if (digits.size() < point) digits += std::string(point - digits.size(), '0');
    out = digits.substr(0, point) + (digits.size() > point ? "." + digits.substr(point) : "");
  }
  return sign + out;
}

}  // namespace

std::string upper_text(const Interval& x, int digits) { return plain(x.upper_string(digits)); }
std::string lower_text(const Interval& x, int digits) { return plain(x.lower_string(digits)); }
std::string upper_text(const Rational& x, int digits) { return plain(Interval(x, 128).upper_string(digits)); }
std::string lower_text(const Rational& x, int digits) { return plain(Interval(x, 128).lower_string(digits)); }
std::string rational_text(const Rational& x) { return dpb::to_string(x); }
std::string nearest_text(const Rational& x, int digits) {
  return plain(correctly_rounded_decimal([&x](mpfr_prec_t prec) { return Interval(x, prec); }, digits));
}

std::optional<Integer> certified_floor(const std::function<Interval(mpfr_prec_t)>& x, mpfr_prec_t start_prec,
                                       mpfr_prec_t max_prec) {
  for (mpfr_prec_t prec = start_prec; prec <= max_prec; prec *= 2) {
    const Interval v = x(prec);
    const Integer lo = floor(v.lower());
    // lo < v_lo ≤ v_hi < lo + 1 (strict at the left so that an integer value is never decided by an endpoint).
    if (Rational(lo) < v.lower() && v.upper() < Rational(lo + 1)) return lo;
  }
  return std::nullopt;
}

std::optional<Integer> certified_ceil(const std::function<Interval(mpfr_prec_t)>& x, mpfr_prec_t start_prec,
                                      mpfr_prec_t max_prec) {
  auto f = certified_floor(x, start_prec, max_prec);
  if (!f) return std::nullopt;
  return Integer(*f + 1);  // x is not an integer (it lies strictly between ⌊x⌋ and ⌊x⌋ + 1)
}

Interval sum(const std::vector<Interval>& values, mpfr_prec_t prec) {
  Interval s(0L, prec);
  for (const auto& v : values) s += v;
  return s;
}

Interval deficit(const std::vector<Interval>& window, mpfr_prec_t prec) {
  mpfr_t lo, hi, zero;
  mpfr_inits2(prec, lo, hi, zero, static_cast<mpfr_ptr>(nullptr));
  mpfr_set_zero(lo, 1);
  mpfr_set_zero(zero, 1);
  for (const auto& v : window) mpfr_add(lo, lo, &v.get()->left, MPFR_RNDD);
  mpfr_ui_sub(hi, 1, lo, MPFR_RNDU);  // ≥ 1 − Σ q = δ
  if (mpfr_sgn(hi) < 0) mpfr_set_zero(hi, 1);
  Interval d(prec);
  mpfi_interv_fr(d.get(), zero, hi);  // δ ∈ [0, hi]
  mpfr_clears(lo, hi, zero, static_cast<mpfr_ptr>(nullptr));
  return d;
}

std::vector<Interval> convolve(const std::vector<Interval>& a, long a_first, const std::vector<Interval>& b,
                               long b_first, long out_first, long out_last, bool symmetric, mpfr_prec_t prec) {
  if (symmetric && out_first != -out_last) throw std::logic_error("convolve: symmetric output must be [-W, W]");
  mpfr_t zero;
  mpfr_init2(zero, prec);
  mpfr_set_zero(zero, 1);
  auto lower_ptrs = [&zero](const std::vector<Interval>& v) {
    std::vector<mpfr_srcptr> p(v.size());
    for (std::size_t i = 0; i < v.size(); ++i) {
      mpfr_srcptr lo = &v[i].get()->left;
      p[i] = mpfr_sgn(lo) < 0 ? zero : lo;  // true values are ≥ 0
    }
    return p;
  };
  auto upper_ptrs = [](const std::vector<Interval>& v) {
    std::vector<mpfr_srcptr> p(v.size());
    for (std::size_t i = 0; i < v.size(); ++i) p[i] = &v[i].get()->right;
    return p;
  };
  const auto alo = lower_ptrs(a), ahi = upper_ptrs(a), blo = lower_ptrs(b), bhi = upper_ptrs(b);
  const long a_last = a_first + static_cast<long>(a.size()) - 1;
  const long b_last = b_first + static_cast<long>(b.size()) - 1;

  std::vector<Interval> out;
  out.reserve(static_cast<std::size_t>(out_last - out_first + 1));
  for (long k = out_first; k <= out_last; ++k) out.emplace_back(prec);
  mpfr_t lo, hi;
  mpfr_init2(lo, prec);
  mpfr_init2(hi, prec);
  for (long k = symmetric ? 0 : out_first; k <= out_last; ++k) {
    mpfr_set_zero(lo, 1);
    mpfr_set_zero(hi, 1);
    // i ranges over a's window with k − i in b's window.
    const long i_begin = std::max(a_first, k - b_last), i_end = std::min(a_last, k - b_first);
    for (long i = i_begin; i <= i_end; ++i) {
      const auto ia = static_cast<std::size_t>(i - a_first), ib = static_cast<std::size_t>(k - i - b_first);
      mpfr_fma(lo, alo[ia], blo[ib], lo, MPFR_RNDD);
      mpfr_fma(hi, ahi[ia], bhi[ib], hi, MPFR_RNDU);
    }
    mpfi_interv_fr(out[static_cast<std::size_t>(k - out_first)].get(), lo, hi);
    const auto here = static_cast<std::size_t>(k - out_first);
    if (symmetric && k > 0) out[static_cast<std::size_t>(-k - out_first)] = out[here];
  }
  mpfr_clear(lo);
  mpfr_clear(hi);
  mpfr_clear(zero);
  return out;
}

Verdict compare_equal(const Interval& x, const Interval& y, Interval& error_upper) {
  error_upper = (x - y).abs();
  return x.overlaps(y) ? Verdict::holds : Verdict::violated;
}

}  // namespace dpb::verify::certified

namespace dpb::verify::certified {

Interval widen_by_deficit(const Interval& q, const Interval& delta) {
  Interval p = q + delta;
  mpfi_interv_fr(p.get(), &q.get()->left, &p.get()->right);
  return p;
}

Interval zero_to_upper(const Interval& x) {
  Interval r(x.precision());
  Interval zero(0L, x.precision());
  mpfi_interv_fr(r.get(), &zero.get()->left, &x.get()->right);
  return r;
}

const Interval& larger_upper(const Interval& a, const Interval& b) {
  return mpfr_greater_p(&b.get()->right, &a.get()->right) ? b : a;
}

}  // namespace dpb::verify::certified
