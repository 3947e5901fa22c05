#include "verify/statistical/seed004_prop53.hpp"

#include <algorithm>
#include <boost/math/special_functions/gamma.hpp>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <stdexcept>

#include "optimized/learners/mase.hpp"
#include "reference/learners/mase.hpp"
#include "verify/cluster/cancellation.hpp"
#include "verify/experiments/trend.hpp"
#include "verify/stats/binomial_tests.hpp"

namespace dpb::verify::statistical {

namespace {
constexpr mpfr_prec_t kPrec = 256;
}

Interval poisson_gamma_q(std::uint64_t s, const Rational& lambda, mpfr_prec_t prec) {
  if (s == 0 || lambda < 0) throw std::invalid_argument("poisson_gamma_q: s >= 1, lambda >= 0");
  const Interval lam(lambda, prec);
  Interval term(1L, prec), sum(1L, prec);
  for (std::uint64_t j = 1; j < s; ++j) {
    term = (term * lam).div(Rational(Integer(j)));
    sum += term;
  }
  return sum * (-lam).exp();
}

double gamma_q_inv_boost(std::uint64_t s, double y) {
  return boost::math::gamma_q_inv(static_cast<double>(s), y);
}

Interval gamma_q_inv_certified(std::uint64_t s, const Interval& y, const Rational& rel_width) {
  if (!(y.certainly_greater(Rational(0)) && y.certainly_less(Rational(1))))
    throw std::invalid_argument("gamma_q_inv_certified: y must lie in (0, 1)");
  auto above = [&](const Rational& x) { return poisson_gamma_q(s, x).certainly_greater(y); };  // x < root
  auto below = [&](const Rational& x) { return poisson_gamma_q(s, x).certainly_less(y); };     // x > root
  Rational lo(0), hi(Integer(2 * s + 200));
  while (!below(hi)) hi *= 2;
  // Start from Boost's answer when a narrow bracket around it certifies (fewer bisection steps); else from [0, hi].
  const double b = gamma_q_inv_boost(s, y.midpoint_for_report());
  if (b > 0) {
    const Rational bl = Rational(b) * Rational(999999999, 1000000000), bh = Rational(b) * Rational(1000000001, 1000000000);
    if (above(bl) && below(bh)) lo = bl, hi = bh;
  }
  while (hi - lo > rel_width * hi) {
    poll_cancellation();
    const Rational mid = (lo + hi) / 2;
    const Interval q = poisson_gamma_q(s, mid);
    if (q.certainly_greater(y)) lo = mid;
    else if (q.certainly_less(y)) hi = mid;
    else break;  // the enclosures meet: [lo, hi] still contains the root
  }
  return Interval::hull(lo, hi, kPrec);
}

std::uint64_t se_local_count(const Rational& eta, std::uint32_t K, const Rational& c, const Rational& gap) {
  const Rational quarter_gap2 = gap * gap / 4;
  for (std::uint64_t t = 1; t < 100000000; ++t) {
    const Rational tt{Integer(t)};
    const Interval lhs = Interval(Rational(c * Rational(Integer(K)) * tt * tt / eta), kPrec).log();
    const Rational rhs = tt * quarter_gap2;
    if (lhs.certainly_less(rhs) || lhs.upper() == rhs) return t;
    if (!lhs.certainly_greater(rhs) && !(lhs.lower() > rhs)) throw std::runtime_error("se_local_count: undecided");
  }
  throw std::runtime_error("se_local_count: no t below 1e8");
}

Interval prop53_rounds(std::uint32_t N, std::uint64_t s, std::uint64_t M, const Rational& alpha) {
  const Interval root = Interval(alpha, kPrec).log().div(Rational(Integer(M))).exp();  // α^{1/M}
  const Interval y = Interval(1L, kPrec) - root;
  return gamma_q_inv_certified(s, y).mul(Rational(Integer(N)));
}

Outcome check_prop53_grid(const std::vector<Prop53Point>& grid, const RunOptions& options) {
  const auto started = std::chrono::steady_clock::now();
  if (grid.empty()) throw std::invalid_argument("check_prop53_grid: empty grid");
  const double alpha_claim = options.alpha > 0 ? options.alpha : 1e-6;
  std::size_t tests = 0;
  for (const Prop53Point& pt : grid) tests += 2 * pt.levels.size();
  const double each = alpha_claim / static_cast<double>(tests);
  const ref::BanditInstance inst = ref::seed004_problem1();
  const auto ce = ref::MultiAgentAlgorithm::CorruptedElimination;
  bool all_hold = true, some_violated = false;
  double worst_ratio = 1;
  nlohmann::json list = nlohmann::json::array();
  for (const Prop53Point& pt : grid) {
    ref::MultiAgentParams params;
    params.agents = pt.N;
    params.delta = pt.delta;
    params.eta = pt.eta;
    params.xi = pt.xi;
    const ref::MultiAgentConfig cfg = ref::configure_multi_agent(ce, params, inst.arms());
    const std::uint64_t M = cfg.votes_threshold;
    const Rational eta_xi = cfg.rho;
    const std::uint64_t s = se_local_count(eta_xi, inst.arms(), Rational(1), Rational(1, 5));
    std::vector<std::uint64_t> rounds;  // undecided runs: UINT64_MAX (beyond every threshold)
    for (std::uint64_t r = 0; r < pt.runs; ++r) {
      if (r % 8 == 0) poll_cancellation();
      const ref::MultiAgentOutcome o = fast::run_multi_agent(cfg, inst, ref::multi_agent_streams(options.seed, r));
      rounds.push_back(o.reason == ref::EndReason::Decided ? o.rounds : UINT64_MAX);
    }
    std::sort(rounds.begin(), rounds.end());
    for (const Rational& a : pt.levels) {
      const Interval that = prop53_rounds(pt.N, s, M, a).mul(pt.factor);
      const double boost =
          static_cast<double>(pt.N) *
          gamma_q_inv_boost(s, 1.0 - std::pow(a.convert_to<double>(), 1.0 / static_cast<double>(M))) *
          pt.factor.convert_to<double>();
      // F(T̂/2): count rounds ≤ T̂/2 (upper end for the 'holds' side, lower end for 'violated'); F(2T̂) likewise.
      auto count_le = [&](const Rational& x) {
        return static_cast<std::uint64_t>(std::upper_bound(rounds.begin(), rounds.end(),
                                                           floor(x).convert_to<std::uint64_t>()) - rounds.begin());
      };
      const std::uint64_t lo_half = count_le(that.lower() / 2), hi_half = count_le(that.upper() / 2);
      const std::uint64_t lo_twice = count_le(that.lower() * 2), hi_twice = count_le(that.upper() * 2);
      const double half_upper = stats::clopper_pearson_upper(hi_half, pt.runs, 1 - each);
      const double half_lower = stats::clopper_pearson_lower(lo_half, pt.runs, 1 - each);
      const double twice_lower = stats::clopper_pearson_lower(lo_twice, pt.runs, 1 - each);
      const double twice_upper = stats::clopper_pearson_upper(hi_twice, pt.runs, 1 - each);
      const bool holds = Rational(half_upper) < a && Rational(twice_lower) >= a;
      const bool violated = Rational(half_lower) >= a || Rational(twice_upper) < a;
      all_hold &= holds;
      some_violated |= violated;
      const std::uint64_t k = std::max<std::uint64_t>(1, ceil(a * Rational(Integer(pt.runs))).convert_to<std::uint64_t>());
      const std::uint64_t q = rounds[std::min<std::uint64_t>(k, pt.runs) - 1];
      const double ratio = q == UINT64_MAX ? INFINITY : static_cast<double>(q) / that.midpoint_for_report();
      if (std::abs(std::log(ratio)) > std::abs(std::log(worst_ratio))) worst_ratio = ratio;
      list.push_back({{"N", pt.N},
                      {"delta", dpb::to_string(pt.delta)},
                      {"eta", dpb::to_string(pt.eta)},
                      {"xi", dpb::to_string(pt.xi)},
                      {"eta_xi", eta_xi.convert_to<double>()},
                      {"M", M},
                      {"T_eta_xi_V20", s},
                      {"alpha", dpb::to_string(a)},
                      {"T_hat_lower", that.lower_string(17)},
                      {"T_hat_upper", that.upper_string(17)},
                      {"factor", dpb::to_string(pt.factor)},
                      {"boost_T_hat", boost},
                      {"runs", pt.runs},
                      {"measured_quantile", q == UINT64_MAX ? nlohmann::json("undecided") : nlohmann::json(q)},
                      {"ratio_measured_over_T_hat", ratio},
                      {"F_half_cp", {half_lower, half_upper}},
                      {"F_twice_cp", {twice_lower, twice_upper}}});
    }
  }
  Outcome o;
  o.verdict = some_violated ? Verdict::violated : all_hold ? Verdict::holds : Verdict::inconclusive;
  char buf[160];
  std::snprintf(buf, sizeof buf, "worst measured alpha-quantile / T_hat = %.3g (tolerance [1/2, 2])", worst_ratio);
  o.key_figure = buf;
  o.evidence["points"] = list;
  o.evidence["alpha"] = alpha_claim;
  o.evidence["alpha_each"] = each;
  o.evidence["T_eta_xi"] = "spec V20 / §7.4: min{t : 2 sqrt(ln(cKt^2/eta_xi)/t) <= Delta_2}, c = 1, K = 10, "
                           "Delta_2 = 1/5, the estimates equal to the means (1733 at eta_xi = 9/10)";
  o.evidence["T_hat"] = "N * Q^{-1}(T(eta_xi), 1 - alpha^{1/M}), Q(s, x) = e^{-x} sum_{j<s} x^j/j!, MPFI bisection "
                        "to relative width 1e-15; boost_T_hat is Boost's gamma_q_inv (cross-check)";
  o.evidence["verdict_rule"] =
      "the paper's 'approximately' read as a factor 2 either way: quantile in [T_hat/2, 2 T_hat] iff F(T_hat/2) < "
      "alpha <= F(2 T_hat); one-sided Clopper-Pearson at alpha_claim/(2m); holds iff every point is inside with "
      "confidence, violated iff some point is outside with confidence (CP-lower F(T_hat/2) >= alpha or CP-upper "
      "F(2 T_hat) < alpha), else inconclusive; undecided runs count as beyond every threshold";
  if (o.verdict == Verdict::inconclusive)
    o.evidence["inconclusive_because"] = "some point is neither inside nor outside the factor-2 band with "
                                         "confidence: more runs at that point would decide";
  o.evidence["seconds"] = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return o;
}

Outcome check_prop53_approx(const RunOptions& options) {
  std::vector<Prop53Point> grid;
  if (options.suite == Suite::full) {
    for (std::uint32_t N : {64u, 256u})
      for (const Rational& xi : {Rational(0), Rational(1, 20), Rational(1, 10)}) {
        Prop53Point p;
        p.N = N;
        p.xi = xi;
        p.runs = 400;  // CP-lower F(2T̂) ≥ 19/20 at α/12 needs more than 330 runs
        grid.push_back(p);
      }
  } else {
    Prop53Point p;
    p.N = 64;
    p.xi = Rational(1, 10);
    p.runs = 30;
    p.levels = {Rational(1, 2)};  // 19/20 needs about 330 runs (seed 004's quick share is spent): full suite only
    grid.push_back(p);
  }
  return check_prop53_grid(grid, options);
}

Outcome check_prop53_direction_grid(const std::vector<Prop53Sweep>& sweeps, const RunOptions& options) {
  const auto started = std::chrono::steady_clock::now();
  const double alpha = options.alpha > 0 ? options.alpha : 1e-6;
  const ref::BanditInstance inst = ref::seed004_problem1();
  const auto ce = ref::MultiAgentAlgorithm::CorruptedElimination;
  std::vector<experiments::SignTest> tests;
  nlohmann::json list = nlohmann::json::array();
  for (const Prop53Sweep& sw : sweeps) {
    if (sw.settings.size() < 2 || sw.runs == 0) throw std::invalid_argument("check_prop53_direction: a sweep needs two settings and runs");
    struct Setting {
      Interval t_hat;
      std::uint64_t M = 0, s = 0;
      std::vector<double> rounds;  // undecided runs: +infinity (beyond every count)
    };
    std::vector<Setting> at;
    for (const auto& [eta, xi] : sw.settings) {
      ref::MultiAgentParams params;
      params.agents = sw.N;
      params.delta = sw.delta;
      params.eta = eta;
      params.xi = xi;
      const ref::MultiAgentConfig cfg = ref::configure_multi_agent(ce, params, inst.arms());
      Setting st{Interval(Rational(0), kPrec), cfg.votes_threshold,
                 se_local_count(cfg.rho, inst.arms(), Rational(1), Rational(1, 5)), {}};
      st.t_hat = prop53_rounds(sw.N, st.s, st.M, Rational(1, 2));
      for (std::uint64_t r = 0; r < sw.runs; ++r) {
        if (r % 8 == 0) poll_cancellation();
        const ref::MultiAgentOutcome o = fast::run_multi_agent(cfg, inst, ref::multi_agent_streams(options.seed, r));
        st.rounds.push_back(o.reason == ref::EndReason::Decided ? static_cast<double>(o.rounds) : INFINITY);
      }
      at.push_back(std::move(st));
    }
    for (std::size_t i = 0; i + 1 < at.size(); ++i) {
      const auto& [eta_a, xi_a] = sw.settings[i];
      const auto& [eta_b, xi_b] = sw.settings[i + 1];
      const std::string pair = sw.name + " sweep, N = " + std::to_string(sw.N) + ": (eta, xi) = (" +
                               dpb::to_string(eta_a) + ", " + dpb::to_string(xi_a) + ") -> (" + dpb::to_string(eta_b) +
                               ", " + dpb::to_string(xi_b) + ")";
      const bool up = at[i + 1].t_hat.certainly_greater(at[i].t_hat.upper());
      const bool down = at[i + 1].t_hat.certainly_less(at[i].t_hat.lower());
      nlohmann::json row{{"pair", pair},
                         {"T_hat_a", {at[i].t_hat.lower_string(12), at[i].t_hat.upper_string(12)}},
                         {"T_hat_b", {at[i + 1].t_hat.lower_string(12), at[i + 1].t_hat.upper_string(12)}},
                         {"M_a", at[i].M},
                         {"M_b", at[i + 1].M},
                         {"T_eta_xi_a", at[i].s},
                         {"T_eta_xi_b", at[i + 1].s}};
      if (!up && !down) {
        row["tested"] = false;
        row["why"] = "the T_hat enclosures meet: no predicted direction";
        list.push_back(row);
        continue;
      }
      std::vector<double> diff;
      for (std::uint64_t r = 0; r < sw.runs; ++r) {
        const double a = at[i].rounds[r], b = at[i + 1].rounds[r];
        // Undecided runs: both undecided is a tie; one undecided counts as +infinity on its side.
        diff.push_back(std::isinf(a) && std::isinf(b) ? 0.0 : std::isinf(b) ? INFINITY : std::isinf(a) ? -INFINITY : b - a);
      }
      const bool predict_up = up != sw.reverse_prediction;
      row["T_hat_direction"] = up ? "up" : "down";
      row["predicted"] = predict_up ? "up" : "down";
      row["tested"] = true;
      tests.push_back(predict_up
                          ? experiments::sign_test_above("median(rounds_b - rounds_a) > 0 for " + pair, diff, 0.0)
                          : experiments::sign_test_below("median(rounds_b - rounds_a) < 0 for " + pair, diff, 0.0));
      list.push_back(row);
    }
  }
  if (tests.empty()) {
    Outcome o;
    o.verdict = Verdict::inconclusive;
    o.key_figure = "no pair with a certified T_hat order";
    o.evidence["pairs"] = list;
    return o;
  }
  Outcome o = experiments::trend_outcome(tests, alpha);
  o.evidence["pairs"] = list;
  o.evidence["T_hat"] = "T_hat(1/2) = N * Q^{-1}(T(eta_xi), 1 - (1/2)^{1/M}) certified (MPFI), M and eta_xi as the engine "
                        "configures them, T(eta_xi) by spec V20";
  o.evidence["measurement"] = "CORRUPTED ELIMINATION on P1 (uniform agents, optimized engine), run r of every setting "
                              "on ref::multi_agent_streams(seed, r): paired differences of rounds, exact sign test per "
                              "adjacent pair in T_hat's predicted direction, Holm over the pairs";
  o.evidence["seconds"] = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return o;
}

Outcome check_prop53_direction(const RunOptions& options) {
  std::vector<Prop53Sweep> sweeps;
  auto add = [&](const std::string& name, std::uint32_t N, const Rational& delta,
                 std::vector<std::pair<Rational, Rational>> settings, std::uint64_t runs) {
    Prop53Sweep s;
    s.name = name;
    s.N = N;
    s.delta = delta;
    s.settings = std::move(settings);
    s.runs = runs;
    sweeps.push_back(std::move(s));
  };
  const Rational nine(9, 10);
  if (options.suite == Suite::full) {
    for (std::uint32_t N : {64u, 256u}) {
      add("eta", N, Rational(1, 20),
          {{Rational(1, 10), 0}, {Rational(3, 10), 0}, {Rational(1, 2), 0}, {Rational(7, 10), 0}, {nine, 0}}, 30);
      add("xi", N, Rational(1, 20), {{nine, 0}, {nine, Rational(1, 20)}, {nine, Rational(1, 10)}}, 30);
    }
  } else {
    add("eta", 16, Rational(1, 4), {{Rational(1, 2), 0}, {nine, 0}}, 24);
    add("xi", 16, Rational(1, 4), {{nine, 0}, {nine, Rational(1, 10)}}, 24);
  }
  return check_prop53_direction_grid(sweeps, options);
}

}  // namespace dpb::verify::statistical
