#include "reference/protocols/calibration_003_pgd.hpp"

#include "reference/core/errors.hpp"
#include "reference/protocols/internal/quantities.hpp"
#include "reference/core/interval.hpp"
#include "reference/glm/certified_real.hpp"
#include "reference/privacy/accountants.hpp"
#include "reference/protocols/calibration_003_p2.hpp"

namespace dpb::ref {

namespace {

using quantities::exact;
using quantities::text;

constexpr const char* kFn = "calibrate";
constexpr mpfr_prec_t kP = 256;

// ⌊x⌋ rounded down to 40 significant bits: ⌊x·2^k⌋·2^−k with the least k >= 0 giving >= 2^39 (x > 0).
Rational round_down_40_bits(const CertifiedReal& x) {
  for (unsigned k = 0; k < 4096; k += 8) {
    const Integer m = floor_scaled(x, Rational(Integer(Integer(1) << k)));
    if (m >= (Integer(1) << 39)) return Rational(m, Integer(Integer(1) << k));
  }
  throw std::runtime_error("calibrate: step size below 2^-4000");
}

}  // namespace

Integer pgd_iterations(const Rational& eps, const Rational& delta, const Integer& n, const Integer& d, unsigned k) {
  const Rational arg = Rational(n * d) / delta;  // nd/δ > 2 since δ < 1/2
  const CertifiedReal t([=](mpfr_prec_t p) {
    const Interval l = Interval(arg, p).log();
    return Interval(Rational(eps * eps * Rational(n * n)), p) / (Interval(d, p) * l.pow(k));
  });
  return floor_scaled(t, Rational(1));
}

Rational kov_composition_eps_upper_bound(const Rational& eps0, const Integer& k, const Rational& delta_prime) {
  require_positive(eps0, "kov_composition_eps_upper_bound", "eps");
  require_positive(k, "kov_composition_eps_upper_bound", "k");
  const Interval e(eps0, kP);
  const Interval kk(k, kP);
  const Interval first = (kk.mul(2) * (-Interval(delta_prime, kP).log())).sqrt() * e;
  // tanh(ε/2) = expm1(ε)/(e^ε + 1)
  const Interval th = e.expm1() / (e.exp() + Interval(1L, kP));
  return (first + kk * e * th).upper();
}

PgdCalibration calibrate_pgd(const CalibrationPgdInput& in) {
  if (!in.eps) throw_parameter_error(kFn, "eps", "given for pgd", "nothing");
  if (!in.delta) throw_parameter_error(kFn, "delta", "given for pgd", "nothing");
  if (!in.n) throw_parameter_error(kFn, "n", "given for pgd", "nothing");
  if (!in.d) throw_parameter_error(kFn, "d", "given for pgd", "nothing");
  const Rational& eps = *in.eps;
  const Rational& delta = *in.delta;
  const Integer& n = *in.n;
  const Integer& d = *in.d;
  if (eps <= 0 || eps > 15) throw_parameter_error(kFn, "eps", "in (0, 15] (Lemma S.1's range)", to_string(eps));
  if (delta <= 0 || delta >= Rational(1, 2)) throw_parameter_error(kFn, "delta", "in (0, 1/2)", to_string(delta));
  require_reasonable_size(eps, kFn, "eps");
  require_reasonable_size(delta, kFn, "delta");
  if (n < 1 || n > (Integer(1) << 40)) throw_parameter_error(kFn, "n", "in [1, 2^40]", to_string(n));
  if (d < 1 || d > 1024) throw_parameter_error(kFn, "d", "in [1, 1024]", to_string(d));
  if (in.R < 1) throw_parameter_error(kFn, "reward-bound", ">= 1 (rewards in [0, R])", to_string(in.R));
  require_reasonable_size(in.R, kFn, "reward-bound");
  require_positive(in.S, kFn, "S");
  require_reasonable_size(in.S, kFn, "S");
  require_nonnegative(in.lambda_max, kFn, "lambda-max");
  require_reasonable_size(in.lambda_max, kFn, "lambda-max");
  require_nonnegative(in.min_iterations, kFn, "min-iterations");
  if (in.min_iterations > (Integer(1) << 40))
    throw_parameter_error(kFn, "min-iterations", "<= 2^40", to_string(in.min_iterations));
  PgdCalibration c;
  c.B = in.theta_bound ? *in.theta_bound : in.S;
  c.D = in.diameter ? *in.diameter : Rational(2 * in.S);
  require_positive(c.B, kFn, "theta-bound");
  require_positive(c.D, kFn, "diameter");
  c.L = in.R + in.lambda_max * c.B / Rational(n);
  const unsigned k = in.iterations_rule == PgdIterationsRule::Log3 ? 3 : 1;
  const Integer formula = pgd_iterations(eps, delta, n, d, k);
  c.T_it = formula < in.min_iterations ? in.min_iterations : formula;
  c.delta_step = delta / Rational(Integer(c.T_it + 1));
  c.delta_prime = c.delta_step;
  Calibration001& r = c.report;
  r.variant = "pgd";
  r.profile = "theorem";
  r.source = "seed 003, App. T, Alg. 7 (P_GD), Lemma T.2; P1 = Eq. 127 / Lemma S.1 per step; Dwork-Roth Thm 3.20";
  auto& qs = r.quantities;
  qs.push_back(exact("eps", eps, "the optimizer's own budget"));
  qs.push_back(exact("delta", delta, "the optimizer's own budget"));
  qs.push_back(exact("n", Rational(n), "users in the call"));
  qs.push_back(exact("d", Rational(d), "dimension"));
  qs.push_back(exact("R", in.R, "rewards in [0, R]"));
  qs.push_back(exact("lambda_max", in.lambda_max, "regulariser (lambda_max/(2n))|theta|^2 per user"));
  qs.push_back(exact("theta_bound", c.B, in.theta_bound ? "certified sup over Theta of |theta| (given)" : "S (ball)"));
  qs.push_back(exact("L", c.L, "Lipschitz constant and P1 sensitivity Delta: R + lambda_max*theta_bound/n"));
  qs.push_back(exact("D", c.D, in.diameter ? "diameter bound of Theta (given)" : "diameter 2S of the ball"));
  qs.push_back(text("iterations_rule", k == 3 ? "log3" : "log1",
                      k == 3 ? "T_it = floor(eps^2 n^2/(d ln^3(nd/delta))) (Alg. 7, Sec. 5, Lemma T.2)"
                             : "T_it = floor(eps^2 n^2/(d ln(nd/delta))) (Lemma E.4)"));
  qs.push_back(exact("T_it_formula", Rational(formula), "certified floor"));
  qs.push_back(exact("min_iterations", Rational(in.min_iterations), "T_it = max(formula, min_iterations)"));
  qs.push_back(exact("T_it", Rational(c.T_it), "iterations"));
  Quantity released;
  released.name = "released";
  released.flag = c.T_it > 0;
  released.note = "T_it = 0: the call returns theta_0 and releases nothing";
  qs.push_back(released);
  qs.push_back(exact("delta_step", c.delta_step, "delta/(T_it + 1)"));
  if (c.T_it == 0) {
    c.eta = 0;
    c.eps_step = std::nullopt;
    c.delta_total = 0;
    qs.push_back(exact("roundings_per_call", 0, "T_it n d"));
    return c;
  }
  const Rational factor = in.step_rule == PgdStepRule::TwoD ? Rational(2) : Rational(1);
  const Rational num = factor * c.D / c.L;
  const Integer T = c.T_it;
  c.eta = round_down_40_bits(CertifiedReal([num, T](mpfr_prec_t p) { return Interval(num, p) / Interval(T, p).sqrt(); }));
  qs.push_back(text("step_rule", in.step_rule == PgdStepRule::TwoD ? "2d" : "d",
                      in.step_rule == PgdStepRule::TwoD ? "eta = 2D/(L sqrt(T_it)) (Alg. 7)"
                                                        : "eta = D/(L sqrt(T_it)) (spec 003 section 9 item 9)"));
  qs.push_back(exact("eta", c.eta, "the step, rounded down to 40 significant bits"));
  const bool corrected = in.step_budget == PgdStepBudget::Corrected;
  c.eps_step = theorem7_per_step_eps_lower_bound(eps, c.T_it, corrected ? c.delta_prime : delta);
  qs.push_back(text("step_budget", corrected ? "corrected" : "paper",
                      corrected ? "ln((T_it + 1)/delta) in eps_step (spec 003 section 9 item 20)"
                                : "ln(1/delta) in eps_step, as Alg. 7 prints it"));
  qs.push_back(exact("eps_step", *c.eps_step,
                       corrected ? "eps/(2 sqrt(2 T_it ln((T_it + 1)/delta))), rounded down"
                                 : "eps/(2 sqrt(2 T_it ln(1/delta))), rounded down"));
  const auto [g, b] = eq127_g_b(*c.eps_step, c.delta_step, n, d);
  c.g = g;
  c.b = b;
  qs.push_back(exact("g", Rational(g), "Eq. 127 at (eps_step, delta_step)"));
  qs.push_back(exact("b", Rational(b), "Eq. 127 at (eps_step, delta_step)"));
  const Integer nb = n * b;
  qs.push_back(exact("noise_bits_per_label", Rational(nb), "n b: one Bin(n b, 1/4) per label per iteration"));
  Quantity fits;
  fits.name = "binomial_in_range";
  fits.flag = nb <= (Integer(1) << 80);
  fits.note = "n b <= 2^80 (the large binomial's range); beyond 2^64 it is drawn on GMP integers";
  qs.push_back(fits);
  qs.push_back(exact("message_bits", Rational(g + b), "g + b per label per user per iteration (range 2delta)"));
  qs.push_back(exact("roundings_per_call", Rational(T * n * d), "T_it n d randomized roundings"));
  // P1's variance per coordinate of the mean gradient: (rho/g)^2 (n b 3/16 + n/4)/n^2 bound, rho = 2L.
  const Rational rho_g = 2 * c.L / Rational(g);
  qs.push_back(exact("mean_gradient_variance_bound", Rational(rho_g * rho_g * (Rational(nb) * Rational(3, 16) + Rational(n, 4)) / Rational(n * n)),
                       "(2L/g)^2 (n b 3/16 + n/4)/n^2 per coordinate"));
  c.eps_total_upper = advanced_composition_eps_upper_bound(*c.eps_step, T, c.delta_prime);
  c.eps_total_kov_upper = kov_composition_eps_upper_bound(*c.eps_step, T, c.delta_prime);
  c.delta_total = Rational(T) * c.delta_step + c.delta_prime;
  qs.push_back(exact("delta_prime", c.delta_prime, "advanced composition slack delta/(T_it + 1)"));
  qs.push_back(exact("eps_total_upper", c.eps_total_upper,
                       "advanced composition (Dwork-Roth Thm 3.20) of T_it steps at (eps_step, delta_step), rounded up"));
  qs.push_back(exact("eps_total_kov_upper", c.eps_total_kov_upper,
                       "Kairouz-Oh-Viswanath 2015 homogeneous bound, rounded up (tighter, valid)"));
  qs.push_back(exact("delta_total", c.delta_total, "T_it delta_step + delta_prime"));
  Quantity within;
  within.name = "within_budget";
  within.flag = c.eps_total_upper <= eps && c.delta_total <= delta;
  within.note = "eps_total_upper <= eps and delta_total <= delta";
  qs.push_back(within);
  qs.push_back(text("per_step_profile", "Lemma S.1 statement",
                      "the per-step (eps_step, delta_step) is Lemma S.1's (Cheu et al. Thm 4.2) as stated, not a "
                      "certified profile of P1 at this b"));
  return c;
}

}  // namespace dpb::ref
