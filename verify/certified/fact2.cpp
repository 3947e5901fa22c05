#include "verify/certified/fact2.hpp"

#include <fmt/format.h>

#include "reference/pmf/discrete_gaussian.hpp"
#include "verify/certified/common.hpp"

namespace dpb::verify::certified {

Fact2Config fact2_config(Suite suite) {
  Fact2Config c;
  c.variances = {Rational(1, 10), Rational(1, 2), Rational(1), Rational(2), Rational(10), Rational(100),
                 Rational(1000)};
  if (suite == Suite::full) {
    c.variances.push_back(Rational(10000));
    c.variances.push_back(Rational(100000));
  }
  return c;
}

Outcome check_fact2(const Fact2Config& cfg) {
  const mpfr_prec_t prec = cfg.prec;
  Outcome out{Verdict::holds, "", nlohmann::json::object()};
  nlohmann::json cases = nlohmann::json::array(), counterexample;
  Interval worst_ratio(0L, prec);
  nlohmann::json worst_case;
  long integers_checked = 0;

  for (const auto& s2 : cfg.variances) {
    const ref::DiscreteGaussianPmf law(s2);  // the law the discrete-Gaussian sampler draws
    const Interval Z = law.normalizer(prec);
    const Rational bound_var = s2 * cfg.bound_variance_factor;
    // K: 2e^{−K²/(2σ²)} ≤ 10⁻³⁰ once K ≥ σ √(2 ln(2·10³⁰)).
    const Interval k_need = (Interval(s2, prec) * Interval(Rational(2) / ten_to_minus(30), prec).log().mul(2)).sqrt();
    const long K = static_cast<long>(to_int64(ceil(k_need.upper()))) + 1;
    // S(k) = Σ_{y ≥ k} e^{−y²/(2σ²)}: the rest beyond K is ≤ w(K+1)/(1 − ρ), ρ = e^{−(2K+3)/(2σ²)}.
    auto w = [&](long y) { return exp_neg(Rational(Rational(y) * y / (2 * s2)), prec); };
    const Interval rho = exp_neg(Rational(Rational(2 * K + 3) / (2 * s2)), prec);
    Interval S = zero_to_upper(w(K + 1) / (Interval(1L, prec) - rho));  // the rest beyond K
    std::vector<Interval> tail(static_cast<std::size_t>(K + 1), Interval(prec));
    for (long k = K; k >= 1; --k) {
      S += w(k);
      tail[static_cast<std::size_t>(k)] = (S / Z).mul(Rational(2));  // P[|Y| ≥ k], k ≥ 1
    }
    tail[0] = Interval(1L, prec);

    Verdict v = Verdict::holds;
    Interval case_worst(0L, prec);
    long worst_k = 0;
    for (long k = 0; k <= K; ++k) {
      const Interval bound = exp_neg(Rational(Rational(k) * k / (2 * bound_var)), prec).mul(Rational(2));
      const Interval& p = tail[static_cast<std::size_t>(k)];
      const Interval ratio = p / bound;
      if (mpfr_greater_p(&ratio.get()->right, &case_worst.get()->right)) {
        case_worst = ratio;
        worst_k = k;
      }
      if (p.upper() <= bound.lower()) continue;
      if (p.certainly_greater(bound)) {
        v = Verdict::violated;
        if (counterexample.is_null())
          counterexample = {{"variance", rational_text(s2)}, {"t", k}, {"tail", enclosure_json(p)},
                            {"bound", enclosure_json(bound)}};
      } else {
        v = combine(v, Verdict::inconclusive);
      }
    }
    integers_checked += K + 1;

    // ref::DiscreteGaussianPmf::upper_tail against the sums above, at a few k.
    nlohmann::json spot = nlohmann::json::array();
    const long sigma = static_cast<long>(to_int64(floor_sqrt(ceil(s2))));
    for (long k : {1L, sigma + 1, 2 * sigma + 1, 4 * sigma + 1}) {
      if (k > K) continue;
      const Interval cls = law.upper_tail(Integer(k), prec).mul(Rational(2));
      Interval err(prec);
      if (compare_equal(cls, tail[static_cast<std::size_t>(k)], err) == Verdict::violated) {
        v = Verdict::violated;
        if (counterexample.is_null())
          counterexample = {{"error", "ref::DiscreteGaussianPmf::upper_tail disagrees with the direct sum"},
                            {"variance", rational_text(s2)}, {"k", k}};
      }
      spot.push_back({{"k", k}, {"abs_diff_upper", upper_text(err)}});
    }

    out.verdict = combine(out.verdict, v);
    if (worst_case.is_null() || mpfr_greater_p(&case_worst.get()->right, &worst_ratio.get()->right)) {
      worst_ratio = case_worst;
      worst_case = {{"variance", rational_text(s2)}, {"t", worst_k}};
    }
    cases.push_back({{"variance", rational_text(s2)},
                     {"t_max", K},
                     {"max_tail_over_bound_upper", upper_text(case_worst)},
                     {"at_t", worst_k},
                     {"upper_tail_vs_sum", spot},
                     {"verdict", std::string(to_string(v))}});
  }
  out.evidence = {{"bound_variance_factor", rational_text(cfg.bound_variance_factor)},
                  {"max_tail_over_bound_upper", upper_text(worst_ratio)},
                  {"worst_case", worst_case},
                  {"integers_checked", integers_checked},
                  {"precision_bits", prec},
                  {"cases", cases}};
  if (!counterexample.is_null()) out.evidence["counterexample"] = counterexample;
  out.key_figure = fmt::format("max P[|Y|≥t]/2e^{{−t²/2σ²}} ≤ {} (σ²={}, t={}); every integer t to bound 1e−30",
                               upper_text(worst_ratio), worst_case["variance"].get<std::string>(),
                               worst_case["t"].get<long>());
  return out;
}

}  // namespace dpb::verify::certified
