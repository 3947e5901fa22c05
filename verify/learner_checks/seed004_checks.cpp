#include "verify/learner_checks/seed004_checks.hpp"


#include <algorithm>
#include <map>
#include <set>
#include <utility>

#include "optimized/learners/mase.hpp"
#include "reference/bits/chacha20.hpp"
#include "reference/core/interval.hpp"
#include "reference/environments/reward_tape.hpp"
#include "reference/samplers/discrete_laplace.hpp"
#include "verify/crosscheck/multi_agent_crosscheck.hpp"

namespace dpb::verify::learner_checks {

namespace {

Rational power(const Rational& x, std::uint64_t k) {
  Rational r(1);
  for (std::uint64_t i = 0; i < k; ++i) r *= x;
  return r;
}

// |x − printed| <= 5e−7 for a certified enclosure x (both ends).
bool matches_printed(const Interval& x, const Rational& printed) {
  const Rational tol(1, 2000000);
  return x.lower() >= printed - tol && x.upper() <= printed + tol;
}

Outcome finish(std::vector<std::string> problems, std::uint64_t cases, const std::string& what) {
  Outcome o;
  o.verdict = problems.empty() ? Verdict::holds : Verdict::violated;
  o.key_figure = std::to_string(cases) + " " + what + ", " + std::to_string(problems.size()) + " failures";
  o.evidence["cases"] = cases;
  if (problems.size() > 20) problems.resize(20);
  o.evidence["failures"] = problems;
  return o;
}

}  // namespace

Outcome check_eta_xi(const EtaXiFunction& eta_xi, bool full) {
  std::vector<std::string> problems;
  std::uint64_t cases = 0;
  const std::vector<Rational> etas{Rational(1, 2), Rational(3, 4), Rational(9, 10)};
  std::vector<Rational> xis{Rational(0), Rational(1, 100), Rational(1, 20), Rational(1, 10), Rational(1, 5),
                            Rational(1, 4), Rational(1, 2), Rational(9, 10)};
  if (full)
    for (int i = 1; i < 100; ++i) xis.push_back(Rational(i, 100));
  std::sort(xis.begin(), xis.end());
  xis.erase(std::unique(xis.begin(), xis.end()), xis.end());
  for (const Rational& eta : etas)
    for (std::uint32_t K = 2; K <= 16; ++K) {
      // ξ* = 1 − (1 − η)^{1/(K−1)}, enclosed.
      const Interval star = Interval(Rational(1), 256) - Interval(Rational(1) - eta, 256).log().div(K - 1).exp();
      Rational previous(2);
      for (const Rational& xi : xis) {
        ++cases;
        const Rational v = eta_xi(eta, xi, K);
        const std::string at = "η = " + dpb::to_string(eta) + ", ξ = " + dpb::to_string(xi) + ", K = " + std::to_string(K);
        if (v < 0 || v >= 1) problems.push_back(at + ": η_ξ outside [0, 1)");
        if (v > 0 && (1 - v) * power(1 - xi, K - 1) != 1 - eta) problems.push_back(at + ": eq. 12 fails");
        // η_ξ = 0 exactly from ξ*: certified comparison of ξ with ξ* (ξ* is irrational for these η, K >= 3).
        if (star.certainly_greater(xi) && v == 0) problems.push_back(at + ": η_ξ = 0 below ξ*");
        if (star.certainly_less(xi) && v != 0) problems.push_back(at + ": η_ξ > 0 above ξ*");
        if (v > previous || (v > 0 && v == previous)) problems.push_back(at + ": not decreasing in ξ");
        previous = v;
      }
    }
  // §7.4 (η = 9/10, K = 10).
  const std::vector<std::pair<Rational, Rational>> printed{{Rational(1, 20), Rational(841333, 1000000)},
                                                           {Rational(1, 10), Rational(741883, 1000000)},
                                                           {Rational(1, 5), Rational(254942, 1000000)}};
  for (const auto& [xi, value] : printed) {
    ++cases;
    if (!matches_printed(Interval(eta_xi(Rational(9, 10), xi, 10), 128), value))
      problems.push_back("§7.4: η_ξ(9/10, " + dpb::to_string(xi) + ", 10) differs from " + dpb::to_string(value));
  }
  ++cases;
  const Interval star = Interval(Rational(1), 256) - Interval(Rational(1, 10), 256).log().div(9).exp();
  // printed to 5 decimals: |ξ* − 0.22574| <= 5e−6
  if (!(star.lower() >= Rational(22574, 100000) - Rational(1, 200000) &&
        star.upper() <= Rational(22574, 100000) + Rational(1, 200000)))
    problems.push_back("§7.4: ξ* differs from 0.22574");
  return finish(std::move(problems), cases, "(η, ξ, K) cases");
}

Outcome check_vote_threshold(const VoteThresholdFunction& M_of, bool full) {
  std::vector<std::string> problems;
  std::uint64_t cases = 0;
  std::vector<Rational> values{Rational(1, 100), Rational(1, 20), Rational(1, 10), Rational(1, 8), Rational(1, 4),
                               Rational(3, 10), Rational(1, 3),  Rational(1, 2),  Rational(2, 3), Rational(4, 5),
                               Rational(9, 10), Rational(99, 100)};
  if (full)
    for (int i = 1; i < 100; ++i) values.push_back(Rational(i, 100));
  for (const Rational& rho : values)
    for (const Rational& delta : values) {
      ++cases;
      const std::uint64_t M = M_of(rho, delta);
      const std::string at = "ρ = " + dpb::to_string(rho) + ", δ = " + dpb::to_string(delta) + ", M = " + std::to_string(M);
      if (M == 0 || M > 100000) {
        problems.push_back(at + ": out of range");
        continue;
      }
      const Rational pM = power(rho, M);
      if (!(pM <= delta) || !(delta < pM / rho)) problems.push_back(at + ": not the smallest M with ρ^M <= δ");
      // M = ⌈ln δ/ln ρ⌉ (or ln δ/ln ρ exactly when ρ^M = δ), certified.
      const Interval r = Interval(delta, 256).log() / Interval(rho, 256).log();
      if (pM == delta) {
        if (!r.contains(Rational(M))) problems.push_back(at + ": ρ^M = δ but ln δ/ln ρ is not M");
      } else if (!(r.certainly_greater(Rational(M - 1)) && r.certainly_less(Rational(M)))) {
        problems.push_back(at + ": M is not ⌈ln δ/ln ρ⌉");
      }
    }
  // §7.4 at δ = 1/20: β = 0.3, 0.5, 0.8 → 3, 5, 14; η_ξ (η = 0.9, K = 10) at ξ = 0, 0.05, 0.1, 0.2 → 29, 18, 11, 3.
  const std::vector<std::pair<Rational, std::uint64_t>> table{
      {Rational(3, 10), 3},
      {Rational(1, 2), 5},
      {Rational(4, 5), 14},
      {ref::eta_xi(Rational(9, 10), Rational(0), 10), 29},
      {ref::eta_xi(Rational(9, 10), Rational(1, 20), 10), 18},
      {ref::eta_xi(Rational(9, 10), Rational(1, 10), 10), 11},
      {ref::eta_xi(Rational(9, 10), Rational(1, 5), 10), 3}};
  for (const auto& [rho, M] : table) {
    ++cases;
    if (M_of(rho, Rational(1, 20)) != M) problems.push_back("§7.4: M(" + dpb::to_string(rho) + ", 1/20) ≠ " + std::to_string(M));
  }
  return finish(std::move(problems), cases, "(ρ, δ) cases");
}

std::string message_problems(const ref::MultiAgentOutcome& o, const ref::MultiAgentConfig& config, std::uint32_t K) {
  const std::uint32_t N = config.agents;
  std::set<std::pair<std::uint32_t, std::uint32_t>> seen;
  std::vector<std::uint64_t> per_agent(N, 0), sent(K, 0);
  for (const auto& m : o.messages) {
    if (m.agent >= N || m.arm >= K) return "a message names an agent or arm out of range";
    if (!seen.insert({m.agent, m.arm}).second)
      return "agent " + std::to_string(m.agent) + " sent two messages against arm " + std::to_string(m.arm);
    if (++per_agent[m.agent] > K - 1) return "agent " + std::to_string(m.agent) + " sent more than K − 1 messages";
    if (m.sent) ++sent[m.arm];
    if (!config.mask_xi && !m.sent) return "a message was dropped without a mask";
  }
  for (std::uint32_t k = 0; k < K; ++k) {
    if (o.votes[k] != sent[k]) return "votes against arm " + std::to_string(k) + " differ from its sent messages";
    if (o.votes[k] > N) return "more than N votes against arm " + std::to_string(k);
  }
  std::set<std::uint32_t> gone;
  const std::uint64_t need = ref::votes_needed(config.votes_threshold, config.vote_test);
  for (const auto& g : o.eliminations) {
    if (!gone.insert(g.arm).second) return "arm " + std::to_string(g.arm) + " eliminated globally twice";
    if (config.coordination != ref::Coordination::Votes) continue;
    if (g.votes < need) return "arm " + std::to_string(g.arm) + " eliminated with too few votes";
    bool voted = false;
    for (const auto& m : o.messages) voted |= m.round == g.round && m.arm == g.arm && m.sent && m.agent == g.agent;
    if (!voted) return "arm " + std::to_string(g.arm) + " eliminated without a vote in that round";
  }
  if (o.reason == ref::EndReason::Decided && config.coordination != ref::Coordination::Independent) {
    if (!o.arm || gone.count(*o.arm) || gone.size() != K - 1) return "the returned arm is not the one left";
  }
  return "";
}

std::string forgetful_problems(const ref::MultiAgentOutcome& o, const ref::MultiAgentConfig& config,
                               const ref::BanditInstance& instance, const ref::MultiAgentStreams& streams) {
  const std::uint32_t K = instance.arms();
  const Integer q = config.noise_refinement;
  const ref::DiscreteLaplace laplace(Rational(Integer(instance.grid()) * q) / config.eps);
  std::map<std::uint32_t, std::unique_ptr<ChaCha20Source>> noise;
  std::map<std::pair<std::uint32_t, std::uint32_t>, std::pair<std::unique_ptr<ChaCha20Source>, std::uint64_t>> rewards;
  std::map<std::pair<std::uint64_t, std::uint32_t>, std::uint64_t> released;  // (round, agent) → arms released
  for (const auto& r : o.releases) ++released[{r.round, r.agent}];
  for (const auto& r : o.releases) {
    const std::string at = "agent " + std::to_string(r.agent) + ", arm " + std::to_string(r.arm) + ", epoch " +
                           std::to_string(r.epoch);
    auto& rs = rewards[{r.agent, r.arm}];
    if (!rs.first)
      rs.first = std::make_unique<ChaCha20Source>(streams.seed, streams.reward_base + std::uint64_t{r.agent} * K + r.arm);
    if (r.first != rs.second) return at + ": its range does not start where the previous one ended";
    const std::uint64_t frozen = released[{r.round, r.agent}];
    if (Integer(r.count) != ref::dp_se_epoch_length(frozen, r.epoch, config.rho, config.eps))
      return at + ": its count is not R(e)";
    const ref::ArmSampler sample(instance.law(r.arm), instance.grid());
    Integer sum = 0;
    for (std::uint64_t i = 0; i < r.count; ++i) sum += sample(*rs.first);
    rs.second += r.count;
    auto& ns = noise[r.agent];
    if (!ns) ns = std::make_unique<ChaCha20Source>(streams.seed, streams.noise_base + r.agent);
    if (r.value != sum * q + laplace(*ns)) return at + ": value ≠ q·Σ(its rewards) + a fresh draw";
  }
  for (const auto& m : o.messages)
    if (!released.count({m.round, m.agent}))
      return "agent " + std::to_string(m.agent) + " voted outside an epoch end (round " + std::to_string(m.round) + ")";
  return "";
}

namespace {

ref::MultiAgentParams voting_params(std::uint32_t N) {
  ref::MultiAgentParams p;  // errata issue 15: δ = 1/4, β = η = 1/2 (M = 2)
  p.agents = N;
  p.delta = Rational(1, 4);
  p.beta = Rational(1, 2);
  p.eta = Rational(1, 2);
  return p;
}

Outcome reduction_outcome(const ReductionResult& r, const std::string& what) {
  Outcome o;
  const bool compared = r.eliminations > 0;
  o.verdict = !r.difference.empty() ? Verdict::violated : (compared ? Verdict::holds : Verdict::inconclusive);
  o.key_figure = std::to_string(r.runs) + " runs, " + std::to_string(r.eliminations) + " " + what +
                 (r.difference.empty() ? ", identical" : ", " + r.difference);
  o.evidence["runs"] = r.runs;
  o.evidence["eliminations_compared"] = r.eliminations;
  o.evidence["releases_compared"] = r.releases;
  o.evidence["undecided_runs"] = r.undecided;
  o.evidence["first_difference"] = r.difference;
  return o;
}

}  // namespace

Outcome check_reduction_dp_se(const RunOptions& options) {
  const bool full = options.suite == Suite::full;
  const std::uint32_t runs = full ? 20 : 3;
  ReductionResult total;
  for (bool fast : {false, true}) {
    DpSeReductionParams p;
    p.fast = fast;
    const ReductionResult r = reduction_dp_se(ref::seed004_problem1(), p, options.seed, runs);
    total.runs += r.runs;
    total.eliminations += r.eliminations;
    total.releases += r.releases;
    total.undecided += r.undecided;
    if (total.difference.empty() && !r.difference.empty())
      total.difference = (fast ? "optimized: " : "reference: ") + r.difference;
  }
  return reduction_outcome(total, "eliminations compared");
}

Outcome check_reduction_feraud(const RunOptions& options) {
  const bool full = options.suite == Suite::full;
  ReductionResult total;
  for (std::uint32_t N : {4U, 16U}) {
    ref::MultiAgentParams p = voting_params(N);
    p.xi = 0;
    const ReductionResult r = reduction_feraud(ref::seed004_problem1(), p, options.seed, full ? 20 : 3);
    total.runs += r.runs;
    total.eliminations += r.eliminations;
    total.undecided += r.undecided;
    if (total.difference.empty()) total.difference = r.difference;
  }
  return reduction_outcome(total, "global eliminations compared");
}

Outcome check_messages(const RunOptions& options) {
  const bool full = options.suite == Suite::full;
  std::vector<std::string> problems;
  std::uint64_t runs = 0, messages = 0;
  using A = ref::MultiAgentAlgorithm;
  const std::vector<std::uint32_t> sizes = full ? std::vector<std::uint32_t>{4, 16, 64} : std::vector<std::uint32_t>{4, 16};
  for (A a : {A::Mase, A::DpMase, A::CorruptedElimination, A::DecentralizedElimination, A::CentralSe}) {
    for (std::uint32_t N : sizes) {
      ref::MultiAgentParams p = voting_params(N);
      if (a == A::CorruptedElimination) p.xi = Rational(1, 20);
      if (!full) p.max_rounds = 2000 * N;
      const ref::BanditInstance instance = ref::seed004_problem1();
      const ref::MultiAgentConfig cfg = ref::configure_multi_agent(a, p, instance.arms());
      for (std::uint32_t r = 0; r < (full ? 20U : 2U); ++r) {
        const ref::MultiAgentStreams s = ref::multi_agent_streams(options.seed, r);
        const auto x = ref::run_multi_agent(cfg, instance, s);
        const auto y = fast::run_multi_agent(cfg, instance, s);
        ++runs;
        messages += x.messages.size();
        const std::string at = ref::algorithm_name(a) + ", N = " + std::to_string(N) + ", run " + std::to_string(r);
        if (const std::string d = message_problems(x, cfg, instance.arms()); !d.empty()) problems.push_back(at + ": " + d);
        if (const std::string d = first_difference(x, y); !d.empty()) problems.push_back(at + ": builds differ: " + d);
      }
    }
  }
  Outcome o = finish(std::move(problems), runs, "recorded runs");
  o.key_figure += ", " + std::to_string(messages) + " messages";
  o.evidence["messages"] = messages;
  return o;
}

Outcome check_dp_mase_forgetful(const RunOptions& options) {
  const bool full = options.suite == Suite::full;
  std::vector<std::string> problems;
  std::uint64_t runs = 0, releases = 0;
  for (std::uint32_t N : {4U, 8U}) {
    ref::MultiAgentParams p = voting_params(N);
    const ref::BanditInstance instance = ref::seed004_problem1();
    const ref::MultiAgentConfig cfg = ref::configure_multi_agent(ref::MultiAgentAlgorithm::DpMase, p, instance.arms());
    for (std::uint32_t r = 0; r < (full ? 10U : 2U); ++r) {
      const ref::MultiAgentStreams s = ref::multi_agent_streams(options.seed, r);
      const auto x = ref::run_multi_agent(cfg, instance, s);
      ++runs;
      releases += x.releases.size();
      if (const std::string d = forgetful_problems(x, cfg, instance, s); !d.empty())
        problems.push_back("N = " + std::to_string(N) + ", run " + std::to_string(r) + ": " + d);
    }
  }
  Outcome o = finish(std::move(problems), runs, "DP-MASE runs");
  o.key_figure += ", " + std::to_string(releases) + " releases replayed";
  o.evidence["releases"] = releases;
  if (releases == 0 && o.verdict == Verdict::holds) o.verdict = Verdict::inconclusive;
  return o;
}

}  // namespace dpb::verify::learner_checks
