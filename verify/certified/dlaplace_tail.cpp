#include "verify/certified/dlaplace_tail.hpp"

#include <fmt/format.h>

#include <set>

#include "reference/pmf/discrete_laplace.hpp"
#include "verify/certified/common.hpp"
#include "verify/certified/internal/laws.hpp"

namespace dpb::verify::certified {

DlaplaceTailConfig dlaplace_tail_config(Suite suite) {
  DlaplaceTailConfig c;
  c.scales = {Rational(1, 10), Rational(1, 2), Rational(1), Rational(3), Rational(10)};
  c.gs = {Rational(1), Rational(2), Rational(10), Rational(32), Rational(1000)};
  c.epsilons = {Rational(1, 10), Rational(1, 2), Rational(1), Rational(2), Rational(10)};
  c.ps = {Rational(1, 2), Rational(1, 10), ten_to_minus(3), ten_to_minus(6), ten_to_minus(9)};
  if (suite == Suite::full) {
    c.scales.push_back(Rational(100));
    c.gs.push_back(Rational(100000));
    c.epsilons.push_back(Rational(1, 1000));
    c.ps.push_back(ten_to_minus(15));
  }
  c.tolerance = ten_to_minus(20);
  return c;
}

namespace {

// Closed form β^k/(1+β), computed here (not by ref::DiscreteLaplacePmf).
Interval closed_tail(const Rational& t, long k, mpfr_prec_t prec) {
  return exp_neg(Rational(Rational(k) / t), prec) / (Interval(1L, prec) + beta_of_scale(t, prec));
}

}  // namespace

Outcome check_dlaplace_tail(const DlaplaceTailConfig& cfg) {
  const mpfr_prec_t prec = cfg.prec;
  Outcome out{Verdict::holds, "", nlohmann::json::object()};

  // (a) tail sums against the closed form.
  Verdict tail_verdict = Verdict::holds;
  Interval worst_rel(0L, prec);
  nlohmann::json tail_cases = nlohmann::json::array(), tail_counterexample;
  for (const auto& t : cfg.scales) {
    const ref::DiscreteLaplacePmf law(t * cfg.pmf_scale_factor);
    std::set<long> ks{0, 1, 2, 3};
    for (long mult : {1L, 5L, 20L}) ks.insert(static_cast<long>(to_int64(ceil(t * mult))));
    const long k_max = *ks.rbegin();
    // Window mass outside [−W, W] is 2β^{W+1}/(1+β) ≤ 2e^{−(W+1)/t} ≤ 10⁻⁴⁰ beyond the largest k.
    const long W = k_max + static_cast<long>(to_int64(ceil(t * 93))) + 1;
    std::vector<Interval> pmf;
    pmf.reserve(static_cast<std::size_t>(2 * W + 1));
    for (long x = -W; x <= W; ++x) pmf.push_back(law.pmf(Integer(x), prec));
    Interval case_worst(0L, prec);
    Verdict v = Verdict::holds;
    for (long k : ks) {
      // P[X ≥ k] ≥ Σ_{x=k}^{W} p(x) and ≤ 1 − Σ_{x=−W}^{k−1} p(x).
      Interval lower(0L, prec);
      for (long x = k; x <= W; ++x) lower += pmf[static_cast<std::size_t>(x + W)];
      const std::vector<Interval> below(pmf.begin(), pmf.begin() + (k + W));
      const Interval upper = deficit(below, prec);
      Interval summed(prec);
      mpfi_interv_fr(summed.get(), &lower.get()->left, &upper.get()->right);
      const Interval closed = closed_tail(t, k, prec);
      const Interval cls = law.upper_tail(Integer(k), prec);
      Interval e1(prec), e2(prec);
      const bool bad = compare_equal(summed, closed, e1) == Verdict::violated ||
                       compare_equal(cls, closed, e2) == Verdict::violated;
      const Interval rel = larger_upper(e1, e2) / closed;
      case_worst = larger_upper(case_worst, rel);
      if (bad && v != Verdict::violated) {
        v = Verdict::violated;
        if (tail_counterexample.is_null())
          tail_counterexample = {{"t", rational_text(t)},
                                 {"k", k},
                                 {"pmf_sum", enclosure_json(summed)},
                                 {"upper_tail", enclosure_json(cls)},
                                 {"closed_form", enclosure_json(closed)}};
      }
    }
    if (v == Verdict::holds && case_worst.upper() > cfg.tolerance) v = Verdict::inconclusive;
    tail_verdict = combine(tail_verdict, v);
    worst_rel = larger_upper(worst_rel, case_worst);
    tail_cases.push_back({{"t", rational_text(t)},
                          {"ks", ks},
                          {"window", W},
                          {"relative_error_upper", upper_text(case_worst)},
                          {"verdict", std::string(to_string(v))}});
  }

  // (b) the accuracy rule.
  Verdict rule_verdict = Verdict::holds;
  Interval worst_ratio(0L, prec);
  nlohmann::json worst_rule, rule_counterexample;
  std::size_t rule_cases = 0;
  for (const auto& g : cfg.gs)
    for (const auto& eps : cfg.epsilons) {
      const Rational scale = g / eps;
      const ref::DiscreteLaplacePmf law(scale);
      for (const auto& p : cfg.ps) {
        const Rational coef = scale * cfg.threshold_factor;
        const auto tau = certified_ceil([&](mpfr_prec_t pr) { return Interval(Rational(2 / p), pr).log().mul(coef); });
        if (!tau) throw std::runtime_error("dlaplace.tail: ⌈(g/ε) log(2/p)⌉ undecided at the maximum precision");
        const Interval tail = law.upper_tail(Integer(*tau + 1), prec).mul(Rational(2));  // P[|X| > τ]
        Verdict v = Verdict::inconclusive;
        if (tail.upper() <= p)
          v = Verdict::holds;
        else if (tail.certainly_greater(p))
          v = Verdict::violated;
        rule_verdict = combine(rule_verdict, v);
        ++rule_cases;
        const Interval ratio = tail.div(p);
        nlohmann::json here = {{"g", rational_text(g)},     {"epsilon", rational_text(eps)},
                               {"p", rational_text(p)},     {"tau", dpb::to_string(*tau)},
                               {"tail", enclosure_json(tail, 4)}, {"tail_over_p_upper", upper_text(ratio)}};
        if (worst_rule.is_null() || mpfr_greater_p(&ratio.get()->right, &worst_ratio.get()->right)) {
          worst_ratio = ratio;
          worst_rule = here;
        }
        if (v == Verdict::violated && rule_counterexample.is_null()) rule_counterexample = here;
      }
    }

  out.verdict = combine(tail_verdict, rule_verdict);
  out.evidence = {{"tail_identity",
                   {{"statement", "P[X ≥ k] = β^k/(1+β)"},
                    {"pmf_scale_factor", rational_text(cfg.pmf_scale_factor)},
                    {"max_relative_error_upper", upper_text(worst_rel)},
                    {"tolerance", nearest_text(cfg.tolerance)},
                    {"verdict", std::string(to_string(tail_verdict))},
                    {"cases", tail_cases}}},
                  {"accuracy_rule",
                   {{"statement", "P[|Lap_Z(g/ε)| > ⌈(g/ε)·log(2/p)⌉] ≤ p"},
                    {"threshold_factor", rational_text(cfg.threshold_factor)},
                    {"cases", rule_cases},
                    {"max_tail_over_p_upper", upper_text(worst_ratio)},
                    {"worst_case", worst_rule},
                    {"verdict", std::string(to_string(rule_verdict))}}},
                  {"precision_bits", prec}};
  if (!tail_counterexample.is_null()) out.evidence["tail_identity"]["counterexample"] = tail_counterexample;
  if (!rule_counterexample.is_null()) out.evidence["accuracy_rule"]["counterexample"] = rule_counterexample;
  out.key_figure = fmt::format("tail rel. error ≤ {}; max P[|X|>τ]/p ≤ {} over {} (g,ε,p)", upper_text(worst_rel),
                               upper_text(worst_ratio), rule_cases);
  return out;
}

}  // namespace dpb::verify::certified
