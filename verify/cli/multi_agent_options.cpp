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

void add_multi_agent_options(Options& o, MultiAgentCliArgs& a, const std::vector<std::string>& companions,
                             unsigned max_agents_log2) {
  const auto with = [&companions](std::vector<std::string> extra) {
    std::vector<std::string> c = companions;
    c.insert(c.end(), extra.begin(), extra.end());
    return c;
  };
  const Bound zero = closed(0), one = closed(1);
  const std::string max_agents = "2^" + std::to_string(max_agents_log2);
  o.integer("--agents", a.agents, one, closed(pow2(max_agents_log2), max_agents),
            "Multi-agent learners: number of agents N, 1.." + max_agents + " (default 4)")
      .companions_are(companions);
  o.number("--delta", a.delta, open(0), open(1), "Global failure probability δ in (0, 1) (default 1/4)").companions_are(companions);
  o.number("--beta", a.beta, open(0), open(1), "MASE / DP-MASE local confidence β in (0, 1) (default 1/2)")
      .companions_are(companions);
  o.number("--eta", a.eta, open(0), open(1), "CE / Decentralized Elimination: apparent privacy level η in (0, 1) (default 1/2)")
      .companions_are(companions);
  o.number("--xi", a.xi, zero, open(1), "CE: corruption probability ξ in [0, 1) with η_ξ > 0 (default 0)")
      .companions_are(companions);
  o.number("--c", a.c, open(0), closed(pow10(6), "10^6"), "SE constant c > 0 with c·K/ρ > 1 (default 1)").companions_are(companions);
  o.choice("--radius", a.radius, {"t", "2t"}, "SE radius: t (√(L/t), default) or 2t (√(L/(2t)))").companions_are(companions);
  o.integer("--votes", a.votes, one, closed(pow2(20), "2^20"), "Override the δ-derived vote threshold M (recorded)")
      .companions_are(companions);
  o.choice("--vote-test", a.vote_test, {"gt", "ge"}, "Global elimination test: gt (λ > M, printed; default) or ge")
      .companions_are(companions);
  o.choice("--threshold", a.threshold, {"eta-xi", "eta"}, "CE: M from eta-xi (default, as Prop 5.2 needs) or eta (printed)")
      .companions_are(companions);
  o.choice("--law", a.law, {"uniform", "power"}, "Agent law P_N: uniform (default) or power (P(n) ∝ (n + 1 + α)^−γ)")
      .companions_are(companions);
  o.number("--gamma", a.gamma, open(0), open(1), "Power law exponent γ in (0, 1) (default 4/5)")
      .companions_are(with({"--law", "power"}));
  o.number("--agent-offset,--alpha", a.agent_offset, zero, closed(pow10(6), "10^6"), "Power law offset α >= 0 (default 0)")
      .companions_are(with({"--law", "power"}));
  o.choice("--finished", a.finished, {"skip", "waste"}, "A drawn finished agent: skip (renormalized law, default) or waste")
      .companions_are(companions);
  o.integer("--max-rounds", a.max_rounds, one, closed(pow2(40), "2^40"), "Round budget, 1..2^40 (default 2^40): the run ends max-rounds")
      .companions_are(companions);
  o.choice("--stop", a.stop, {"all", "first"}, "INDEPENDENT: stop when all agents are done (default) or the first")
      .companions_are(companions);
  o.choice("--one-arm-after-sync", a.one_arm, {"run-epoch", "finish"}, "DP-MASE: run-epoch (as printed, default) or finish")
      .companions_are(companions);
  o.choice("--epoch-order", a.epoch_order, {"sync-first", "printed"}, "DP-MASE: sync-first (default) or printed (R(e), then sync)")
      .companions_are(companions);
  o.integer("--noise-refinement", a.noise_refinement, one, closed(pow2(20), "2^20"), "DP-MASE: noise grid 1/(G·q), q in 1..2^20")
      .companions_are(companions);
  o.choice("--routine", a.routine, {"se", "coin"}, "Local routine of mase/CE/DE: se (default) or coin").companions_are(companions);
  o.integer("--coin-activation", a.coin_activation, one, closed(pow2(40), "2^40"), "Coin routine: the activation T_c >= 1 it fires at")
      .companions_are(with({"--routine", "coin"}));
  // σ ≥ 10⁻⁴ (scripts/sweep-refusals): a run's cost grows as 1/σ (mase --env p2 --max-rounds 2000: 0.27 s at 10⁻⁴,
  // 3.3 s at 10⁻⁵, past 30 s at 10⁻⁶ and 10⁻⁹, where every multi-agent learner was stopped at the sweep's cap).
  o.number("--sigma", a.sigma, closed(1 / pow10(4), "1e-4"), closed(pow10(3), "10^3"),
           "P2: σ of the clipped-Gaussian proxy, in [1e-4, 10^3] (default 1/10)")
      .companions_are(with({"--env", "p2"}));
  // P2's means 11 − s, 54/5 − s, 52/5 − s must lie in [0, 1] (clipped Gaussian rewards): s in [10, 52/5], refused up
  // front naming --shift (it used to be refused later naming an internal 'mean').
  o.number("--shift", a.shift, closed(Rational(10)), closed(Rational(52, 5), "52/5"),
           "P2: the shift subtracted from the means 11, 54/5, 52/5 (in [10, 52/5]: the means stay in [0, 1]; default 51/5)")
      .companions_are(with({"--env", "p2"}));
}

const std::vector<std::string>& multi_agent_option_names() {
  static const std::vector<std::string> names = {
      "agents", "delta", "beta", "eta", "xi", "c", "radius", "votes", "vote-test", "threshold", "law", "gamma",
      "agent-offset", "finished", "max-rounds", "stop", "one-arm-after-sync", "epoch-order", "noise-refinement",
      "routine", "coin-activation", "sigma", "shift"};
  return names;
}

void refuse_multi_agent_options(const Options& options, const std::string& learner, std::string_view except) {
  for (const auto& name : multi_agent_option_names())
    if (options.given(name) && name != except)
      throw_parameter_error(options.command(), "--" + name,
                            "absent for " + (learner.empty() ? std::string("an experiment") : "--learner " + learner) +
                                " (a seed 004 multi-agent learner option)",
                            "set");
}

ref::MultiAgentParams parse_multi_agent_params(const MultiAgentCliArgs& a, const char* f) {
  ref::MultiAgentParams p;
  const auto integer = [f](const std::string& text, const char* name) {  // registered and checked: in range
    const auto v = parse_number(text);
    if (!v || boost::multiprecision::denominator(*v) != 1 || *v < 0 || *v > pow2(63))
      throw_parameter_error(f, std::string("--") + name, "an integer", text);
    return to_uint64(boost::multiprecision::numerator(*v));
  };
  p.agents = static_cast<std::uint32_t>(integer(a.agents, "agents"));
  p.delta = parse_rational(a.delta, f, "delta");
  if (!a.beta.empty()) p.beta = parse_rational(a.beta, f, "beta");
  p.eta = parse_rational(a.eta, f, "eta");
  p.xi = parse_rational(a.xi, f, "xi");
  p.c = parse_rational(a.c, f, "c");
  p.gamma = parse_rational(a.gamma, f, "gamma");
  p.agent_offset = parse_rational(a.agent_offset, f, "agent-offset");
  if (!a.eps.empty()) p.eps = parse_rational(a.eps, f, "eps");
  if (!a.votes.empty()) p.votes = integer(a.votes, "votes");
  p.max_rounds = integer(a.max_rounds, "max-rounds");
  p.noise_refinement = static_cast<std::int64_t>(integer(a.noise_refinement, "noise-refinement"));
  p.coin_activation = integer(a.coin_activation, "coin-activation");
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
