#include "verify/certified/claim1.hpp"

#include <fmt/format.h>

#include "verify/certified/common.hpp"

namespace dpb::verify::certified {

Claim1Config claim1_config(Suite suite) {
  Claim1Config c;
  if (suite == Suite::full) {
    c.cosh_pieces = 40000;
    c.expm1_pieces = 20000;
  }
  return c;
}

Outcome check_claim1(const Claim1Config& cfg) {
  const mpfr_prec_t prec = cfg.prec;
  const Rational& kappa = cfg.cosh_exponent_factor;
  Outcome out{Verdict::holds, "", nlohmann::json::object()};
  const Interval one(1L, prec);

  // cosh λ ≤ e^{κλ²/2}. The sweep covers [−L, L], L = max(2, 2/κ); beyond, cosh λ ≤ e^{|λ|} ≤ e^{κλ²/2}.
  const Rational L = kappa >= 1 ? Rational(2) : Rational(2 / kappa);
  Verdict cosh_verdict = Verdict::holds;
  nlohmann::json cosh_counterexample;
  long taylor_pieces = 0, monotone_pieces = 0;
  Interval min_gap(1000L, prec);  // min over monotone pieces of κ m0²/2 − log cosh m (a lower bound of the gap)
  const Rational step = 2 * L / cfg.cosh_pieces;
  for (long i = 0; i < cfg.cosh_pieces; ++i) {
    const Rational a = -L + step * i, b = a + step;
    const Rational m = std::max(abs(a), abs(b));
    const Rational m0 = (a <= 0 && b >= 0) ? Rational(0) : std::min(abs(a), abs(b));
    const Interval cosh_m = Interval(m, prec).cosh();
    if (kappa >= 1 && cosh_m.upper() <= 3 * kappa * kappa) {  // (i), for κ ≥ 1: need cosh ξ ≤ 3κ²
      ++taylor_pieces;
      continue;
    }
    const Interval rhs = Interval(Rational(kappa * m0 * m0 / 2), prec).exp();
    if (cosh_m.certainly_less_equal(rhs) || cosh_m.upper() <= rhs.lower()) {  // (ii)
      ++monotone_pieces;
      const Interval gap = Interval(Rational(kappa * m0 * m0 / 2), prec) - cosh_m.log();
      if (mpfr_less_p(&gap.get()->left, &min_gap.get()->left)) min_gap = gap;
      continue;
    }
    const Interval at = Interval(m, prec).cosh(), bound = Interval(Rational(kappa * m * m / 2), prec).exp();
    if (at.certainly_greater(bound)) {
      cosh_verdict = Verdict::violated;
      if (cosh_counterexample.is_null())
        cosh_counterexample = {{"lambda", rational_text(m)}, {"cosh", enclosure_json(at)},
                               {"bound", enclosure_json(bound)}};
    } else {
      cosh_verdict = combine(cosh_verdict, Verdict::inconclusive);
    }
  }

  // e^x − 1 ≤ κ' x on [0, 1].
  const Rational& k2 = cfg.linear_factor;
  Verdict exp_verdict = Verdict::holds;
  nlohmann::json exp_counterexample;
  Interval max_ratio(0L, prec);
  const Rational step2 = Rational(1) / cfg.expm1_pieces;
  for (long i = 0; i < cfg.expm1_pieces; ++i) {
    const Rational a = step2 * i, b = a + step2;
    const Interval eb = Interval(b, prec).exp();
    Interval bound = eb;  // mean value theorem
    if (a > 0) {
      const Interval naive = (eb - one) / Interval(a, prec);
      if (naive.upper() < bound.upper()) bound = naive;
    }
    max_ratio = larger_upper(max_ratio, bound);
    if (bound.upper() <= k2) continue;
    const Interval at = Interval(b, prec).expm1() / Interval(b, prec);
    if (at.certainly_greater(k2)) {
      exp_verdict = Verdict::violated;
      if (exp_counterexample.is_null()) exp_counterexample = {{"x", rational_text(b)}, {"ratio", enclosure_json(at)}};
    } else {
      exp_verdict = combine(exp_verdict, Verdict::inconclusive);
    }
  }
  const Interval exp_slack = Interval(k2, prec) - max_ratio;
  const Interval exact_slack = Interval(k2, prec) - Interval(1L, prec).expm1();  // at x = 1

  out.verdict = combine(cosh_verdict, exp_verdict);
  out.evidence = {
      {"cosh",
       {{"statement", "cosh λ ≤ e^{κλ²/2}"},
        {"kappa", rational_text(kappa)},
        {"swept", "[−" + rational_text(L) + ", " + rational_text(L) + "]"},
        {"beyond", "|λ| ≥ " + rational_text(L) + ": cosh λ ≤ e^{|λ|} ≤ e^{κλ²/2} since |λ| ≤ κλ²/2"},
        {"pieces", cfg.cosh_pieces},
        {"taylor_certified", taylor_pieces},
        {"monotone_certified", monotone_pieces},
        {"min_log_gap_on_monotone_pieces_lower", monotone_pieces > 0 ? lower_text(min_gap) : "none"},
        {"equality", "at λ = 0 only"},
        {"verdict", std::string(to_string(cosh_verdict))}}},
      {"expm1",
       {{"statement", "e^x − 1 ≤ κ'x on [0, 1]"},
        {"kappa_prime", rational_text(k2)},
        {"pieces", cfg.expm1_pieces},
        {"max_ratio_bound_upper", upper_text(max_ratio)},
        {"smallest_slack_lower", lower_text(exp_slack)},
        {"slack_at_x_1", enclosure_json(exact_slack, 6)},
        {"verdict", std::string(to_string(exp_verdict))}}},
      {"precision_bits", prec}};
  if (!cosh_counterexample.is_null()) out.evidence["cosh"]["counterexample"] = cosh_counterexample;
  if (!exp_counterexample.is_null()) out.evidence["expm1"]["counterexample"] = exp_counterexample;
  out.key_figure = fmt::format("cosh: {} λ-intervals on [−{},{}] + |λ|≥{} analytic; e^x−1 ≤ 2x slack ≥ {}",
                               cfg.cosh_pieces, rational_text(L), rational_text(L), rational_text(L),
                               lower_text(exp_slack));
  return out;
}

}  // namespace dpb::verify::certified
