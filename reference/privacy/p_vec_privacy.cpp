#include "reference/privacy/p_vec_privacy.hpp"

#include <mpfi.h>

#include <algorithm>

#include "reference/core/errors.hpp"

namespace dpb::ref {
namespace {

constexpr mpfr_prec_t P = kPVecPrivacyPrecision;

bool bounded(const Interval& x) { return mpfi_bounded_p(x.get()) != 0; }

// e^x rounded up for −2000 ≤ x < 0; 1 for x ≥ 0 (callers only need min(1, e^x)).
Rational tiny_exp_upper(const Rational& x) {
  if (x >= 0) return Rational(1);
  return Interval(x, P).exp().upper();
}

// 2^s as a rational (s of either sign).
Rational pow2(long s) { return s >= 0 ? Rational(Integer(1) << s) : Rational(Integer(1), Integer(1) << -s); }

// F(m) for m > 0 on [lo, hi] (docs/privacy-001.md §6, step 3).
std::optional<Rational> shift_moment_positive(const Integer& n, const Rational& p, const Integer& m,
                                              const Integer& alpha, const Integer& lo, const Integer& hi) {
  const Rational q = 1 - p;
  const Rational sigma2 = Rational(n) * p * q;
  const Rational np = Rational(n) * p;
  // Arguments y' of the one-step ratios B(y'−1)/B(y'): [lo − m + 1, hi]; x = (y' − np − 1)/(n(1−p)).
  const Rational x_lo = (Rational(lo - m + 1) - np - 1) / (Rational(n) * q);
  const Rational x_hi = (Rational(hi) - np - 1) / (Rational(n) * q);
  const Rational x2 = std::max(Rational(x_lo * x_lo), Rational(x_hi * x_hi));
  const Rational c = x2 / (1 - std::max(x_hi, Rational(0)));
  const Rational a(alpha), mm(m);
  const Rational exact_part = a * mm * c - a * (mm * (mm - 1) / 2 + mm * p) / sigma2;
  const Rational lambda = a * mm / sigma2;
  // ln E[e^{λ(Y − np)}] = n·ln(1 + p(e^λ − 1)) − nλp.
  const Interval lam(lambda, P);
  const Interval log_mgf =
      (lam.expm1().mul(p)).log1p().mul(Rational(n)) - Interval(Rational(Rational(n) * lambda * p), P);
  if (!bounded(log_mgf)) return std::nullopt;
  return Rational(exact_part + log_mgf.upper());
}

// Λ_α(k), k = 0..K (nondecreasing, Λ(0) = 0); nullopt when some F(m) overflows.
std::optional<std::vector<Rational>> lambda_table(const Integer& n, const Rational& p, const Integer& K,
                                                  const Integer& alpha, const Integer& lo, const Integer& hi) {
  std::vector<Rational> lambda(static_cast<std::size_t>(K.convert_to<long>()) + 1, Rational(0));
  for (Integer k = 1; k <= K; ++k) {
    auto up = binomial_shift_log_moment_upper_bound(n, p, k, alpha, lo, hi);
    auto down = binomial_shift_log_moment_upper_bound(n, p, Integer(-k), alpha, lo, hi);
    if (!up || !down) return std::nullopt;
    const std::size_t i = static_cast<std::size_t>(k.convert_to<long>());
    lambda[i] = std::max({lambda[i - 1], *up, *down});
  }
  return lambda;
}

Integer budget_of(const Rational& change_sq) { return ceil(change_sq) - 1; }

}  // namespace

const std::vector<Integer>& pvec_alpha_set() {
  static const std::vector<Integer> set = [] {
    std::vector<Integer> s;
    for (int j = 1; j <= 24; ++j) {
      s.push_back(Integer(1) << j);
      if (j >= 1 && j <= 23) s.push_back(Integer(3) << j);  // 6, 12, …, 3·2^23
    }
    s.insert(s.begin() + 1, Integer(3));
    std::sort(s.begin(), s.end());
    return s;
  }();
  return set;
}

Rational binomial_tail_upper_bound(const Integer& n, const Rational& p, const Integer& a, bool lower_tail) {
  require_positive(n, "binomial_tail_upper_bound", "n");
  if (p <= 0 || p >= 1) throw_parameter_error("binomial_tail_upper_bound", "p", "in (0, 1)", to_string(p));
  const Rational np = Rational(n) * p;
  if (lower_tail ? a < 0 : a > n) return Rational(0);
  if (lower_tail ? Rational(a) > np : Rational(a) < np) return Rational(1);
  const Rational qv = Rational(a) / Rational(n);
  // KL(q ‖ p) = q ln(q/p) + (1 − q) ln((1 − q)/(1 − p)), with 0·ln 0 = 0.
  Interval kl(0L, P);
  if (qv > 0) kl += Interval(Rational(qv / p), P).log().mul(qv);
  if (qv < 1) kl += Interval(Rational((1 - qv) / (1 - p)), P).log().mul(Rational(1 - qv));
  const Rational exponent_upper = (-kl.mul(Rational(n))).upper();  // e^x ≤ 2^−2000 below x = −2000
  if (exponent_upper <= -2000) return Rational(Integer(1), Integer(1) << 2000);
  return std::min(Rational(1), tiny_exp_upper(exponent_upper));
}

std::optional<Rational> binomial_shift_log_moment_upper_bound(const Integer& n, const Rational& p, const Integer& m,
                                                              const Integer& alpha, const Integer& lo,
                                                              const Integer& hi) {
  const Integer k = abs(m);
  if (alpha < 2) throw_parameter_error("binomial_shift_log_moment", "alpha", ">= 2", to_string(alpha));
  if (p <= 0 || p >= 1) throw_parameter_error("binomial_shift_log_moment", "p", "in (0, 1)", to_string(p));
  if (lo < k || hi < lo || hi > n - k)
    throw_parameter_error("binomial_shift_log_moment", "window", "|m| <= lo <= hi <= n - |m|",
                          "[" + to_string(lo) + ", " + to_string(hi) + "]");
  if (m == 0) return Rational(0);
  if (m > 0) return shift_moment_positive(n, p, m, alpha, lo, hi);
  // Y ↦ n − Y: Bin(n, p) becomes Bin(n, 1 − p) and B(y + k)/B(y) becomes B′(y′ − k)/B′(y′) on [n − hi, n − lo].
  return shift_moment_positive(n, Rational(1 - p), k, alpha, Integer(n - hi), Integer(n - lo));
}

Rational pvec_joint_max_upper_bound(const std::vector<Rational>& lambda, const Integer& labels, const Integer& budget,
                                    std::vector<Integer>* profile) {
  if (lambda.size() < 2) throw_parameter_error("pvec_joint_max", "lambda", "Λ(0), Λ(1), …", "too short");
  require_nonnegative(labels, "pvec_joint_max", "labels");
  require_nonnegative(budget, "pvec_joint_max", "budget");
  if (budget > (Integer(1) << 20)) throw_parameter_error("pvec_joint_max", "budget", "<= 2^20", to_string(budget));
  const long C = budget.convert_to<long>();
  const long J = std::min(labels, budget).convert_to<long>();  // at most `budget` labels move by ≥ 2 units
  // Gains over Λ(1), rounded up to the grid 2^−s with s the largest scale at which J + 1 times the largest gain
  // stays below 2^62: the knapsack then runs exactly on int64.
  std::vector<Rational> exact_gain(lambda.size(), Rational(0));
  Rational largest = 0;
  for (std::size_t k = 2; k < lambda.size(); ++k) {
    exact_gain[k] = std::max(Rational(0), Rational(lambda[k] - lambda[1]));
    largest = std::max(largest, exact_gain[k]);
  }
  const Integer room = (Integer(1) << 62) / (J + 1);
  long s = 0;
  if (largest > 0) {
    s = 62;
    while (s > -4096 && ceil(Rational(largest * pow2(s))) > room) --s;
  }
  std::vector<std::int64_t> gain(lambda.size(), 0);
  for (std::size_t k = 2; k < lambda.size(); ++k) gain[k] = to_int64(ceil(Rational(exact_gain[k] * pow2(s))));
  // best[c]: the largest total gain of the labels processed so far at total cost ≤ c.
  std::vector<std::int64_t> best(static_cast<std::size_t>(C) + 1, 0);
  std::vector<std::vector<long>> choice;  // for the profile
  for (long j = 0; j < J; ++j) {
    std::vector<std::int64_t> next(best);
    std::vector<long> pick(static_cast<std::size_t>(C) + 1, 1);
    for (long c = 0; c <= C; ++c) {
      for (std::size_t k = 2; k < lambda.size(); ++k) {
        const long cost = static_cast<long>((k - 1) * (k - 1));
        if (cost > c) break;
        const std::int64_t v = best[static_cast<std::size_t>(c - cost)] + gain[k];
        if (v > next[static_cast<std::size_t>(c)]) {
          next[static_cast<std::size_t>(c)] = v;
          pick[static_cast<std::size_t>(c)] = static_cast<long>(k);
        }
      }
    }
    best.swap(next);
    if (profile) choice.push_back(std::move(pick));
  }
  if (profile) {
    profile->clear();
    long c = C;
    for (long j = J - 1; j >= 0; --j) {
      const long k = choice[static_cast<std::size_t>(j)][static_cast<std::size_t>(c)];
      if (k >= 2) {
        profile->push_back(Integer(k));
        c -= (k - 1) * (k - 1);
      }
    }
    std::sort(profile->rbegin(), profile->rend());
  }
  // labels·Λ(1) exactly (labels may be large), plus the gain.
  return Rational(Rational(labels) * lambda[1] + Rational(best[static_cast<std::size_t>(C)]) / pow2(s));
}

std::vector<PVecInstanceShape> pvec_instances(const Integer& d, const Integer& g, bool range_two_delta) {
  require_positive(d, "pvec_instances", "d");
  require_positive(g, "pvec_instances", "g");
  const Rational g2 = Rational(g * g);
  const Rational scale = range_two_delta ? Rational(1) : Rational(4);
  return {{"vector", d, Rational(g2 * scale)}, {"matrix", Integer(d * (d + 1) / 2), Rational(g2 * scale / 2)}};
}

PVecPrivacyBound pvec_privacy_bound(const PVecPrivacyInput& in) {
  const Integer& n = in.noise_trials;
  const Integer& K = in.max_units;
  require_positive(n, "pvec_privacy_bound", "noise_trials");
  require_positive(K, "pvec_privacy_bound", "max_units");
  if (in.p <= 0 || in.p >= 1) throw_parameter_error("pvec_privacy_bound", "p", "in (0, 1)", to_string(in.p));
  if (!(in.tail_budget > 0))
    throw_parameter_error("pvec_privacy_bound", "tail_budget", "> 0", to_string(in.tail_budget));
  if (K > 4096) throw_parameter_error("pvec_privacy_bound", "max_units", "<= 4096", to_string(K));
  Integer labels = 0;
  for (const auto& s : in.instances) labels += s.labels;
  require_positive(labels, "pvec_privacy_bound", "labels");
  PVecPrivacyBound out;
  out.sigma2 = Rational(n) * in.p * (1 - in.p);
  const Rational np = Rational(n) * in.p;
  // Per label and side, the tail target τ = budget/(2·labels); window half-width U from √(2σ² ln(1/τ)), doubled
  // until the certified tails fit (or the window reaches [K, n − K]).
  const Rational tau = in.tail_budget / (2 * Rational(labels));
  const Interval ln_inv_tau = -Interval(tau, 64).log();
  Integer U = ceil((Interval(Rational(2 * out.sigma2), 64) * ln_inv_tau).sqrt().upper()) + 2 * K + 1;
  for (int round = 0;; ++round) {
    Integer lo = std::max(K, Integer(floor(np) - U)), hi = std::min(Integer(n - K), Integer(ceil(np) + U));
    if (hi < lo + K) {  // the noise is too small for any window: the whole support, tails 1
      lo = K;
      hi = std::max(K, Integer(n - K));
      if (hi < lo) hi = lo;
    }
    const Rational lower = binomial_tail_upper_bound(n, in.p, Integer(lo + K - 1), true);
    const Rational upper = binomial_tail_upper_bound(n, in.p, Integer(hi - K + 1), false);
    const Rational per_label = std::min(Rational(1), Rational(lower + upper));
    out.window_lo = lo;
    out.window_hi = hi;
    out.tail = std::min(Rational(1), Rational(per_label * Rational(labels)));
    if (out.tail <= in.tail_budget || round >= 40 || (lo == K && hi == n - K)) break;
    U *= 2;
  }
  if (out.window_hi > n - K || out.window_lo < K) return out;  // n < 2K: no window, empty curve (tail = 1)
  for (const Integer& alpha : pvec_alpha_set()) {
    auto table = lambda_table(n, in.p, K, alpha, out.window_lo, out.window_hi);
    if (!table) continue;
    Rational total = 0;
    for (const auto& s : in.instances) total += pvec_joint_max_upper_bound(*table, s.labels, budget_of(s.change_sq));
    out.curve.emplace_back(Rational(alpha), Rational(total / Rational(alpha - 1)));
  }
  return out;
}

std::vector<PVecInstanceWorst> pvec_worst_profile(const PVecPrivacyInput& in, const PVecPrivacyBound& bound,
                                                  const Integer& alpha) {
  std::vector<PVecInstanceWorst> out;
  auto table = lambda_table(in.noise_trials, in.p, in.max_units, alpha, bound.window_lo, bound.window_hi);
  if (!table) return out;
  for (const auto& s : in.instances) {
    PVecInstanceWorst w{s.name, 0, {}};
    w.log_moment = pvec_joint_max_upper_bound(*table, s.labels, budget_of(s.change_sq), &w.k_profile);
    out.push_back(std::move(w));
  }
  return out;
}

std::optional<Rational> pvec_eps_upper_bound(const PVecPrivacyBound& bound, const Rational& delta) {
  if (bound.curve.empty() || !(delta > bound.tail)) return std::nullopt;
  return rdp_to_dp_standard_upper_bound(bound.curve, Rational(delta - bound.tail));
}

Rational pvec_delta_upper_bound(const PVecPrivacyBound& bound, const Rational& eps) {
  // The smallest exponent (α − 1)(ρ_α − ε), exactly; then one exponential (floored at −2000 so that the result is a
  // small rational: e^x ≤ 2^−2000 for x ≤ −2000).
  std::optional<Rational> best;
  for (const auto& [alpha, rho] : bound.curve) {
    const Rational x = (alpha - 1) * (rho - eps);
    if (!best || x < *best) best = x;
  }
  Rational rdp_part = 1;
  if (best) rdp_part = *best <= -2000 ? Rational(Integer(1), Integer(1) << 2000) : tiny_exp_upper(*best);
  return std::min(Rational(1), Rational(bound.tail + rdp_part));
}

PVecPrivacyInput pvec_batch_input(const Integer& g, const Integer& b, const Integer& B, const Integer& d,
                                  const Rational& tail_budget) {
  PVecPrivacyInput in;
  in.noise_trials = B * b;
  in.p = Rational(1, 4);
  in.max_units = g;  // r = 2Δ
  in.instances = pvec_instances(d, g, true);
  in.tail_budget = tail_budget;
  return in;
}

PVecReturningTotals pvec_returning_totals(const Integer& g, const Integer& b, const Integer& B, const Integer& d,
                                          const Integer& M, const Rational& delta_m, const Rational& delta) {
  constexpr const char* fn = "pvec_returning_totals";
  require_positive(g, fn, "g");
  require_positive(b, fn, "b");
  require_positive(B, fn, "B");
  require_positive(d, fn, "d");
  require_positive(M, fn, "M");
  if (delta_m <= 0 || delta_m >= 1) throw_parameter_error(fn, "delta_m", "in (0, 1)", to_string(delta_m));
  if (delta <= 0 || delta >= 1) throw_parameter_error(fn, "delta", "in (0, 1)", to_string(delta));
  const PVecPrivacyBound bound = pvec_privacy_bound(pvec_batch_input(g, b, B, d, delta_m / 1000));
  PVecReturningTotals t;
  t.delta_advanced = Rational(M) * delta_m + delta / 2;
  t.eps_batch = pvec_eps_upper_bound(bound, delta_m);
  if (t.eps_batch) t.eps_advanced = advanced_composition_eps_upper_bound(*t.eps_batch, M, Rational(delta / 2));
  t.tail_total = std::min(Rational(1), Rational(Rational(M) * bound.tail));
  if (!bound.curve.empty() && delta > t.tail_total) {
    RdpCurve composed;
    for (const auto& [alpha, rho] : bound.curve) composed.emplace_back(alpha, Rational(Rational(M) * rho));
    t.eps_rdp = rdp_to_dp_standard_upper_bound(composed, Rational(delta - t.tail_total));
  }
  return t;
}

}  // namespace dpb::ref
