#include "reference/samplers/binomial_large.hpp"

#include <algorithm>
#include <stdexcept>

#include <mpfi.h>
#include <mpfr.h>

#include "reference/core/errors.hpp"
#include "reference/pmf/internal/certified_math.hpp"

namespace dpb::ref {

namespace internal {

namespace {

// The first enclosure (of ln a, 64 bits wanted) decides the first chunk unless U is within about 2^{−60} of a.
constexpr mpfr_prec_t kFirstPrecision = 64;
// Beyond 64c + kExactAfter bits of enclosure, the acceptance probability is computed exactly.
constexpr mpfr_prec_t kExactAfter = 2048;
const Integer kMaxExactTerms = Integer(1) << 24;
// Offsets with |j| ≤ kExactFirst are decided from the exact rational a (a product of |j| ratios) at once.
const Integer kExactFirst = 64;
// The Stirling enclosure (docs/samplers.md "Binomial for large n", § reference) for m ≥ 2^14 and 2|j| ≤ m, at this
// precision.
const Integer kStirlingMinM = Integer(1) << 14;
constexpr mpfr_prec_t kStirlingPrecision = 128;

// ⌈√m⌉ + 2
Integer block_width(const Integer& m) {
  const Integer s = floor_sqrt(m);
  return s * s == m ? Integer(s + 2) : Integer(s + 3);
}

// lo·(lo+1)·…·hi (1 when lo > hi), by binary splitting.
Integer product_range(const Integer& lo, const Integer& hi) {
  if (lo > hi) return 1;
  if (hi - lo < 16) {
    Integer p = lo;
    for (Integer x = lo + 1; x <= hi; ++x) p *= x;
    return p;
  }
  const Integer mid = (lo + hi) / 2;
  return product_range(lo, mid) * product_range(Integer(mid + 1), hi);
}

// F_f(z) = f·g(z) + ½ln(1 + z), g(z) = (1 + z)·ln(1 + z) − z, for a rational z with |z| ≤ 1/2 and an integer
// f ≥ 2^14 (f = 0: ln(1 + z) alone, see below), by the series
//   F_f(z) = ½z + Σ_{k≥2} (−1)^k c_k z^k,  c_k = (2f − k + 1)/(2k(k−1)) ∈ (0, f/(k(k−1))]   (k ≤ 2f + 1),
// whose tail after K terms is at most f·|z|^{K+1}/(K(K+1)(1 − |z|)); and, for f = 0, ln(1 + z) = Σ_{k≥1}
// (−1)^{k+1} z^k/k with tail ≤ |z|^{K+1}/((K+1)(1 − |z|)). Summed by Horner in interval arithmetic, the tail added
// as the interval [−t, t] (t: an upper bound). (MPFR's log1p costs up to ≈ 17 µs per endpoint at 128 bits for
// |z| ≈ 10^-5.)
Interval log_series(const Rational& z, const Integer& f, unsigned K, mpfr_prec_t prec) {
  const Interval zi(z, prec);
  Interval acc(prec), term(prec);
  for (unsigned k = K; k >= 2; --k) {  // acc = ±c_k + z·acc
    mpfi_mul(acc.get(), acc.get(), zi.get());
    if (f == 0) {
      mpfi_set_si(term.get(), k % 2 == 1 ? 1 : -1);
      mpfi_div_ui(term.get(), term.get(), k);
    } else {
      const Integer c = 2 * f - (k - 1);
      mpfi_set_z(term.get(), c.backend().data());
      mpfi_div_ui(term.get(), term.get(), 2UL * k * (k - 1));
      if (k % 2 == 1) mpfi_neg(term.get(), term.get());
    }
    mpfi_add(acc.get(), acc.get(), term.get());
  }
  mpfi_mul(acc.get(), acc.get(), zi.get());  // k = 1: c_1 = ½ (F_f), 1 (ln)
  mpfi_set_si(term.get(), 1);
  if (f != 0) mpfi_div_ui(term.get(), term.get(), 2);
  mpfi_add(acc.get(), acc.get(), term.get());
  mpfi_mul(acc.get(), acc.get(), zi.get());
  const Interval za = zi.abs();
  Interval tail = za.pow(K + 1) / (Interval(1L, prec) - za);
  if (f == 0) {
    mpfi_div_ui(tail.get(), tail.get(), K + 1);
  } else {
    mpfi_mul_z(tail.get(), tail.get(), f.backend().data());
    mpfi_div_ui(tail.get(), tail.get(), static_cast<unsigned long>(K) * (K + 1));
  }
  mpfr_t t;
  mpfr_init2(t, prec);
  mpfi_get_right(t, tail.get());
  mpfi_interv_fr(tail.get(), t, t);
  mpfi_neg(term.get(), tail.get());
  mpfr_clear(t);
  return acc + term.join(tail);
}

// Terms of a series in z = p/q (|z| < 2^{−(e−1)}, e = bit_length(q) − bit_length(|p|) ≥ 2) for a tail below
// 2^{−(extra)}: K with (K+1)(e−1) ≥ extra; 0 when that needs more than 48 terms.
unsigned series_terms(const Integer& p, const Integer& q, unsigned extra) {
  const unsigned bp = bit_length(Integer(boost::multiprecision::abs(p))), bq = bit_length(q);
  if (bq < bp + 2) return 0;
  const unsigned e1 = bq - bp - 1, K = (extra + e1 - 1) / e1;
  return K <= 48 ? std::max(K, 2U) : 0;
}

mpfr_prec_t working(const Integer& n, mpfr_prec_t prec) {
  // ln k! for k ≤ n is below n·bit_length(n): that many bits cancel in the sum, plus guard bits.
  return working_precision(prec, bit_length(n) + bit_length(Integer(bit_length(n) + 1)) + 16);
}

}  // namespace

HalfBinomialRejection::HalfBinomialRejection(const Integer& n)
    : n_(n), m_(n / 2), w_(block_width(m_)) {}

bool HalfBinomialRejection::certain(const Integer& j, unsigned long b) const {
  // a = 2^b·P(m+j)/P(m) = 1 only for b = 0 and P(m+j) = P(m): j = 0, or j = 1 when n = 2m + 1.
  return b == 0 && (j == 0 || (j == 1 && n_ != 2 * m_));
}

Interval HalfBinomialRejection::log_acceptance(const Integer& j, unsigned long b, mpfr_prec_t prec) const {
  const mpfr_prec_t wp = working(n_, prec);
  const Interval mode = log_factorial(m_, wp) + log_factorial(Integer(n_ - m_), wp);
  Interval ln2(wp);
  mpfi_const_log2(ln2.get());
  return ln2.mul(Rational(Integer(b))) + mode - log_factorial(Integer(m_ + j), wp) -
         log_factorial(Integer(n_ - m_ - j), wp);
}

std::optional<Interval> HalfBinomialRejection::stirling_log_acceptance(const Integer& j, unsigned long b) const {
  // ln a = b ln 2 − (S_g + S_l + S_r + Θ), r = n − m (docs/samplers.md "Binomial for large n", § reference):
  //   S_g = m·g(j/m) + r·g(−j/r), S_l = ½ln(1 + j/m) + ½ln(1 − j/r), S_r = −j·ln(1 + 1/m) (r = m + 1; else 0),
  //   Θ = θ_{m+j} − θ_m + θ_{r−j} − θ_r ∈ [−E, E], E = (3|j| + 1)/(9m²) (Robbins' bounds; all k ≥ m/2 ≥ 1).
  // Each series is truncated with its tail below 2^-66 after multiplication by its factor (m, r or |j|): finer than
  // the first chunk (2^-64); the enclosure is rigorous whatever K, K sets only its width.
  const Integer J = boost::multiprecision::abs(j);
  if (m_ < kStirlingMinM || 2 * J > m_) return std::nullopt;
  const mpfr_prec_t prec = kStirlingPrecision;
  const Integer r = n_ - m_;
  const unsigned K = series_terms(J, m_, 66 + bit_length(r) + 1);
  if (K == 0) return std::nullopt;
  // S_g + S_l = F_m(j/m) + F_r(−j/r).
  Interval s = log_series(Rational(j, m_), m_, K, prec) + log_series(Rational(Integer(-j), r), r, K, prec);
  if (r != m_) {
    const unsigned Kr = series_terms(Integer(1), m_, 66 + bit_length(J));
    if (Kr == 0) return std::nullopt;
    s += log_series(Rational(Integer(1), m_), Integer(0), Kr, prec).mul(Rational(Integer(-j)));
  }
  const Interval E(Rational(Integer(3 * J + 1), Integer(9 * m_ * m_)), prec);
  s += E.join(-E);
  Interval ln2(prec);
  mpfi_const_log2(ln2.get());
  return ln2.mul(Rational(Integer(b))) - s;
}

Rational HalfBinomialRejection::exact_acceptance(const Integer& j, unsigned long b) const {
  const Integer J = boost::multiprecision::abs(j);
  if (J > kMaxExactTerms)
    throw std::runtime_error("BinomialLarge: exact acceptance probability needs more than 2^24 factors");
  Rational R;
  if (j > 0)  // Π_{i=1}^{j} (n−m−i+1)/(m+i)
    R = Rational(product_range(Integer(n_ - m_ - J + 1), Integer(n_ - m_)), product_range(Integer(m_ + 1), Integer(m_ + J)));
  else  // Π_{i=1}^{J} (m−i+1)/(n−m+i)
    R = Rational(product_range(Integer(m_ - J + 1), m_), product_range(Integer(n_ - m_ + 1), Integer(n_ - m_ + J)));
  return R * Rational(Integer(1) << static_cast<unsigned>(b));
}

std::optional<bool> HalfBinomialRejection::decide(const Integer& j, unsigned long b, const Integer& u,
                                                  unsigned c) const {
  const Integer scale = Integer(1) << (64 * c);
  const Rational lo(u, scale), hi(Integer(u + 1), scale);
  if (boost::multiprecision::abs(j) <= kExactFirst) {  // a exactly
    const Rational a = exact_acceptance(j, b);
    if (hi <= a) return true;
    if (a <= lo) return false;
    return std::nullopt;
  }
  if (const auto ln_a = stirling_log_acceptance(j, b)) {  // one 128-bit enclosure; undecided: the ln Γ path below
    const Interval a = ln_a->exp();
    if (a.certainly_greater(hi)) return true;
    if (a.certainly_less(lo)) return false;
    if (a.certainly_greater(lo) && a.certainly_less(hi)) return std::nullopt;
  }
  const mpfr_prec_t limit = static_cast<mpfr_prec_t>(64 * c) + kExactAfter;
  for (mpfr_prec_t prec = kFirstPrecision; prec <= limit;
       prec = prec < static_cast<mpfr_prec_t>(64 * c + 128) ? static_cast<mpfr_prec_t>(64 * c + 128) : 2 * prec) {
    const Interval a = log_acceptance(j, b, prec).exp();
    if (a.certainly_greater(hi)) return true;  // I_c ⊂ [0, a)
    if (a.certainly_less(lo)) return false;    // I_c ⊂ [a, 1)
    if (a.certainly_greater(lo) && a.certainly_less(hi)) return std::nullopt;
  }
  const Rational a = exact_acceptance(j, b);
  if (hi <= a) return true;
  if (a <= lo) return false;
  return std::nullopt;
}

}  // namespace internal

Rational BinomialLarge::checked_p(const Rational& p) {
  if (p != Rational(1, 2) && p != Rational(1, 4))
    throw_parameter_error("BinomialLarge", "p", "1/2 or 1/4", to_string(p));
  return p;
}

Integer BinomialLarge::checked_n(const Integer& n) {
  if (n < 0 || n > kMaxN) throw_parameter_error("BinomialLarge", "n", "an integer in [0, 2^80]", to_string(n));
  return n;
}

}  // namespace dpb::ref
