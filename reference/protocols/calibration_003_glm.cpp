#include "reference/protocols/calibration_003_glm.hpp"

#include <algorithm>
#include <vector>

#include "reference/core/errors.hpp"
#include "reference/protocols/internal/quantities.hpp"
#include "reference/glm/link.hpp"
#include "reference/privacy/seed001.hpp"
#include "reference/protocols/calibration_003_p2.hpp"
#include "reference/protocols/calibration_003_pgd.hpp"
#include "reference/protocols/tree_mechanism.hpp"

namespace dpb::ref {

namespace {

using quantities::exact;
using quantities::real;
using quantities::flag;
using quantities::text;

constexpr const char* kFn = "calibrate";
constexpr mpfr_prec_t kReport = 256;

template <class T>
const T& need(const std::optional<T>& v, const char* name, const std::string& variant) {
  if (!v) throw_parameter_error(kFn, name, "given for " + variant, "nothing");
  return *v;
}

Interval ln(const Rational& x, mpfr_prec_t p) { return Interval(x, p).log(); }
Interval iv(const Rational& x, mpfr_prec_t p) { return Interval(x, p); }
Interval sqrt_of(const Rational& x, mpfr_prec_t p) { return Interval(x, p).sqrt(); }

// ⌊x⌋ of a real, decided exactly (refinement; loud failure at an integer, as certified_ceiling).
Integer certified_floor(const RealFn& x) {
  return -certified_ceiling([&](mpfr_prec_t p) { return -x(p); });
}

// ⌈T^e⌉ for a positive rational e = p/q, exactly: the least integer c with c^q >= T^p (B_k is often an exact power
// of T — Eq. 6 makes B_M = T — so enclosures alone cannot decide the ceiling there).
Integer ceil_power(const Integer& T, const Rational& e) {
  const Integer p = boost::multiprecision::numerator(e), q = boost::multiprecision::denominator(e);
  const unsigned long pu = p.convert_to<unsigned long>(), qu = q.convert_to<unsigned long>();
  const Integer target = boost::multiprecision::pow(T, static_cast<unsigned>(pu));
  Integer c = floor(Interval(T, 128).log().mul(e).exp().lower());
  if (c < 0) c = 0;
  while (boost::multiprecision::pow(c, static_cast<unsigned>(qu)) < target) ++c;
  while (c > 0 && boost::multiprecision::pow(Integer(c - 1), static_cast<unsigned>(qu)) >= target) --c;
  return c;
}

struct Common {
  std::string variant;
  Rational eps, delta, kappa, ks, S, R;
  Integer T, d;
  Link link = Link::logistic;
};

Common common(const CalibrationGlmInput& in, Calibration001& c) {
  Common x;
  x.variant = in.variant;
  x.eps = need(in.eps, "eps", in.variant);
  x.delta = need(in.delta, "delta", in.variant);
  x.T = need(in.horizon, "horizon", in.variant);
  x.d = need(in.d, "d", in.variant);
  x.kappa = need(in.kappa, "kappa", in.variant);
  x.ks = need(in.kappa_star, "kappa-star", in.variant);
  x.S = need(in.theta_norm, "theta-norm", in.variant);
  x.R = in.reward_bound.value_or(Rational(1));
  const std::string l = in.link.value_or("logistic");
  if (l == "logistic") x.link = Link::logistic;
  else if (l == "probit") x.link = Link::probit;
  else throw_parameter_error(kFn, "link", "logistic or probit", l);
  if (x.eps <= 0 || x.eps > 100) throw_parameter_error(kFn, "eps", "in (0, 100]", to_string(x.eps));
  if (x.delta <= 0 || x.delta >= 1) throw_parameter_error(kFn, "delta", "in (0, 1)", to_string(x.delta));
  if (x.T < 16 || x.T > (Integer(1) << 40)) throw_parameter_error(kFn, "horizon", "in [16, 2^40]", to_string(x.T));
  if (x.d < 1 || x.d > 1024) throw_parameter_error(kFn, "d", "in [1, 1024]", to_string(x.d));
  if (x.S <= 0 || x.S > 64) throw_parameter_error(kFn, "theta-norm", "in (0, 64]", to_string(x.S));
  if (x.R <= 0 || x.R > 1000) throw_parameter_error(kFn, "reward-bound", "in (0, 1000]", to_string(x.R));
  for (const auto& [v, name] : {std::pair{&x.eps, "eps"}, {&x.delta, "delta"}, {&x.kappa, "kappa"},
                                {&x.ks, "kappa-star"}, {&x.S, "theta-norm"}, {&x.R, "reward-bound"}})
    require_reasonable_size(*v, kFn, name);
  if (x.ks > 1000000) throw_parameter_error(kFn, "kappa-star", "<= 10^6", to_string(x.ks));
  check_kappa_star(x.link, x.ks, kFn, "kappa-star");
  if (x.kappa < x.ks || x.kappa > Rational(Integer(1) << 60))
    throw_parameter_error(kFn, "kappa", "in [kappa*, 2^60] (kappa = max 1/mu' >= 1/max mu' = kappa*)",
                          to_string(x.kappa));
  c.variant = in.variant;
  c.quantities.push_back(exact("eps", x.eps));
  c.quantities.push_back(exact("delta", x.delta));
  c.quantities.push_back(exact("T", Rational(x.T)));
  c.quantities.push_back(exact("d", Rational(x.d)));
  c.quantities.push_back(exact("kappa", x.kappa, "max 1/mu' over the arms (an upper bound suffices)"));
  c.quantities.push_back(exact("kappa_star", x.ks, "1/max mu' over the arms; checked >= 1/sup mu' of the link"));
  c.quantities.push_back(exact("S", x.S, "bound on ||theta*||"));
  c.quantities.push_back(exact("R", x.R, "reward bound"));
  c.quantities.push_back(text("link", l));
  return x;
}

Rational constant(const std::optional<Rational>& v, const char* name) {
  const Rational c = v.value_or(Rational(1));
  if (c <= 0 || c > 1000000) throw_parameter_error(kFn, name, "in (0, 10^6]", to_string(c));
  require_reasonable_size(c, kFn, name);
  return c;
}

// Advanced composition (Dwork and Roth 2014, Thm 3.20): √(2k ln(1/δ′))·e + k·e·(e^e − 1), as an enclosure.
Interval advanced_eps(const Interval& e, const Integer& k, const Rational& delta_prime, mpfr_prec_t p) {
  return (iv(Rational(2 * k), p) * ln(1 / delta_prime, p)).sqrt() * e + iv(Rational(k), p) * e * e.expm1();
}

// ---- shuffle-glm ----------------------------------------------------------------------------------------------------

Calibration001 shuffle_glm(const CalibrationGlmInput& in) {
  Calibration001 c;
  c.profile = "theorem";
  c.source = "seed 003 Alg. 1 (ShuffleGLM): Eq. 6-10, 15, Obs. 1, Thm E.1, App. F; P2 (Lemma S.2), P_GD (Alg. 7)";
  if (in.profile != Profile003::Theorem)
    throw_parameter_error(kFn, "profile", "theorem for shuffle-glm (the authors never ran Alg. 1)", "paper-code");
  if (in.zeta) throw_parameter_error(kFn, "zeta", "absent for shuffle-glm", to_string(*in.zeta));
  if (in.beta_constant) throw_parameter_error(kFn, "beta-constant", "absent for shuffle-glm", to_string(*in.beta_constant));
  if (in.gamma_constant)
    throw_parameter_error(kFn, "gamma-constant", "absent for shuffle-glm", to_string(*in.gamma_constant));
  const Common x = common(in, c);
  if (x.eps >= 5) throw_parameter_error(kFn, "eps", "in (0, 5) (Thm 5.1)", to_string(x.eps));
  if (x.delta >= Rational(1, 2)) throw_parameter_error(kFn, "delta", "in (0, 1/2) (Lemma S.1)", to_string(x.delta));
  // M: default ⌊log₂ log₂ T⌋ (T >= 16 gives M >= 2)
  const Integer default_M = Integer(bit_length(Integer(bit_length(x.T) - 1)) - 1);
  const Integer M = in.batches.value_or(default_M);
  if (M < 2 || M > 8) throw_parameter_error(kFn, "batches", "in [2, 8] (M < 2 has no batch after the warm-up)", to_string(M));
  const unsigned m = M.convert_to<unsigned>();
  const Rational nu_c = constant(in.nu_constant, "nu-constant");
  c.quantities.push_back(exact("M", Rational(M), in.batches ? "--batches" : "floor(log2 log2 T) (default)"));
  const Rational e2 = x.eps / 2, d2 = x.delta / 2;
  c.quantities.push_back(exact("eps_P2", e2, "budget of each P2 release (V, H_k)"));
  c.quantities.push_back(exact("eps_PGD", e2, "budget of each P_GD call"));
  const Rational T(x.T), d(x.d), R = x.R, S = x.S, kappa = x.kappa;
  // σ̃ of the P₂ release actually run (Lemma S.2's proxy bound, r = 2Δ): V with Δ = 1, H with Δ = 1/κ*
  const RealFn sv = [=](mpfr_prec_t p) { return v3_proxy_bound(e2, d2, x.d, Rational(2), p).sqrt(); };
  const RealFn sh = [=](mpfr_prec_t p) { return v3_proxy_bound(e2, d2, x.d, Rational(2) / x.ks, p).sqrt(); };
  c.quantities.push_back(real("sigma_tilde_V", sv(kReport),
                              "sqrt(6e4 r^2 ln^2(4(d^2+1)/(delta/2))/(eps/2)^2 + r^2/8), r = 2 (P2 proxy, Delta = 1)"));
  c.quantities.push_back(real("sigma_tilde_H", sh(kReport), "the same with r = 2/kappa* (Delta = 1/kappa*)"));
  const RealFn sg = [=](mpfr_prec_t p) {  // max(σ̃_V, σ̃_H): κ* >= 1 makes V's the larger
    const Interval a = sv(p), b = sh(p);
    return Interval::hull(std::max(a.lower(), b.lower()), std::max(a.upper(), b.upper()), p);
  };
  const RealFn lt = [=](mpfr_prec_t p) { return ln(T, p); };
  const RealFn l2 = [=](mpfr_prec_t p) { return ln(Rational(2 * x.d * M) * T / x.delta, p); };  // ln(2dMT/δ)
  const RealFn spread = [=](mpfr_prec_t p) { return sqrt_of(d, p) + l2(p).sqrt().mul(6); };   // √d + 6√ln(2dMT/δ)
  const RealFn base = [=](mpfr_prec_t p) { return lt(p).mul(20 * d * R); };                     // 20dR ln T
  for (const auto& [name, s] : {std::pair{std::string("V"), sv}, {std::string("H"), sh}}) {
    const RealFn lam = [=](mpfr_prec_t p) { return base(p) + s(p) * spread(p); };
    c.quantities.push_back(real("lambda_" + name, lam(kReport), "Obs. 1: 20dR ln T + sigma~(sqrt d + 6 sqrt ln(2dMT/delta))"));
    c.quantities.push_back(real("lambda_" + name + "_eq8", (base(kReport) + s(kReport) * l2(kReport).sqrt().mul(6)),
                                "Eq. 8: 20dR ln T + 6 sigma~ sqrt ln(2dMT/delta) (lambda_min below 20dR ln T)"));
    c.quantities.push_back(real("lambda_" + name + "_min", base(kReport), "lambda - sigma~(...) = 20dR ln T (Obs. 1)"));
    c.quantities.push_back(real("lambda_" + name + "_max", lam(kReport) + s(kReport) * spread(kReport),
                                "lambda + sigma~(sqrt d + 6 sqrt ln(2dMT/delta)) (Eq. 15)"));
  }
  const RealFn nu = [=](mpfr_prec_t p) {
    return (ln(T * d / x.delta, p).pow(3).mul(d)).sqrt().mul(nu_c * R * S * S / x.eps);
  };
  c.quantities.push_back(real("nu", nu(kReport), "c_nu (R S^2/eps) sqrt(d ln^3(Td/delta)) (Eq. 10; --nu-constant)"));
  const RealFn inner = [=](mpfr_prec_t p) { return lt(p).mul(d * R) + sg(p) * l2(p).sqrt().mul(12); };
  const RealFn rsn = [=](mpfr_prec_t p) { return nu(p).mul(4 * R * S).sqrt(); };  // √(4RSν)
  const RealFn gamma = [=](mpfr_prec_t p) { return inner(p).sqrt().mul(30 * R * S) + rsn(p); };
  const RealFn gamma_in = [=](mpfr_prec_t p) { return (inner(p) + rsn(p)).sqrt().mul(30 * R * S); };
  c.quantities.push_back(real("gamma", gamma(kReport), "Eq. 9: 30RS sqrt(dR ln T + 12 sigma~ sqrt ln(2dMT/delta)) + sqrt(4RS nu), sigma~ = max(V, H)"));
  c.quantities.push_back(real("gamma_thm_e1", gamma_in(kReport), "Thm E.1: sqrt(4RS nu) inside the root"));
  // α and B₁
  const auto alpha_of = [=](const Rational& expo) -> RealFn {
    return [=](mpfr_prec_t p) { return lt(p).mul(expo).exp(); };
  };
  const Rational two_m1 = Rational(Integer(1) << (m - 1)), two_m = Rational(Integer(1) << m);
  const RealFn alpha = alpha_of(1 / (2 * (1 - 1 / two_m1)));  // Eq. 6: 1/(2(1 − 2^{1−M}))
  const RealFn alpha_e1 = alpha_of(1 / (2 * (1 - 1 / two_m)));  // Thm E.1: 1/(2(1 − 2^{−M}))
  c.quantities.push_back(real("alpha", alpha(kReport), "Eq. 6: T^(1/(2(1 - 2^(1-M))))"));
  c.quantities.push_back(real("alpha_thm_e1", alpha_e1(kReport), "Thm E.1 / App. F: T^(1/(2(1 - 2^(-M))))"));
  const RealFn root_k_e3s = [=](mpfr_prec_t p) { return sqrt_of(kappa, p) * iv(3 * S, p).exp(); };  // √κ e^{3S}
  const auto two_thirds = [](const Interval& v) { return v.log().mul(Rational(2, 3)).exp(); };
  const RealFn b1 = [=](mpfr_prec_t p) {
    return two_thirds(root_k_e3s(p) * gamma(p).sqr() * alpha(p).mul(d * d / S));
  };
  const RealFn b1_eq26 = [=](mpfr_prec_t p) {
    return two_thirds(root_k_e3s(p) * gamma(p).mul(1 / (2 * S)) * alpha(p).mul(d * d / R));
  };
  const RealFn b1_appf = [=](mpfr_prec_t p) {
    return two_thirds(root_k_e3s(p) * gamma(p).sqr().mul(1 / S) * alpha(p).mul(d * d / R));
  };
  c.quantities.push_back(real("B1_real", b1(kReport), "Eq. 6: (sqrt(kappa) e^(3S) d^2 gamma^2 alpha/S)^(2/3)"));
  c.quantities.push_back(real("B1_app_f_eq26", b1_eq26(kReport), "App. F: (phi d^2 alpha/R)^(2/3), phi = sqrt(kappa) e^(3S) gamma/(2S) (Eq. 26)"));
  c.quantities.push_back(real("B1_app_f", b1_appf(kReport), "App. F: phi = sqrt(kappa) e^(3S) gamma^2/S"));
  // the schedule (Eq. 6's α and B₁): ⌈B_k⌉, cumulative, cut at T
  std::vector<Integer> sizes;
  sizes.push_back(certified_ceiling(b1));
  const Rational alpha_expo = 1 / (2 * (1 - 1 / two_m1));
  for (unsigned k = 2; k <= m; ++k)  // α^{2 − 2^{2−k}} = T^{(2 − 2^{2−k})·alpha_expo}
    sizes.push_back(ceil_power(x.T, (2 - Rational(4, Integer(1) << k)) * alpha_expo));
  Integer used = 0, total = 0;
  unsigned batches_run = 0;
  for (unsigned k = 0; k < m; ++k) {
    total += sizes[k];
    if (used >= x.T) continue;
    const Integer n = std::min(sizes[k], Integer(x.T - used));
    used += n;
    ++batches_run;
    const std::string tag = "batch_" + std::to_string(k + 1);
    c.quantities.push_back(exact(tag + "_size", Rational(sizes[k]), k == 0 ? "ceil(B1)" : "ceil(alpha^(2 - 2^(2-k)))"));
    c.quantities.push_back(exact(tag + "_users", Rational(n), "users in the batch (the last one cut at T)"));
    const Integer it = pgd_iterations(e2, d2, n, x.d, 3);
    c.quantities.push_back(exact(tag + "_pgd_iterations", Rational(it), "floor((eps/2)^2 n^2/(d ln^3(n d/(delta/2))))"));
    c.quantities.push_back(exact(tag + "_pgd_roundings", Rational(it * n * x.d), "T_it n d randomized roundings"));
  }
  c.quantities.push_back(exact("B1_over_T", Rational(sizes[0]) / T, "> 1: the warm-up alone exceeds the horizon"));
  c.quantities.push_back(exact("batches_run", Rational(batches_run), "batches that start before T"));
  c.quantities.push_back(exact("schedule_total", Rational(total), "sum of ceil(B_k); above T the last batch is cut (item 3)"));
  c.quantities.push_back(flag("warm_up_fits", sizes[0] < x.T, "B1 < T: a batch after the warm-up runs"));
  return c;
}

// ---- jdp-glm --------------------------------------------------------------------------------------------------------

// per_step_budget_auto(ε₃, δ₃, k) of the authors' code (spec 003 §7.3), certified: the naive split for k <= 10,
// otherwise the largest e₀ on 2^−40 whose advanced composition at δ′ = δ₃/2 is certainly <= ε₃.
std::pair<Rational, Rational> paper_code_call_budget(const Rational& eps3, const Rational& delta3, const Integer& k) {
  if (k <= 10) return {eps3 / k, delta3 / k};
  const Rational dp = delta3 / 2;
  const Integer scale = Integer(1) << 40;
  Integer lo = 0, hi = certified_ceiling([&](mpfr_prec_t p) {
    return iv(eps3 * Rational(scale), p) / (iv(Rational(2 * k), p) * ln(1 / dp, p)).sqrt();
  });
  while (hi - lo > 1) {
    const Integer mid = (lo + hi) / 2;
    const Interval f = advanced_eps(iv(Rational(mid, scale), 192), k, dp, 192);
    if (f.certainly_less_equal(iv(eps3, 192))) lo = mid;
    else hi = mid;
  }
  return {Rational(lo, scale), delta3 / (2 * k)};
}

void add_call(Calibration001& c, const std::string& tag, const Rational& e, const Rational& dl, const Integer& k,
              const Integer& T, const Integer& d, const Rational& eps_target, const Rational& delta_target,
              bool pgd = true) {
  c.quantities.push_back(exact(tag + "_calls", Rational(k), "calls allowed (the cutoff)"));
  c.quantities.push_back(exact(tag + "_eps_call", e, "per-call epsilon"));
  c.quantities.push_back(exact(tag + "_delta_call", dl, "per-call delta"));
  if (pgd && e > 0) {  // the paper-code optimizer is DP-SGD, not P_GD
    const Integer it = pgd_iterations(e, dl, T, d, 3);
    c.quantities.push_back(exact(tag + "_pgd_iterations_at_n_T", Rational(it),
                                 "T_it of the largest call (n = T): floor(e^2 T^2/(d ln^3(T d/delta_call)))"));
  }
  // what the calls compose to, against the stated target: basic composition (k e, k δ_call), and advanced
  // composition with the δ slack left, δ′ = δ_target − k δ_call (none when the calls spend all of δ_target)
  const Rational basic_eps = Rational(k) * e, basic_delta = Rational(k) * dl;
  c.quantities.push_back(exact(tag + "_basic_eps", basic_eps, "k eps_call (basic composition)"));
  c.quantities.push_back(exact(tag + "_basic_delta", basic_delta, "k delta_call"));
  bool fits = basic_eps <= eps_target && basic_delta <= delta_target;
  const Rational slack = delta_target - basic_delta;
  if (slack > 0) {
    const Interval comp = advanced_eps(iv(e, kReport), k, slack, kReport);
    c.quantities.push_back(real(tag + "_advanced_eps", comp, "advanced composition at delta' = delta_target - k delta_call"));
    fits = fits || comp.certainly_less_equal(iv(eps_target, kReport));
  } else {
    c.quantities.push_back(text(tag + "_advanced_eps", "none",
                                "k delta_call already spends delta_target: no delta' is left for advanced composition"));
  }
  c.quantities.push_back(flag(tag + "_within_target", fits,
                              "an upper bound (basic, or advanced with the delta slack) is within (" + to_string(eps_target) + ", " +
                                  to_string(delta_target) + "); false = not shown by these accountants, not a violation"));
}

Calibration001 jdp_glm(const CalibrationGlmInput& in) {
  Calibration001 c;
  const bool paper = in.profile == Profile003::PaperCode;
  c.profile = paper ? "paper-code" : "theorem";
  c.source = paper ? "seed 003 authors' code (spec 003 §7.3): private_rs_glinucb.py constants and per_step_budget_auto"
                   : "seed 003 Alg. 2: Eq. 19-21, Remark A.1 cutoffs, Lemma I.4 trees, Lemma I.6 per-call budgets";
  if (in.batches) throw_parameter_error(kFn, "batches", "absent for jdp-glm", to_string(*in.batches));
  if (in.nu_constant) throw_parameter_error(kFn, "nu-constant", "absent for jdp-glm", to_string(*in.nu_constant));
  if (paper && in.beta_constant)
    throw_parameter_error(kFn, "beta-constant", "absent for jdp-glm --profile paper-code", to_string(*in.beta_constant));
  if (paper && in.gamma_constant)
    throw_parameter_error(kFn, "gamma-constant", "absent for jdp-glm --profile paper-code", to_string(*in.gamma_constant));
  const Common x = common(in, c);
  const Rational zeta = in.zeta.value_or(paper ? x.delta : x.delta / 2);
  if (zeta <= 0 || zeta >= 1) throw_parameter_error(kFn, "zeta", "in (0, 1)", to_string(zeta));
  require_reasonable_size(zeta, kFn, "zeta");
  if (!paper && zeta >= x.delta)
    throw_parameter_error(kFn, "zeta", "below delta (Thm 6.2 needs delta > zeta; theorem profile)", to_string(zeta));
  c.quantities.push_back(exact("zeta", zeta, paper ? "default delta (the authors' runs: delta = zeta)" : "default delta/2"));
  const Rational T(x.T), d(x.d), R = x.R, S = x.S, kappa = x.kappa, ks = x.ks, eps = x.eps, delta = x.delta;
  const RealFn lt = [=](mpfr_prec_t p) { return ln(T, p); };
  const RealFn sd = [=](mpfr_prec_t p) { return sqrt_of(d, p); };
  RealFn lambda, lmin, lmax, gamma, beta, threshold;
  if (!paper) {
    const RealFn q = [=](mpfr_prec_t p) { return sd(p).mul(4) + iv(Rational(1), p); };
    lambda = [=](mpfr_prec_t p) {
      return (ln(32 / delta, p) * lt(p)).div(eps * ks).mul(64) * q(p) * (ln(16 * T / zeta, p) + sd(p));
    };
    lmin = [=](mpfr_prec_t p) { return lambda(p) * sd(p).mul(4) / q(p); };
    lmax = [=](mpfr_prec_t p) { return lambda(p) * (sd(p).mul(4) + iv(Rational(2), p)) / q(p); };
    const Rational C = constant(in.beta_constant, "beta-constant"), cg = constant(in.gamma_constant, "gamma-constant");
    beta = [=](mpfr_prec_t p) {
      return sd(p).mul(C * R * S) * ln(T / zeta, p) * ln(1 / delta, p) / iv(eps * ks, p).sqrt();
    };
    const Rational me = std::min(eps, Rational(1));
    const RealFn g_core = [=](mpfr_prec_t p) {
      return ln(T * d / zeta, p).sqr().mul(cg * R * R * R * R * R * S * S * S * S * d) * ln(32 / delta, p);
    };
    gamma = [=](mpfr_prec_t p) { return g_core(p).div(me * ks * ks); };
    const RealFn gamma_proof = [=](mpfr_prec_t p) { return g_core(p).div(me * ks); };
    threshold = [=](mpfr_prec_t p) { return iv(Rational(1), p) / (gamma(p).sqr().mul(kappa * R * R)); };
    c.quantities.push_back(real("lambda", lambda(kReport), "Eq. 19 (log = ln)"));
    c.quantities.push_back(real("lambda_min", lmin(kReport), "4 sqrt(d) lambda/(4 sqrt(d)+1)"));
    c.quantities.push_back(real("lambda_max", lmax(kReport), "(4 sqrt(d)+2) lambda/(4 sqrt(d)+1)"));
    c.quantities.push_back(real("beta", beta(kReport), "Eq. 20: C R S sqrt(d) ln(T/zeta) ln(1/delta)/sqrt(eps kappa*)"));
    c.quantities.push_back(real("gamma", gamma(kReport), "Eq. 21: c R^5 S^4 d ln^2(Td/zeta) ln(32/delta)/(min(eps,1) kappa*^2)"));
    c.quantities.push_back(real("gamma_proof", gamma_proof(kReport), "Thm I.8's proof: kappa* to the first power (item 2)"));
    c.quantities.push_back(real("criterion1_threshold", threshold(kReport), "1/(gamma^2 kappa R^2) (Alg. 2)"));
    c.quantities.push_back(real("criterion1_threshold_gamma_proof",
                                iv(Rational(1), kReport) / gamma_proof(kReport).sqr().mul(kappa * R * R),
                                "the same with gamma_proof"));
    c.quantities.push_back(flag("criterion1_fires_at_start", certainly_le(threshold, [=](mpfr_prec_t p) {
                                  return iv(Rational(1), p) / lambda(p);
                                }),
                                "threshold <= 1/lambda: a unit arm meets Criterion I against V = lambda I"));
  } else {
    const RealFn l4t = [=](mpfr_prec_t p) { return ln(4 * T / zeta, p); };
    const RealFn spread = [=](mpfr_prec_t p) { return (ln(4 / delta, p) * l4t(p).sqr()).div(eps * ks); };
    lambda = [=](mpfr_prec_t p) { return spread(p).mul(2) + l4t(p).mul(Rational(3, 4) * d / (R * R)); };
    lmin = [=](mpfr_prec_t p) { return lambda(p) - spread(p).mul(Rational(3, 2)); };
    lmax = [=](mpfr_prec_t p) { return lambda(p) + spread(p).mul(Rational(3, 2)); };
    gamma = [=](mpfr_prec_t p) { return (ln(T / zeta, p).mul(d)).sqrt().mul(R * S); };
    beta = [=](mpfr_prec_t p) { return (ln(T / zeta, p).mul(d)).sqrt().mul(4); };
    c.quantities.push_back(real("lambda", lambda(kReport), "2 ln(4/delta) ln^2(4T/zeta)/(eps kappa*) + 0.75 d ln(4T/zeta)/R^2"));
    c.quantities.push_back(real("lambda_min", lmin(kReport), "lambda - 1.5 ln(4/delta) ln^2(4T/zeta)/(eps kappa*)"));
    c.quantities.push_back(real("lambda_max", lmax(kReport), "lambda + 1.5 ln(4/delta) ln^2(4T/zeta)/(eps kappa*)"));
    c.quantities.push_back(real("beta", beta(kReport), "4 sqrt(d ln(T/zeta))"));
    c.quantities.push_back(real("gamma", gamma(kReport), "R S sqrt(d ln(T/zeta))"));
    c.quantities.push_back(exact("criterion1_threshold", 1 / (Rational(1, 100) * kappa * R * R * R * R * S * S * d),
                                 "1/(0.01 kappa R^4 S^2 d)"));
  }
  // cutoffs
  const RealFn c1 = paper ? RealFn([=](mpfr_prec_t p) { return gamma(p).sqr().mul(d * R * R * kappa / 20000) * lt(p); })
                          : RealFn([=](mpfr_prec_t p) { return gamma(p).sqr().mul(8 * d * R * R * kappa) * lt(p); });
  const RealFn c2arg = [=](mpfr_prec_t p) { return lmax(p) / lmin(p) + iv(T / (ks * ks * d), p) / lmin(p); };
  const RealFn c2 = [=](mpfr_prec_t p) { return c2arg(p).log() / iv(Rational(2), p).log(); };
  const RealFn c2d = [=](mpfr_prec_t p) {
    return (iv(Rational(2), p) + iv(2 * T / (ks * ks * d), p) / lmin(p)).log() / iv(Rational(2), p).log().div(d);
  };
  c.quantities.push_back(real("count1_cutoff_real", c1(kReport), paper ? "d R^2 kappa gamma^2 ln T/20000" : "8 d R^2 kappa gamma^2 ln T"));
  c.quantities.push_back(real("count2_cutoff_real", c2(kReport), "log2(lambda_max/lambda_min + T/(kappa*^2 lambda_min d))"));
  c.quantities.push_back(real("count2_cutoff_item28_real", c2d(kReport), "d log2(2 + 2T/(kappa*^2 lambda_min d)) (§9 item 28)"));
  if (!paper) {
    const Integer k1 = std::max(Integer(1), certified_ceiling(c1));
    const Integer k2 = std::max(Integer(1), certified_ceiling(c2));
    const Integer k2d = std::max(Integer(1), certified_ceiling(c2d));
    // ε_o = ε/(6√(2k ln(4/δ))), δ_o = δ/(6k): rounded DOWN to 2^−64 (a smaller budget is still within the claim)
    const auto eps_call = [&](const Integer& k) {
      const RealFn e = [=](mpfr_prec_t p) { return iv(eps, p) / (iv(Rational(2 * k), p) * ln(4 / delta, p)).sqrt().mul(6); };
      return Rational(certified_floor([&](mpfr_prec_t p) { return e(p).mul(Rational(Integer(1) << 64)); }),
                      Integer(1) << 64);
    };
    // target per optimizer: Lemma I.6's (ε/3, δ/3) for the θ̂_o and θ̂_τ calls together, split evenly
    add_call(c, "theta_o", eps_call(k1), delta / (6 * k1), k1, x.T, x.d, eps / 6, delta / 6);
    add_call(c, "theta_tau", eps_call(k2), delta / (6 * k2), k2, x.T, x.d, eps / 6, delta / 6);
    add_call(c, "theta_tau_item28", eps_call(k2d), delta / (6 * k2d), k2d, x.T, x.d, eps / 6, delta / 6);
    // trees: Lemma I.4's σ for both, and the corrected V tree (docs/findings.md, 003.tree.privacy.theorem)
    const unsigned m = tree_levels(x.T);
    c.quantities.push_back(exact("tree_levels", Rational(m), "ceil(log2 T) + 1"));
    c.quantities.push_back(real("tree_sigma", tree003_theorem_sigma(eps, delta, m, ks)(kReport),
                                "Lemma I.4: 6 sqrt(m) ln(32/delta)/(kappa* eps), both trees"));
    c.quantities.push_back(real("tree_sigma_V_corrected", tree003_theorem_sigma(eps, delta, m, Rational(1))(kReport),
                                "the V tree at its own leaves' scale (kappa* -> 1): 003.tree.privacy.theorem-corrected"));
  } else {
    const Integer k1 = std::max(Integer(1), certified_floor(c1));
    const Integer k2 = std::max(Integer(1), certified_floor(c2));
    for (const auto& [tag, k] : {std::pair{std::string("theta_o"), k1}, {std::string("theta_tau_first_commit"), k2},
                                 {std::string("theta_tau_later_commit"), Integer(3 * k2)}}) {
      const auto [e, dl] = paper_code_call_budget(eps / 3, delta / 3, k);
      add_call(c, tag, e, dl, k, x.T, x.d, eps / 3, delta / 3, false);
    }
    const unsigned m = tree_levels(x.T);
    c.quantities.push_back(exact("tree_levels", Rational(m), "ceil(log2 T) + 1"));
    c.quantities.push_back(real("tree_sigma_V", tree003_paper_code_sigma(eps, delta, m, Rational(1))(kReport),
                                "BinaryTreeMechanism(T, eps/3, delta/3, 1)"));
    c.quantities.push_back(real("tree_sigma_H", tree003_paper_code_sigma(eps, delta, m, 1 / ks)(kReport),
                                "BinaryTreeMechanism(T, eps/3, delta/3, 1/kappa*)"));
  }
  return c;
}

}  // namespace

bool is_variant_glm003(const std::string& v) { return v == "shuffle-glm" || v == "jdp-glm"; }

Calibration001 calibrate_glm003(const CalibrationGlmInput& in) {
  if (in.variant == "shuffle-glm") return shuffle_glm(in);
  if (in.variant == "jdp-glm") return jdp_glm(in);
  throw_parameter_error(kFn, "variant", "shuffle-glm or jdp-glm", in.variant);
}

}  // namespace dpb::ref
