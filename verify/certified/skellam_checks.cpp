#include "verify/certified/skellam_checks.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <set>

#include "reference/pmf/skellam.hpp"
#include "verify/certified/common.hpp"
#include "verify/certified/internal/laws.hpp"

namespace dpb::verify::certified {

namespace {

// Half-width of a window holding all but a negligible (≪ 10⁻³⁰) part of Sk(0, v): 14σ + 40.
long skellam_half_width(const Rational& v) {
  return static_cast<long>(to_int64(floor_sqrt(ceil(v)) + 1)) * 14 + 40;
}

struct Window {
  long W;
  std::vector<Interval> lower;  // x = −W … W
  Interval delta;
  Interval at(long x) const { return widen_by_deficit(lower[static_cast<std::size_t>(x + W)], delta); }
};

Window skellam_window(const Rational& variance, long W, mpfr_prec_t prec) {
  Window w{W, skellam_window_poisson_difference(variance, W, prec), Interval(prec)};
  w.delta = deficit(w.lower, prec);
  return w;
}

}  // namespace

SkellamClosureConfig skellam_closure_config(Suite suite) {
  SkellamClosureConfig c;
  c.pairs = {{Rational(1, 2), Rational(1, 2)}, {Rational(1, 2), Rational(3)}, {Rational(1), Rational(1)},
             {Rational(1, 3), Rational(5, 3)}, {Rational(2), Rational(5)},    {Rational(10), Rational(10)},
             {Rational(25), Rational(75)}};
  c.bessel_variances = {Rational(1, 2), Rational(1), Rational(3), Rational(10), Rational(100)};
  if (suite == Suite::full) {
    c.pairs.push_back({Rational(100), Rational(300)});
    c.pairs.push_back({Rational(1000), Rational(1000)});
    c.bessel_variances.push_back(Rational(1000));
    c.bessel_variances.push_back(Rational(2000));
  }
  c.tolerance = ten_to_minus(20);
  return c;
}

Outcome check_skellam_closure(const SkellamClosureConfig& cfg) {
  const mpfr_prec_t prec = cfg.prec;
  Outcome out{Verdict::holds, "", nlohmann::json::object()};
  Interval worst(0L, prec);
  nlohmann::json closure_cases = nlohmann::json::array(), bessel_cases = nlohmann::json::array();

  auto judge = [&](const Interval& x, const Interval& y, Interval& case_worst, Verdict& v, long k, nlohmann::json& ce) {
    Interval err(prec);
    if (compare_equal(x, y, err) == Verdict::violated && v != Verdict::violated) {
      v = Verdict::violated;
      ce = {{"x", k}, {"lhs", enclosure_json(x)}, {"rhs", enclosure_json(y)}};
    }
    case_worst = larger_upper(case_worst, err);
  };
  auto finish = [&](Verdict& v, const Interval& case_worst) {
    if (v == Verdict::holds && case_worst.upper() > cfg.tolerance) v = Verdict::inconclusive;
    out.verdict = combine(out.verdict, v);
    worst = larger_upper(worst, case_worst);
  };

  for (const auto& [a, b] : cfg.pairs) {
    const Rational ab = a + b;
    const long W = skellam_half_width(ab);
    const Window wa = skellam_window(a, W, prec), wb = skellam_window(b, W, prec);
    const Window target = skellam_window(Rational(ab * cfg.variance_factor), W, prec);
    const std::vector<Interval> conv = convolve(wa.lower, -W, wb.lower, -W, -W, W, true, prec);
    const Interval delta = deficit(conv, prec);  // (Sk_a ∗ Sk_b)(x) ∈ [conv(x), conv(x) + δ]
    Verdict v = Verdict::holds;
    Interval case_worst(0L, prec);
    nlohmann::json ce;
    for (long x = -W; x <= W; ++x)
      judge(widen_by_deficit(conv[static_cast<std::size_t>(x + W)], delta), target.at(x), case_worst, v, x, ce);
    // Outside the window both pmfs are at most their deficits.
    case_worst = larger_upper(case_worst, larger_upper(delta, target.delta));
    finish(v, case_worst);
    nlohmann::json e = {{"a", rational_text(a)},      {"b", rational_text(b)},
                        {"window", W},                {"deficit_upper", upper_text(delta)},
                        {"sup_error_upper", upper_text(case_worst)}, {"verdict", std::string(to_string(v))}};
    if (!ce.is_null()) e["counterexample"] = ce;
    closure_cases.push_back(e);
  }

  for (const auto& s2 : cfg.bessel_variances) {
    const long W = skellam_half_width(s2);
    const Window w = skellam_window(s2, W, prec);
    const Rational s2_bessel = s2 * cfg.variance_factor;
    Verdict v = Verdict::holds;
    Interval case_worst(0L, prec);
    nlohmann::json ce;
    for (long x = 0; x <= W; ++x)  // both forms are even in x
      judge(w.at(x), ref::skellam_pmf_bessel(s2_bessel, Integer(x), prec), case_worst, v, x, ce);
    // ref::SkellamPmf (its own Poisson-difference sums) at a few points, against both.
    const ref::SkellamPmf skellam(s2);
    const long sigma = static_cast<long>(to_int64(floor_sqrt(floor(s2))));
    nlohmann::json spot = nlohmann::json::array();
    for (long x : std::set<long>{0L, 1L, sigma, 3 * sigma + 2}) {
      const Interval cls = skellam.pmf(Integer(x), prec);
      judge(w.at(x), cls, case_worst, v, x, ce);
      judge(ref::skellam_pmf_bessel(s2_bessel, Integer(x), prec), cls, case_worst, v, x, ce);
      spot.push_back(x);
    }
    finish(v, case_worst);
    nlohmann::json e = {{"variance", rational_text(s2)},
                        {"window", W},
                        {"SkellamPmf_checked_at", spot},
                        {"sup_error_upper", upper_text(case_worst)},
                        {"verdict", std::string(to_string(v))}};
    if (!ce.is_null()) e["counterexample"] = ce;
    bessel_cases.push_back(e);
  }

  out.evidence = {{"certified_sup_error_upper", upper_text(worst)},
                  {"tolerance", nearest_text(cfg.tolerance)},
                  {"variance_factor", rational_text(cfg.variance_factor)},
                  {"precision_bits", prec},
                  {"closure", closure_cases},
                  {"bessel_vs_poisson_difference", bessel_cases}};
  out.key_figure = fmt::format("sup |Δpmf| ≤ {} over {} sums and {} Bessel/Poisson comparisons", upper_text(worst),
                               cfg.pairs.size(), cfg.bessel_variances.size());
  if (out.verdict == Verdict::violated) out.key_figure = "pmfs certainly differ; " + out.key_figure;
  return out;
}

Prop1Config prop1_config(Suite suite) {
  Prop1Config c;
  c.variances = {Rational(1, 2), Rational(1), Rational(2), Rational(5), Rational(10), Rational(100), Rational(1000)};
  c.ps = {Rational(1, 2), Rational(1, 10), ten_to_minus(2), ten_to_minus(3), ten_to_minus(4), ten_to_minus(6),
          ten_to_minus(9)};
  if (suite == Suite::full) c.variances.push_back(Rational(10000));
  if (suite == Suite::full) c.lambda_pieces = 20000;
  return c;
}

namespace {

// u = c·σ·√log(2/p) + √2·log(2/p)
Interval prop1_threshold(const Rational& s2, const Rational& p, const Rational& c, mpfr_prec_t prec) {
  const Interval L = Interval(Rational(2 / p), prec).log();
  return Interval(s2, prec).sqrt().mul(c) * L.sqrt() + Interval(2L, prec).sqrt() * L;
}

}  // namespace

Outcome check_prop1(const Prop1Config& cfg) {
  const mpfr_prec_t prec = cfg.prec;
  Outcome out{Verdict::holds, "", nlohmann::json::object()};
  nlohmann::json tail_cases = nlohmann::json::array();
  Interval worst_ratio(0L, prec);
  nlohmann::json worst_case;

  for (const auto& s2 : cfg.variances) {
    const ref::SkellamPmf law(s2);  // the law the Skellam sampler draws
    for (const auto& p : cfg.ps) {
      // ⌊u⌋ decided exactly (u is irrational; the precision is raised until the enclosure avoids integers).
      const auto k_int =
          certified_floor([&](mpfr_prec_t pr) { return prop1_threshold(s2, p, cfg.sigma_coefficient, pr); });
      if (!k_int) throw std::runtime_error("prop1: ⌊u⌋ undecided at the maximum precision");
      const long k = static_cast<long>(to_int64(*k_int));
      // P[|X| > u] = P[|X| ≥ k + 1] = 2 P[X ≥ k + 1] (k ≥ 0, symmetric law).
      const Interval tail = law.upper_tail(Integer(k + 1), prec).mul(Rational(2));
      Verdict v = Verdict::inconclusive;
      if (tail.upper() <= p)
        v = Verdict::holds;
      else if (tail.certainly_greater(p))
        v = Verdict::violated;
      out.verdict = combine(out.verdict, v);
      const Interval ratio = tail.div(p);
      if (worst_case.is_null() || mpfr_greater_p(&ratio.get()->right, &worst_ratio.get()->right)) {
        worst_ratio = ratio;
        worst_case = {{"variance", rational_text(s2)}, {"p", rational_text(p)}};
      }
      tail_cases.push_back({{"variance", rational_text(s2)},
                            {"p", rational_text(p)},
                            {"threshold", enclosure_json(prop1_threshold(s2, p, cfg.sigma_coefficient, prec), 6)},
                            {"floor_threshold", k},
                            {"tail", enclosure_json(tail, 4)},
                            {"tail_over_p_upper", upper_text(ratio)},
                            {"verdict", std::string(to_string(v))}});
    }
  }

  // Moment bound: (cosh λ − 1)/λ² ≤ κ on each λ-interval [a, b]; m = max |λ|, m0 = min |λ| on it.
  //   Taylor with Lagrange remainder: cosh λ = 1 + λ²/2 + (λ⁴/24) cosh ξ, |ξ| ≤ |λ|  ⇒  ratio ≤ 1/2 + m² cosh(m)/24;
  //   monotone pieces: ratio ≤ (cosh m − 1)/m0² when 0 ∉ [a, b]. The smaller bound is used.
  Verdict mgf_verdict = Verdict::holds;
  Interval max_ratio(0L, prec);
  nlohmann::json mgf_counterexample;
  const Rational step = 2 * cfg.lambda_max / cfg.lambda_pieces;
  for (long i = 0; i < cfg.lambda_pieces; ++i) {
    const Rational a = -cfg.lambda_max + step * i, b = a + step;
    const Rational m = std::max(abs(a), abs(b));
    const Rational m0 = (a <= 0 && b >= 0) ? Rational(0) : std::min(abs(a), abs(b));
    const Interval M(m, prec);
    Interval bound = Interval(Rational(1, 2), prec) + M.sqr() * M.cosh() / Interval(24L, prec);
    if (m0 > 0) {
      const Interval naive = (M.cosh() - Interval(1L, prec)) / Interval(m0, prec).sqr();
      if (naive.upper() < bound.upper()) bound = naive;
    }
    max_ratio = larger_upper(max_ratio, bound);
    if (bound.upper() > cfg.mgf_exponent_factor) {
      // Not certified on this piece: is the bound certainly false at the end point of largest |λ|?
      const Interval at = (M.cosh() - Interval(1L, prec)) / M.sqr();
      if (at.certainly_greater(cfg.mgf_exponent_factor)) {
        mgf_verdict = Verdict::violated;
        if (mgf_counterexample.is_null())
          mgf_counterexample = {{"lambda", rational_text(m)}, {"ratio", enclosure_json(at)}};
      } else {
        mgf_verdict = combine(mgf_verdict, Verdict::inconclusive);
      }
    }
  }
  out.verdict = combine(out.verdict, mgf_verdict);
  const Interval slack = Interval(cfg.mgf_exponent_factor, prec) - max_ratio;
  const Interval sqrt2(2L, prec);
  const Interval at_sqrt2 = Interval(1L, prec) - (sqrt2.sqrt().cosh() - Interval(1L, prec)) / sqrt2;

  out.evidence = {
      {"tail",
       {{"statement", "P[|X| > c·σ√log(2/p) + √2·log(2/p)] ≤ p"},
        {"c", rational_text(cfg.sigma_coefficient)},
        {"max_tail_over_p_upper", upper_text(worst_ratio)},
        {"worst_case", worst_case},
        {"cases", tail_cases}}},
      {"moment_bound",
       {{"statement", "σ²(cosh λ − 1) ≤ κ λ² σ² for |λ| ≤ λ_max, i.e. (cosh λ − 1)/λ² ≤ κ (σ² > 0 cancels)"},
        {"kappa", rational_text(cfg.mgf_exponent_factor)},
        {"lambda_max", rational_text(cfg.lambda_max)},
        {"lambda_intervals", cfg.lambda_pieces},
        {"max_ratio_upper", upper_text(max_ratio)},
        {"smallest_slack_lower", lower_text(slack)},
        {"slack_at_sqrt2", enclosure_json(at_sqrt2, 6)},
        {"verdict", std::string(to_string(mgf_verdict))}}},
      {"precision_bits", prec}};
  if (!mgf_counterexample.is_null()) out.evidence["moment_bound"]["counterexample"] = mgf_counterexample;
  out.key_figure = fmt::format("max P[|X|>u]/p ≤ {} (σ²={}, p={}); MGF exponent slack ≥ {}", upper_text(worst_ratio),
                               worst_case["variance"].get<std::string>(), worst_case["p"].get<std::string>(),
                               lower_text(slack));
  return out;
}

}  // namespace dpb::verify::certified
