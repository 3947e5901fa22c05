// Spec: Chowdhury & Zhou 2023 (arXiv:2206.05772), Theorems 2 and 4. See the header.
#include "reference/privacy/seed000_bounds.hpp"

#include "reference/core/errors.hpp"
#include "reference/privacy/internal/interval_ops.hpp"

namespace dpb::ref {
namespace {
const Rational& min_of(const Rational& a, const Rational& b) { return a < b ? a : b; }
}  // namespace

Rational lemma3_bound(const Rational& Delta, const Rational& sigma2, const Rational& alpha) {
  require_positive(Delta, "lemma3_bound", "Delta");
  require_positive(sigma2, "lemma3_bound", "sigma2");
  if (alpha <= 1) throw_parameter_error("lemma3_bound", "alpha", "> 1", to_string(alpha));
  const Rational a = ((2 * alpha - 1) * Delta * Delta + 6 * Delta) / (4 * sigma2 * sigma2);
  const Rational b = 3 * Delta / (2 * sigma2);
  return alpha * Delta * Delta / (2 * sigma2) + min_of(a, b);
}

Rational theorem2_printed(const Rational& eps, const Rational& s, const Rational& alpha) {
  require_positive(eps, "theorem2_printed", "eps");
  if (s < 1) throw_parameter_error("theorem2_printed", "s", ">= 1", to_string(s));
  if (alpha <= 1) throw_parameter_error("theorem2_printed", "alpha", "> 1", to_string(alpha));
  const Rational a = (2 * alpha - 1) * eps * eps / (4 * s * s) + 3 * eps / (2 * s * s * s);
  const Rational b = 3 * eps * eps / (2 * s);
  return alpha * eps * eps / 2 + min_of(a, b);
}

Interval theorem2_printed_n(const Rational& eps, const Rational& s, const Integer& n, const Rational& alpha,
                            mpfr_prec_t prec) {
  require_positive(n, "theorem2_printed_n", "n");
  (void)theorem2_printed(eps, s, alpha);  // validates eps, s, alpha
  const Interval rn = Interval(n, prec).sqrt();
  const Interval a = Interval((2 * alpha - 1) * eps * eps / (4 * s * s * Rational(n)), prec) +
                     Interval(3 * eps / (2 * s * s * s * Rational(n)), prec) / rn;
  const Interval b = Interval(3 * eps * eps / (2 * s), prec) / rn;
  // min of two enclosures: [min lo, min hi].
  const Interval lo_min = -internal::max_of(-a, -b);
  return Interval(alpha * eps * eps / 2, prec) + lo_min;
}

Rational theorem2_derived(const Rational& eps, const Integer& g, const Rational& alpha) {
  require_positive(eps, "theorem2_derived", "eps");
  require_positive(g, "theorem2_derived", "g");
  return lemma3_bound(Rational(g), Rational(g) * Rational(g) / (eps * eps), alpha);
}

Interval xi_sum(const Rational& sigma2, const Integer& K, mpfr_prec_t prec) {
  require_positive(sigma2, "xi_sum", "sigma2");
  require_nonnegative(K, "xi_sum", "K");
  if (K > 1000000) throw_parameter_error("xi_sum", "K", "at most 10^6", to_string(K));
  Interval pi2(prec);
  mpfi_const_pi(pi2.get());
  pi2 = pi2.sqr().mul(2 * sigma2);  // 2π²σ²
  Interval total(0L, prec);
  for (Integer k = 1; k <= K; ++k) total += (-pi2.mul(Rational(k, k + 1))).exp();
  return total.mul(Rational(10));
}

Interval theorem4_eps_hat(const Rational& eps, const Interval& xi, mpfr_prec_t prec) {
  require_positive(eps, "theorem4_eps_hat", "eps");
  const Interval e(eps, prec);
  const Interval a = (e.sqr() + xi.div(Rational(2))).sqrt();
  const Interval b = e + xi;
  return -internal::max_of(-a, -b);
}

}  // namespace dpb::ref
