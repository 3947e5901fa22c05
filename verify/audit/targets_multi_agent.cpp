// See the header: seed 004's audit targets.
#include "verify/audit/targets_multi_agent.hpp"

#include <algorithm>
#include <cmath>
#include <memory>
#include <unordered_map>

#include "optimized/learners/mase.hpp"
#include "reference/bits/chacha20.hpp"
#include "reference/core/double_text.hpp"
#include "reference/core/errors.hpp"
#include "reference/learners/dp_se_epoch.hpp"
#include "reference/learners/mase.hpp"
#include "reference/privacy/relations.hpp"
#include "verify/audit/decision_law_dp_mase.hpp"
#include "verify/audit/decision_law_index.hpp"

namespace dpb::verify::audit {

namespace {

constexpr const char* kFn = "audit";
using Scripts = std::vector<ref::RewardScript>;
using Counts = std::unordered_map<std::int64_t, std::uint64_t>;

Histogram to_histogram(const Counts& c) {
  return Histogram::from_integer_counts(std::vector<std::pair<std::int64_t, std::uint64_t>>(c.begin(), c.end()));
}

// One run's view Y from the outcome.
using ViewOf = std::function<std::int64_t(const ref::MultiAgentOutcome&)>;

// A sampler: each run draws its own engine seed from (seed, stream); side 0 runs on `d`, side 1 on `d_prime`.
SideSampler engine_sampler(std::shared_ptr<const ref::MultiAgentConfig> cfg,
                           std::shared_ptr<const ref::BanditInstance> inst, std::shared_ptr<const Scripts> d,
                           std::shared_ptr<const Scripts> d_prime, ViewOf view) {
  return [cfg, inst, d, d_prime, view](int side, std::uint64_t n, std::uint64_t seed, std::uint64_t stream) {
    ref::MultiAgentConfig c = *cfg;
    c.script = side == 0 ? d.get() : d_prime.get();
    ChaCha20Source bits(seed, stream);
    Counts counts;
    for (std::uint64_t i = 0; i < n; ++i) {
      const std::uint64_t run_seed = bits.next_bits(64);
      ++counts[view(fast::run_multi_agent(c, *inst, ref::multi_agent_streams(run_seed, 0)))];
    }
    return to_histogram(counts);
  };
}

const std::string kRelationNote =
    "positions are reward-tape entries (agent, arm, pull) around the decisive epoch; the record is that reward (0 or "
    "1); a change outside the view's reach (another agent's reward, for the watched agent's view cut at its "
    "decision) leaves the view's law unchanged (eps = 0 exactly) and is counted, not sampled";

std::string mask_text(std::int64_t m, std::uint32_t K) {
  std::string s = "{";
  for (std::uint32_t a = 0; a < K; ++a)
    if (m >> a & 1) s += (s.size() > 1 ? "," : "") + std::to_string(a);
  return s + "}";
}

// ---- dp-mase ------------------------------------------------------------------------------------------------------

// One table of the dp-mase target: agent 0's scripts under D and D′ and its decisive epoch's sums.
struct Table {
  Scripts d, d_prime;
  std::vector<std::int64_t> sums_d, sums_d_prime;
};

// The forecast ε_lb of the event A at n runs per side (rule of thumb at z = 2.8, exact probabilities): the K = 3
// table's choice of k only, not a reported figure.
double forecast(double p1, double p0, double n) {
  const double z = 2.8;
  const double lo = p1 - z * std::sqrt(p1 * (1 - p1) / n), hi = p0 + z * std::sqrt(p0 * (1 - p0) / n);
  return lo > 0 && hi > 0 ? std::log(lo / hi) : -1;
}

PreparedTarget prepare_dp_mase(PreparedTarget t, const TargetOptions& o, std::uint64_t seed) {
  const std::uint32_t K = o.arms;
  const Rational eps_r = o.eps * o.leak_factor;
  ref::MultiAgentParams p;
  p.agents = 2;
  p.eps = eps_r;
  p.votes = 1;
  std::vector<Rational> means(K, Rational(0));
  means[0] = Rational(1);
  auto inst = std::make_shared<const ref::BanditInstance>(ref::BanditInstance::bernoulli(means));
  ref::MultiAgentConfig cfg = ref::configure_multi_agent(ref::MultiAgentAlgorithm::DpMase, p, K);
  const ref::DpSeEpoch ep(K, 1, cfg.rho, eps_r, cfg.rule);
  const std::int64_t R = ep.length().convert_to<std::int64_t>();
  const auto R_u = static_cast<std::uint64_t>(R);
  const std::int64_t unit = inst->grid() * cfg.noise_refinement;
  const std::int64_t theta = dp_mase_epoch_threshold(ep, unit);
  const Rational scale = Rational(unit) / eps_r;
  cfg.max_rounds = 4 * R_u;
  // The white box sums the law of agent 0's eliminated set over a window of the maximum of at least
  // W = 2⌊100·scale⌋ + 4 + 2Kθ values (dp_mase_eliminated_set_law, which refuses W > 2^24), in certified interval
  // arithmetic (about 10 µs a value): about 4 laws for K = 2, and for K = 3 two for each of the 6·⌈scale⌉ + 3 table
  // candidates. At a small ε this ran for minutes before anything else (K = 2: ε = 10^-3, W ≈ 2·10^5, 31 s; 10^-4 no
  // answer in 60 s; K = 3: ε = 3·10^-2 35 s, 10^-2 no answer in 60 s; `audit dp-mase --eps 1e-6` was refused by the
  // law's 2^24 after 10 s of building the epoch's scripts: scripts/sweep-refusals). Refused here, before any of that
  // work, naming --eps, when the laws' values (a lower bound: 200·scale + 2 + 2Kθ per law) pass 2^19.
  {
    const Rational window = Rational(200) * scale + 2 + Rational(2 * static_cast<std::int64_t>(K)) * Rational(theta);
    const Integer steps = Integer(numerator(scale) / denominator(scale)) + 1;
    const Rational laws = K == 3 ? Rational(Integer(2 * (6 * steps + 3))) : Rational(4);
    if (window * laws > Rational(std::int64_t{1} << 19))
      throw_parameter_error("audit", "--eps",
                            "such that dp-mase's white-box laws sum at most 2^19 values (K = " + std::to_string(K) +
                                ": " + dpb::to_string(laws) + " laws of about 200*unit/eps + 2K*theta each)",
                            dpb::to_string(o.eps));
  }
  auto scaled = [unit](std::vector<std::int64_t> s) {
    for (auto& x : s) x *= unit;
    return s;
  };
  // Arm a of agent 0 in the decisive epoch: `ones` ones first, then zeros (R values).
  auto ones_script = [R_u](std::uint32_t arm, std::uint64_t ones) {
    ref::RewardScript s{0, arm, 0, std::vector<std::int32_t>(R_u, 0)};
    for (std::uint64_t i = 0; i < ones && i < R_u; ++i) s.values[i] = 1;
    return s;
  };
  // The top arm 0 paying 1 except at pull `at`, which pays x.
  auto top_script = [R_u](std::uint64_t at, int x) {
    ref::RewardScript s{0, 0, 0, std::vector<std::int32_t>(R_u, 1)};
    s.values[at] = x;
    return s;
  };

  std::int64_t k = 0;
  Table canon;
  std::string neighbours, choice;
  if (K == 2) {
    // Arm 1's first reward x (1 under D), then k ones: k the largest in [0, R − 2] with P_D′[arm 1 eliminated] ≥
    // borderline (decreasing in k).
    auto p_elim = [&](std::int64_t s1) {
      return laplace_difference_at_least(scale, theta - (R - s1) * unit).midpoint_for_report();
    };
    if (p_elim(0) < o.borderline)
      throw_parameter_error(kFn, "--borderline", "reachable: P_D'[arm 1 eliminated] with arm 1 paying 0 is below it",
                            double_text(o.borderline));
    std::int64_t lo = 0, hi = R - 2;
    while (lo < hi) {
      const std::int64_t mid = (lo + hi + 1) / 2;
      if (p_elim(mid) >= o.borderline)
        lo = mid;
      else
        hi = mid - 1;
    }
    k = lo;
    ref::RewardScript d = ones_script(1, static_cast<std::uint64_t>(k) + 1), dp = ones_script(1, static_cast<std::uint64_t>(k) + 1);
    dp.values[0] = 0;  // D′: the first reward 0, then the k ones
    canon = {{d}, {dp}, scaled({R, k + 1}), scaled({R, k})};
    neighbours = "agent 0's first reward of arm 1 in its first epoch: 1 (D) vs 0 (D')";
    choice = "k = the largest number of ones after the change with P_D'[arm 1 eliminated] >= borderline";
  } else {
    // K = 3: arms 1 and 2 both k ones then zeros, the changed reward the top arm 0's first (1 under D). The event
    // {1, 2} both eliminated is {N_0 >= max(N_1, N_2) + c}: its likelihood ratio is exactly e^(Gq/t) wherever
    // max(N_1, N_2) + c >= 0, so the view's loss is reached on an event of substantial probability. k maximises the
    // forecast eps_lb of that event at 10^5 runs per side (exact probabilities; docs/audit.md).
    const std::int64_t t_step = (numerator(scale) / denominator(scale)).convert_to<std::int64_t>() + 1;
    double best = -2;
    for (std::int64_t c = -2; c <= 6 * t_step; ++c) {
      const std::int64_t kk = R - theta / unit + c;  // gap R − kk = θ/unit − c
      if (kk < 0 || kk > R - 1) continue;
      const std::vector<Interval> ld = dp_mase_eliminated_set_law(scale, scaled({R, kk, kk}), theta);
      const std::vector<Interval> ldp = dp_mase_eliminated_set_law(scale, scaled({R - 1, kk, kk}), theta);
      const double f = forecast(ld[6].midpoint_for_report(), ldp[6].midpoint_for_report(), 1e5);
      if (f > best) best = f, k = kk;
    }
    canon = {{top_script(0, 1), ones_script(1, k), ones_script(2, k)},
             {top_script(0, 0), ones_script(1, k), ones_script(2, k)},
             scaled({R, k, k}),
             scaled({R - 1, k, k})};
    neighbours = "agent 0's first reward of the top arm 0 in its first epoch: 1 (D) vs 0 (D'); arms 1 and 2 pay k "
                 "ones then zeros";
    choice = "k maximises the forecast eps_lb of the event {1, 2} eliminated at 10^5 runs per side";
  }
  const auto k_u = static_cast<std::uint64_t>(k);

  const bool joint = o.joint_view;
  const bool whole = o.whole_output;
  // The whole output for communications (TargetOptions::whole_output): every message any agent sends up to the
  // run's stop (max_rounds), not cut at r*, reduced to the send order of (agent, arm) — the rounds dropped: with
  // them nearly every run is its own outcome (the agents' draws), and a view that splits the mass that finely
  // shows no leak at audit sizes. Y is a 62-bit FNV-1a hash of that sequence (a function of the output, as is the
  // sequence: post-processing, so ε_lb stays a lower bound); the audit ranks the values by their estimated
  // likelihood ratio (order_by_ratio).
  const ViewOf whole_view = [](const ref::MultiAgentOutcome& out) -> std::int64_t {
    std::uint64_t h = 1469598103934665603ULL;
    auto mix = [&h](std::uint64_t v) {
      for (int i = 0; i < 8; ++i) {
        h ^= (v >> (8 * i)) & 0xff;
        h *= 1099511628211ULL;
      }
    };
    for (const auto& m : out.messages)
      if (m.sent) mix((std::uint64_t{m.agent} << 32) | m.arm);
    return static_cast<std::int64_t>(h >> 2);
  };
  const ViewOf view = whole ? whole_view : [K, joint](const ref::MultiAgentOutcome& out) -> std::int64_t {
    std::uint64_t stop = 0;
    for (const auto& r : out.releases)
      if (r.agent == 0) {
        stop = r.round;
        break;
      }
    if (stop == 0) return -1;  // the run was stopped before agent 0's first epoch ended (same law under D, D′)
    std::int64_t mask[2] = {0, 0};
    for (const auto& m : out.messages)
      if (m.round <= stop && m.sent) mask[m.agent] |= std::int64_t{1} << m.arm;
    return joint ? mask[0] + (std::int64_t{1} << K) * mask[1] : mask[0];
  };
  auto cfg_p = std::make_shared<const ref::MultiAgentConfig>(cfg);
  auto make = [](Scripts s) { return std::make_shared<const Scripts>(std::move(s)); };
  t.sample = engine_sampler(cfg_p, inst, make(canon.d), make(canon.d_prime), view);

  // The exact law of agent 0's epoch decision (both views: the rest is independent of the change, same law).
  const DecisionLaw law = dp_mase_epoch_law(scale, canon.sums_d, canon.sums_d_prime, theta);
  const DecisionEps de = decision_eps(law, t.delta);
  t.eps_exact = de.eps;
  if (t.delta == 0) t.eps_exact_lower = de.eps_lower;
  t.eps_exact_source = "white box (exact law of agent 0's epoch decision k(1), decision_law_dp_mase.hpp): " +
                       law.method + "; eps(Y) " + (t.delta == 0 ? "in " : "") + de.enclosure +
                       (joint ? "; the joint view adds agent 1's messages up to r*, independent of the change" : "");
  if (whole) {  // no exact law of the transcript: the decisive release's ε, an upper bound (messages are
                // post-processing of the epoch releases, and the changed reward enters one)
    t.eps_exact = eps_r.convert_to<double>();
    t.eps_exact_lower.reset();
    t.eps_exact_source = "upper bound, the decisive release's eps: Lap_Z(Gq/eps) on agent 0's epoch sum of the "
                         "changed arm (sensitivity Gq); every message is post-processing of the epoch releases";
  }
  nlohmann::json outcomes = nlohmann::json::array();
  for (std::size_t i = 0; i < law.outcomes.size(); ++i)
    outcomes.push_back({{"set", mask_text(law.outcomes[i], K)},
                        {"P_D", law.p_d[i].midpoint_for_report()},
                        {"P_D'", law.p_d_prime[i].midpoint_for_report()}});
  t.details = {{"agents", 2},
               {"arms", K},
               {"votes", 1},
               {"beta", dpb::to_string(cfg.rho)},
               {"watched_agent", 0},
               {"decisive_epoch", 1},
               {"epoch_length", R},
               {"theta", theta},
               {"noise_scale", dpb::to_string(scale)},
               {"ones", k},
               {"table_choice", choice},
               {"max_rounds", cfg.max_rounds},
               {"eps_release", eps_r.convert_to<double>()},
               {"eps_release_source", "Lap_Z(Gq/eps) on agent 0's epoch sum of the changed arm, sensitivity Gq"},
               {"neighbours", neighbours},
               {"view", whole ? "whole-output: every agent's sent messages up to max_rounds in send order (Y = a "
                                "62-bit hash of the sequence of (agent, arm))"
                        : joint ? "joint: every agent's messages up to r* (Y = mask_0 + 2^K mask_1)"
                                : "agent: the watched agent 0's messages up to r* (Y = the bitmask it sends at r*)"},
               {"output", "r* = the round agent 0's first epoch ends (its first decision that depends on the change); "
                          "Y = -1 when the run is stopped (max_rounds) before r*"},
               {"decision_law", {{"method", law.method}, {"outcomes", outcomes}}}};
  if (K == 2) t.details["borderline"] = o.borderline;
  if (o.leak_factor != 1) t.details["leak_factor"] = dpb::to_string(o.leak_factor);

  // ---- the family: tape entries around the decisive epoch (the multi-agent relation); D′'s tape is the base ----
  const ref::Relation rel = ref::multi_agent(1);
  ref::SearchSpace space;
  space.base = {0};
  if (K == 2) {
    space.positions = {ref::tape_position({0, 1, R_u - 1}, "agent 0's arm 1, last pull of the decisive epoch"),
                       ref::tape_position({0, 0, 0}, "agent 0's top arm 0, first pull of the decisive epoch")};
  } else {
    space.positions = {ref::tape_position({0, 0, R_u - 1}, "agent 0's top arm 0, last pull of the decisive epoch"),
                       ref::tape_position({0, 1, R_u - 1}, "agent 0's arm 1, last pull of the decisive epoch")};
  }
  space.positions.push_back(ref::tape_position({1, 1, 0}, "agent 1's arm 1, first pull of its first epoch"));
  const std::vector<ref::NeighbourPair> cands = ref::candidate_pairs(rel, space);
  std::size_t unobserved = 0;
  for (const ref::NeighbourPair& c : cands) {
    const ref::TapeEntry at = ref::tape_entry(c.position);
    AuditPair pair;
    pair.pattern = c.pattern;
    pair.position = c.position.label;
    Scripts d = canon.d_prime, dp = canon.d_prime;
    std::vector<std::int64_t> sd, sdp;
    if (at.agent == 1) {  // agent 1's arm 1 (pays 0): 1 under D
      d.push_back(ref::RewardScript{1, 1, 0, {1}});
      if (!joint && !whole) {
        ++unobserved;  // cut at r*, agent 0's view does not contain agent 1's data: ε = 0 exactly
        continue;
      }
      sd = scaled(K == 2 ? std::vector<std::int64_t>{R, 1} : std::vector<std::int64_t>{R, 1, 0});
      sdp = scaled(K == 2 ? std::vector<std::int64_t>{R, 0} : std::vector<std::int64_t>{R, 0, 0});
    } else if ((K == 2 && at.arm == 1) || (K == 3 && at.arm == 0)) {
      // Another reward of the changed arm at its last pull: K = 2, arm 1's 0 (D′) -> 1 (D) on D′'s tape; K = 3, the
      // top arm's 1 (D) -> 0 (D′) on D's tape. Either way the canonical sums.
      if (K == 3) d = dp = canon.d;
      for (auto& s : K == 2 ? d : dp)
        if (s.agent == 0 && s.arm == at.arm) s.values[at.pull] = K == 2 ? 1 : 0;
      pair.data["law"] = "as canonical";
    } else if (K == 2) {  // the top arm's first reward 1 (D) vs 0 (D′), arm 1 at D′'s sum
      dp.push_back(top_script(0, 0));
      sd = canon.sums_d_prime;
      sdp = scaled({R - 1, k});
    } else {  // K = 3: arm 1's last reward 0 -> 1 under D, the top arm at D′'s sum
      for (auto& s : d)
        if (s.agent == 0 && s.arm == 1) s.values[R_u - 1] = 1;
      sd = scaled({R - 1, k + 1, k});
      sdp = canon.sums_d_prime;
    }
    pair.data.update({{"relation", rel.name},
                      {"agent", at.agent},
                      {"arm", at.arm},
                      {"pull", at.pull},
                      {"d", 1},
                      {"d_prime", 0},
                      {"ones", k_u}});
    pair.sample = engine_sampler(cfg_p, inst, make(d), make(dp), view);
    if (whole) {  // the transcript's reference: the changed release's ε (upper bound), as for the canonical pair
      pair.eps_exact = eps_r.convert_to<double>();
      pair.eps_exact_source = "upper bound, the changed epoch release's eps (the transcript is post-processing)";
      pair.data.erase("law");
    } else if (!sd.empty()) {
      const DecisionLaw l = dp_mase_epoch_law(scale, sd, sdp, theta);
      const DecisionEps e = decision_eps(l, t.delta);
      pair.eps_exact = e.eps;
      if (t.delta == 0) pair.eps_exact_lower = e.eps_lower;
      pair.eps_exact_source = "exact law of the changed agent's epoch decision: " + l.method + "; eps " + e.enclosure;
    }
    t.family.push_back(std::move(pair));
  }
  t.relation = relation_json(rel, cands.size(), unobserved, t.family.size() + 1, kRelationNote);
  (void)seed;
  return t;
}

// ---- the non-private learners and independent-se ------------------------------------------------------------------

PreparedTarget prepare_baseline(PreparedTarget t, const TargetOptions& o, ref::MultiAgentAlgorithm algo) {
  const std::uint32_t K = o.arms;
  ref::MultiAgentParams p;
  p.agents = 1;
  p.votes = 0;
  p.xi = algo == ref::MultiAgentAlgorithm::CorruptedElimination ? Rational(1, 10) : Rational(0);
  p.max_rounds = 100000;
  std::vector<Rational> means(K, Rational(0));
  means[0] = Rational(1);
  auto inst = std::make_shared<const ref::BanditInstance>(ref::BanditInstance::bernoulli(means));
  auto cfg = std::make_shared<const ref::MultiAgentConfig>(ref::configure_multi_agent(algo, p, K));
  const bool central = algo == ref::MultiAgentAlgorithm::CentralSe;
  // Y: the round of the first sent message about arm 1, the arm whose reward changes (central-se: of the
  // coordinator's elimination of arm 1); −1 when none. The other arms' messages do not depend on the change.
  const ViewOf view = [central](const ref::MultiAgentOutcome& out) -> std::int64_t {
    if (central) {
      for (const auto& e : out.eliminations)
        if (e.arm == 1) return static_cast<std::int64_t>(e.round);
      return -1;
    }
    for (const auto& m : out.messages)
      if (m.sent && m.agent == 0 && m.arm == 1) return static_cast<std::int64_t>(m.round);
    return -1;
  };
  // The same, masks ignored (CE): the round at which the agent eliminates arm 1 locally.
  const ViewOf any_message = [central, view](const ref::MultiAgentOutcome& out) -> std::int64_t {
    if (central) return view(out);
    for (const auto& m : out.messages)
      if (m.agent == 0 && m.arm == 1) return static_cast<std::int64_t>(m.round);
    return -1;
  };
  auto script = [](std::uint64_t k, int x) {
    ref::RewardScript s{0, 1, 0, std::vector<std::int32_t>(k + 1, 1)};
    s.values[k] = x;
    return Scripts{s};
  };
  std::uint64_t k = 0;
  if (algo == ref::MultiAgentAlgorithm::IndependentSe) {
    t.sample = [](int, std::uint64_t n, std::uint64_t, std::uint64_t) {
      return Histogram::from_integer_counts({{0, n}});  // no message: the view is empty
    };
    t.eps_exact = 0;
    t.eps_exact_lower = 0;
    t.eps_exact_source = "exact: independent-se sends no messages, the view is empty (a constant), eps = 0";
    t.details["output"] = "Y = 0: the agents' (empty) message sets";
  } else {
    // k: the smallest for which the (deterministic, masks aside) first-message round differs between D and D′.
    for (;; ++k) {
      if (k > 10000) throw_parameter_error(kFn, "table", "a borderline reward within 10^4 pulls", "none found");
      const Scripts sd = script(k, 1), sdp = script(k, 0);
      ref::MultiAgentConfig c = *cfg;
      c.script = &sd;
      const std::int64_t yd = any_message(fast::run_multi_agent(c, *inst, ref::multi_agent_streams(0, 0)));
      c.script = &sdp;
      const std::int64_t ydp = any_message(fast::run_multi_agent(c, *inst, ref::multi_agent_streams(0, 0)));
      if (yd != ydp) break;
    }
    t.sample = engine_sampler(cfg, inst, std::make_shared<const Scripts>(script(k, 1)),
                              std::make_shared<const Scripts>(script(k, 0)), view);
    t.details["output"] = central ? "Y = the round of the coordinator's elimination of arm 1 (a function of the raw "
                                    "rewards the agent sends); -1 when none"
                                  : "Y = the round of the agent's first sent message about arm 1; -1 when none";
  }
  t.details.update({{"agents", 1},
                    {"arms", K},
                    {"votes", 0},
                    {"ones_before_change", k},
                    {"neighbours", "agent 0's arm-1 pull " + std::to_string(k) +
                                       " (after k ones): 1 (D) vs 0 (D'); the arm otherwise pays 0, arm 0 pays 1"}});
  if (algo == ref::MultiAgentAlgorithm::CorruptedElimination) t.details["xi"] = "1/10";
  t.relation = {{"name", "multi-agent"}, {"candidates_enumerated", 1}, {"unobserved", 0}, {"effective_pairs", 1},
                {"note", "the one borderline tape entry (a deterministic learner: any change of the elimination round "
                         "is certain)"}};
  return t;
}

}  // namespace

bool is_multi_agent_target(const std::string& name) { return ref::parse_multi_agent_algorithm(name).has_value(); }

PreparedTarget prepare_multi_agent(const TargetInfo& info, const TargetOptions& o, std::uint64_t seed) {
  if (o.arms < 2 || o.arms > 3) throw_parameter_error(kFn, "--arms", "2 or 3", std::to_string(o.arms));
  const auto algo = ref::parse_multi_agent_algorithm(info.name);
  if (!algo) throw_parameter_error(kFn, "target", "a multi-agent learner", info.name);
  PreparedTarget t;
  t.info = info;
  t.eps_claimed = o.eps.convert_to<double>();
  t.delta = o.delta.value_or(0);
  if (*algo == ref::MultiAgentAlgorithm::DpMase) {
    t = prepare_dp_mase(std::move(t), o, seed);
  } else {
    if (o.leak_factor != 1)
      throw_parameter_error(kFn, "leak_factor", "1 for " + info.name + " (leaky twins: dp-mase)",
                            dpb::to_string(o.leak_factor));
    t = prepare_baseline(std::move(t), o, *algo);
  }
  t.details["view"] = t.details.value("view", o.joint_view ? "joint" : "agent");
  if (!info.is_private) {
    t.nominal = true;
    t.eps_exact.reset();
    t.eps_exact_lower.reset();
    t.eps_exact_source.clear();
  }
  return t;
}

}  // namespace dpb::verify::audit
