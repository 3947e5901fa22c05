// Spec: Chowdhury & Zhou 2023 (arXiv:2206.05772), Defs 1, 2, 8. See the header.
#include "reference/privacy/privacy_profile.hpp"

#include "reference/core/errors.hpp"
#include "reference/privacy/internal/interval_ops.hpp"

namespace dpb::ref {
namespace {

void require_same_support(const std::vector<Interval>& P, const std::vector<Interval>& Q, const char* function) {
  if (P.empty()) throw_parameter_error(function, "P", "non-empty", "an empty law");
  if (P.size() != Q.size())
    throw_parameter_error(function, "Q", "of the same size as P (" + std::to_string(P.size()) + ")",
                          std::to_string(Q.size()));
}

}  // namespace

Interval max_abs_log_ratio(const std::vector<Interval>& P, const std::vector<Interval>& Q, mpfr_prec_t prec) {
  require_same_support(P, Q, "max_abs_log_ratio");
  Interval best(0L, prec);
  for (std::size_t r = 0; r < P.size(); ++r) {
    // P(r), Q(r) > 0 on Z_m for every law here; a lower end at 0 makes log's enclosure unbounded (+∞ upper end),
    // which is the conservative answer.
    const Interval lr = (P[r].log() - Q[r].log()).abs();
    best = internal::max_of(best, lr);
  }
  return best;
}

Interval hockey_stick(const std::vector<Interval>& P, const std::vector<Interval>& Q, const Rational& eps,
                      mpfr_prec_t prec) {
  require_same_support(P, Q, "hockey_stick");
  const Interval e = Interval(eps, prec).exp();
  Interval total(0L, prec);
  for (std::size_t r = 0; r < P.size(); ++r) total += internal::positive_part(P[r] - e * Q[r]);
  return total;
}

Interval renyi_divergence(const std::vector<Interval>& P, const std::vector<Interval>& Q, const Rational& alpha,
                          mpfr_prec_t prec) {
  require_same_support(P, Q, "renyi_divergence");
  if (alpha <= 1) throw_parameter_error("renyi_divergence", "alpha", "> 1", to_string(alpha));
  const bool integer_alpha = denominator(alpha) == 1;
  const unsigned long k = integer_alpha ? static_cast<unsigned long>(to_int64(numerator(alpha))) : 0;
  Interval total(0L, prec);
  for (std::size_t r = 0; r < P.size(); ++r) {
    const Interval ratio = P[r] / Q[r];
    // Q (P/Q)^α; integer α by repeated squaring (tighter), else exp(α log(P/Q)).
    const Interval powered = integer_alpha ? ratio.pow(k) : ratio.log().mul(alpha).exp();
    total += Q[r] * powered;
  }
  return total.log().div(alpha - 1);
}

ViewPrivacy view_privacy(const ModularNoiseLaw& F, const Integer& g, const std::vector<Rational>& eps_grid,
                         const std::vector<Rational>& alphas, mpfr_prec_t prec, bool all_shifts) {
  if (g < 1) throw_parameter_error("view_privacy", "g", ">= 1", to_string(g));
  ViewPrivacy out;
  out.g = g;
  out.pure_eps = Interval(0L, prec);
  out.worst_shift = g;
  for (const auto& e : eps_grid) out.delta_curve.emplace_back(e, Interval(0L, prec));
  for (const auto& a : alphas) out.renyi.emplace_back(a, Interval(0L, prec));
  const Integer first = all_shifts ? Integer(1) : g;
  for (Integer d = first; d <= g; ++d) {
    const std::vector<Interval> P = shifted_law(F, d);
    const std::vector<Interval>& Q = F.prob;
    const Interval e = max_abs_log_ratio(P, Q, prec);
    if (mpfr_cmp(&e.get()->right, &out.pure_eps.get()->right) > 0) out.worst_shift = d;
    out.pure_eps = internal::max_of(out.pure_eps, e);
    for (auto& [eps, value] : out.delta_curve) value = internal::max_of(value, hockey_stick(P, Q, eps, prec));
    for (auto& [alpha, value] : out.renyi) value = internal::max_of(value, renyi_divergence(P, Q, alpha, prec));
  }
  return out;
}

bool needs_every_shift(const Calibration& c, bool pure_eps_only) {
  if (!pure_eps_only) return true;
  if (c.variant == Variant::DistRDP || c.variant == Variant::DistCDP) return true;
  if (2 * c.g > c.m) return true;
  return c.g * c.m <= 200000;
}

}  // namespace dpb::ref
