// See skellam_renyi.hpp (the tail bounds) and docs/privacy-000.md §5.3.
#include "reference/privacy/skellam_renyi.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "reference/core/errors.hpp"
#include "reference/privacy/internal/interval_ops.hpp"

namespace dpb::ref {
namespace {

// Upper bound of log t(x) = x log(σ²/2) − log x! + αΔ log(1 + 2x/σ²), with log x! ≥ x log x − x.
Interval log_t_upper(const Rational& sigma2, long x, long alpha, long Delta, mpfr_prec_t prec) {
  const Interval X(x, prec);
  return X * Interval(sigma2 / 2, prec).log() - (X * X.log() - X) +
         Interval(1 + 2 * Rational(x) / sigma2, prec).log().mul(Rational(alpha * Delta));
}

// σ²/(2(x+1)) (1 + 2/(σ² + 2x))^{αΔ}: the ratio bound of t at x.
Interval t_ratio_upper(const Rational& sigma2, long x, long alpha, long Delta, mpfr_prec_t prec) {
  return Interval(sigma2 / (2 * Rational(x + 1)), prec) *
         Interval(1 + 2 / (sigma2 + 2 * Rational(x)), prec).pow(static_cast<unsigned long>(alpha * Delta));
}

}  // namespace

SkellamRenyiExact::SkellamRenyiExact(const Rational& sigma2)
    : sigma2_(require_positive(sigma2, "skellam_renyi_exact", "sigma2")), sk_(sigma2) {}

const Interval& SkellamRenyiExact::pmf_at(long k, mpfr_prec_t prec) {
  const long a = k < 0 ? -k : k;
  while (static_cast<long>(p_.size()) <= a) p_.push_back(sk_.pmf(Integer(static_cast<long>(p_.size())), prec));
  return p_[static_cast<std::size_t>(a)];
}

std::optional<Interval> SkellamRenyiExact::try_divergence(long Delta, long alpha, mpfr_prec_t prec) {
  if (Delta < 1) throw_parameter_error("skellam_renyi_exact", "Delta", ">= 1", std::to_string(Delta));
  if (alpha < 2) throw_parameter_error("skellam_renyi_exact", "alpha", ">= 2", std::to_string(alpha));
  if (alpha > kSkellamRenyiMaxWindow || Delta > kSkellamRenyiMaxWindow ||
      Rational(alpha) * Rational(Delta) > Rational(kSkellamRenyiMaxWindow) || sigma2_ > Rational(kSkellamRenyiMaxWindow))
    return std::nullopt;
  const long sd = static_cast<long>(to_int64(floor_sqrt(ceil(sigma2_)))) + 1;
  long W = std::max({Delta + 20 * sd + 20, alpha * Delta, static_cast<long>(to_int64(ceil(3 * sigma2_)))});
  if (W > kSkellamRenyiMaxWindow) return std::nullopt;
  const Interval threshold(-120L, prec);
  while (!(t_ratio_upper(sigma2_, W + 1, alpha, Delta, prec).certainly_less(Rational(1, 2)) &&
           log_t_upper(sigma2_, W + 1, alpha, Delta, prec).certainly_less(threshold))) {
    W += W / 4 + 1;
    if (W > kSkellamRenyiMaxWindow) return std::nullopt;
  }
  (void)pmf_at(W + Delta, prec);  // extend once, so that the references below stay valid
  Interval sum(0L, prec);
  for (long x = -W; x <= W; ++x) {
    const Interval& Q = pmf_at(x, prec);
    sum += Q * (pmf_at(x - Delta, prec) / Q).pow(static_cast<unsigned long>(alpha));
  }
  const Interval right = log_t_upper(sigma2_, W + 1, alpha, Delta, prec).exp().mul(2);
  const Interval left = sk_.upper_tail(Integer(W + 1), prec);
  sum = internal::widen_upper(sum, right + left);
  return sum.log().div(Rational(alpha - 1));
}

Interval SkellamRenyiExact::divergence(long Delta, long alpha, mpfr_prec_t prec) {
  std::optional<Interval> d = try_divergence(Delta, alpha, prec);
  if (!d) throw std::runtime_error("skellam_renyi_exact: tail window exceeds " + std::to_string(kSkellamRenyiMaxWindow));
  return *d;
}

Interval skellam_renyi_exact(const Rational& sigma2, long Delta, long alpha, mpfr_prec_t prec) {
  SkellamRenyiExact s(sigma2);
  return s.divergence(Delta, alpha, prec);
}

}  // namespace dpb::ref
