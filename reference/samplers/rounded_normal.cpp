#include "reference/samplers/rounded_normal.hpp"

#include "reference/core/errors.hpp"

namespace dpb::ref {

RoundedNormal::RoundedNormal(const Rational& sigma, const Integer& grid_bits) : sigma_(sigma) {
  require_reasonable_size(sigma_, "RoundedNormal", "sigma");
  require_positive(sigma_, "RoundedNormal", "sigma");
  if (grid_bits < 0 || grid_bits > kMaxGridBits)
    throw_parameter_error("RoundedNormal", "grid-bits", "an integer in [0, 1024]", to_string(grid_bits));
  r_ = grid_bits.convert_to<long>();
  c_ = sigma_ * Rational(Integer(1) << static_cast<unsigned>(r_));
  cn_ = boost::multiprecision::numerator(c_);
  cd_ = boost::multiprecision::denominator(c_);
}

// With Y = k·2^m + a, c(k + U) + 1/2 ranges over [lo, hi), lo = (2·cn·Y + cd·2^m)/(cd·2^{m+1}) and
// hi = (2·cn·(Y+1) + cd·2^m)/(cd·2^{m+1}). Every point has floor ⌊lo⌋ iff hi ≤ ⌊lo⌋ + 1.
std::optional<Integer> RoundedNormal::decide(const Integer& k, const Integer& a, unsigned long m) const {
  const unsigned shift = static_cast<unsigned>(m);
  const Integer Y = (k << shift) + a;
  const Integer half = cd_ << shift;  // cd·2^m
  const Integer den = half << 1;      // cd·2^{m+1}
  const Integer M = (2 * cn_ * Y + half) / den;
  if (2 * cn_ * (Y + 1) + half <= (M + 1) * den) return M;
  return std::nullopt;
}

}  // namespace dpb::ref
