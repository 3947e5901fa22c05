#include "reference/pmf/rounding.hpp"

namespace dpb::ref {

RandomizedRoundingPmf::RandomizedRoundingPmf(const Rational& x, const Integer& g) : x_(x), g_(g) {
  require_reasonable_size(x_, "RandomizedRoundingPmf", "x");
  require_positive(g_, "RandomizedRoundingPmf", "g");
  require_reasonable_size(Rational(g_), "RandomizedRoundingPmf", "g");
  const Rational v = x_ * g_;
  base_ = floor(v);
  phi_ = v - base_;
}

std::string RandomizedRoundingPmf::describe() const {
  return "round(x=" + to_string(x_) + ", g=" + to_string(g_) + ")";
}
std::optional<Integer> RandomizedRoundingPmf::support_min() const { return base_; }
std::optional<Integer> RandomizedRoundingPmf::support_max() const {
  return phi_ == 0 ? base_ : Integer(base_ + 1);
}

Interval RandomizedRoundingPmf::pmf(const Integer& k, mpfr_prec_t prec) const {
  if (k == base_) return Interval(Rational(1 - phi_), prec);
  if (k == base_ + 1) return Interval(phi_, prec);
  return Interval(0L, prec);
}

Interval RandomizedRoundingPmf::cdf(const Integer& k, mpfr_prec_t prec) const {
  if (k < base_) return Interval(0L, prec);
  if (k == base_) return Interval(Rational(1 - phi_), prec);
  return Interval(1L, prec);
}

Interval RandomizedRoundingPmf::upper_tail(const Integer& k, mpfr_prec_t prec) const {
  if (k <= base_) return Interval(1L, prec);
  if (k == base_ + 1) return Interval(phi_, prec);
  return Interval(0L, prec);
}

Interval RandomizedRoundingPmf::mean(mpfr_prec_t prec) const { return Interval(Rational(x_ * g_), prec); }
Interval RandomizedRoundingPmf::variance(mpfr_prec_t prec) const {
  return Interval(Rational(phi_ * (1 - phi_)), prec);
}

}  // namespace dpb::ref
