#include "reference/learners/dp_se_epoch.hpp"

#include <algorithm>
#include <string>
#include <utility>

namespace dpb::ref {

namespace {

// ln(c·|S|e²/β) enclosed.
Interval log_term(std::uint64_t c, std::uint64_t active, std::uint32_t e, const Rational& beta, mpfr_prec_t prec) {
  return Interval(Rational(Integer(c) * active * e * e) / beta, prec).log();
}

}  // namespace

Integer dp_se_epoch_length(std::uint64_t active, std::uint32_t e, const Rational& beta, const Rational& eps) {
  const Integer inv_gap = Integer(1) << e;  // 1/Δ_e
  const std::string what = "dp_successive_elimination: R_e, epoch " + std::to_string(e);
  const Integer a = internal::certified_floor(
      [&](mpfr_prec_t prec) { return log_term(8, active, e, beta, prec).mul(Rational(32 * inv_gap * inv_gap)); }, what);
  const Integer b = internal::certified_floor(
      [&](mpfr_prec_t prec) { return log_term(4, active, e, beta, prec).mul(Rational(8 * inv_gap) / eps); }, what);
  return 1 + std::max(a, b);
}

DpSeEpoch::DpSeEpoch(std::uint64_t active, std::uint32_t e, Rational beta, Rational eps, EliminationRule rule)
    : active_(active), e_(e), beta_(std::move(beta)), eps_(std::move(eps)), rule_(rule),
      R_(dp_se_epoch_length(active, e, beta_, eps_)) {}

Interval DpSeEpoch::margin(const Rational& d, mpfr_prec_t prec) const {
  if (rule_ == EliminationRule::HalfGap) return Interval(Rational(Rational(1, Integer(1) << (e_ + 1)) - d), prec);
  const Interval h = log_term(8, active_, e_, beta_, prec).div(Rational(2 * R_)).sqrt();
  const Interval c = log_term(4, active_, e_, beta_, prec).div(Rational(eps_ * R_));
  return (h + c).mul(Rational(2)) - Interval(d, prec);
}

bool DpSeEpoch::keeps(const Rational& d, const std::string& what) const {
  if (rule_ == EliminationRule::HalfGap) return d <= Rational(1, Integer(1) << (e_ + 1));  // exact rationals
  if (d <= 0) return true;
  return internal::certified_sign([&](mpfr_prec_t prec) { return margin(d, prec); }, what) > 0;
}

}  // namespace dpb::ref
