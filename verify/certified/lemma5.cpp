#include "verify/certified/lemma5.hpp"

#include <fmt/format.h>

#include "reference/privacy/lemma5_constant.hpp"
#include "verify/certified/common.hpp"

namespace dpb::verify::certified {

Lemma5Config lemma5_config(Suite suite) {
  Lemma5Config c;
  c.epsilons = {ten_to_minus(6), ten_to_minus(4), ten_to_minus(2), Rational(1, 10), Rational(1, 2),
                Rational(1),     Rational(2),     Rational(5),     Rational(10),    Rational(50)};
  c.constant = ref::lemma5_constant();
  if (suite == Suite::full) {
    c.epsilons.insert(c.epsilons.begin(), ten_to_minus(9));
    c.lambda_pieces = 4000;
    c.bisection_steps = 60;
  }
  return c;
}

Interval lap_log_mgf(const Rational& eps, const Interval& lambda) {
  const mpfr_prec_t prec = lambda.precision();
  const Interval e(eps, prec);
  // 1 − β = −expm1(−ε), 1 − βe^{±λ} = −expm1(±λ − ε): no cancellation for small ε.
  const Interval omb = -((-e).expm1());
  const Interval plus = -((lambda - e).expm1());
  const Interval minus = -((-lambda - e).expm1());
  return omb.log().mul(Rational(2)) - plus.log() - minus.log();
}

namespace {

// ½ [q₊/(1−q₊)² + q₋/(1−q₋)²], q₊ = βe^{b}, q₋ = βe^{−a}: an upper bound of log M(λ)/λ² on [a, b] ⊂ [0, ε).
Interval series_bound(const Rational& eps, const Rational& a, const Rational& b, mpfr_prec_t prec) {
  auto h = [&](const Rational& exponent) {  // q/(1−q)² with q = e^{exponent}, exponent < 0
    const Interval q = Interval(exponent, prec).exp();
    const Interval omq = -(Interval(exponent, prec).expm1());
    return q / omq.sqr();
  };
  return (h(Rational(b - eps)) + h(Rational(-a - eps))).div(Rational(2));
}

}  // namespace

Outcome check_lemma5(const Lemma5Config& cfg) {
  const mpfr_prec_t prec = cfg.prec;
  const Rational& c = cfg.constant;
  Outcome out{Verdict::holds, "", nlohmann::json::object()};
  nlohmann::json cases = nlohmann::json::array(), counterexample;
  Interval grid_c_star(0L, prec);
  nlohmann::json grid_c_star_at;
  Interval max_ratio(0L, prec);  // max over pieces of (bound on g) / (c²/(2ε²))

  if (c <= 1) {
    // ε/c ≥ ε: the MGF is infinite at λ = ε, which the range then contains.
    out.verdict = Verdict::violated;
    out.key_figure = "c ≤ 1: E e^{λX} = ∞ at λ = ε ≤ ε/c";
    out.evidence = {{"constant", rational_text(c)}, {"reason", out.key_figure}};
    return out;
  }

  for (const auto& eps : cfg.epsilons) {
    const Rational lam_max = eps / c;
    const Rational K = c * c / (2 * eps * eps);  // the bound on log M(λ)/λ²
    Verdict v = Verdict::holds;
    Interval case_max(0L, prec);
    long pieces = 0;
    // Pieces that fail to certify are halved (near λ = ε/c the slack is only c − c*(ε)), down to a minimum width.
    const Rational step = lam_max / cfg.lambda_pieces;
    const Rational min_width = step / (Integer(1) << 40);
    std::vector<std::pair<Rational, Rational>> work;
    for (long i = cfg.lambda_pieces - 1; i >= 0; --i) work.emplace_back(step * i, step * (i + 1));
    while (!work.empty() && v != Verdict::violated) {
      const auto [a, b] = work.back();
      work.pop_back();
      ++pieces;
      Interval bound = series_bound(eps, a, b, prec);
      if (a > 0) {
        const Interval lam = Interval::hull(a, b, prec);
        const Interval naive = lap_log_mgf(eps, lam) / lam.sqr();
        if (naive.upper() < bound.upper()) bound = naive;
      }
      if (bound.upper() <= K) {
        case_max = larger_upper(case_max, bound.div(K));
        continue;
      }
      // Not certified on [a, b]: is the bound certainly false at λ = b?
      const Interval at_b = lap_log_mgf(eps, Interval(b, prec)) / Interval(b, prec).sqr();
      if (at_b.certainly_greater(K)) {
        v = Verdict::violated;
        if (counterexample.is_null())
          counterexample = {{"epsilon", rational_text(eps)},
                            {"lambda", rational_text(b)},
                            {"log_mgf", enclosure_json(lap_log_mgf(eps, Interval(b, prec)))},
                            {"bound", enclosure_json(Interval(Rational(K * b * b), prec))}};
      } else if (b - a > min_width) {
        const Rational mid = (a + b) / 2;
        work.emplace_back(mid, b);
        work.emplace_back(a, mid);
      } else {
        v = combine(v, Verdict::inconclusive);
      }
    }
    // c*(ε) = 1/u*, log M(ε u*) = ½; bisection on u ∈ (0, 1) (log M increases on [0, ε)).
    Rational lo(0), hi(1);
    for (int s = 0; s < cfg.bisection_steps; ++s) {
      const Rational mid = (lo + hi) / 2;
      const Interval val = lap_log_mgf(eps, Interval(Rational(eps * mid), prec));
      if (val.certainly_greater(Rational(1, 2)))
        hi = mid;
      else if (val.certainly_less(Rational(1, 2)))
        lo = mid;
      else
        break;
    }
    const Interval c_star = Interval::hull(Rational(1 / hi), lo > 0 ? Rational(1 / lo) : Rational(1000000), prec);
    if (grid_c_star_at.is_null() || mpfr_greater_p(&c_star.get()->right, &grid_c_star.get()->right)) {
      grid_c_star = c_star;
      grid_c_star_at = rational_text(eps);
    }
    max_ratio = larger_upper(max_ratio, case_max);
    out.verdict = combine(out.verdict, v);
    cases.push_back({{"epsilon", rational_text(eps)},
                     {"c_star", enclosure_json(c_star, 10)},
                     {"max_bound_ratio_upper", upper_text(case_max, 8)},
                     {"lambda_intervals", pieces},
                     {"verdict", std::string(to_string(v))}});
  }
  // c*(ε) → c∞ as ε → 0 (docs/decisions.md), so a constant below c∞ fails for every small enough ε.
  const Interval c_inf = ref::lemma5_constant_infimum(prec);
  const bool above_c_inf = c_inf.certainly_less(c);
  if (c_inf.certainly_greater(c)) out.verdict = Verdict::violated;
  else if (!above_c_inf) out.verdict = combine(out.verdict, Verdict::inconclusive);
  out.evidence = {{"constant", rational_text(c)},
                  {"constant_decimal", enclosure_json(Interval(c, prec), 8)},
                  {"c_infinity", enclosure_json(c_inf, 12)},
                  {"constant_above_c_infinity", above_c_inf},
                  {"c_infinity_formula", "(1 − e^{−1/2})^{−1/2}, the limit of c*(ε) as ε → 0 (docs/decisions.md)"},
                  {"grid_max_c_star", enclosure_json(grid_c_star, 10)},
                  {"grid_max_c_star_at_epsilon", grid_c_star_at},
                  {"max_bound_ratio_upper", upper_text(max_ratio, 8)},
                  {"initial_lambda_intervals_per_epsilon", cfg.lambda_pieces},
                  {"precision_bits", prec},
                  {"cases", cases}};
  if (!counterexample.is_null()) out.evidence["counterexample"] = counterexample;
  out.key_figure = fmt::format("c = {} ≥ c∞ = (1−e^{{−1/2}})^{{−1/2}} ≈ {}; grid max c*(ε) ≤ {} at ε = {}",
                               nearest_text(c, 6), upper_text(c_inf, 8), upper_text(grid_c_star, 8),
                               grid_c_star_at.get<std::string>());
  if (out.verdict == Verdict::violated) out.key_figure = "MGF bound fails; " + out.key_figure;
  return out;
}

}  // namespace dpb::verify::certified
