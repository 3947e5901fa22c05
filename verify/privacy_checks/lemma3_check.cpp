// docs/privacy-000.md §5.3. The exact divergence and its tail bounds: reference/privacy/skellam_renyi.hpp.
#include "verify/privacy_checks/lemma3_check.hpp"

#include <algorithm>
#include <stdexcept>

#include "reference/core/errors.hpp"
#include "reference/privacy/skellam_renyi.hpp"
#include "reference/privacy/seed000_bounds.hpp"
#include "verify/certified/common.hpp"

namespace dpb::verify::privacy_checks {

using dpb::to_string;
using dpb::verify::to_string;

Interval skellam_renyi_exact(const Rational& sigma2, long Delta, long alpha, mpfr_prec_t prec) {
  return ref::skellam_renyi_exact(sigma2, Delta, alpha, prec);
}

Lemma3Grid lemma3_grid(Suite suite) {
  if (suite == Suite::full)
    return {{Rational(1, 2), Rational(1), Rational(10), Rational(50), Rational(200), Rational(1000)},
            {1, 2, 5, 10},
            {2, 3, 10, 30, 100}};
  return {{Rational(1, 2), Rational(1), Rational(10), Rational(50)}, {1, 2, 5}, {2, 3, 10, 30}};
}

Outcome check_lemma3(const Lemma3Grid& grid, const Rational& sigma_factor) {
  require_positive(sigma_factor, "check_lemma3", "sigma_factor");
  Outcome out;
  out.verdict = Verdict::holds;
  nlohmann::json rows = nlohmann::json::array();
  int total = 0, ok = 0;
  for (const auto& s2 : grid.sigma2) {
    const Rational s2_used = s2 * sigma_factor * sigma_factor;
    ref::SkellamRenyiExact table(s2_used);
    for (long D : grid.Delta)
      for (long a : grid.alpha) {
        const Interval exact = table.divergence(D, a, 128);
        const Rational bound = ref::lemma3_bound(Rational(D), s2, Rational(a));
        Verdict v = Verdict::inconclusive;
        if (exact.upper() <= bound) v = Verdict::holds;
        else if (exact.lower() > bound) v = Verdict::violated;
        out.verdict = combine(out.verdict, v);
        ++total;
        ok += v == Verdict::holds;
        rows.push_back({{"sigma2", to_string(s2)},
                        {"Delta", D},
                        {"alpha", a},
                        {"exact_D_alpha", certified::enclosure_json(exact)},
                        {"lemma3_bound", certified::upper_text(bound, 8)},
                        {"verdict", std::string(to_string(v))}});
      }
  }
  out.key_figure = "exact D_α ≤ Lemma 3 bound in " + std::to_string(ok) + "/" + std::to_string(total) + " cases";
  out.evidence = {{"sigma_factor", to_string(sigma_factor)}, {"cases", rows}};
  return out;
}

}  // namespace dpb::verify::privacy_checks
