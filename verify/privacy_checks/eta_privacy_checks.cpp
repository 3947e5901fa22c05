#include "verify/privacy_checks/eta_privacy_checks.hpp"

#include <chrono>
#include <cstdio>

#include "reference/learners/mase.hpp"
#include "verify/audit/eta_privacy.hpp"

namespace dpb::verify::privacy_checks {

namespace {

using audit::EtaSetting;

EtaSetting setting(ref::MultiAgentAlgorithm algorithm, std::uint32_t N, const Rational& delta, const Rational& eta,
                   const Rational& xi, ref::AgentLawKind law, std::uint64_t runs) {
  EtaSetting s;
  s.algorithm = algorithm;
  s.params.agents = N;
  s.params.delta = delta;
  s.params.eta = eta;
  s.params.xi = xi;
  s.params.law = law;
  s.eta = eta;
  s.runs = runs;
  s.name = ref::algorithm_name(algorithm) + " N = " + std::to_string(N) + ", " +
           (law == ref::AgentLawKind::Uniform ? "uniform" : "P^gamma (gamma = 4/5)") + ", delta = " +
           dpb::to_string(delta) + ", eta = " + dpb::to_string(eta) + ", xi = " + dpb::to_string(xi);
  return s;
}

Outcome run_grid(const std::vector<EtaSetting>& grid, const RunOptions& options) {
  const auto started = std::chrono::steady_clock::now();
  std::vector<audit::EtaSettingResult> results;
  for (const EtaSetting& s : grid) results.push_back(audit::run_eta_setting(s, options.seed, 1));
  const audit::EtaJudgement j = audit::judge_eta(results, options.alpha > 0 ? options.alpha : 1e-6);
  Outcome o;
  o.verdict = j.verdict == audit::EtaVerdict::violated ? Verdict::violated
              : j.verdict == audit::EtaVerdict::holds  ? Verdict::holds
                                                       : Verdict::inconclusive;
  double worst = 0;
  std::string where;
  for (const auto& c : j.evidence["counts"]) {
    const double excess = c["cp_lower"].get<double>() - c["one_minus_eta"].get<double>();
    if (where.empty() || excess > worst) {
      worst = excess;
      where = c["setting"].get<std::string>() + ", agent " + std::to_string(c["agent"].get<unsigned>()) + ", " +
              c["adversary"].get<std::string>();
    }
  }
  char buf[200];
  std::snprintf(buf, sizeof buf, "%llu triples: max (CP lower - (1 - eta)) = %+.3f",
                static_cast<unsigned long long>(j.comparisons), worst);
  o.key_figure = buf;
  o.evidence = j.evidence;
  o.evidence["worst_triple"] = where;
  o.evidence["problem"] = "P1 (Bernoulli 0.7, 0.5, 0.3, 0.1 x 7), labels permuted uniformly per run, optimized engine";
  if (j.verdict == audit::EtaVerdict::inconclusive) o.evidence["runs_needed"] = j.runs_needed;
  o.evidence["seconds"] = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return o;
}

}  // namespace

Outcome check_prop51_eta_privacy(const RunOptions& options) {
  using ref::AgentLawKind;
  const auto CE = ref::MultiAgentAlgorithm::CorruptedElimination;
  std::vector<EtaSetting> grid;
  if (options.suite == Suite::full) {
    for (const Rational& eta : {Rational(1, 2), Rational(7, 10), Rational(9, 10)})
      for (const Rational& xi : {Rational(0), Rational(1, 20), Rational(1, 10)}) {
        if (ref::eta_xi(eta, xi, 10) <= 0) continue;  // eq. (12) needs η_ξ > 0
        for (const std::uint32_t N : {64U, 256U})
          for (const AgentLawKind law : {AgentLawKind::Uniform, AgentLawKind::Power})
            grid.push_back(setting(CE, N, Rational(1, 20), eta, xi, law, 200));
      }
  } else {
    grid.push_back(setting(CE, 16, Rational(1, 4), Rational(9, 10), Rational(1, 20), AgentLawKind::Uniform, 100));
  }
  return run_grid(grid, options);
}

Outcome check_feraud_eta_privacy(const RunOptions& options) {
  using ref::AgentLawKind;
  const auto DE = ref::MultiAgentAlgorithm::DecentralizedElimination;
  std::vector<EtaSetting> grid;
  if (options.suite == Suite::full) {
    for (const Rational& eta : {Rational(1, 2), Rational(7, 10), Rational(9, 10)})
      for (const std::uint32_t N : {64U, 256U})
        for (const AgentLawKind law : {AgentLawKind::Uniform, AgentLawKind::Power})
          grid.push_back(setting(DE, N, Rational(1, 20), eta, Rational(0), law, 200));
  } else {
    grid.push_back(setting(DE, 16, Rational(1, 4), Rational(9, 10), Rational(0), AgentLawKind::Uniform, 60));
  }
  return run_grid(grid, options);
}

}  // namespace dpb::verify::privacy_checks
