#include "verify/crosscheck/multi_agent_crosscheck.hpp"

#include <ostream>

#include "optimized/learners/dp_successive_elimination.hpp"
#include "optimized/learners/mase.hpp"
#include "reference/bits/chacha20.hpp"
#include "reference/core/errors.hpp"
#include "reference/environments/reward_tape.hpp"
#include "reference/learners/dp_successive_elimination.hpp"
#include "reference/learners/noise_source.hpp"

namespace dpb::verify {

ref::BanditInstance make_seed004_instance(const std::string& environment, const Rational& sigma,
                                          const Rational& shift) {
  if (environment == "p1") return ref::seed004_problem1();
  if (environment == "p2") return ref::seed004_problem2(sigma, shift);
  throw_parameter_error("seed004", "env", "p1 or p2", "'" + environment + "'");
}

std::vector<std::string> multi_agent_learner_names() {
  return {"mase", "dp-mase", "corrupted-elimination", "decentralized-elimination", "central-se", "independent-se"};
}

bool is_multi_agent_learner(const std::string& name) { return ref::parse_multi_agent_algorithm(name).has_value(); }

bool MultiAgentCrosscheckReport::ok() const {
  for (const auto& r : runs)
    if (!r.difference.empty()) return false;
  return true;
}

MultiAgentCrosscheckReport crosscheck_multi_agent(const MultiAgentCrosscheckConfig& config) {
  MultiAgentCrosscheckReport report;
  report.config = config;
  if (config.runs < 1 || config.runs > 100000)
    throw_parameter_error("crosscheck", "runs", "in 1..100000", std::to_string(config.runs));
  const ref::BanditInstance instance = make_seed004_instance(config.environment, config.sigma, config.shift);
  report.calibrated = ref::configure_multi_agent(config.algorithm, config.params, instance.arms());
  for (std::uint32_t r = 0; r < config.runs; ++r) {
    const ref::MultiAgentStreams streams = ref::multi_agent_streams(config.seed, r);
    auto on_round = [&](std::uint64_t t) { config.progress(r, t); };
    const ref::RoundHook hook = config.progress ? ref::round_hook(on_round) : ref::RoundHook{};
    const ref::MultiAgentOutcome a = ref::run_multi_agent(report.calibrated, instance, streams, hook);
    const ref::MultiAgentOutcome b = fast::run_multi_agent(report.calibrated, instance, streams);
    MultiAgentRunComparison c;
    c.run = r;
    c.reason = ref::end_reason_name(a.reason);
    c.arm = a.arm ? std::to_string(*a.arm) : "-";
    c.rounds = a.rounds;
    c.messages = a.messages.size();
    c.eliminations = a.eliminations.size() + a.local_eliminations.size();
    c.releases = a.releases.size();
    c.deferred = b.deferred;
    c.difference = first_difference(a, b);
    report.runs.push_back(c);
    if (config.progress) config.progress(r + 1, 0);
  }
  return report;
}

void print_multi_agent_report(const MultiAgentCrosscheckReport& report, std::ostream& out) {
  const auto& c = report.calibrated;
  out << "crosscheck " << ref::algorithm_name(c.algorithm) << " on " << report.config.environment
      << ": N = " << c.agents << ", M = " << c.votes_threshold << (c.votes_overridden ? " (--votes)" : "")
      << ", vote test " << (c.vote_test == ref::VoteTest::Gt ? "gt" : "ge") << ", ρ = " << to_string(c.rho)
      << ", max rounds " << c.max_rounds << ", seed " << report.config.seed << "\n";
  std::uint32_t same = 0;
  std::uint64_t deferred = 0;
  for (const auto& r : report.runs) {
    out << "  run " << r.run << ": " << r.reason << ", arm " << r.arm << ", " << r.rounds << " rounds, "
        << r.messages << " messages, " << r.eliminations << " global eliminations, " << r.releases
        << " releases, " << r.deferred << " deferred: " << (r.difference.empty() ? "identical" : r.difference)
        << "\n";
    same += r.difference.empty() ? 1 : 0;
    deferred += r.deferred;
  }
  out << same << "/" << report.runs.size() << " runs identical; " << deferred
      << " optimized decisions deferred to certified code\n";
}

namespace {

template <class F>
void first(std::string& difference, F&& describe) {
  if (difference.empty()) difference = describe();
}

}  // namespace

ReductionResult reduction_dp_se(const ref::BanditInstance& instance, const DpSeReductionParams& params,
                                std::uint64_t seed, std::uint32_t runs) {
  ReductionResult result;
  ref::MultiAgentParams p;
  p.agents = 1;
  p.beta = params.beta;
  p.eps = params.eps;
  p.noise_refinement = params.noise_refinement;
  p.votes = 0;  // M = 0: one vote (the agent's own) eliminates
  const ref::MultiAgentConfig cfg = ref::configure_multi_agent(ref::MultiAgentAlgorithm::DpMase, p, instance.arms());
  const Integer unit = Integer(instance.grid()) * params.noise_refinement;
  for (std::uint32_t r = 0; r < runs; ++r) {
    const std::uint64_t base = std::uint64_t{r} << 20;
    ref::MultiAgentStreams s;
    s.seed = seed;
    s.agent_stream = base;  // N = 1: no agent draw consumes bits
    s.noise_base = base + 1 + (params.wrong_noise_stream ? 1000 : 0);
    s.reward_base = base + 2;
    const ref::MultiAgentOutcome mas =
        params.fast ? fast::run_multi_agent(cfg, instance, s) : ref::run_multi_agent(cfg, instance, s);
    ++result.runs;
    if (mas.reason != ref::EndReason::Decided) ++result.undecided;
    // dp-se on the same tape for exactly the pulls DP-MASE made: it completes the same epochs.
    const ref::RewardTape tape = ref::make_reward_tape(instance, std::max<std::uint64_t>(mas.pulls, 1), seed, base + 2);
    ChaCha20Source noise(seed, base + 1);
    std::vector<ref::Release> rel;
    std::vector<ref::Elimination> elim;
    if (params.fast) {
      fast::DpSuccessiveEliminationParams q;
      q.K = instance.arms();
      q.T = std::max<std::uint64_t>(mas.pulls, 1);
      q.eps = params.eps;
      q.beta = params.beta;
      q.noise_refinement = params.noise_refinement;
      const fast::Trajectory t = fast::dp_successive_elimination(q, tape, NoiseSource(noise));
      for (const auto& x : t.releases)
        rel.push_back(ref::Release{x.round, x.arm, x.index, x.first, x.count, Rational(Integer(x.num), Integer(x.den))});
      for (const auto& x : t.eliminations) elim.push_back(ref::Elimination{x.round, x.arm, x.batch});
    } else {
      ref::DpSuccessiveEliminationParams q;
      q.K = instance.arms();
      q.T = std::max<std::uint64_t>(mas.pulls, 1);
      q.eps = params.eps;
      q.beta = params.beta;
      q.noise_refinement = params.noise_refinement;
      const ref::Trajectory t = ref::dp_successive_elimination(q, tape, NoiseSource(noise));
      rel = t.releases;
      elim = t.eliminations;
    }
    const std::string where = "run " + std::to_string(r) + ": ";
    // Releases: (arm, epoch, first, count, value) in order.
    if (rel.size() != mas.releases.size())
      first(result.difference, [&] {
        return where + std::to_string(mas.releases.size()) + " DP-MASE releases vs " + std::to_string(rel.size()) +
               " dp-se releases";
      });
    for (std::size_t i = 0; i < std::min(rel.size(), mas.releases.size()); ++i) {
      const auto& x = mas.releases[i];
      const auto& y = rel[i];
      ++result.releases;
      if (x.arm != y.arm || x.epoch != y.index || x.first != y.first || x.count != y.count ||
          Rational(x.value, unit) != y.value)
        first(result.difference, [&] { return where + "release " + std::to_string(i) + " differs"; });
    }
    // Eliminations: (arm, epoch) in order; DP-MASE's epoch is that of the release made in the same round.
    if (elim.size() != mas.messages.size())
      first(result.difference, [&] {
        return where + std::to_string(mas.messages.size()) + " DP-MASE eliminations vs " +
               std::to_string(elim.size()) + " dp-se eliminations";
      });
    for (std::size_t i = 0; i < std::min(elim.size(), mas.messages.size()); ++i) {
      const auto& m = mas.messages[i];
      std::uint32_t epoch = 0;
      for (const auto& x : mas.releases)
        if (x.round == m.round) epoch = x.epoch;
      ++result.eliminations;
      if (m.arm != elim[i].arm || epoch != elim[i].batch)
        first(result.difference, [&] { return where + "elimination " + std::to_string(i) + " differs"; });
    }
  }
  return result;
}

ReductionResult reduction_feraud(const ref::BanditInstance& instance, ref::MultiAgentParams params,
                                 std::uint64_t seed, std::uint32_t runs) {
  ReductionResult result;
  const ref::MultiAgentConfig ce =
      ref::configure_multi_agent(ref::MultiAgentAlgorithm::CorruptedElimination, params, instance.arms());
  const ref::MultiAgentConfig de =
      ref::configure_multi_agent(ref::MultiAgentAlgorithm::DecentralizedElimination, params, instance.arms());
  for (std::uint32_t r = 0; r < runs; ++r) {
    const ref::MultiAgentStreams s = ref::multi_agent_streams(seed, r);
    ref::MultiAgentOutcome a = ref::run_multi_agent(ce, instance, s);
    const ref::MultiAgentOutcome b = ref::run_multi_agent(de, instance, s);
    ++result.runs;
    if (a.reason != ref::EndReason::Decided) ++result.undecided;
    result.eliminations += b.eliminations.size();
    a.algorithm = b.algorithm;
    const std::string d = first_difference(a, b);
    if (!d.empty()) first(result.difference, [&] { return "run " + std::to_string(r) + ": " + d; });
  }
  return result;
}

}  // namespace dpb::verify
