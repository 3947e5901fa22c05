// See the header. Pure ε: max over outcomes of |ln P_D[y] − ln P_D′[y]| on the enclosures (a lower end at 0 gives an
// unbounded upper end: the conservative answer). ε(δ): bisection over the grid k/4096 for the smallest k whose two
// hockey-stick sums are certainly ≤ δ (the sums are non-increasing in ε, so the bisection finds the grid minimum).
#include "verify/audit/decision_law.hpp"

#include <mpfr.h>

#include <cmath>
#include <limits>

#include "reference/core/double_text.hpp"
#include "reference/core/errors.hpp"
#include "reference/core/rational.hpp"
#include "reference/privacy/internal/interval_ops.hpp"

namespace dpb::verify::audit {

namespace {

constexpr const char* kFn = "decision_eps";
constexpr long kGrid = 4096;              // ε grid step 1/4096
constexpr long kMaxGridPoints = 64 * kGrid;  // ε ≤ 64: beyond it the view is reported as unbounded

double upper_double(const Interval& x) { return mpfr_get_d(&x.get()->right, MPFR_RNDU); }
double lower_double(const Interval& x) { return mpfr_get_d(&x.get()->left, MPFR_RNDD); }

// Σ_y max(0, P[y] − e^ε Q[y]) as an enclosure.
Interval hockey(const std::vector<Interval>& P, const std::vector<Interval>& Q, const Rational& eps) {
  const mpfr_prec_t prec = P.front().precision();
  const Interval e = Interval(eps, prec).exp();
  Interval total(0L, prec);
  for (std::size_t i = 0; i < P.size(); ++i) total += ref::internal::positive_part(P[i] - e * Q[i]);
  return total;
}

}  // namespace

DecisionEps decision_eps(const DecisionLaw& law, double delta) {
  if (law.outcomes.empty()) throw_parameter_error(kFn, "law", "non-empty", "no outcomes");
  if (law.p_d.size() != law.outcomes.size() || law.p_d_prime.size() != law.outcomes.size())
    throw_parameter_error(kFn, "law", "one P_D and one P_D' enclosure per outcome",
                          std::to_string(law.outcomes.size()) + " outcomes, " + std::to_string(law.p_d.size()) +
                              " and " + std::to_string(law.p_d_prime.size()) + " enclosures");
  if (!(delta >= 0 && delta < 1)) throw_parameter_error(kFn, "delta", "in [0, 1)", double_text(delta));

  DecisionEps out;
  if (delta == 0) {
    const mpfr_prec_t prec = law.p_d.front().precision();
    Interval best(0L, prec);
    for (std::size_t i = 0; i < law.p_d.size(); ++i)
      best = ref::internal::max_of(best, (law.p_d[i].log() - law.p_d_prime[i].log()).abs());
    out.eps = upper_double(best);
    out.eps_lower = lower_double(best);
    out.enclosure = "[" + best.lower_string(10) + ", " + best.upper_string(10) + "]";
    return out;
  }
  const Rational d(delta);  // exact value of the double
  auto ok = [&](long k) {
    const Rational eps(k, kGrid);
    return hockey(law.p_d, law.p_d_prime, eps).upper() <= d && hockey(law.p_d_prime, law.p_d, eps).upper() <= d;
  };
  if (!ok(kMaxGridPoints)) {
    out.eps = std::numeric_limits<double>::infinity();
    out.enclosure = "delta(eps) > " + double_text(delta) + " for every eps <= 64";
    return out;
  }
  long lo = -1, hi = kMaxGridPoints;  // invariant: ok(hi), !ok(lo) (lo = −1 stands for "below 0")
  if (ok(0)) hi = 0;
  else lo = 0;
  while (hi - lo > 1) {
    const long mid = lo + (hi - lo) / 2;
    (ok(mid) ? hi : lo) = mid;
  }
  const Interval e(Rational(hi, kGrid), 128);
  out.eps = upper_double(e);
  out.enclosure = "eps(" + double_text(delta) + ") <= " + to_string(Rational(hi, kGrid)) +
                  " (smallest k/4096 with both hockey-stick sums certainly <= delta)";
  return out;
}

}  // namespace dpb::verify::audit
