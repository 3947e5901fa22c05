#include "verify/vectors/multi_agent_vectors.hpp"

#include "optimized/learners/mase.hpp"
#include "reference/learners/mase.hpp"
#include "verify/audit/decision_law_dp_mase.hpp"
#include "verify/audit/eta_privacy.hpp"

namespace dpb::verify::vectors {

namespace {

constexpr std::uint64_t kSeed = 4;

Record eta_xi_record(const Rational& eta, const Rational& xi, std::uint32_t K) {
  Json body;
  body["eta"] = dpb::to_string(eta);
  body["xi"] = dpb::to_string(xi);
  body["K"] = K;
  body["eta_xi"] = dpb::to_string(ref::eta_xi(eta, xi, K));
  return make_record("eta-xi", "eta=" + dpb::to_string(eta) + "/xi=" + dpb::to_string(xi) + "/K=" + std::to_string(K),
                     body);
}

Record vote_record(const std::string& label, const Rational& q, const Rational& delta) {
  Json body;
  body["q"] = dpb::to_string(q);
  body["delta"] = dpb::to_string(delta);
  body["M"] = ref::smallest_power_below(q, delta);
  return make_record("vote-threshold", label + "/delta=" + dpb::to_string(delta), body);
}

Record epoch_record(std::uint64_t active, std::uint32_t e, const Rational& beta, const Rational& eps) {
  Json body;
  body["active"] = active;
  body["e"] = e;
  body["beta"] = dpb::to_string(beta);
  body["eps"] = dpb::to_string(eps);
  body["R"] = dpb::to_string(ref::dp_se_epoch_length(active, e, beta, eps));
  return make_record("dp-se-epoch-length",
                     "S=" + std::to_string(active) + "/e=" + std::to_string(e) + "/eps=" + dpb::to_string(eps), body);
}

Record se_record(std::int64_t G, const Rational& rho, ref::SeRadius radius) {
  Json body;
  body["K"] = 10;
  body["G"] = G;
  body["c"] = "1";
  body["rho"] = dpb::to_string(rho);
  body["radius"] = radius == ref::SeRadius::T ? "t" : "2t";
  Json t = Json::array();
  for (std::uint64_t x = 1; x <= 2000; ++x)
    t.push_back(dpb::to_string(ref::se_threshold_units(x, 10, G, Rational(1), rho, radius)));
  body["thresholds"] = t;  // t = 1..2000
  return make_record("se-threshold",
                     "G=" + std::to_string(G) + "/rho=" + dpb::to_string(rho) + "/radius=" +
                         (radius == ref::SeRadius::T ? "t" : "2t"),
                     body);
}

Record run_record(ref::MultiAgentAlgorithm a, std::uint32_t N, ref::AgentLawKind law, const std::string& env,
                  Impl impl) {
  ref::MultiAgentParams p;
  p.agents = N;
  p.delta = Rational(1, 4);
  p.beta = Rational(1, 2);
  p.eta = Rational(1, 2);
  p.xi = Rational(1, 20);
  p.law = law;
  p.max_rounds = 60000;
  const ref::BanditInstance instance = env == "p1" ? ref::seed004_problem1() : ref::seed004_problem2();
  const ref::MultiAgentConfig cfg = ref::configure_multi_agent(a, p, instance.arms());
  const ref::MultiAgentStreams s = ref::multi_agent_streams(kSeed, 0);
  const ref::MultiAgentOutcome o =
      impl == Impl::optimized ? fast::run_multi_agent(cfg, instance, s) : ref::run_multi_agent(cfg, instance, s);
  const std::string law_name = law == ref::AgentLawKind::Uniform ? "uniform" : "power";
  Json body;
  body["learner"] = ref::algorithm_name(a);
  body["env"] = env;
  body["N"] = N;
  body["law"] = law_name;
  body["params"] = Json{{"delta", "1/4"}, {"beta", "1/2"}, {"eta", "1/2"}, {"xi", "1/20"}, {"eps", "1/2"},
                        {"gamma", "4/5"}, {"agent_offset", "0"}, {"max_rounds", p.max_rounds}};
  body["streams"] = Json{{"seed", s.seed}, {"agent", s.agent_stream}, {"noise_base", s.noise_base},
                         {"reward_base", s.reward_base}};
  body["M"] = o.votes_threshold;
  body["reason"] = ref::end_reason_name(o.reason);
  body["arm"] = o.arm ? Json(*o.arm) : Json(nullptr);
  body["rounds"] = o.rounds;
  body["pulls"] = o.pulls;
  body["wasted"] = o.wasted_rounds;
  body["activations"] = o.activations;
  body["votes"] = o.votes;
  Json messages = Json::array();
  for (const auto& m : o.messages) messages.push_back(Json::array({m.round, m.agent, m.arm, m.sent ? 1 : 0}));
  body["messages"] = messages;  // [round, agent, arm, sent]
  Json elim = Json::array();
  for (const auto& g : o.eliminations) elim.push_back(Json::array({g.round, g.arm, g.agent, g.votes}));
  body["eliminations"] = elim;  // [round, arm, agent, votes]
  Json rel = Json::array();
  for (const auto& r : o.releases)
    rel.push_back(Json::array({r.round, r.agent, r.epoch, r.arm, r.first, r.count, dpb::to_string(r.value)}));
  body["releases"] = rel;  // [round, agent, epoch, arm, first, count, value in units of 1/(G·q)]
  Json local = Json::array();
  for (const auto& l : o.local_eliminations) local.push_back(Json::array({l.round, l.agent, l.arm}));
  body["local_eliminations"] = local;
  Json first = o.first_finish_round ? Json(*o.first_finish_round) : Json(nullptr);
  body["first_finish_round"] = first;
  return make_record("multi-agent-run",
                     ref::algorithm_name(a) + "/" + env + "/N=" + std::to_string(N) + "/" + law_name, body);
}

// Issue 16: the exact law of a two-arm DP-MASE epoch decision k(e) (bitmask of the eliminated positions: 0 none,
// 1 position 0, 2 position 1), noise Lap_Z(t), threshold θ, sums (s_0, s_1): 25-digit enclosures.
Record epoch_law_record(const Rational& t, std::int64_t theta, std::int64_t gap) {
  const std::vector<std::int64_t> sums = {gap, 0};
  const std::vector<Interval> law = audit::dp_mase_eliminated_set_law(t, sums, theta);
  Json body;
  body["scale"] = dpb::to_string(t);
  body["theta"] = theta;
  body["sums"] = sums;
  Json outcomes = Json::array();
  for (std::size_t a = 0; a < law.size(); ++a)
    outcomes.push_back(Json::array({a, law[a].lower_string(25), law[a].upper_string(25)}));
  body["law"] = outcomes;  // [bitmask, lower, upper]
  return make_record("dp-mase-epoch-law",
                     "t=" + dpb::to_string(t) + "/theta=" + std::to_string(theta) + "/gap=" + std::to_string(gap), body);
}

// Issue 16 §2: one seeded (ϵ, η)-privacy game per adversary (CE, N = 8, δ = 1/4, η = 9/10, ξ = 1/10, agent 0,
// 4 scored runs of seed 4; learned fits on runs 4..4): every run's winning labels, view and guess.
Record eta_game_record(audit::EtaAdversary adversary, Impl impl) {
  audit::EtaSetting s;
  s.algorithm = ref::MultiAgentAlgorithm::CorruptedElimination;
  s.params.agents = 8;
  s.params.delta = Rational(1, 4);
  s.params.eta = Rational(9, 10);
  s.params.xi = Rational(1, 10);
  s.eta = s.params.eta;
  s.watched = {0};
  s.adversaries = {adversary};
  s.runs = 4;
  s.reference_engine = impl == Impl::reference;
  const std::uint32_t K = s.instance.arms();
  const ref::MultiAgentConfig cfg = ref::configure_multi_agent(s.algorithm, s.params, K);
  std::vector<audit::EtaRun> runs;
  for (std::uint64_t r = 0; r < 5; ++r) runs.push_back(audit::play_eta_game(cfg, s, s.watched, kSeed, r));
  const audit::LearnedTable table = audit::fit_learned({runs.begin() + 4, runs.end()}, 0, K);
  Json list = Json::array();
  std::uint64_t wins = 0;
  for (std::uint64_t r = 0; r < 4; ++r) {
    const auto& run = runs[r];
    const std::uint32_t g = audit::eta_guess(adversary, run.views[0], run.rounds, K, &table, kSeed,
                                             (std::uint64_t{1} << 40) * r + (std::uint64_t{1} << 39) + 1 +
                                                 static_cast<std::uint64_t>(adversary));
    wins += run.winning[g] ? 1 : 0;
    Json winning = Json::array();
    for (std::uint32_t a = 0; a < K; ++a)
      if (run.winning[a]) winning.push_back(a);
    Json view = Json::array();
    for (std::size_t i = 0; i < run.views[0].arms.size(); ++i)
      view.push_back(Json::array({run.views[0].rounds[i], run.views[0].arms[i]}));
    list.push_back(Json{{"run", r}, {"rounds", run.rounds}, {"winning", winning}, {"view", view}, {"guess", g}});
  }
  Json body;
  body["adversary"] = audit::adversary_name(adversary);
  body["setting"] = Json{{"learner", "corrupted-elimination"}, {"N", 8}, {"delta", "1/4"}, {"eta", "9/10"},
                         {"xi", "1/10"}, {"watched", 0}, {"seed", kSeed}, {"K", K}};
  body["runs"] = list;  // view: [round, arm] of agent 0's sent messages, labels after the permutation
  body["wins"] = wins;
  return make_record("eta-game", audit::adversary_name(adversary), body);
}

}  // namespace

CategoryFile generate_multi_agent(Impl impl) {
  CategoryFile file;
  file.category = "multiagent";
  file.records.push_back(header_record(file.category));
  for (const Rational& xi : {Rational(0), Rational(1, 20), Rational(1, 10), Rational(1, 5), Rational(1, 4)})
    file.records.push_back(eta_xi_record(Rational(9, 10), xi, 10));
  for (const Rational& xi : {Rational(0), Rational(1, 100), Rational(1, 20)})
    file.records.push_back(eta_xi_record(Rational(1, 2), xi, 10));
  // The paper's (q, δ): DP-MASE β ∈ {3/10, 1/2, 4/5}, CE η_ξ at η = 9/10 for ξ ∈ {0, 1/20, 1/10, 1/5}, δ = 1/20;
  // the errata's test size δ = 1/4 with β = η = 1/2.
  for (const Rational& beta : {Rational(3, 10), Rational(1, 2), Rational(4, 5)})
    file.records.push_back(vote_record("beta=" + dpb::to_string(beta), beta, Rational(1, 20)));
  for (const Rational& xi : {Rational(0), Rational(1, 20), Rational(1, 10), Rational(1, 5)})
    file.records.push_back(
        vote_record("eta=9/10/xi=" + dpb::to_string(xi), ref::eta_xi(Rational(9, 10), xi, 10), Rational(1, 20)));
  file.records.push_back(vote_record("beta=1/2", Rational(1, 2), Rational(1, 4)));
  for (const Rational& eps : {Rational(1, 20), Rational(1, 10), Rational(1, 4), Rational(1, 2)})
    for (std::uint64_t active : {2, 3, 10})
      for (std::uint32_t e = 1; e <= 3; ++e) file.records.push_back(epoch_record(active, e, Rational(1, 2), eps));
  for (std::int64_t G : {1, 1000})
    for (ref::SeRadius radius : {ref::SeRadius::T, ref::SeRadius::TwoT})
      file.records.push_back(se_record(G, Rational(1, 2), radius));
  file.records.push_back(se_record(1, Rational(1, 4), ref::SeRadius::T));
  using A = ref::MultiAgentAlgorithm;
  for (A a : {A::Mase, A::DpMase, A::CorruptedElimination, A::DecentralizedElimination, A::CentralSe,
              A::IndependentSe})
    for (std::uint32_t N : {4U, 8U})
      for (ref::AgentLawKind law : {ref::AgentLawKind::Uniform, ref::AgentLawKind::Power})
        file.records.push_back(run_record(a, N, law, "p1", impl));
  for (A a : {A::Mase, A::DpMase, A::CorruptedElimination, A::DecentralizedElimination, A::CentralSe,
              A::IndependentSe})
    file.records.push_back(run_record(a, 4, ref::AgentLawKind::Uniform, "p2", impl));
  for (const Rational& t : {Rational(2), Rational(5, 2)})
    for (std::int64_t theta : {3, 10})
      for (std::int64_t gap : {-12, -3, -1, 0, 1, 3, 12}) file.records.push_back(epoch_law_record(t, theta, gap));
  for (const audit::EtaAdversary a : audit::all_eta_adversaries()) file.records.push_back(eta_game_record(a, impl));
  return file;
}

}  // namespace dpb::verify::vectors
