#include "reference/samplers/binomial_large.hpp"

#include <stdexcept>

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

mpfr_prec_t working(const Integer& n, mpfr_prec_t prec) {
  // ln k! for k ≤ n is below n·bit_length(n): that many bits cancel in the sum, plus guard bits.
  return working_precision(prec, bit_length(n) + bit_length(Integer(bit_length(n) + 1)) + 16);
}

}  // namespace

HalfBinomialRejection::HalfBinomialRejection(const Integer& n)
    : n_(n), m_(n / 2), w_(block_width(m_)),
      log_mode_(log_factorial(m_, working(n, kFirstPrecision)) +
                log_factorial(Integer(n - m_), working(n, kFirstPrecision))) {}

bool HalfBinomialRejection::certain(const Integer& j, unsigned long b) const {
  // a = 2^b·P(m+j)/P(m) = 1 only for b = 0 and P(m+j) = P(m): j = 0, or j = 1 when n = 2m + 1.
  return b == 0 && (j == 0 || (j == 1 && n_ != 2 * m_));
}

Interval HalfBinomialRejection::log_acceptance(const Integer& j, unsigned long b, mpfr_prec_t prec) const {
  const mpfr_prec_t wp = working(n_, prec);
  const Interval mode = wp <= log_mode_.precision()
                            ? log_mode_
                            : log_factorial(m_, wp) + log_factorial(Integer(n_ - m_), wp);
  Interval ln2(wp);
  mpfi_const_log2(ln2.get());
  return ln2.mul(Rational(Integer(b))) + mode - log_factorial(Integer(m_ + j), wp) -
         log_factorial(Integer(n_ - m_ - j), wp);
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
