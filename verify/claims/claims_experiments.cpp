// Trend claims of the papers' experiments (issue 5; method `trend`): each is checked on simulated curves of the
// experiments in testdata/experiments/ (verify/experiments/), with the exact sign test on per-run statistics and
// Holm at the claim's α (the `trends` family: 0.05 over its five claims, Bonferroni) (verify/experiments/trend.hpp gives the verdict rule). Simulations are
// shared between the claims that use them and cached (thread-safe). Quick suite: reduced sizes
// (trend.cpp::suite_options: seed-000 T = 3·10^5, 16 runs, ε ∈ {1/10, 1}; seed-002 T = 2^18, 16 runs,
// ε ∈ {1/2, 1, 8, 64}); full suite: the configs as written (the papers' sizes). Final regret R = Reg(T)
// (pseudo-regret); ratios use R + 1 so that a run with zero regret does not divide by zero.
// Expected verdicts are the measured quick-suite verdicts (docs/experiments.md § Results): central-match violated
// (Dist-DP-SE's relative gap to DP-SE does not shrink from T/100 to T at this size), rdp-gain inconclusive,
// small-eps violated (Hybrid-UCB beats DP-SE at ε = 1 for T = 2^18). Full suite, measured in session 3
// (`dpbandit verify --suite full --only '*fig*'`, 272 s on 2 cores): the same verdicts except small-eps, which holds
// at the papers' size (6/6 trends) — its expected_full; rdp-gain stays inconclusive (6/14 trends supported, 0
// contradicted), central-match violated (1/8 supported, 4 contradicted).
#include <cmath>
#include <cstdio>
#include <functional>
#include <stdexcept>

#include "verify/claims/registry.hpp"
#include "verify/experiments/seed001_exponents.hpp"
#include "verify/experiments/seed001_trends.hpp"
#include "verify/experiments/trend.hpp"

namespace dpb::verify {

namespace {

namespace ex = experiments;


struct Context {
  std::shared_ptr<const ex::CachedSimulation> sim;
  const ex::SimulationResult& r() const { return sim->result; }
  std::vector<double> final(const std::string& label, std::size_t eps) const {
    return r().final_regret(r().algorithm_index(label), eps);
  }
  std::vector<double> at(const std::string& label, std::size_t eps, std::size_t grid_index) const {
    std::vector<double> out;
    for (const auto& run : r().cell(r().algorithm_index(label), eps).per_run) out.push_back(run[grid_index]);
    return out;
  }
  std::string eps_name(std::size_t j) const { return "ε=" + dpb::to_string(r().config.epsilons[j]); }
};

std::vector<double> combine(const std::vector<double>& a, const std::vector<double>& b,
                            const std::function<double(double, double)>& f) {
  std::vector<double> out;
  for (std::size_t i = 0; i < a.size(); ++i) out.push_back(f(a[i], b[i]));
  return out;
}

std::vector<double> minus(const std::vector<double>& a, const std::vector<double>& b) {
  return combine(a, b, [](double x, double y) { return x - y; });
}

std::vector<double> ratio(const std::vector<double>& a, const std::vector<double>& b) {
  return combine(a, b, [](double x, double y) { return (x + 1) / (y + 1); });
}

nlohmann::json cell_table(const ex::SimulationResult& r) {
  nlohmann::json t = nlohmann::json::array();
  for (const auto& cell : r.cells)
    t.push_back({{"algorithm", cell.algorithm},
                 {"eps", dpb::to_string(cell.eps)},
                 {"final_regret_mean", cell.mean.back()},
                 {"final_regret_se", cell.se.back()}});
  return t;
}

// alpha: the claim's level (RunOptions::alpha: the `trends` family's 0.05 shared by Bonferroni over its claims).
Outcome finish(const std::vector<const ex::CachedSimulation*>& sims, const std::vector<ex::SignTest>& tests,
               double alpha) {
  Outcome o = ex::trend_outcome(tests, alpha);
  nlohmann::json experiments = nlohmann::json::array(), plots = nlohmann::json::array();
  for (const auto* s : sims) {
    const auto& c = s->result.config;
    nlohmann::json eps = nlohmann::json::array();
    for (const auto& e : c.epsilons) eps.push_back(dpb::to_string(e));
    experiments.push_back({{"experiment", c.name},
                           {"horizon", c.horizon},
                           {"runs", c.runs},
                           {"seed", c.seed},
                           {"epsilons", eps},
                           {"timing", {{"wall_seconds", s->result.wall_seconds}}},
                           {"outputs", s->dir.string()},
                           {"final_regret", cell_table(s->result)}});
    for (const auto& p : s->plots) plots.push_back(p);
  }
  o.evidence["experiments"] = experiments;
  o.evidence["plots"] = plots;
  return o;
}

// 000.fig23.central-match on one experiment.
void central_match_tests(const Context& c, std::vector<ex::SignTest>& tests) {
  const auto& r = c.r();
  const std::size_t E = r.config.epsilons.size(), last = r.grid.size() - 1;
  // t0 = the first grid round at or after T/10: past the uniform exploration of the first batches (at T/100 both
  // learners still explore every arm alike, so their gap there is ~0 and can only grow — version 1's mistake).
  std::size_t early = last;
  for (std::size_t g = r.grid.size(); g-- > 0;)
    if (r.grid[g] * 10 >= r.config.horizon) early = g;
  const auto rel_gap = [&](std::size_t j, std::size_t g) {
    return combine(c.at("Dist-DP-SE", j, g), c.at("DP-SE", j, g),
                   [](double x, double y) { return std::abs(x - y) / (y + 1); });
  };
  for (std::size_t j = 0; j < E; ++j) {
    // What Figs 2–3 show: the two curves end close together (final regret within a factor 1.5) ...
    tests.push_back(ex::sign_test_below(r.config.name + " " + c.eps_name(j) +
                                            ": (Reg(Dist-DP-SE)+1)/(Reg(DP-SE)+1) at T < 1.5 (the curves end close)",
                                        ratio(c.final("Dist-DP-SE", j), c.final("DP-SE", j)), 1.5));
    // ... and approach each other: the relative gap shrinks from t0 to T.
    tests.push_back(ex::sign_test_below(
        r.config.name + " " + c.eps_name(j) + ": relative gap |Reg(Dist-DP-SE) − Reg(DP-SE)|/(Reg(DP-SE)+1) at T = " +
            std::to_string(r.grid[last]) + " minus the same at t0 = " + std::to_string(r.grid[early]) + " < 0",
        minus(rel_gap(j, last), rel_gap(j, early)), 0));
  }
  tests.push_back(ex::sign_test_below(r.config.name + ": relative gap at T, " + c.eps_name(E - 1) + " minus " +
                                          c.eps_name(0) + " < 0 (smaller gap for larger ε)",
                                      minus(rel_gap(E - 1, last), rel_gap(0, last)), 0));
}

// 000.fig23.rdp-gain on one experiment.
void rdp_gain_tests(const Context& c, std::vector<ex::SignTest>& tests) {
  const auto& r = c.r();
  const std::size_t E = r.config.epsilons.size();
  for (std::size_t j = 0; j < E; ++j) {
    tests.push_back(
        ex::sign_test_below(r.config.name + " " + c.eps_name(j) + ": Reg(Dist-RDP-SE s=10) − Reg(Dist-DP-SE) < 0",
                            minus(c.final("Dist-RDP-SE (s=10)", j), c.final("Dist-DP-SE", j)), 0));
    tests.push_back(
        ex::sign_test_below(r.config.name + " " + c.eps_name(j) +
                                ": Reg(Dist-RDP-SE s=100) − Reg(Dist-RDP-SE s=10) < 0 (larger s, larger gain)",
                            minus(c.final("Dist-RDP-SE (s=100)", j), c.final("Dist-RDP-SE (s=10)", j)), 0));
  }
  const auto gain = [&](std::size_t j) {
    return combine(c.final("Dist-DP-SE", j), c.final("Dist-RDP-SE (s=10)", j),
                   [](double dp, double rdp) { return (dp - rdp) / (dp + 1); });
  };
  tests.push_back(ex::sign_test_below(r.config.name + ": relative gain of s=10 over Dist-DP-SE, " + c.eps_name(E - 1) +
                                          " minus " + c.eps_name(0) + " < 0 (larger gain for smaller ε)",
                                      minus(gain(E - 1), gain(0)), 0));
}

std::vector<std::shared_ptr<const ex::CachedSimulation>> fig23(const RunOptions& o) {
  std::vector<std::shared_ptr<const ex::CachedSimulation>> sims{
      ex::cached_simulation("000-fig2-easy", o.suite, o.seed)};
  if (o.suite == Suite::full) sims.push_back(ex::cached_simulation("000-fig3-hard", o.suite, o.seed));
  return sims;
}

Outcome check_fig23(const RunOptions& o, void (*add)(const Context&, std::vector<ex::SignTest>&)) {
  const auto sims = fig23(o);
  std::vector<ex::SignTest> tests;
  std::vector<const ex::CachedSimulation*> raw;
  for (const auto& s : sims) {
    add(Context{s}, tests);
    raw.push_back(s.get());
  }
  return finish(raw, tests, o.alpha);
}

Outcome check_trust_models(const RunOptions& o) {
  const auto sim = ex::cached_simulation("000-fig4-trust-models", o.suite, o.seed);
  const Context c{sim};
  const auto& r = c.r();
  std::vector<ex::SignTest> tests;
  for (std::size_t j = 0; j < r.config.epsilons.size(); ++j) {
    const std::string e = r.config.name + " " + c.eps_name(j) + ": ";
    const auto cdp = c.final("CDP-SE", j), ldp = c.final("LDP-SE", j), dist = c.final("Dist-DP-SE", j),
               rdp = c.final("Dist-RDP-SE (s=10)", j), dcdp = c.final("Dist-CDP-SE (s=10)", j);
    tests.push_back(ex::sign_test_below(e + "(Reg(CDP-SE)+1)/(Reg(Dist-DP-SE)+1) < 1.5 (central ≈ distributed)",
                                        ratio(cdp, dist), 1.5));
    tests.push_back(ex::sign_test_above(e + "(Reg(CDP-SE)+1)/(Reg(Dist-DP-SE)+1) > 1/1.5 (central ≈ distributed)",
                                        ratio(cdp, dist), 1 / 1.5));
    tests.push_back(ex::sign_test_above(e + "(Reg(LDP-SE)+1)/(Reg(Dist-DP-SE)+1) > 2 (much worse than distributed)",
                                        ratio(ldp, dist), 2));
    tests.push_back(
        ex::sign_test_above(e + "(Reg(LDP-SE)+1)/(Reg(CDP-SE)+1) > 2 (much worse than central)", ratio(ldp, cdp), 2));
    tests.push_back(ex::sign_test_below(e + "Reg(Dist-RDP-SE) − Reg(Dist-DP-SE) < 0", minus(rdp, dist), 0));
    tests.push_back(ex::sign_test_below(e + "Reg(Dist-RDP-SE) − Reg(CDP-SE) < 0", minus(rdp, cdp), 0));
    tests.push_back(ex::sign_test_below(e + "Reg(Dist-CDP-SE) − Reg(Dist-DP-SE) < 0", minus(dcdp, dist), 0));
    tests.push_back(ex::sign_test_below(e + "Reg(Dist-CDP-SE) − Reg(CDP-SE) < 0", minus(dcdp, cdp), 0));
    tests.push_back(ex::sign_test_below(e + "Reg(Dist-CDP-SE) − Reg(Dist-RDP-SE) < 0 (discrete Gaussian beats Skellam)",
                                        minus(dcdp, rdp), 0));
  }
  return finish({sim.get()}, tests, o.alpha);
}

Outcome check_002(const RunOptions& o, bool small) {
  const auto sim = ex::cached_simulation("002-fig5-setting1", o.suite, o.seed);
  const Context c{sim};
  const auto& r = c.r();
  std::vector<ex::SignTest> tests;
  const std::string n = r.config.name + " ";
  if (small) {
    for (const Rational& eps : {Rational(1, 2), Rational(1)}) {
      const std::size_t j = r.eps_index(eps);
      const std::string e = n + c.eps_name(j) + ": ";
      const auto alu = c.final("Anytime-Lazy-UCB", j), hy = c.final("Hybrid-UCB", j), se = c.final("DP-SE", j);
      tests.push_back(ex::sign_test_below(
          e + "(Reg(Anytime-Lazy-UCB)+1)/(Reg(DP-SE)+1) < 1.5 (Anytime-Lazy-UCB competitive with DP-SE)",
          ratio(alu, se), 1.5));
      tests.push_back(ex::sign_test_above(
          e + "Reg(Hybrid-UCB) − Reg(Anytime-Lazy-UCB) > 0 (Hybrid-UCB does not do well)", minus(hy, alu), 0));
      tests.push_back(
          ex::sign_test_above(e + "Reg(Hybrid-UCB) − Reg(DP-SE) > 0 (Hybrid-UCB does not do well)", minus(hy, se), 0));
    }
  } else {
    const std::size_t j8 = r.eps_index(Rational(8)), j64 = r.eps_index(Rational(64)), jh = r.eps_index(Rational(1, 2));
    for (std::size_t j : {j8, j64})
      tests.push_back(
          ex::sign_test_below(n + c.eps_name(j) + ": Reg(Hybrid-UCB) − Reg(DP-SE) < 0 (Hybrid-UCB does well)",
                              minus(c.final("Hybrid-UCB", j), c.final("DP-SE", j)), 0));
    tests.push_back(ex::sign_test_below(n + "Reg(Hybrid-UCB) at ε=64 minus at ε=8 < 0 (better as ε grows)",
                                        minus(c.final("Hybrid-UCB", j64), c.final("Hybrid-UCB", j8)), 0));
    tests.push_back(ex::sign_test_below(n + "Reg(Anytime-Lazy-UCB) at ε=64 minus at ε=1/2 < 0 (decreases in ε)",
                                        minus(c.final("Anytime-Lazy-UCB", j64), c.final("Anytime-Lazy-UCB", jh)), 0));
    const auto flat = ratio(c.final("DP-SE", j64), c.final("DP-SE", jh));
    tests.push_back(
        ex::sign_test_below(n + "(Reg(DP-SE, ε=64)+1)/(Reg(DP-SE, ε=1/2)+1) < 1.5 (DP-SE roughly flat)", flat, 1.5));
    tests.push_back(ex::sign_test_above(n + "(Reg(DP-SE, ε=64)+1)/(Reg(DP-SE, ε=1/2)+1) > 1/1.5 (DP-SE roughly flat)",
                                        flat, 1 / 1.5));
  }
  return finish({sim.get()}, tests, o.alpha);
}

// Seed 001's trends (paper-code only; errata to issue 18): the hypotheses are built in verify/experiments/
// seed001_trends.hpp (ordering: the adjacent pairs of LinUCB < LinUCB-JDP < {LinUCB-SDP-Amp, LinUCB-SDP-Vec} <
// LinUCB-LDP per panel; eps-gap: the gap to LinUCB shrinks between adjacent ε), each a one-sided paired sign test on
// the final realized regrets (all learners of a run share its instance and reward tape), Holm over all tests of the
// claim; each panel's verdict is reported beside.
Outcome check_001_trend(const RunOptions& o, const std::vector<std::string>& experiments_used, bool eps_gap) {
  std::vector<std::shared_ptr<const ex::CachedSimulation>> sims;
  std::vector<const ex::CachedSimulation*> raw;
  ex::Seed001Tests all;
  for (const std::string& e : experiments_used) {
    sims.push_back(ex::cached_simulation(e, o.suite, o.seed));
    raw.push_back(sims.back().get());
    const ex::Seed001Tests t =
        eps_gap ? ex::seed001_eps_gap_tests(sims.back()->result) : ex::seed001_ordering_tests(sims.back()->result);
    all.tests.insert(all.tests.end(), t.tests.begin(), t.tests.end());
    all.panels.insert(all.panels.end(), t.panels.begin(), t.panels.end());
  }
  const Outcome panels = ex::seed001_trend_outcome(all, o.alpha);
  Outcome out = finish(raw, all.tests, o.alpha);
  out.evidence["panels"] = panels.evidence["panels"];
  out.evidence["tests"] = panels.evidence["tests"];
  out.evidence["profile"] = "paper-code (the authors' constants and environment; no privacy claim)";
  return out;
}

Claim& mutable_claim(Registry& registry, const std::string& id) {
  Claim* c = registry.find(id);
  if (c == nullptr) throw std::logic_error("register_claims_experiments: no claim " + id);
  return *c;
}

// The stored report behind an expectation other than `holds` (testdata/evidence/, docs/findings.md).
void stored(Registry& registry, const std::string& id) { mutable_claim(registry, id).stored_report = id + ".json"; }

// Seed 001's rate claims (family exponents-001) on experiment 001-exponents (verify/experiments/seed001_exponents.hpp).
// Quick: T ∈ {2^8, …, 2^11}, 4 runs (the verdict rule's precision cannot be met with 4 points: inconclusive by
// design, the plumbing exercised); full: the config as written (T ∈ {2^12, …, 2^20}, 20 runs; errata to issue 18).
// The claim's seed replaces the config's; the run is shared by the seven claims and cached per (suite, seed).
struct CachedExponents {
  ex::ExponentsResult result;
  std::filesystem::path dir;
  std::vector<std::string> plots;
};

ex::ExponentsOptions exponents_suite_options(Suite suite, std::uint64_t seed) {
  ex::ExponentsOptions o;
  o.seed = seed;
  if (suite == Suite::quick) {
    o.horizons = std::vector<std::uint64_t>{256, 512, 1024, 2048};
    o.runs = 4;
  }
  return o;
}

std::shared_ptr<const CachedExponents> cached_exponents(Suite suite, std::uint64_t seed) {
  const std::string key = "001-exponents-" + std::string(to_string(suite)) + "-" + std::to_string(seed);
  return ex::computed_once<CachedExponents>(key, [&]() {
    const auto config = ex::find_exponents_experiment("001-exponents");
    if (!config) throw std::runtime_error("experiment 001-exponents is missing from testdata/experiments");
    auto cached = std::make_shared<CachedExponents>();
    cached->result = ex::run_exponents(*config, exponents_suite_options(suite, seed));
    cached->dir = std::filesystem::temp_directory_path() / "dpbandit-claims" / key;
    const ex::ExponentsFiles files = ex::write_exponents_outputs(cached->result, cached->dir, true);
    for (const auto& p : files.plots) cached->plots.push_back(p.string());
    return std::shared_ptr<const CachedExponents>(cached);
  });
}

// One learner's fitted exponent at the claim's α (two-sided interval of level 1 − α) judged by exponent_verdict.
Outcome check_001_exponent(const RunOptions& o, const std::string& label) {
  const auto cached = cached_exponents(o.suite, o.seed);
  const ex::ExponentsResult& r = cached->result;
  const std::size_t i = r.algorithm_index(label);
  const ex::ExponentAlgorithm& alg = r.config.algorithms[i];
  if (!alg.predicted) throw std::logic_error("001-exponents: " + label + " has no predicted exponent");
  const double predicted = alg.predicted->convert_to<double>();
  const double alpha = o.alpha > 0 ? o.alpha : 1e-3;
  const ex::ExponentFit fit = ex::refit(r, i, 1 - alpha);
  const double log_power = alg.log_power.convert_to<double>();
  std::size_t outside = 0, vacuous = 0;
  nlohmann::json points = nlohmann::json::array();
  std::string note;
  for (const auto& p : r.points[i]) {
    if (!p.in_range) ++outside, note = p.privacy_note;
    vacuous += p.bound_vacuous ? 1 : 0;
    points.push_back({{"T", p.T}, {"B", p.B}, {"regret_mean", p.mean}, {"regret_se", p.se}, {"in_range", p.in_range},
                      {"privacy_note", p.privacy_note}, {"bound_over_T", p.bound_over_T},
                      {"bound_vacuous", p.bound_vacuous}});
  }
  const ex::ExponentJudgement judgement = ex::exponent_verdict(fit, predicted, log_power, vacuous);
  Outcome out;
  out.verdict = judgement.verdict;
  char key[256];
  if (fit.valid)
    std::snprintf(key, sizeof key,
                  "γ̂ = %.3f, [%.3f, %.3f] at 1−α (predicted %s, band up to %.3f); slope %.2f → %.2f; bound/T %.3g → "
                  "%.3g (%zu vacuous); %zu points, %zu outside range",
                  fit.exponent, fit.lower, fit.upper, dpb::to_string(*alg.predicted).c_str(),
                  fit.band_top(predicted, log_power), fit.slope_first, fit.slope_last,
                  r.points[i].front().bound_over_T, r.points[i].back().bound_over_T, vacuous, fit.points, outside);
  else
    std::snprintf(key, sizeof key, "no fit (%s)", fit.problem.c_str());
  out.key_figure = key;
  nlohmann::json horizons = nlohmann::json::array();
  for (const auto T : r.config.horizons) horizons.push_back(T);
  out.evidence = {
      {"experiment", r.config.name},
      {"algorithm", label},
      {"learner", alg.learner},
      {"batch", alg.batch_exponent == 0 ? std::string("B = 1") : "B = ceil(T^" + dpb::to_string(alg.batch_exponent) + ")"},
      {"predicted", dpb::to_string(*alg.predicted)},
      {"log_power", dpb::to_string(alg.log_power)},
      {"band", {predicted, fit.band_top(predicted, log_power)}},
      {"horizons", horizons},
      {"runs", r.config.runs},
      {"seed", r.config.seed},
      {"eps", dpb::to_string(r.config.eps)},
      {"delta", dpb::to_string(r.config.delta)},
      {"profile", "theorem (spec 001 §6.1's instances, pseudo-regret)"},
      {"points", points},
      {"points_outside_range", outside},
      {"points_with_vacuous_bound", vacuous},
      {"bound", "Lemma A.2's regret bound at each point's calibration (the bound 001.lemma-a2.regret checks); "
                "vacuous when its certified lower end is >= T"},
      {"fit", ex::fit_json(fit)},
      {"reason", judgement.reason},
      {"alpha", alpha},
      {"rule", ex::kExponentRule},
      {"outputs", cached->dir.string()},
      {"plots", cached->plots},
      {"wall_seconds", r.wall_seconds}};
  if (outside > 0) out.evidence["outside_range_note"] = note;
  return out;
}

// Several fits judged together: holds iff every one holds, violated iff one is violated, else inconclusive; the
// evidence holds each fit's.
Outcome check_001_exponents_joint(const RunOptions& o, const std::vector<std::string>& labels) {
  Outcome out;
  out.verdict = Verdict::holds;
  nlohmann::json fits = nlohmann::json::array();
  std::string key;
  for (const std::string& label : labels) {
    const Outcome one = check_001_exponent(o, label);
    if (one.verdict == Verdict::violated) out.verdict = Verdict::violated;
    else if (one.verdict != Verdict::holds && out.verdict == Verdict::holds) out.verdict = Verdict::inconclusive;
    key += (key.empty() ? "" : "; ") + label + ": " + one.key_figure;
    fits.push_back(one.evidence);
  }
  out.key_figure = key;
  out.evidence = {{"fits", fits},
                  {"rule", "holds iff every fit holds; violated iff one is violated; else inconclusive"}};
  return out;
}

}  // namespace

void register_claims_experiments(Registry& registry) {
  const std::string quick000 = " (quick: easy only, T = 3·10^5, 16 runs, ε ∈ {1/10, 1})";
  registry.add(in_family("trends", Claim{
      "000.fig23.central-match",
      "Dist-DP-SE's regret approaches DP-SE's as T grows: final regrets within a factor 1.5, the relative gap "
      "|Reg_Dist-DP-SE(t) − Reg_DP-SE(t)|/Reg_DP-SE(t) smaller at T than at T/10 (after the first batches' "
      "exploration), and the gap at T smaller for larger ε",
      {"000", "§7, App. J", "Figs 2, 3"},
      Method::trend,
      "experiments 000-fig2-easy (T = 10^6) and 000-fig3-hard (T = 10^7), 20 runs, ε ∈ {1/10, 1/2, 1}, l(b) = 4^b, "
      "p = 1/10" +
          quick000,
      Verdict::inconclusive,
      [](const RunOptions& o) { return check_fig23(o, central_match_tests); }}));
  stored(registry, "000.fig23.central-match");
  registry.add(in_family("trends",
      Claim{"000.fig23.rdp-gain",
            "Reg(Dist-RDP-SE, s = 10) < Reg(Dist-DP-SE) at every ε, the relative gain larger for smaller ε, and "
            "Reg(s = 100) < Reg(s = 10)",
            {"000", "§7, App. J", "Figs 2, 3"},
            Method::trend,
            "experiments 000-fig2-easy and 000-fig3-hard as for 000.fig23.central-match" + quick000,
            Verdict::inconclusive,
            [](const RunOptions& o) { return check_fig23(o, rdp_gain_tests); }}));
  stored(registry, "000.fig23.rdp-gain");
  registry.add(in_family("trends", Claim{
      "000.fig4.trust-models",
      "CDP-SE ≈ Dist-DP-SE (final regret within a factor 1.5), both ≪ LDP-SE (factor > 2); Dist-RDP-SE and "
      "Dist-CDP-SE beat both pure-DP variants; Dist-CDP-SE beats Dist-RDP-SE",
      {"000", "App. J", "Fig. 4"},
      Method::trend,
      "experiment 000-fig4-trust-models: easy instances, T = 10^6, 20 runs, ε ∈ {1/10, 1/2, 99/100} (Theorem 5 needs "
      "ε < 1), l(b) = 2^b, s = 10, p = 1/10 (quick: T = 3·10^5, 16 runs, ε ∈ {1/10, 99/100})",
      Verdict::holds,
      check_trust_models}));
  registry
      .add(in_family("trends", Claim{
          "002.fig.small-eps",
          "Setting 1, ε ∈ {1/2, 1}: Anytime-Lazy-UCB is competitive with DP-SE (final regret within a factor 1.5) and "
          "Hybrid-UCB does worse than both",
          {"002", "§6", "Figs 1, 2, 5"},
          Method::trend,
          "experiment 002-fig5-setting1: K = 5 Bernoulli (0.75, 0.70×4), T = 2^22, 15 runs, DP-SE with β = 1/T "
          "(quick: T = 2^18, 16 runs)",
          Verdict::violated,
          [](const RunOptions& o) { return check_002(o, true); }}))
      .expected_full = Verdict::holds;  // T = 2^22, 15 runs: 6/6 trends supported (session 3, docs/experiments.md)
  stored(registry, "002.fig.small-eps");
  registry.add(in_family("trends", Claim{
      "002.fig.large-eps",
      "Setting 1, ε ∈ {8, 64}: Hybrid-UCB beats DP-SE and improves from ε = 8 to 64; Anytime-Lazy-UCB's final regret "
      "decreases from ε = 1/2 to 64 while DP-SE's stays flat (within a factor 1.5)",
      {"002", "§6", "Figs 3, 4, 5"},
      Method::trend,
      "experiment 002-fig5-setting1 as for 002.fig.small-eps (quick: T = 2^18, 16 runs, ε ∈ {1/2, 1, 8, 64})",
      Verdict::holds,
      [](const RunOptions& o) { return check_002(o, false); }}));
  registry.add(in_family("trends-001", Claim{
      "001.fig1.ordering",
      "Figure 1, paper-code profile: at T = 20000 the final regrets are ordered LinUCB < LinUCB-JDP < LinUCB-SDP-Amp, "
      "LinUCB-SDP-Vec < LinUCB-LDP in every panel (ε = 0.2, 1, 10); one-sided paired sign test per adjacent pair, "
      "Holm at the claim's α (family trends-001: 1e-3 over its claims)",
      {"001", "§5", "Fig. 1"},
      Method::trend,
      "experiment 001-fig1: the authors' environment (§6.2), d = 5, K = 100, T = 20000, 50 runs, δ = 0.1, B = 20, "
      "realized regret (quick: T = 600, 16 runs, ε ∈ {1/5, 1}). Expected: quick inconclusive (at T = 600 LinUCB < "
      "JDP and SDP < LDP separate first, JDP < SDP needs the full size); full holds (session 21: 15/15 pairs "
      "supported; at ε = 10, where the paper-code constants of JDP, SDP-Amp and SDP-Vec nearly coincide, JDP 935 < "
      "Vec 1015 < Amp 1215 < LDP 1796, means of 50 runs)",
      Verdict::inconclusive,
      [](const RunOptions& o) { return check_001_trend(o, {"001-fig1"}, false); }})).expected_full = Verdict::holds;
  stored(registry, "001.fig1.ordering");
  registry.add(in_family("trends-001", Claim{
      "001.fig2.ordering",
      "Figure 2, paper-code profile: at T = 20000 the final regrets are ordered LinUCB < LinUCB-JDP < LinUCB-SDP-Amp, "
      "LinUCB-SDP-Vec < LinUCB-LDP in both panels (d = 10, d = 15; ε = 1); one-sided paired sign test per adjacent "
      "pair, Holm at the claim's α",
      {"001", "App. G", "Fig. 2"},
      Method::trend,
      "experiments 001-fig2-d10, 001-fig2-d15: the authors' environment (§6.2), ε = 1, K = 100, T = 20000, 50 runs, "
      "δ = 0.1, B = 20, realized regret (quick: T = 600, 16 runs). Expected per panel (quick, measured): d = 10 "
      "inconclusive (LinUCB < JDP supported; JDP, SDP-Amp, SDP-Vec and LDP not separated at T = 600), d = 15 "
      "inconclusive (nothing separated); full inconclusive (session 21: 9/10 pairs supported, none contradicted; at "
      "d = 15 SDP-Vec 6373 ± 400 is not below LDP 5502 ± 124; docs/findings.md)",
      Verdict::inconclusive,
      [](const RunOptions& o) { return check_001_trend(o, {"001-fig2-d10", "001-fig2-d15"}, false); }}));
  stored(registry, "001.fig2.ordering");
  registry.add(in_family("trends-001", Claim{
      "001.fig1.eps-gap",
      "Figure 1, paper-code profile: the gap to LinUCB shrinks as ε grows — for every private learner A and adjacent "
      "ε < ε′ of the figure, gap_A(ε′) < gap_A(ε) with gap_A = Reg_A(T) − Reg_LinUCB(T) (paired per run, margin 0); "
      "one-sided sign tests, Holm at the claim's α",
      {"001", "§5", "Fig. 1 (\"the gap shrinks as ε increases\")"},
      Method::trend,
      "experiment 001-fig1 (shared with 001.fig1.ordering): d = 5, K = 100, T = 20000, 50 runs, ε ∈ {1/5, 1, 10}, "
      "pairs 1/5→1 and 1→10 (quick: T = 600, 16 runs, the pair 1/5→1). Expected per panel (quick, measured): "
      "1/5→1 inconclusive (JDP, SDP-Amp, LDP shrink in most runs, SDP-Vec's gap does not: Vec runs at scale 1 at "
      "ε = 1/5 and 10 at ε = 1, so its noise changes by less than ε's factor 5); full holds (session 21: 8/8 pairs "
      "supported at 50 runs, T = 20000; docs/findings.md)",
      Verdict::inconclusive,
      [](const RunOptions& o) { return check_001_trend(o, {"001-fig1"}, true); }})).expected_full = Verdict::holds;
  stored(registry, "001.fig1.eps-gap");
  // Seed 001's fitted regret exponents (issue 18, errata "Issue 18"; family exponents-001, seven members).
  // 001.thm4.2.rate judges three fits jointly (check_001_exponents_joint): LinUCB-SDP-Amp and LinUCB-SDP-Vec with
  // returning users (Thm 4.2(i) / E.3, 4.2(ii) / E.5 at B = ⌈T^{2/3}⌉) and the user-level JDP with M₀ = ⌈T^{1/3}⌉
  // (Remark 4.4).
  const std::string grid001 =
      "experiment 001-exponents: spec 001 §6.1's instances (theorem profile, pseudo-regret), d = 5, K = 100, ε = 1, "
      "δ = 0.1, T ∈ {2^12, …, 2^20}, 20 runs, OLS of ln(mean Reg(T)) on ln T, every point labelled with its "
      "theorem's range (quick: T ∈ {2^8, …, 2^11}, 4 runs)";
  const std::string rule001 =
      "; verdict (checker version 2): where the theorem's own bound (Lemma A.2 at the point's calibration) is "
      "vacuous, ≥ T, it predicts nothing and the claim is inconclusive; the log-log curve must not bend (a 95 % "
      "interval of its quadratic term outside the range of the bound's log factors is inconclusive, not yet in a "
      "power regime); a fitted exponent ≥ 0.95 (linear at feasible T) is inconclusive; "
      "the two-sided 1−α interval of the fitted exponent (exact Student t on the OLS standard error) is judged "
      "against the band [γ, γ + k·s_ll] of T^γ times the theorem's explicit log factors (ln T)^j, j ≤ k: it misses "
      "the band (violated), or meets it with half-width ≤ 0.1 and below 0.95 (holds)";
  struct Rate {
    const char* id;
    const char* label;
    const char* statement;
    Source source;
    const char* batch;
  };
  const Rate rates[] = {
      {"001.thm3.2.rate", "LinUCB-SDP-Amp",
       "LinUCB-SDP-Amp (P_Amp, unique users) with B = ⌈T^{3/5}⌉: Reg(T) grows like T^{3/5} (Thm 3.2's "
       "Õ(d^{4/5}ε^{−2/5}T^{3/5}) at the optimal B)",
       {"001", "§3.2", "Thm 3.2 / B.1, Cor. 3.3"}, "B = ⌈T^{3/5}⌉"},
      {"001.thm3.5.rate", "LinUCB-SDP-Vec",
       "LinUCB-SDP-Vec (P_Vec, unique users) with B = ⌈T^{3/5}⌉: Reg(T) grows like T^{3/5} (Thm 3.5 at the optimal "
       "B)",
       {"001", "§3.3", "Thm 3.5 / C.1, Cor. C.2"}, "B = ⌈T^{3/5}⌉"},
      {"001.remark3.10.local", "LinUCB-LDP",
       "LinUCB-LDP (sequential, B = 1): Reg(T) grows like T^{3/4} (Remark 3.10's local rate; Prop. F.1)",
       {"001", "§3.4", "Remark 3.10, Prop. F.1"}, "B = 1"},
      {"001.remark3.10.central", "LinUCB-JDP",
       "LinUCB-JDP (sequential, B = 1): Reg(T) grows like T^{1/2} (Remark 3.10's central rate; Prop. F.3)",
       {"001", "§3.4", "Remark 3.10, Prop. F.3"}, "B = 1"},
      {"001.remarkf2", "Batched-Local-LinUCB",
       "Batched-Local-LinUCB with B = ⌈T^{3/4}⌉ keeps the sequential local rate: Reg(T) grows like T^{3/4}",
       {"001", "App. F", "Remark F.2, Prop. F.1"}, "B = ⌈T^{3/4}⌉"},
      {"001.remarkf4", "Batched-Central-LinUCB",
       "Batched-Central-LinUCB with B = ⌈√T⌉ keeps the sequential central rate: Reg(T) grows like T^{1/2}",
       {"001", "App. F", "Remark F.4, Prop. F.3"}, "B = ⌈√T⌉"},
  };
  registry.add(in_family(
      "exponents-001",
      Claim{"001.thm4.2.rate",
            "Returning users: LinUCB-SDP-Amp and LinUCB-SDP-Vec calibrated per batch by Thm 4.2(i) / E.3 and 4.2(ii) "
            "/ E.5 with B = ⌈T^{2/3}⌉, and the user-level JDP LinUCB (Prop. 4.3, node std × M₀) with B = 1 and M₀ = "
            "⌈T^{1/3}⌉ (Remark 4.4): Reg(T) of each grows like T^{2/3}; the claim holds iff every fit holds, is "
            "violated iff one is, else inconclusive" +
                rule001,
            {"001", "§4", "Thm 4.2 / E.3, E.5, Cor. E.4; Prop. 4.3, Remark 4.4"}, Method::trend,
            grid001 + "; LinUCB-SDP-Amp (returning) and LinUCB-SDP-Vec (returning), B = ⌈T^{2/3}⌉; User-level-JDP, "
                      "B = 1, M₀ = ⌈T^{1/3}⌉",
            Verdict::inconclusive, [](const RunOptions& o) {
              return check_001_exponents_joint(
                  o, {"LinUCB-SDP-Amp (returning)", "LinUCB-SDP-Vec (returning)", "User-level-JDP"});
            }}));
  stored(registry, "001.thm4.2.rate");
  for (const Rate& rate : rates) {
    const std::string label = rate.label;
    registry.add(in_family("exponents-001",
                           Claim{rate.id, std::string(rate.statement) + rule001, rate.source, Method::trend,
                                 grid001 + "; " + label + ", " + rate.batch, Verdict::inconclusive,
                                 [label](const RunOptions& o) { return check_001_exponent(o, label); }}));
    stored(registry, rate.id);
  }
  // 2: the model check (a bend is inconclusive), the band of the bound's log factors, holds only below 0.95.
  for (const char* id : {"001.thm3.2.rate", "001.thm3.5.rate", "001.remark3.10.local", "001.remark3.10.central",
                         "001.remarkf2", "001.remarkf4", "001.thm4.2.rate"})
    mutable_claim(registry, id).version = 2;
  for (const char* id : {"000.fig23.central-match", "000.fig23.rdp-gain", "000.fig4.trust-models", "002.fig.small-eps",
                         "002.fig.large-eps"})
    mutable_claim(registry, id).version = 2;  // 2: α from the family (0.05/5), 16 quick runs, decidability
  mutable_claim(registry, "000.fig23.central-match").version = 3;  // 3: t0 = T/10 (was T/100) and the final ratio
}

}  // namespace dpb::verify
