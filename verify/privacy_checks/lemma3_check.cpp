// docs/privacy-000.md §5.3. See the header for the tail bounds.
#include "verify/privacy_checks/lemma3_check.hpp"

#include <algorithm>
#include <stdexcept>

#include "reference/core/errors.hpp"
#include "reference/pmf/skellam.hpp"
#include "reference/privacy/internal/interval_ops.hpp"
#include "reference/privacy/seed000_bounds.hpp"
#include "verify/certified/common.hpp"

namespace dpb::verify::privacy_checks {

using dpb::to_string;
using dpb::verify::to_string;
namespace {

// Upper bound of log t(x) = x log(σ²/2) − log x! + αΔ log(1 + 2x/σ²), with log x! ≥ x log x − x.
Interval log_t_upper(const Rational& sigma2, long x, long alpha, long Delta, mpfr_prec_t prec) {
  const Interval X(x, prec);
  return X * Interval(sigma2 / 2, prec).log() - (X * X.log() - X) +
         Interval(1 + 2 * Rational(x) / sigma2, prec).log().mul(Rational(alpha * Delta));
}

// σ²/(2(x+1)) (1 + 2/(σ² + 2x))^{αΔ}: the ratio bound of t at x.
Interval t_ratio_upper(const Rational& sigma2, long x, long alpha, long Delta, mpfr_prec_t prec) {
  return Interval(sigma2 / (2 * Rational(x + 1)), prec) *
         Interval(1 + 2 / (sigma2 + 2 * Rational(x)), prec).pow(static_cast<unsigned long>(alpha * Delta));
}

}  // namespace

namespace {

// The certified pmf P[X = k], k = 0, 1, … (symmetric law), extended on demand and shared across (Δ, α).
struct SkellamTable {
  explicit SkellamTable(const Rational& sigma2) : sk(sigma2) {}
  const Interval& at(long k, mpfr_prec_t prec) {
    const long a = k < 0 ? -k : k;
    while (static_cast<long>(p.size()) <= a) p.push_back(sk.pmf(Integer(static_cast<long>(p.size())), prec));
    return p[static_cast<std::size_t>(a)];
  }
  ref::SkellamPmf sk;
  std::vector<Interval> p;
};

Interval renyi_with_table(SkellamTable& table, const Rational& sigma2, long Delta, long alpha, mpfr_prec_t prec) {
  if (Delta < 1) throw_parameter_error("skellam_renyi_exact", "Delta", ">= 1", std::to_string(Delta));
  if (alpha < 2) throw_parameter_error("skellam_renyi_exact", "alpha", ">= 2", std::to_string(alpha));
  const long sd = static_cast<long>(to_int64(floor_sqrt(ceil(sigma2)))) + 1;
  long W = std::max({Delta + 20 * sd + 20, alpha * Delta, static_cast<long>(to_int64(ceil(3 * sigma2)))});
  const Interval threshold(-120L, prec);
  while (!(t_ratio_upper(sigma2, W + 1, alpha, Delta, prec).certainly_less(Rational(1, 2)) &&
           log_t_upper(sigma2, W + 1, alpha, Delta, prec).certainly_less(threshold))) {
    W += W / 4 + 1;
    if (W > 40000) throw std::runtime_error("skellam_renyi_exact: tail window exceeds 40000");
  }
  (void)table.at(W + Delta, prec);  // extend once, so that the references below stay valid
  Interval sum(0L, prec);
  for (long x = -W; x <= W; ++x) {
    const Interval& Q = table.at(x, prec);
    sum += Q * (table.at(x - Delta, prec) / Q).pow(static_cast<unsigned long>(alpha));
  }
  const Interval right = log_t_upper(sigma2, W + 1, alpha, Delta, prec).exp().mul(2);
  const Interval left = table.sk.upper_tail(Integer(W + 1), prec);
  sum = ref::internal::widen_upper(sum, right + left);
  return sum.log().div(Rational(alpha - 1));
}

}  // namespace

Interval skellam_renyi_exact(const Rational& sigma2, long Delta, long alpha, mpfr_prec_t prec) {
  require_positive(sigma2, "skellam_renyi_exact", "sigma2");
  SkellamTable table(sigma2);
  return renyi_with_table(table, sigma2, Delta, alpha, prec);
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
    SkellamTable table(s2_used);
    for (long D : grid.Delta)
      for (long a : grid.alpha) {
        const Interval exact = renyi_with_table(table, s2_used, D, a, 128);
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
