#include "verify/certified/polya_mixture.hpp"

#include <fmt/format.h>

#include "reference/pmf/polya.hpp"
#include "verify/certified/common.hpp"
#include "verify/certified/internal/laws.hpp"

namespace dpb::verify::certified {

PolyaMixtureConfig polya_mixture_config(Suite suite) {
  PolyaMixtureConfig c;
  c.rs = {Rational(1, 1024), Rational(1, 64), Rational(1, 3), Rational(1, 2), Rational(1), Rational(2),
          Rational(7, 2),    Rational(10)};
  c.scales = {Rational(1, 2), Rational(1), Rational(4), Rational(32)};
  if (suite == Suite::full) {
    c.rs.push_back(Rational(100));
    c.scales.push_back(Rational(256));
    c.class_checks = 200;
  }
  c.tolerance = ten_to_minus(25);
  return c;
}

Outcome check_polya_mixture(const PolyaMixtureConfig& cfg) {
  const mpfr_prec_t prec = cfg.prec;
  Outcome out{Verdict::holds, "", nlohmann::json::object()};
  nlohmann::json cases = nlohmann::json::array(), counterexample;
  Interval worst(0L, prec);
  nlohmann::json worst_case;
  long compared = 0;

  for (const auto& t : cfg.scales) {
    // θ = β/(1−β) = 1/(e^{1/t} − 1); the mixture uses θ·factor.
    const Interval theta = (Interval(1L, prec) / Interval(Rational(1 / t), prec).expm1()).mul(cfg.theta_factor);
    const Interval log_p = theta.log() - theta.log1p();  // log(θ/(1+θ))
    const Interval log_q = theta.log1p();                 // log(1+θ)
    for (const auto& r : cfg.rs) {
      const ref::PolyaPmf law(r, t);
      const Interval lg_r = lngamma(Interval(r, prec));
      // Window: past the mean rθ, until the recursion's values fall below 10⁻⁴⁰ (the law is then in its geometric
      // tail).
      const Rational mean_hint = r * t + 1;
      const Rational tiny = ten_to_minus(40);
      std::vector<Interval> rec = polya_pmf_prefix(r, t, 64, prec);
      while (!(Rational(static_cast<long>(rec.size())) > 2 * mean_hint && rec.back().upper() < tiny))
        extend_polya_prefix(rec, r, t, rec.size() * 2);
      const long X = static_cast<long>(rec.size()) - 1;
      const long stride = std::max(1L, X / cfg.class_checks);

      Verdict v = Verdict::holds;
      Interval case_worst(0L, prec);
      auto judge = [&](const Interval& a, const Interval& b, long x, const char* what) {
        Interval err(prec);
        if (compare_equal(a, b, err) == Verdict::violated && v != Verdict::violated) {
          v = Verdict::violated;
          if (counterexample.is_null())
            counterexample = {{"r", rational_text(r)}, {"scale", rational_text(t)}, {"x", x}, {"versus", what},
                              {"mixture", enclosure_json(a)}, {"other", enclosure_json(b)}};
        }
        case_worst = larger_upper(case_worst, err / b);
        ++compared;
      };
      for (long x = 0; x <= X; ++x) {
        const Interval xr = Interval(Rational(r + x), prec);
        const Interval log_mix = lngamma(xr) - lngamma(Interval(x + 1L, prec)) - lg_r + log_p.mul(Rational(x)) -
                                 log_q.mul(r);
        const Interval mix = log_mix.exp();
        judge(mix, rec[static_cast<std::size_t>(x)], x, "recursion");
        if (x % stride == 0 || x < 8) judge(mix, law.pmf(Integer(x), prec), x, "ref::PolyaPmf");
      }
      // Mixture mean E[λ] = rθ against ref::PolyaPmf::mean = rβ/(1−β).
      judge(theta.mul(r), law.mean(prec), -1, "ref::PolyaPmf::mean");
      if (v == Verdict::holds && case_worst.upper() > cfg.tolerance) v = Verdict::inconclusive;
      out.verdict = combine(out.verdict, v);
      if (worst_case.is_null() || mpfr_greater_p(&case_worst.get()->right, &worst.get()->right)) {
        worst = case_worst;
        worst_case = {{"r", rational_text(r)}, {"scale", rational_text(t)}};
      }
      cases.push_back({{"r", rational_text(r)},
                       {"scale", rational_text(t)},
                       {"x_max", X},
                       {"relative_difference_upper", upper_text(case_worst)},
                       {"verdict", std::string(to_string(v))}});
    }
  }
  out.evidence = {{"theta_factor", rational_text(cfg.theta_factor)},
                  {"max_relative_difference_upper", upper_text(worst)},
                  {"worst_case", worst_case},
                  {"tolerance", nearest_text(cfg.tolerance)},
                  {"comparisons", compared},
                  {"precision_bits", prec},
                  {"cases", cases}};
  if (!counterexample.is_null()) out.evidence["counterexample"] = counterexample;
  out.key_figure = fmt::format("max relative |mixture − Pólya| ≤ {} over {} (r,β) and {} values", upper_text(worst),
                               cfg.rs.size() * cfg.scales.size(), compared);
  if (out.verdict == Verdict::violated) out.key_figure = "pmfs certainly differ; " + out.key_figure;
  return out;
}

}  // namespace dpb::verify::certified
