#include "verify/statistical/seed004_failure.hpp"

#include <chrono>
#include <cmath>
#include <stdexcept>

#include "optimized/learners/mase.hpp"
#include "verify/cluster/cancellation.hpp"
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
  if (options.suite == Suite::full) {
    for (const Rational& e : {Rational(1, 4), Rational(1, 2)}) add(64, Rational(1, 20), e, 600);
    add(16, Rational(1, 4), Rational(1, 2), 600);
  } else {
    add(16, Rational(1, 4), Rational(1, 2), 300);
  }
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
  if (options.suite == Suite::full) {
    for (const Rational& xi : {Rational(0), Rational(1, 20), Rational(1, 10)})
      add(64, Rational(1, 20), Rational(9, 10), xi, 600);
  } else {
    for (const Rational& xi : {Rational(0), Rational(1, 10)}) add(16, Rational(1, 4), Rational(9, 10), xi, 300);
  }
  return run_grid(grid, options);
}

}  // namespace dpb::verify::statistical
