#include "reference/pmf/bernoulli.hpp"

namespace dpb::ref {

BernoulliPmf::BernoulliPmf(const Rational& p) : p_(p) {
  require_reasonable_size(p_, "BernoulliPmf", "p");
  require_probability(p_, "BernoulliPmf", "p");
}

std::string BernoulliPmf::describe() const { return "bernoulli(p=" + to_string(p_) + ")"; }
std::optional<Integer> BernoulliPmf::support_min() const { return Integer(p_ == 1 ? 1 : 0); }
std::optional<Integer> BernoulliPmf::support_max() const { return Integer(p_ == 0 ? 0 : 1); }

Interval BernoulliPmf::pmf(const Integer& k, mpfr_prec_t prec) const {
  if (k == 0) return Interval(Rational(1 - p_), prec);
  if (k == 1) return Interval(p_, prec);
  return Interval(0L, prec);
}

Interval BernoulliPmf::cdf(const Integer& k, mpfr_prec_t prec) const {
  if (k < 0) return Interval(0L, prec);
  if (k == 0) return Interval(Rational(1 - p_), prec);
  return Interval(1L, prec);
}

Interval BernoulliPmf::upper_tail(const Integer& k, mpfr_prec_t prec) const {
  if (k <= 0) return Interval(1L, prec);
  if (k == 1) return Interval(p_, prec);
  return Interval(0L, prec);
}

Interval BernoulliPmf::mean(mpfr_prec_t prec) const { return Interval(p_, prec); }
Interval BernoulliPmf::variance(mpfr_prec_t prec) const { return Interval(Rational(p_ * (1 - p_)), prec); }

}  // namespace dpb::ref
