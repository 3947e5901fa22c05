#include "verify/certified/fact1.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "reference/pmf/discrete_laplace.hpp"
#include "reference/pmf/polya.hpp"
#include "reference/pmf/polya_difference.hpp"
#include "verify/certified/common.hpp"

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
  const ref::PolyaPmf polya_law(r, t);  // the law the Pólya sampler draws
  std::vector<Interval> polya;
  auto extend = [&](std::size_t count) {
    while (polya.size() < count) polya.push_back(polya_law.pmf(Integer(static_cast<long>(polya.size())), prec));
  };
  extend(static_cast<std::size_t>(W) + 1);
  const Rational user_target = cfg.window_mass / (16 * Rational(Integer(cs.n)));
  while (deficit(polya, prec).upper() > user_target && polya.size() < 64 * static_cast<std::size_t>(W))
    extend(polya.size() + static_cast<std::size_t>(W) / 4 + 1);
  const long Wu = static_cast<long>(polya.size()) - 1;
  const long Ww = std::max(W, Wu);  // working window [−Ww, Ww]

  // D = γ⁺ − γ⁻: D(k) = Σ_j P(j + k) P(j) — the convolution of P with its reflection.
  std::vector<Interval> reflected(polya.rbegin(), polya.rend());
  std::vector<Interval> law = convolve(polya, 0, reflected, -Wu, -Ww, Ww, true, prec);

  // Spot check against ref::PolyaDifferencePmf, the per-user law as the sampler draws it (its pmf is too slow to
  // fill the window): D(k) ∈ [q(k), q(k) + δ_D] must meet the class's enclosure.
  const Interval delta_user = deficit(law, prec);
  const ref::PolyaDifferencePmf user_law(r, t);
  nlohmann::json spot = nlohmann::json::array();
  bool user_law_disagrees = false;
  for (long k : {0L, 1L, 2L, Wu / 8}) {
    const Interval mine = widen_by_deficit(law[static_cast<std::size_t>(k + Ww)], delta_user);
    const Interval theirs = user_law.pmf(Integer(k), prec);
    Interval err(prec);
    if (compare_equal(mine, theirs, err) == Verdict::violated) user_law_disagrees = true;
    spot.push_back({{"k", k}, {"abs_diff_upper", upper_text(err)}});
  }

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
  const ref::DiscreteLaplacePmf target(target_scale);
  CaseResult res;
  Interval sup_err(0L, prec), tv(0L, prec);
  long worst_k = 0;
  long disagreement = 0;
  bool found_disagreement = false;
  for (long k = -Ww; k <= Ww; ++k) {
    const Interval& q = acc[static_cast<std::size_t>(k + Ww)];
    const Interval p = widen_by_deficit(q, delta);  // p_n(k) ∈ [q_lo, q_hi + δ]
    const Interval lap = target.pmf(Integer(k), prec);
    Interval err(prec);
    if (compare_equal(p, lap, err) == Verdict::violated && !found_disagreement) {
      found_disagreement = true;
      disagreement = k;
    }
    tv += (q - lap).abs();  // Σ|p − Lap| ≤ Σ|q − Lap| + Σ(p − q), and Σ_Z (p − q) ≤ δ
    if (mpfr_greater_p(&err.get()->right, &sup_err.get()->right)) {
      sup_err = err;
      worst_k = k;
    }
  }
  // Outside the window: p_n(k) ≤ δ and Lap(k) ≤ Lap(Ww + 1).
  const Interval lap_out = target.pmf(Integer(Ww + 1), prec);
  const Interval lap_out_mass = target.upper_tail(Integer(Ww + 1), prec).mul(Rational(2));
  for (const Interval* e : {&delta, &lap_out})
    if (mpfr_greater_p(&e->get()->right, &sup_err.get()->right)) sup_err = *e;
  tv += delta + lap_out_mass;  // + the Lap_Z mass outside the window

  res.sup_error = sup_err;
  if (found_disagreement || user_law_disagrees)
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
                  {"l1_distance_upper", upper_text(tv)},
                  {"per_user_law_vs_PolyaDifferencePmf", spot},
                  {"verdict", std::string(to_string(res.verdict))}};
  if (user_law_disagrees) res.evidence["error"] = "the Pólya convolution and ref::PolyaDifferencePmf disagree";
  if (found_disagreement) {
    const Interval& q = acc[static_cast<std::size_t>(disagreement + Ww)];
    res.evidence["counterexample"] = {{"k", disagreement},
                                      {"n_fold_pmf", enclosure_json(widen_by_deficit(q, delta))},
                                      {"lap_pmf", enclosure_json(target.pmf(Integer(disagreement), prec))}};
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
                  {"tolerance", nearest_text(config.tolerance)},
                  {"window_mass", nearest_text(config.window_mass)},
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
