#include "verify/cli/multi_agent_options.hpp"

#include <initializer_list>
#include <utility>

#include "reference/core/errors.hpp"

namespace dpb::cli {

namespace {

template <class E>
E pick(const std::string& value, std::initializer_list<std::pair<const char*, E>> choices, const char* command,
       const char* name) {
  std::string allowed;
  for (const auto& [text, e] : choices) {
    if (value == text) return e;
    allowed += (allowed.empty() ? "" : "|") + std::string(text);
  }
  throw_parameter_error(command, name, "one of " + allowed, "'" + value + "'");
}

}  // namespace

void add_multi_agent_options(CLI::App* cmd, MultiAgentCliArgs& a) {
  cmd->add_option("--agents", a.agents, "Multi-agent learners: number of agents N, 1..2^20 (default 4)");
  cmd->add_option("--delta", a.delta, "Global failure probability δ in (0, 1) (default 1/4)");
  cmd->add_option("--beta", a.beta, "MASE / DP-MASE local confidence β in (0, 1) (default 1/2)");
  cmd->add_option("--eta", a.eta, "CE / Decentralized Elimination: apparent privacy level η in (0, 1) (default 1/2)");
  cmd->add_option("--xi", a.xi, "CE: corruption probability ξ in [0, 1) with η_ξ > 0 (default 0)");
  cmd->add_option("--c", a.c, "SE constant c > 0 with c·K/ρ > 1 (default 1)");
  cmd->add_option("--radius", a.radius, "SE radius: t (√(L/t), default) or 2t (√(L/(2t)))");
  cmd->add_option("--votes", a.votes, "Override the δ-derived vote threshold M (recorded)");
  cmd->add_option("--vote-test", a.vote_test, "Global elimination test: gt (λ > M, printed; default) or ge");
  cmd->add_option("--threshold", a.threshold, "CE: M from eta-xi (default, as Prop 5.2 needs) or eta (printed)");
  cmd->add_option("--law", a.law, "Agent law P_N: uniform (default) or power (P(n) ∝ (n + 1 + α)^−γ)");
  cmd->add_option("--gamma", a.gamma, "Power law exponent γ in (0, 1) (default 4/5)");
  cmd->add_option("--agent-offset,--alpha", a.agent_offset, "Power law offset α >= 0 (default 0)");
  cmd->add_option("--finished", a.finished, "A drawn finished agent: skip (renormalized law, default) or waste");
  cmd->add_option("--max-rounds", a.max_rounds, "Round budget, 1..2^40 (default 2^40): the run ends max-rounds");
  cmd->add_option("--stop", a.stop, "INDEPENDENT: stop when all agents are done (default) or the first");
  cmd->add_option("--one-arm-after-sync", a.one_arm, "DP-MASE: run-epoch (as printed, default) or finish");
  cmd->add_option("--epoch-order", a.epoch_order, "DP-MASE: sync-first (default) or printed (R(e), then sync)");
  cmd->add_option("--noise-refinement", a.noise_refinement, "DP-MASE: noise grid 1/(G·q), q in 1..2^20");
  cmd->add_option("--routine", a.routine, "Local routine of mase/CE/DE: se (default) or coin");
  cmd->add_option("--coin-activation", a.coin_activation, "Coin routine: the activation T_c >= 1 it fires at");
  cmd->add_option("--sigma", a.sigma, "P2: σ of the clipped-Gaussian proxy (default 1/10)");
  cmd->add_option("--shift", a.shift, "P2: the shift subtracted from the means (default 51/5)");
}

ref::MultiAgentParams parse_multi_agent_params(const MultiAgentCliArgs& a, const char* f) {
  ref::MultiAgentParams p;
  if (a.agents < 1 || a.agents > (1U << 20)) throw_parameter_error(f, "agents", "in 1..2^20", std::to_string(a.agents));
  p.agents = static_cast<std::uint32_t>(a.agents);
  p.delta = parse_rational(a.delta, f, "delta");
  if (!a.beta.empty()) p.beta = parse_rational(a.beta, f, "beta");
  p.eta = parse_rational(a.eta, f, "eta");
  p.xi = parse_rational(a.xi, f, "xi");
  p.c = parse_rational(a.c, f, "c");
  p.gamma = parse_rational(a.gamma, f, "gamma");
  p.agent_offset = parse_rational(a.agent_offset, f, "agent-offset");
  if (!a.eps.empty()) p.eps = parse_rational(a.eps, f, "eps");
  p.votes = a.votes;
  if (a.max_rounds < 1 || a.max_rounds > (std::uint64_t{1} << 40))
    throw_parameter_error(f, "max-rounds", "in 1..2^40", std::to_string(a.max_rounds));
  p.max_rounds = a.max_rounds;
  p.noise_refinement = a.noise_refinement;
  if (a.coin_activation < 1) throw_parameter_error(f, "coin-activation", ">= 1", std::to_string(a.coin_activation));
  p.coin_activation = a.coin_activation;
  p.vote_test = pick<ref::VoteTest>(a.vote_test, {{"gt", ref::VoteTest::Gt}, {"ge", ref::VoteTest::Ge}}, f,
                                    "vote-test");
  p.law = pick<ref::AgentLawKind>(a.law, {{"uniform", ref::AgentLawKind::Uniform}, {"power", ref::AgentLawKind::Power}},
                                  f, "law");
  p.finished = pick<ref::FinishedAgents>(
      a.finished, {{"skip", ref::FinishedAgents::Skip}, {"waste", ref::FinishedAgents::Waste}}, f, "finished");
  p.radius = pick<ref::SeRadius>(a.radius, {{"t", ref::SeRadius::T}, {"2t", ref::SeRadius::TwoT}}, f, "radius");
  p.stop = pick<ref::IndependentStop>(a.stop, {{"all", ref::IndependentStop::All}, {"first", ref::IndependentStop::First}},
                                      f, "stop");
  p.one_arm = pick<ref::OneArmAfterSync>(
      a.one_arm, {{"run-epoch", ref::OneArmAfterSync::RunEpoch}, {"finish", ref::OneArmAfterSync::Finish}}, f,
      "one-arm-after-sync");
  p.epoch_order = pick<ref::EpochOrder>(
      a.epoch_order, {{"sync-first", ref::EpochOrder::SyncThenLength}, {"printed", ref::EpochOrder::LengthThenSync}},
      f, "epoch-order");
  p.ce_threshold = pick<ref::CeThreshold>(
      a.threshold, {{"eta-xi", ref::CeThreshold::EtaXi}, {"eta", ref::CeThreshold::Eta}}, f, "threshold");
  p.coin = pick<bool>(a.routine, {{"se", false}, {"coin", true}}, f, "routine");
  return p;
}

}  // namespace dpb::cli
