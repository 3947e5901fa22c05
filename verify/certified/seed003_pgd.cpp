#include "verify/certified/seed003_pgd.hpp"

#include <string>
#include <vector>

#include "reference/bits/chacha20.hpp"
#include "reference/core/interval.hpp"
#include "reference/privacy/accountants.hpp"
#include "reference/protocols/calibration_003_pgd.hpp"

namespace dpb::verify::certified {

namespace {

std::string vec_text(const std::vector<Rational>& v) {
  std::string s = "(";
  for (std::size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + dpb::to_string(v[i]);
  return s + ")";
}

ref::PgdParams base(const ref::PgdDomain& dom, ref::Link link, unsigned q, const Rational& eta, long T) {
  ref::PgdParams p;
  p.link = link;
  p.q = q;
  p.R = 1;
  p.reg = Rational(1, 8);
  p.domain = dom;
  p.theta_bound = ref::pgd_theta_norm_bound(dom);
  p.L = p.R + p.reg * p.theta_bound;
  p.iterations = T;
  p.eta = eta;
  p.g = 6;
  p.b = 40;
  return p;
}

}  // namespace

Outcome check_g3(const PgdFactory& make) {
  Outcome o;
  o.verdict = Verdict::holds;
  const std::vector<ref::PgdDomain> domains = {
      ref::PgdDomain::ball(Rational(1, 2)),
      ref::PgdDomain::ball(2),
      ref::PgdDomain::ellipsoid({Rational(1, 4), 0}, {{4, 0}, {0, 1}}, Rational(1, 2)),
      ref::PgdDomain::ellipsoid({0, Rational(-1, 8)}, {{1, Rational(19, 20)}, {Rational(19, 20), 1}}, 1)};
  std::vector<ref::PgdDatum> data;
  for (int i = 0; i < 6; ++i)
    data.push_back({Rational((i * 5) % 3 == 0 ? 1 : 0), {Rational(i - 3, 4), Rational(2 - i % 4, 4)}});
  std::uint64_t runs = 0, iterates = 0, projections = 0, shrinks = 0, points = 0;
  std::string witness;
  for (std::size_t di = 0; di < domains.size() && witness.empty(); ++di)
    for (const ref::Link link : {ref::Link::logistic, ref::Link::probit})
      for (const Rational& eta : {Rational(1, 2), Rational(8)})
        for (std::uint64_t seed = 1; seed <= 3 && witness.empty(); ++seed) {
          const ref::PGd pgd = make(base(domains[di], link, 6, eta, 6), data.size(), 2);
          ChaCha20Source bits(seed, 20);
          const ref::PgdResult r = pgd.run(std::span<const ref::PgdDatum>(data), bits);
          ++runs;
          projections += r.projections;
          shrinks += r.shrink_steps;
          for (const auto& it : r.iterates) {
            ++iterates;
            if (!domains[di].contains(it) && witness.empty())
              witness = "iterate " + vec_text(it) + " outside domain " + std::to_string(di) + " (seed " +
                        std::to_string(seed) + ")";
          }
          if (!domains[di].contains(r.theta_bar) && witness.empty())
            witness = "theta_bar " + vec_text(r.theta_bar) + " outside domain " + std::to_string(di);
        }
  // The iterate rule alone on a lattice of points (most outside Θ), grid 2^−3 (coarse rounding).
  for (std::size_t di = 0; di < domains.size() && witness.empty(); ++di) {
    const ref::PGd pgd = make(base(domains[di], ref::Link::logistic, 3, 1, 0), 1, 2);
    for (int a = -10; a <= 10 && witness.empty(); ++a)
      for (int b = -10; b <= 10; ++b) {
        const std::vector<Rational> y{Rational(a, 3), Rational(b, 5)};
        bool projected = false;
        const auto th = pgd.grid_project(y, &shrinks, &projected);
        ++points;
        if (!domains[di].contains(th)) {
          witness = "grid_project" + vec_text(y) + " = " + vec_text(th) + " outside domain " + std::to_string(di);
          break;
        }
      }
  }
  if (!witness.empty()) o.verdict = Verdict::violated;
  o.key_figure = witness.empty() ? std::to_string(iterates) + " iterates and " + std::to_string(points) +
                                       " projected points inside Theta (exact)"
                                 : witness;
  o.evidence = {{"runs", runs},           {"iterates", iterates}, {"projections", projections},
                {"shrink_steps", shrinks}, {"lattice_points", points}, {"witness", witness}};
  return o;
}

namespace {

// Advanced composition of T steps at ε₀ with slack δ′: an enclosure (0 when T = 0 or ε₀ = 0).
Interval composed_eps(const Interval& eps0, const Integer& T, const Rational& delta_prime) {
  constexpr mpfr_prec_t P = 256;
  if (T == 0 || eps0.upper() == 0) return Interval(0L, P);
  const Interval kk(T, P);
  return (kk.mul(2) * (-Interval(delta_prime, P).log())).sqrt() * eps0 + kk * eps0 * eps0.expm1();
}

struct CallBudget {
  Interval eps{256};
  Rational delta{0};
  bool ok = true;
  std::string why;
};

CallBudget call_budget(const PgdCalibrator& calibrate, const Rational& eps, const Rational& delta, long n, long d,
                       ref::PgdStepBudget budget) {
  ref::CalibrationPgdInput in;
  in.eps = eps;
  in.delta = delta;
  in.n = n;
  in.d = d;
  in.step_budget = budget;
  const ref::PgdCalibration c = calibrate(in);
  CallBudget b;
  b.eps = Interval(0L, 256);
  if (c.T_it == 0) return b;
  if (!c.eps_step || *c.eps_step > 15 || c.delta_step >= Rational(1, 2)) {
    b.ok = false;
    b.why = "per-step budget outside Lemma S.1's range";
    return b;
  }
  const Rational delta_prime = delta / Rational(Integer(c.T_it + 1));
  b.eps = composed_eps(Interval(*c.eps_step, 256), c.T_it, delta_prime);
  b.delta = Rational(c.T_it) * c.delta_step + delta_prime;
  return b;
}

struct GridResult {
  std::size_t settings = 0, above_upper = 0, above_lower = 0;
  Rational worst{0};
  std::string worst_at;
  nlohmann::json points = nlohmann::json::array();
  bool out_of_range = false;
};

GridResult run_grid(const PgdCalibrator& calibrate, const PgdPrivacyGrid& g, ref::PgdStepBudget budget) {
  GridResult r;
  const auto record = [&](const Interval& total, const Rational& total_delta, const Rational& eps_target,
                          const Rational& delta_target, const std::string& at) {
    ++r.settings;
    const bool up = total.upper() > eps_target || total_delta > delta_target;
    const bool low = total.lower() > eps_target || total_delta > delta_target;
    r.above_upper += up ? 1 : 0;
    r.above_lower += low ? 1 : 0;
    const Rational ratio = total.upper() / eps_target;
    if (ratio > r.worst) {
      r.worst = ratio;
      r.worst_at = at;
    }
    if (up)
      r.points.push_back({{"at", at},
                          {"eps_total_lower", total.lower_string(8)},
                          {"eps_total_upper", total.upper_string(8)},
                          {"eps_target", dpb::to_string(eps_target)},
                          {"delta_total", dpb::to_string(total_delta)},
                          {"accountant_certainly_above", low}});
  };
  for (const Rational& eps : g.alg1_eps)
    for (const Rational& delta : g.alg1_delta)
      for (const long n : g.alg1_n)
        for (const long d : g.alg1_d) {
          const std::string at = "Alg. 1: eps = " + dpb::to_string(eps) + ", delta = " + dpb::to_string(delta) +
                                 ", n = " + std::to_string(n) + ", d = " + std::to_string(d);
          const CallBudget b = call_budget(calibrate, eps / 2, delta / 2, n, d, budget);
          if (!b.ok) {
            r.out_of_range = true;
            continue;
          }
          record(b.eps, b.delta, eps / 2, delta / 2, at);
        }
  for (const Rational& eps : g.alg2_eps)
    for (const Rational& delta : g.alg2_delta)
      for (const long c : g.alg2_calls)
        for (const long n : g.alg2_n) {
          const std::string at = "Alg. 2: eps = " + dpb::to_string(eps) + ", delta = " + dpb::to_string(delta) +
                                 ", calls = " + std::to_string(c) + ", n = " + std::to_string(n) + ", d = 3";
          const Integer C(c);
          const Rational eps_o = ref::theorem7_per_step_eps_lower_bound(eps / 3, C, delta / 4);  // ε/(6√(2c ln(4/δ)))
          const Rational delta_o = delta / Rational(6 * c);
          const CallBudget b = call_budget(calibrate, eps_o, delta_o, n, 3, budget);
          if (!b.ok) {
            r.out_of_range = true;
            continue;
          }
          const bool silent = b.eps.upper() == 0;
          const Interval total = silent ? Interval(0L, 256) : composed_eps(b.eps, C, delta / 6);
          const Rational total_delta = silent ? Rational(0) : Rational(Rational(C) * b.delta + delta / 6);
          record(total, total_delta, eps / 3, delta / 3, at);
        }
  return r;
}

}  // namespace

PgdPrivacyGrid pgd_privacy_grid() {
  PgdPrivacyGrid g;
  g.alg1_eps = {Rational(1, 2), Rational(1), Rational(4)};
  g.alg1_delta = {Rational(1, 100), Rational(1, 100000)};
  g.alg1_n = {1000, 100000, 10000000};
  g.alg1_d = {1, 3, 10};
  g.alg2_eps = {Rational(1), Rational(4)};
  g.alg2_delta = {Rational(1, 100), Rational(1, 100000)};
  g.alg2_calls = {1, 10, 100};
  g.alg2_n = {10000, 1000000};
  return g;
}

Outcome check_pgd_privacy(const PgdCalibrator& calibrate, const PgdPrivacyGrid& grid) {
  Outcome o;
  const GridResult paper = run_grid(calibrate, grid, ref::PgdStepBudget::Paper);
  const GridResult corrected = run_grid(calibrate, grid, ref::PgdStepBudget::Corrected);
  o.verdict = paper.above_upper == 0 && !paper.out_of_range ? Verdict::holds : Verdict::inconclusive;
  o.key_figure = "worst composed eps / target = " + std::to_string(paper.worst.convert_to<double>()) + " (" +
                 paper.worst_at + "); " + std::to_string(paper.above_upper) + " of " +
                 std::to_string(paper.settings) + " settings above (" + std::to_string(paper.above_lower) +
                 " certainly); corrected eps_step: " + std::to_string(corrected.above_upper) +
                 " above; per-step input: Lemma S.1 statement";
  const auto to_json = [](const GridResult& r) {
    return nlohmann::json{{"settings", r.settings},
                          {"above_target_upper", r.above_upper},
                          {"above_target_lower", r.above_lower},
                          {"worst_ratio_upper", r.worst.convert_to<double>()},
                          {"worst_at", r.worst_at},
                          {"outside_lemma_s1", r.out_of_range},
                          {"points_above", r.points}};
  };
  o.evidence = {{"paper_step_budget", to_json(paper)},
                {"corrected_step_budget", to_json(corrected)},
                {"per_step_profile", "Lemma S.1 (Cheu et al. 2021 Thm 4.2) as stated: (eps_step, delta_step)"},
                {"verdict_rule",
                 "holds iff every certified upper bound (advanced composition, MPFI) is within its target; an "
                 "accountant above the target is inconclusive (no lower bound on the mechanism's loss)"}};
  return o;
}

}  // namespace dpb::verify::certified
