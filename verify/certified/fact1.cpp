#include "verify/certified/fact1.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "verify/certified/common.hpp"
#include "verify/certified/internal/laws.hpp"

namespace dpb::verify::certified {

Fact1Config fact1_config(Suite suite) {
  Fact1Config c;
  c.window_mass = ten_to_minus(12);
  c.tolerance = ten_to_minus(11);
  const std::vector<std::uint64_t> ns{1, 2, 3, 8, 64, 1024};
  const std::vector<Rational> ts{Rational(1, 2), Rational(1), Rational(4), Rational(32)};
  for (const auto& t : ts)
    for (auto n : ns)
      if (suite == Suite::full || t != 32 || n <= 3) c.grid.push_back({n, t});
  return c;
}

namespace {

struct CaseResult {
  Verdict verdict = Verdict::holds;
  Interval sup_error{0L, 64};
  nlohmann::json evidence;
};

CaseResult check_case(const Fact1Case& cs, const Fact1Config& cfg) {
  const mpfr_prec_t prec = cfg.prec;
  const Rational& t = cs.t;
  const Rational r = Rational(Integer(1), Integer(cs.n));

  // W: P_Lap[|X| > W] = 2β^{W+1}/(1+β) ≤ 2 e^{−(W+1)/t} ≤ window_mass once W + 1 ≥ t log(2/window_mass).
  const Interval need = Interval(Rational(2 / cfg.window_mass), prec).log().mul(t);
  const long W = static_cast<long>(to_int64(ceil(need.upper())));

  // Per-user Pólya window: grow until its deficit is ≤ window_mass / (16 n), so that the 2n user laws together
  // lose at most window_mass / 8.
  std::size_t count = static_cast<std::size_t>(W) + 1;
  std::vector<Interval> polya;
  const Rational user_target = cfg.window_mass / (16 * Rational(Integer(cs.n)));
  for (;;) {
    polya = polya_pmf_prefix(r, t, count, prec);
    if (deficit(polya, prec).upper() <= user_target || count > 64 * static_cast<std::size_t>(W)) break;
    count *= 2;
  }
  const long Wu = static_cast<long>(count) - 1;
  const long Ww = std::max(W, Wu);  // working window [−Ww, Ww]

  // D = γ⁺ − γ⁻: D(k) = Σ_j P(j + k) P(j) — the convolution of P with its reflection.
  std::vector<Interval> reflected(polya.rbegin(), polya.rend());
  std::vector<Interval> law = convolve(polya, 0, reflected, -Wu, -Ww, Ww, true, prec);

  // n-fold convolution by repeated squaring.
  std::vector<Interval> acc;
  bool have_acc = false;
  std::uint64_t n = cs.n;
  int convolutions = 0;
  while (n > 0) {
    if (n & 1U) {
      acc = have_acc ? convolve(acc, -Ww, law, -Ww, -Ww, Ww, true, prec) : law;
      convolutions += have_acc ? 1 : 0;
      have_acc = true;
    }
    n >>= 1;
    if (n > 0) {
      law = convolve(law, -Ww, law, -Ww, -Ww, Ww, true, prec);
      ++convolutions;
    }
  }

  const Interval delta = deficit(acc, prec);
  const Rational target_scale = t * cfg.target_scale_factor;
  CaseResult res;
  Interval sup_err(0L, prec), tv(0L, prec);
  long worst_k = 0;
  long disagreement = 0;
  bool found_disagreement = false;
  for (long k = -Ww; k <= Ww; ++k) {
    const Interval& q = acc[static_cast<std::size_t>(k + Ww)];
    Interval p = q + delta;  // p_n(k) ∈ [q_lo, q_hi + δ]
    mpfi_interv_fr(p.get(), &q.get()->left, &p.get()->right);
    Interval err(prec);
    if (compare_equal(p, dlaplace_pmf(target_scale, k, prec), err) == Verdict::violated && !found_disagreement) {
      found_disagreement = true;
      disagreement = k;
    }
    tv += err;
    if (mpfr_greater_p(&err.get()->right, &sup_err.get()->right)) {
      sup_err = err;
      worst_k = k;
    }
  }
  // Outside the window: p_n(k) ≤ δ and Lap(k) ≤ Lap(Ww + 1).
  const Interval lap_out = dlaplace_pmf(target_scale, Ww + 1, prec);
  const Interval lap_out_mass =
      exp_neg(Rational(Rational(Ww + 1) / target_scale), prec).mul(Rational(2)) /
      (Interval(1L, prec) + beta_of_scale(target_scale, prec));
  for (const Interval* e : {&delta, &lap_out})
    if (mpfr_greater_p(&e->get()->right, &sup_err.get()->right)) sup_err = *e;
  tv += delta + lap_out_mass;

  res.sup_error = sup_err;
  if (found_disagreement)
    res.verdict = Verdict::violated;
  else if (sup_err.upper() > cfg.tolerance)
    res.verdict = Verdict::inconclusive;
  res.evidence = {{"n", cs.n},
                  {"t", rational_text(t)},
                  {"window", Ww},
                  {"user_window", Wu},
                  {"convolutions", convolutions},
                  {"deficit_upper", upper_text(delta)},
                  {"sup_error_upper", upper_text(sup_err)},
                  {"worst_k", worst_k},
                  {"tv_upper", upper_text(tv)},
                  {"verdict", std::string(to_string(res.verdict))}};
  if (found_disagreement) {
    const Interval& q = acc[static_cast<std::size_t>(disagreement + Ww)];
    res.evidence["counterexample"] = {{"k", disagreement},
                                      {"n_fold_pmf", enclosure_json(q + delta)},
                                      {"lap_pmf", enclosure_json(dlaplace_pmf(target_scale, disagreement, prec))}};
  }
  return res;
}

}  // namespace

Outcome check_fact1(const Fact1Config& config) {
  Outcome out{Verdict::holds, "", nlohmann::json::object()};
  nlohmann::json cases = nlohmann::json::array();
  Interval worst(0L, config.prec);
  nlohmann::json worst_case;
  for (const auto& cs : config.grid) {
    CaseResult r = check_case(cs, config);
    out.verdict = combine(out.verdict, r.verdict);
    if (mpfr_greater_p(&r.sup_error.get()->right, &worst.get()->right) || worst_case.is_null()) {
      worst = r.sup_error;
      worst_case = {{"n", cs.n}, {"t", rational_text(cs.t)}};
    }
    cases.push_back(std::move(r.evidence));
  }
  out.evidence = {{"certified_sup_error_upper", upper_text(worst)},
                  {"worst_case", worst_case},
                  {"tolerance", upper_text(config.tolerance)},
                  {"window_mass", upper_text(config.window_mass)},
                  {"target_scale_factor", rational_text(config.target_scale_factor)},
                  {"precision_bits", config.prec},
                  {"cases", cases}};
  out.key_figure = fmt::format("sup_k |p_n(k) − Lap(k)| ≤ {} over {} (n,t); worst n={}, t={}", upper_text(worst),
                               config.grid.size(), worst_case["n"].get<std::uint64_t>(),
                               worst_case["t"].get<std::string>());
  if (out.verdict == Verdict::violated) out.key_figure = "pmfs certainly differ; " + out.key_figure;
  return out;
}

}  // namespace dpb::verify::certified
