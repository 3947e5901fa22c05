#include "verify/certified/rounding.hpp"

#include <fmt/format.h>

#include "reference/pmf/rounding.hpp"
#include "verify/certified/common.hpp"

namespace dpb::verify::certified {

RoundingConfig rounding_config(Suite suite) {
  RoundingConfig c;
  c.single_xs = {Rational(0),     Rational(1, 7),  Rational(3, 10),   Rational(1, 3), Rational(1, 2),
                 Rational(2, 3),  Rational(99, 100), Rational(1)};
  c.single_gs = {1, 2, 3, 10, 32, 1000};
  c.ns = {1, 2, 3, 4, 5, 8, 16, 32, 64};
  c.patterns = {{"all x = 1/2, g = 1 (φ = 1/2)", 1, {Rational(1, 2)}},
                {"all x = 1/10, g = 1 (φ = 1/10)", 1, {Rational(1, 10)}},
                {"x cycling 1/3, 1/2, 7/10, 1/7, 999/1000, 0, 1 with g = 10", 10,
                 {Rational(1, 3), Rational(1, 2), Rational(7, 10), Rational(1, 7), Rational(999, 1000), Rational(0),
                  Rational(1)}},
                {"x cycling 1/6, 5/12, 3/4 with g = 3 (φ = 1/2, 1/4, 1/4)", 3,
                 {Rational(1, 6), Rational(5, 12), Rational(3, 4)}}};
  c.ps = {Rational(1, 2), Rational(1, 10), ten_to_minus(2), ten_to_minus(3), ten_to_minus(6), ten_to_minus(9)};
  if (suite == Suite::full) {
    c.ns.push_back(100);
    c.ns.push_back(128);
  }
  return c;
}

namespace {

// Exact law of B = Σ Ber(φ_i): coefficients of Π_i ((1 − φ_i) + φ_i z).
std::vector<Rational> poisson_binomial(const std::vector<Rational>& phi) {
  std::vector<Rational> law{Rational(1)};
  for (const auto& f : phi) {
    std::vector<Rational> next(law.size() + 1, Rational(0));
    for (std::size_t b = 0; b < law.size(); ++b) {
      next[b] += law[b] * (1 - f);
      next[b + 1] += law[b] * f;
    }
    law = std::move(next);
  }
  return law;
}

}  // namespace

Outcome check_rounding(const RoundingConfig& cfg) {
  const mpfr_prec_t prec = cfg.prec;
  Outcome out{Verdict::holds, "", nlohmann::json::object()};

  // (a) one user: exact law, mean, support; and ref::RandomizedRoundingPmf contains it.
  Verdict single = Verdict::holds;
  nlohmann::json single_failures = nlohmann::json::array();
  std::size_t single_cases = 0;
  for (const auto& x : cfg.single_xs)
    for (const auto& g : cfg.single_gs) {
      ++single_cases;
      const Rational xg = x * g;
      const Integer fl = floor(xg);
      const Rational phi = xg - fl;
      const Rational mean = fl * (1 - phi) + (fl + 1) * phi;  // E[x̂] from the exact law
      bool ok = mean == xg && fl >= 0 && (phi == 0 ? fl <= g : fl + 1 <= g) && phi >= 0 && phi < 1;
      const ref::RandomizedRoundingPmf law(x, g);
      ok = ok && law.mean(prec).contains(xg) && law.pmf(fl, prec).contains(Rational(1 - phi)) &&
           law.pmf(Integer(fl + 1), prec).contains(phi) && law.support_min() && *law.support_min() >= fl &&
           law.support_max() && *law.support_max() <= fl + (phi == 0 ? 0 : 1);
      if (!ok) {
        single = Verdict::violated;
        single_failures.push_back({{"x", rational_text(x)}, {"g", dpb::to_string(g)}});
      }
    }

  // (b) n users: exact tail of the summed error.
  Verdict sum_verdict = Verdict::holds;
  Rational worst_ratio(-1);
  nlohmann::json worst_case, counterexample;
  std::size_t sum_cases = 0;
  for (const auto& pat : cfg.patterns)
    for (long n : cfg.ns) {
      std::vector<Rational> phi;
      Rational F(0);
      for (long i = 0; i < n; ++i) {
        const Rational xg = pat.xs[static_cast<std::size_t>(i) % pat.xs.size()] * pat.g;
        phi.push_back(xg - floor(xg));
        F += phi.back();
      }
      const std::vector<Rational> law = poisson_binomial(phi);
      for (const auto& p : cfg.ps) {
        ++sum_cases;
        // r² = factor² · 2n log(2/p), as an enclosure refined until every (b − F)² is decided against it.
        Rational tail(0);
        bool decided = false;
        for (mpfr_prec_t pr = prec; pr <= (1 << 14) && !decided; pr *= 2) {
          const Interval r2 = Interval(Rational(2 / p), pr).log().mul(Rational(2 * n * cfg.threshold_factor *
                                                                                 cfg.threshold_factor));
          tail = 0;
          decided = true;
          for (std::size_t b = 0; b < law.size(); ++b) {
            const Rational d = Rational(static_cast<long>(b)) - F;
            const Rational d2 = d * d;
            if (r2.certainly_less(d2))
              tail += law[b];  // |b − F| > r
            else if (!r2.certainly_greater(d2))
              decided = false;
          }
        }
        if (!decided) throw std::runtime_error("rounding: |b − F| vs r undecided at the maximum precision");
        const Rational ratio = tail / p;
        const Verdict v = tail <= p ? Verdict::holds : Verdict::violated;
        sum_verdict = combine(sum_verdict, v);
        nlohmann::json here = {{"pattern", pat.name}, {"n", n}, {"p", rational_text(p)},
                               {"tail", upper_text(tail, 4)}, {"tail_over_p", upper_text(ratio, 4)}};
        if (ratio > worst_ratio) {
          worst_ratio = ratio;
          worst_case = here;
        }
        if (v == Verdict::violated && counterexample.is_null()) counterexample = here;
      }
    }

  out.verdict = combine(single, sum_verdict);
  out.evidence = {{"single_user",
                   {{"statement", "E[x̂] = xg, x̂ ∈ {⌊xg⌋, ⌊xg⌋+1} ⊆ {0..g}; ref::RandomizedRoundingPmf agrees"},
                    {"cases", single_cases},
                    {"failures", single_failures},
                    {"verdict", std::string(to_string(single))}}},
                  {"summed_error",
                   {{"statement", "P[|Σ(x̂_i − x_i g)| > √(2n log(2/p))] ≤ p (exact law of the sum)"},
                    {"threshold_factor", rational_text(cfg.threshold_factor)},
                    {"cases", sum_cases},
                    {"max_tail_over_p", upper_text(worst_ratio, 4)},
                    {"worst_case", worst_case},
                    {"verdict", std::string(to_string(sum_verdict))}}}};
  if (!counterexample.is_null()) out.evidence["summed_error"]["counterexample"] = counterexample;
  out.key_figure = fmt::format("E[x̂] = xg exact on {} (x,g); max P[|Σι|>r]/p = {} (n={}, p={})", single_cases,
                               upper_text(worst_ratio, 3), worst_case["n"].get<long>(),
                               worst_case["p"].get<std::string>());
  return out;
}

}  // namespace dpb::verify::certified
