#include "reference/glm/kappa.hpp"

#include "reference/core/errors.hpp"

namespace dpb::ref {

namespace {

Rational abs_q(const Rational& q) { return q < 0 ? Rational(-q) : q; }

Interval inverse(const Interval& x, mpfr_prec_t prec) { return Interval(1L, prec) / x; }

}  // namespace

KappaEnclosure kappa_of_arms(Link link, const ArmSet& arms, const Vec& theta, mpfr_prec_t prec) {
  if (arms.empty()) throw_parameter_error("kappa_of_arms", "arms", "non-empty", "0 arms");
  Rational far = inner(arms[0], theta), near = far;
  for (const Vec& x : arms) {
    const Rational z = inner(x, theta);
    if (abs_q(z) > abs_q(far)) far = z;
    if (abs_q(z) < abs_q(near)) near = z;
  }
  return {inverse(mu_dot_enclosure(link, far, prec), prec), inverse(mu_dot_enclosure(link, near, prec), prec), far,
          near};
}

KappaEnclosure kappa_of_ball(Link link, const Rational& S, mpfr_prec_t prec) {
  if (S <= 0) throw_parameter_error("kappa_of_ball", "S", "> 0", to_string(S));
  return {inverse(mu_dot_enclosure(link, S, prec), prec), inverse(mu_dot_enclosure(link, Rational(0), prec), prec), S,
          Rational(0)};
}

std::vector<Rational> best_z(const std::vector<ArmSet>& support, const Vec& theta) {
  if (support.empty()) throw_parameter_error("best_z", "support", "non-empty", "0 arm sets");
  std::vector<Rational> out;
  for (const ArmSet& X : support) {
    if (X.empty()) throw_parameter_error("best_z", "arms", "non-empty", "an empty arm set");
    Rational best = inner(X[0], theta);
    for (const Vec& x : X) best = std::max(best, inner(x, theta));
    out.push_back(best);
  }
  return out;
}

Interval inverse_kappa_hat(Link link, const std::vector<ArmSet>& support, const Vec& theta, mpfr_prec_t prec) {
  Interval sum(0L, prec + 16);
  for (const Rational& z : best_z(support, theta)) sum += mu_dot_enclosure(link, z, prec);
  return sum.div(Rational(static_cast<long>(support.size())));
}

Interval kappa_hat(Link link, const std::vector<ArmSet>& support, const Vec& theta, mpfr_prec_t prec) {
  return inverse(inverse_kappa_hat(link, support, theta, prec), prec);
}

KappaHatEstimate kappa_hat_monte_carlo(Link link, const std::function<ArmSet(std::size_t)>& draw, const Vec& theta,
                                       std::size_t n, const Rational& alpha, mpfr_prec_t prec) {
  if (n == 0) throw_parameter_error("kappa_hat_monte_carlo", "n", ">= 1", "0");
  if (alpha <= 0 || alpha >= 1) throw_parameter_error("kappa_hat_monte_carlo", "alpha", "in (0, 1)", to_string(alpha));
  const mpfr_prec_t wp = prec + 16;
  Interval sum(0L, wp);
  for (std::size_t i = 0; i < n; ++i) sum += mu_dot_enclosure(link, best_z({draw(i)}, theta)[0], prec);
  const Rational nn(static_cast<long>(n));
  KappaHatEstimate e{sum.div(nn), Interval(wp), Interval(wp), std::nullopt};
  // t = s·√(ln(2/α)/(2n))
  e.half_width = mu_dot_sup_enclosure(link, prec) * Interval(Rational(2 / alpha), wp).log().div(Rational(2 * nn)).sqrt();
  const Interval one(1L, wp);
  e.kappa_hat_lower = one / (e.mean + e.half_width);
  const Interval low = e.mean - e.half_width;
  if (low.certainly_greater(Rational(0))) e.kappa_hat_upper = one / low;
  return e;
}

}  // namespace dpb::ref
