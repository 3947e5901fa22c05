// Spec: Chowdhury & Zhou 2023 (arXiv:2206.05772), App. K, App. I. See the header; docs/privacy-000.md §4.
#include "reference/privacy/accountants.hpp"

#include <mpfr.h>

#include <optional>

#include "reference/core/errors.hpp"

namespace dpb::ref {
namespace {

constexpr mpfr_prec_t P = kAccountantPrecision;

void require_alpha(const Rational& alpha, const char* function) {
  if (alpha <= 1) throw_parameter_error(function, "alpha", "> 1", to_string(alpha));
}
void require_delta(const Rational& delta, const char* function) {
  if (delta <= 0 || delta >= 1) throw_parameter_error(function, "delta", "in (0, 1)", to_string(delta));
}
void require_curve(const RdpCurve& curve, const char* function) {
  if (curve.empty()) throw_parameter_error(function, "curve", "non-empty", "an empty curve");
  for (const auto& [a, e] : curve) {
    require_alpha(a, function);
    require_nonnegative(e, function, "curve eps");
  }
}

// log(1/(αδ))/(α−1) + log(1 − 1/α): Lemma 10's correction at α.
Interval lemma10_term(const Rational& alpha, const Rational& delta) {
  const Interval a(alpha, P);
  const Interval one(1L, P);
  return (-(a * Interval(delta, P)).log()).div(alpha - 1) + (one - one / a).log();
}

}  // namespace

Interval randomized_response_renyi(const Rational& eps, const Rational& alpha, mpfr_prec_t prec) {
  require_positive(eps, "randomized_response_renyi", "eps");
  require_alpha(alpha, "randomized_response_renyi");
  const Interval e(eps, prec);
  // RR_ε: P = (p, 1−p), Q = (1−p, p), p = e^ε/(1+e^ε). Σ P^α Q^{1−α} = (e^{αε} + e^{(1−α)ε})/(1 + e^ε).
  const Interval num = e.mul(alpha).exp() + e.mul(1 - alpha).exp();
  return (num / (Interval(1L, prec) + e.exp())).log().div(alpha - 1);
}

Rational pure_to_rdp_upper_bound(const Rational& eps, const Rational& alpha) {
  require_positive(eps, "pure_to_rdp_upper_bound", "eps");
  require_alpha(alpha, "pure_to_rdp_upper_bound");
  Rational best = randomized_response_renyi(eps, alpha, P).upper();
  const Rational bs = alpha * eps * eps / 2;
  if (bs < best) best = bs;
  if (eps < best) best = eps;
  return best;
}

// The smallest upper end among enclosures (the minimum of upper bounds is an upper bound), as an exact rational.
class SmallestUpper {
 public:
  void offer(const Interval& v) {
    if (!best_ || mpfr_cmp(&v.get()->right, &best_->get()->right) < 0) best_ = v;
  }
  bool empty() const { return !best_; }
  Rational value() const { return best_->upper(); }

 private:
  std::optional<Interval> best_;
};

Rational rdp_to_dp_standard_upper_bound(const RdpCurve& curve, const Rational& delta) {
  require_curve(curve, "rdp_to_dp_standard_upper_bound");
  require_delta(delta, "rdp_to_dp_standard_upper_bound");
  SmallestUpper best;
  const Interval log_inv_delta = -Interval(delta, P).log();
  for (const auto& [alpha, e] : curve) best.offer(Interval(e, P) + log_inv_delta.div(alpha - 1));
  return best.value();
}

Rational rdp_to_dp_lemma10_upper_bound(const RdpCurve& curve, const Rational& delta) {
  require_curve(curve, "rdp_to_dp_lemma10_upper_bound");
  require_delta(delta, "rdp_to_dp_lemma10_upper_bound");
  SmallestUpper best;
  for (const auto& [alpha, e] : curve) best.offer(Interval(e, P) + lemma10_term(alpha, delta));
  // The formula goes below 0 when the curve is small (log(1 − 1/α) < 0): (ε, δ)-DP at ε < 0 implies it at ε = 0.
  const Rational v = best.value();
  return v > 0 ? v : Rational(0);
}

const std::vector<Rational>& accountant_alpha_grid() {
  // α − 1 = 2^{j/16}: the 16th roots of powers of two are irrational, so take rational stand-ins ⌈2^{j/16}·2^20⌉/2^20
  // computed exactly from an enclosure (any α > 1 is a valid grid point; only coverage matters).
  static const std::vector<Rational> grid = [] {
    std::vector<Rational> g;
    for (int j = -160; j <= 224; ++j) {
      Interval x = (Interval(Rational(j, 16), 64) * Interval(2L, 64).log()).exp();
      const Integer scaled = ceil(x.upper() * Rational(Integer(1) << 20));
      g.push_back(1 + Rational(scaled, Integer(1) << 20));
    }
    return g;
  }();
  return grid;
}

Rational zcdp_to_dp_cks_upper_bound(const Rational& rho, const Rational& delta) {
  require_positive(rho, "zcdp_to_dp_cks_upper_bound", "rho");
  require_delta(delta, "zcdp_to_dp_cks_upper_bound");
  RdpCurve curve;
  for (const auto& a : accountant_alpha_grid()) curve.emplace_back(a, a * rho);
  return rdp_to_dp_lemma10_upper_bound(curve, delta);
}

Rational zcdp_delta_cks_upper_bound(const Rational& rho, const Rational& eps) {
  require_positive(rho, "zcdp_delta_cks_upper_bound", "rho");
  require_nonnegative(eps, "zcdp_delta_cks_upper_bound", "eps");
  SmallestUpper best;
  const Interval one(1L, P);
  for (const auto& alpha : accountant_alpha_grid()) {
    const Interval a(alpha, P);
    // e^{(α−1)(αρ−ε)} (1−1/α)^{α−1} / α, as exp of its log; α with log δ > 0 give δ > 1 and are skipped (their
    // exponential may also exceed MPFR's range).
    const Interval log_v = Interval((alpha - 1) * (alpha * rho - eps), P) + (one - one / a).log().mul(alpha - 1) -
                           a.log();
    if (log_v.certainly_greater(Rational(0))) continue;
    best.offer(log_v.exp());
  }
  if (best.empty()) return Rational(1);
  const Rational v = best.value();
  return v < 1 ? v : Rational(1);
}

Rational zcdp_to_dp_bun_steinke_upper_bound(const Rational& rho, const Rational& delta) {
  require_positive(rho, "zcdp_to_dp_bun_steinke_upper_bound", "rho");
  require_delta(delta, "zcdp_to_dp_bun_steinke_upper_bound");
  const Interval r(rho, P);
  return (r + (r * (-Interval(delta, P).log())).sqrt().mul(2)).upper();
}

Rational advanced_composition_eps_upper_bound(const Rational& eps, const Integer& k, const Rational& delta_prime) {
  require_positive(eps, "advanced_composition_eps_upper_bound", "eps");
  require_positive(k, "advanced_composition_eps_upper_bound", "k");
  require_delta(delta_prime, "advanced_composition_eps_upper_bound");
  const Interval e(eps, P);
  const Interval kk(k, P);
  const Interval first = (kk.mul(2) * (-Interval(delta_prime, P).log())).sqrt() * e;
  const Interval second = kk * e * e.expm1();
  return (first + second).upper();
}

Rational theorem7_per_step_eps_lower_bound(const Rational& eps_target, const Integer& k, const Rational& delta_prime) {
  require_positive(eps_target, "theorem7_per_step_eps_lower_bound", "eps_target");
  require_positive(k, "theorem7_per_step_eps_lower_bound", "k");
  require_delta(delta_prime, "theorem7_per_step_eps_lower_bound");
  const Interval denom = (Interval(k, P).mul(2) * (-Interval(delta_prime, P).log())).sqrt().mul(2);
  return (Interval(eps_target, P) / denom).lower();
}

ReturningUsersBudget returning_users_budget(const Rational& eps, const Rational& delta, const Integer& B) {
  require_positive(eps, "returning_users_budget", "eps");
  require_delta(delta, "returning_users_budget");
  require_positive(B, "returning_users_budget", "B");
  ReturningUsersBudget r;
  r.delta_prime = delta / 2;
  r.delta_batch = delta / (2 * Rational(B));
  r.eps_batch = theorem7_per_step_eps_lower_bound(eps, B, r.delta_prime);
  r.eps_total_upper = advanced_composition_eps_upper_bound(r.eps_batch, B, r.delta_prime);
  r.delta_total = Rational(B) * r.delta_batch + r.delta_prime;
  return r;
}

Rational returning_users_zcdp_eps_upper_bound(const Rational& rho_batch, const Integer& B, const Rational& delta) {
  require_positive(rho_batch, "returning_users_zcdp_eps_upper_bound", "rho_batch");
  require_positive(B, "returning_users_zcdp_eps_upper_bound", "B");
  return zcdp_to_dp_cks_upper_bound(rho_batch * Rational(B), delta);
}

}  // namespace dpb::ref
