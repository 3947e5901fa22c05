#include "reference/pmf/bernoulli_exp.hpp"

#include "reference/pmf/internal/certified_math.hpp"

namespace dpb::ref {

using internal::round_out;
using internal::working_precision;

BernoulliExpPmf::BernoulliExpPmf(const Rational& gamma) : gamma_(gamma) {
  require_reasonable_size(gamma_, "BernoulliExpPmf", "gamma");
  require_nonnegative(gamma_, "BernoulliExpPmf", "gamma");
}

std::string BernoulliExpPmf::describe() const { return "bernoulli-exp(gamma=" + to_string(gamma_) + ")"; }
// e^{−γ} > 0 always; P[0] = 0 only for γ = 0.
std::optional<Integer> BernoulliExpPmf::support_min() const { return Integer(gamma_ == 0 ? 1 : 0); }
std::optional<Integer> BernoulliExpPmf::support_max() const { return Integer(1); }

Interval BernoulliExpPmf::p_one(mpfr_prec_t prec) const { return exp_neg(gamma_, working_precision(prec)); }
Interval BernoulliExpPmf::p_zero(mpfr_prec_t prec) const {
  return -((-Interval(gamma_, working_precision(prec))).expm1());
}

Interval BernoulliExpPmf::pmf(const Integer& k, mpfr_prec_t prec) const {
  if (k == 0) return round_out(p_zero(prec), prec);
  if (k == 1) return round_out(p_one(prec), prec);
  return Interval(0L, prec);
}

Interval BernoulliExpPmf::cdf(const Integer& k, mpfr_prec_t prec) const {
  if (k < 0) return Interval(0L, prec);
  if (k == 0) return round_out(p_zero(prec), prec);
  return Interval(1L, prec);
}

Interval BernoulliExpPmf::upper_tail(const Integer& k, mpfr_prec_t prec) const {
  if (k <= 0) return Interval(1L, prec);
  if (k == 1) return round_out(p_one(prec), prec);
  return Interval(0L, prec);
}

Interval BernoulliExpPmf::mean(mpfr_prec_t prec) const { return round_out(p_one(prec), prec); }
Interval BernoulliExpPmf::variance(mpfr_prec_t prec) const {
  return round_out(p_one(prec) * p_zero(prec), prec);
}

}  // namespace dpb::ref
