#include "verify/statistical/seed004_failure.hpp"

#include <chrono>
#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "optimized/learners/mase.hpp"
#include "verify/cluster/cancellation.hpp"
#include "verify/experiments/bai.hpp"
#include "verify/stats/binomial_tests.hpp"

namespace dpb::verify::statistical {

FailureCount count_failures(const FailureSetting& s, std::uint64_t seed) {
  const ref::BanditInstance inst = ref::seed004_problem1();
  const ref::MultiAgentConfig cfg = ref::configure_multi_agent(s.algorithm, s.params, inst.arms());
  FailureCount c;
  c.runs = s.runs;
  for (std::uint64_t r = 0; r < s.runs; ++r) {
    if (r % 16 == 0) poll_cancellation();
    const ref::MultiAgentOutcome o = fast::run_multi_agent(cfg, inst, ref::multi_agent_streams(seed, r));
    if (o.reason != ref::EndReason::Decided) {
      ++c.undecided;
      ++c.failures;
    } else if (!o.arm || *o.arm != inst.best_arm()) {
      ++c.failures;
    }
  }
  return c;
}

Outcome test_failures(const std::vector<FailureSetting>& settings, const std::vector<FailureCount>& counts,
                      double alpha) {
  if (!(alpha > 0 && alpha < 1)) throw std::invalid_argument("test_failures: alpha must be in (0, 1)");
  if (settings.size() != counts.size() || settings.empty())
    throw std::invalid_argument("test_failures: one count per setting, at least one");
  const double each = alpha / static_cast<double>(settings.size());
  Outcome o;
  bool all_below = true, some_above = false;
  nlohmann::json list = nlohmann::json::array();
  double worst_upper = 0;
  for (std::size_t i = 0; i < settings.size(); ++i) {
    const FailureCount& c = counts[i];
    const double delta = settings[i].params.delta.convert_to<double>();
    const double upper = stats::clopper_pearson_upper(c.failures, c.runs, 1 - each);
    const double lower = stats::clopper_pearson_lower(c.failures, c.runs, 1 - each);
    all_below &= upper <= delta;
    some_above |= lower > delta;
    worst_upper = std::max(worst_upper, upper / delta);
    list.push_back({{"setting", settings[i].name},
                    {"delta", dpb::to_string(settings[i].params.delta)},
                    {"runs", c.runs},
                    {"failures", c.failures},
                    {"undecided", c.undecided},
                    {"cp_lower", lower},
                    {"cp_upper", upper}});
  }
  o.verdict = some_above ? Verdict::violated : all_below ? Verdict::holds : Verdict::inconclusive;
  char buf[200];
  std::snprintf(buf, sizeof buf, "%zu settings: max CP upper / delta = %.3g (CP at %.2g each)", settings.size(),
                worst_upper, each);
  o.key_figure = buf;
  o.evidence["settings"] = list;
  o.evidence["alpha"] = alpha;
  o.evidence["alpha_each"] = each;
  o.evidence["verdict_rule"] =
      "one-sided Clopper-Pearson bounds at alpha/m per setting (Bonferroni over the m settings); undecided runs count "
      "as failures; holds iff every upper bound <= delta, violated iff some lower bound > delta, else inconclusive";
  if (o.verdict == Verdict::inconclusive)
    o.evidence["inconclusive_because"] = "some upper bound exceeds delta while no lower bound does: more runs per "
                                         "setting would decide it";
  return o;
}

namespace {

Outcome run_grid(const std::vector<FailureSetting>& grid, const RunOptions& options) {
  const auto started = std::chrono::steady_clock::now();
  std::vector<FailureCount> counts;
  for (const FailureSetting& s : grid) counts.push_back(count_failures(s, options.seed));
  Outcome o = test_failures(grid, counts, options.alpha > 0 ? options.alpha : 1e-6);
  o.evidence["problem"] = "P1 (Bernoulli 0.7, 0.5, 0.3, 0.1 x 7), uniform agents, optimized engine";
  o.evidence["seconds"] = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return o;
}

// The full suite's grid (issue 16 §3: "at every point of Figs 1–6"): every cell of the figure configs whose learner
// is one of `learners` (baselines excluded), on the config's problems, agent laws and N grid, `runs` runs each
// (Fig. 4 is Figs 1 and 3 without baselines, so adds no cell; a cell that two configs share — Fig. 6's uniform curves
// are Fig. 1's cells, same streams — is tested once).
Outcome run_figure_grid(const std::vector<ref::MultiAgentAlgorithm>& algorithms, std::uint32_t runs,
                        const RunOptions& options) {
  const auto started = std::chrono::steady_clock::now();
  std::vector<FailureSetting> settings;
  std::vector<FailureCount> counts;
  std::vector<std::string> keys;
  nlohmann::json figures = nlohmann::json::array();
  for (const char* name : {"004-fig1", "004-fig2", "004-fig3", "004-fig5", "004-fig6"}) {
    const auto config = experiments::find_bai_experiment(name);
    if (!config) throw std::runtime_error(std::string("no bai experiment ") + name);
    experiments::BaiConfig c = *config;
    c.seed = options.seed;
    experiments::BaiOptions bo;
    bo.runs = runs;
    std::vector<std::string> labels;
    for (const auto& a : c.algorithms)
      if (!a.baseline && std::find(algorithms.begin(), algorithms.end(), a.algorithm) != algorithms.end())
        labels.push_back(a.label);
    if (labels.empty()) continue;
    bo.labels = labels;
    const experiments::BaiResult r = experiments::run_bai(c, bo);
    figures.push_back({{"experiment", name}, {"algorithms", labels}, {"seed", c.seed}});
    for (const experiments::BaiCell& cell : r.cells) {
      const experiments::BaiAlgorithm& a = r.config.algorithms[cell.algorithm];
      // The key names what determines the cell's law: problem, learner and parameters, N, δ.
      const std::string key = cell.problem + " " + a.learner + " " + experiments::bai_parameters_text(a) + " N=" +
                              std::to_string(cell.agents) + " delta=" + dpb::to_string(r.config.delta);
      if (std::find(keys.begin(), keys.end(), key) != keys.end()) continue;
      keys.push_back(key);
      FailureSetting s;
      s.name = std::string(name) + ": " + key;
      s.algorithm = a.algorithm;
      s.params = a.params;
      s.params.agents = cell.agents;
      s.params.delta = r.config.delta;
      s.runs = cell.rounds.size();
      settings.push_back(s);
      counts.push_back({cell.rounds.size(), cell.failures, cell.undecided_runs});
    }
  }
  Outcome o = test_failures(settings, counts, options.alpha > 0 ? options.alpha : 1e-6);
  o.evidence["grid"] = "every non-baseline cell of the figure configs 004-fig1, -fig2, -fig3, -fig5, -fig6 (problems, "
                       "agent laws, N grids as configured; Fig. 4 adds no cell), " + std::to_string(runs) +
                       " runs each, streams ref::multi_agent_streams(seed, r) as the sweeps (optimized engine)";
  o.evidence["figures"] = figures;
  o.evidence["seconds"] = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return o;
}

// Full suite: 500 runs per cell. With m ≈ 65 (DP-MASE) or 55 (CE) cells at the claim's α = 10⁻⁶, a cell with no
// failure has a Clopper–Pearson upper bound ≈ 0.036 < δ = 1/20, so a correct learner can come out `holds`.
constexpr std::uint32_t kFullRunsPerCell = 500;

}  // namespace

Outcome check_prop42_failure(const RunOptions& options) {
  std::vector<FailureSetting> grid;
  auto add = [&](std::uint32_t N, const Rational& delta, const Rational& eps, std::uint64_t runs) {
    FailureSetting s;
    s.algorithm = ref::MultiAgentAlgorithm::DpMase;
    s.params.agents = N;
    s.params.delta = delta;
    s.params.eps = eps;
    s.params.beta = Rational(1, 2);
    s.runs = runs;
    s.name = "dp-mase N = " + std::to_string(N) + ", delta = " + dpb::to_string(delta) + ", eps = " +
             dpb::to_string(eps) + ", beta = 1/2";
    grid.push_back(s);
  };
  if (options.suite == Suite::full) return run_figure_grid({ref::MultiAgentAlgorithm::DpMase}, kFullRunsPerCell, options);
  add(16, Rational(1, 4), Rational(1, 2), 300);
  return run_grid(grid, options);
}

Outcome check_prop52_failure(const RunOptions& options) {
  std::vector<FailureSetting> grid;
  auto add = [&](std::uint32_t N, const Rational& delta, const Rational& eta, const Rational& xi,
                 std::uint64_t runs) {
    FailureSetting s;
    s.algorithm = ref::MultiAgentAlgorithm::CorruptedElimination;
    s.params.agents = N;
    s.params.delta = delta;
    s.params.eta = eta;
    s.params.xi = xi;
    s.runs = runs;
    s.name = "corrupted-elimination N = " + std::to_string(N) + ", delta = " + dpb::to_string(delta) + ", eta = " +
             dpb::to_string(eta) + ", xi = " + dpb::to_string(xi);
    grid.push_back(s);
  };
  if (options.suite == Suite::full)
    return run_figure_grid(
        {ref::MultiAgentAlgorithm::CorruptedElimination, ref::MultiAgentAlgorithm::DecentralizedElimination},
        kFullRunsPerCell, options);
  for (const Rational& xi : {Rational(0), Rational(1, 10)}) add(16, Rational(1, 4), Rational(9, 10), xi, 300);
  return run_grid(grid, options);
}

}  // namespace dpb::verify::statistical
