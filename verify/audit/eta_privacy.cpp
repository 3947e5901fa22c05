#include "verify/audit/eta_privacy.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <mutex>
#include <stdexcept>

#include "optimized/learners/mase.hpp"
#include "reference/bits/chacha20.hpp"
#include "reference/bits/uniform.hpp"
#include "reference/core/errors.hpp"
#include "verify/cluster/cancellation.hpp"
#include "verify/cluster/worker_pool.hpp"
#include "verify/stats/binomial_tests.hpp"

namespace dpb::verify::audit {

namespace {

constexpr std::uint64_t kRunStride = std::uint64_t{1} << 40;
constexpr std::uint64_t kGameBase = std::uint64_t{1} << 39;  // above every engine stream of the run (mase.hpp)

std::uint64_t permutation_stream(std::uint64_t run) { return kRunStride * run + kGameBase; }

// The instance with labels permuted: label i carries original arm perm[i]'s law.
ref::BanditInstance permuted(const ref::BanditInstance& inst, const std::vector<std::uint32_t>& perm) {
  std::vector<Rational> means;
  for (const std::uint32_t a : perm) means.push_back(inst.law(a).mean);
  switch (inst.kind()) {
    case ref::ArmKind::Bernoulli:
      return ref::BanditInstance::bernoulli(means);
    case ref::ArmKind::ClippedGaussian:
      return ref::BanditInstance::clipped_gaussian(means, inst.law(0).sigma, inst.grid(), inst.law(0).method);
    default:
      throw std::invalid_argument("eta-privacy: Bernoulli or clipped-Gaussian instances only");
  }
}

struct Named {  // the distinct arms of a view, most recent first, and the unvoted ones
  std::vector<std::uint32_t> recent, unvoted;
};
Named named_arms(const EtaView& v, std::uint32_t K) {
  Named n;
  std::vector<bool> seen(K, false);
  for (std::size_t i = v.arms.size(); i-- > 0;)
    if (!seen[v.arms[i]]) {
      seen[v.arms[i]] = true;
      n.recent.push_back(v.arms[i]);
    }
  for (std::uint32_t a = 0; a < K; ++a)
    if (!seen[a]) n.unvoted.push_back(a);
  return n;
}

std::size_t learned_key(const EtaView& v, const Named& n, std::uint64_t rounds) {
  std::uint64_t quarter = 0;
  if (!v.rounds.empty() && rounds > 0) quarter = std::min<std::uint64_t>(3, 4 * v.rounds.back() / rounds);
  return n.recent.size() * 4 + quarter;
}

}  // namespace

std::uint64_t eta_adversary_stream(std::uint64_t run, std::size_t agent_index, EtaAdversary a) {
  return kRunStride * run + kGameBase + 1 + 4 * agent_index + static_cast<std::uint64_t>(a);
}

std::string adversary_name(EtaAdversary a) {
  switch (a) {
    case EtaAdversary::unvoted: return "unvoted";
    case EtaAdversary::complete: return "complete";
    case EtaAdversary::timed: return "timed";
    case EtaAdversary::learned: return "learned";
  }
  return "?";
}

std::optional<EtaAdversary> parse_eta_adversary(const std::string& name) {
  for (const EtaAdversary a : all_eta_adversaries())
    if (adversary_name(a) == name) return a;
  return std::nullopt;
}

const std::vector<EtaAdversary>& all_eta_adversaries() {
  static const std::vector<EtaAdversary> all = {EtaAdversary::unvoted, EtaAdversary::complete, EtaAdversary::timed,
                                                EtaAdversary::learned};
  return all;
}

std::vector<std::uint32_t> default_watched_agents(const ref::MultiAgentParams& params) {
  // P^γ(n) ∝ (n + 1 + α)^−γ decreases in n: agent 0 is the most likely, N − 1 the least, N/2 a median.
  std::vector<std::uint32_t> w = {0, params.agents / 2, params.agents - 1};
  std::sort(w.begin(), w.end());
  w.erase(std::unique(w.begin(), w.end()), w.end());
  return w;
}

EtaRun play_eta_game(const ref::MultiAgentConfig& config, const EtaSetting& s, const std::vector<std::uint32_t>& watched,
                     std::uint64_t seed, std::uint64_t run) {
  const std::uint32_t K = s.instance.arms();
  std::vector<std::uint32_t> perm(K);
  for (std::uint32_t i = 0; i < K; ++i) perm[i] = i;
  ChaCha20Source bits(seed, permutation_stream(run));
  for (std::uint32_t i = K - 1; i > 0; --i)  // Fisher–Yates: a uniform permutation
    std::swap(perm[i], perm[uniform_below_u64(bits, std::uint64_t{i} + 1)]);
  const ref::BanditInstance inst = permuted(s.instance, perm);
  const ref::MultiAgentStreams streams = ref::multi_agent_streams(seed, run);
  const ref::MultiAgentOutcome o = s.reference_engine ? ref::run_multi_agent(config, inst, streams)
                                                      : fast::run_multi_agent(config, inst, streams);
  EtaRun r;
  r.rounds = o.rounds;
  r.decided = o.reason == ref::EndReason::Decided;
  const Rational& top = *std::max_element(inst.means().begin(), inst.means().end());
  for (std::uint32_t a = 0; a < K; ++a) r.winning.push_back(inst.means()[a] >= top - s.pac_eps);
  for (const std::uint32_t n : watched) {
    EtaView v;
    for (const ref::AgentMessage& m : o.messages) {
      const bool own = m.agent == n || s.leak == EtaLeak::broadcast;
      const bool visible = m.sent || s.leak == EtaLeak::masks;
      if (own && visible) {
        v.rounds.push_back(m.round);
        v.arms.push_back(m.arm);
      }
    }
    r.views.push_back(std::move(v));
  }
  return r;
}

LearnedTable fit_learned(const std::vector<EtaRun>& search, std::size_t view_index, std::uint32_t K) {
  const std::size_t keys = (std::size_t{K} + 1) * 4, actions = std::size_t{K} + 1;
  std::vector<double> value(keys * actions, 0.0);  // expected wins (sums of probabilities) per key and action
  for (const EtaRun& r : search) {
    const EtaView& v = r.views.at(view_index);
    const Named n = named_arms(v, K);
    const std::size_t key = learned_key(v, n, r.rounds);
    const auto& pool = n.unvoted.empty() ? std::vector<std::uint32_t>{} : n.unvoted;
    double unvoted = 0;
    if (pool.empty()) {
      for (std::uint32_t a = 0; a < K; ++a) unvoted += r.winning[a] ? 1.0 / K : 0.0;
    } else {
      for (const std::uint32_t a : pool) unvoted += r.winning[a] ? 1.0 / static_cast<double>(pool.size()) : 0.0;
    }
    value[key * actions] += unvoted;
    for (std::size_t i = 1; i < actions; ++i)
      value[key * actions + i] += i <= n.recent.size() ? (r.winning[n.recent[i - 1]] ? 1.0 : 0.0) : unvoted;
  }
  LearnedTable t;
  t.K = K;
  t.action.assign(keys, 0);
  for (std::size_t k = 0; k < keys; ++k)
    for (std::size_t i = 1; i < actions; ++i)
      if (value[k * actions + i] > value[k * actions + t.action[k]]) t.action[k] = static_cast<std::uint32_t>(i);
  return t;
}

std::uint32_t eta_guess(EtaAdversary a, const EtaView& v, std::uint64_t rounds, std::uint32_t K,
                        const LearnedTable* table, std::uint64_t seed, std::uint64_t stream) {
  ChaCha20Source bits(seed, stream);
  const Named n = named_arms(v, K);
  const auto blind = [&] { return static_cast<std::uint32_t>(uniform_below_u64(bits, K)); };
  const auto unvoted = [&] {
    if (n.unvoted.empty()) return blind();
    return n.unvoted[uniform_below_u64(bits, n.unvoted.size())];
  };
  switch (a) {
    case EtaAdversary::unvoted:
      return unvoted();
    case EtaAdversary::complete:
      return n.recent.size() + 1 == K ? n.unvoted.front() : blind();
    case EtaAdversary::timed:
      if (v.arms.size() == 1 && n.unvoted.size() >= 2 && v.rounds.front() * K < rounds) return v.arms.front();
      return unvoted();
    case EtaAdversary::learned: {
      if (table == nullptr) throw std::invalid_argument("eta_guess: the learned adversary needs its table");
      const std::uint32_t action = table->action.at(learned_key(v, n, rounds));
      if (action >= 1 && action <= n.recent.size()) return n.recent[action - 1];
      return unvoted();
    }
  }
  return blind();
}

EtaSettingResult run_eta_setting(const EtaSetting& s, std::uint64_t seed, unsigned threads,
                                 const std::function<void(std::uint64_t, std::uint64_t)>& progress) {
  if (s.runs == 0) throw_parameter_error("eta-privacy", "runs", "at least 1", "0");
  const std::uint32_t K = s.instance.arms();
  const ref::MultiAgentConfig config = ref::configure_multi_agent(s.algorithm, s.params, K);
  const std::vector<std::uint32_t> watched = s.watched.empty() ? default_watched_agents(s.params) : s.watched;
  for (const std::uint32_t n : watched)
    if (n >= s.params.agents)
      throw_parameter_error("eta-privacy", "watch", "below --agents (" + std::to_string(s.params.agents) + ")",
                            std::to_string(n));
  const bool learned = std::find(s.adversaries.begin(), s.adversaries.end(), EtaAdversary::learned) !=
                       s.adversaries.end();
  const std::size_t cells = watched.size() * s.adversaries.size();
  if (cells > 64)
    throw_parameter_error("eta-privacy", "watch", "at most 64 (watched agents × adversaries)", std::to_string(cells));
  const std::uint64_t search = learned ? (s.runs + 3) / 4 : 0;
  const std::uint64_t total = s.runs + search;
  std::uint64_t done = 0;
  std::mutex progress_mutex;
  const auto tick = [&] {
    if (!progress) return;
    const std::lock_guard lock(progress_mutex);
    progress(++done, total);
  };
  // Two passes, so memory does not grow with the scored runs (issue 14 class 4: `--runs 10^6` kept every game's
  // views). Games are seeded by their index, so the order of play changes nothing. (1) The learned adversary's search
  // runs (indices R … R + R/4 − 1) keep their views: its table is fitted on them. (2) Each scored run (0 … R − 1) is
  // judged as soon as it is played — every adversary's guess for every watched agent — and only its outcome is kept
  // (one bit per agent and adversary).
  std::vector<EtaRun> split(search);
  {
    std::atomic<std::uint64_t> next{0};
    cluster::run_workers(std::max(1U, threads), [&](const std::atomic<bool>& failed) {
      for (std::uint64_t i = next++; i < search && !failed; i = next++) {
        poll_cancellation();
        split[i] = play_eta_game(config, s, watched, seed, s.runs + i);
        tick();
      }
    });
  }
  std::vector<LearnedTable> tables(watched.size());
  if (learned)
    for (std::size_t j = 0; j < watched.size(); ++j) tables[j] = fit_learned(split, j, K);
  split.clear();
  split.shrink_to_fit();

  struct Scored {
    std::uint64_t rounds = 0;
    bool decided = false;
    std::uint64_t wins = 0;  // bit j·A + a: adversary a's guess for the j-th watched agent won
  };
  std::vector<Scored> scored(s.runs);
  {
    std::atomic<std::uint64_t> next{0};
    cluster::run_workers(std::max(1U, threads), [&](const std::atomic<bool>& failed) {
      for (std::uint64_t r = next++; r < s.runs && !failed; r = next++) {
        poll_cancellation();
        const EtaRun run = play_eta_game(config, s, watched, seed, r);
        Scored out;
        out.rounds = run.rounds;
        out.decided = run.decided;
        std::size_t bit = 0;
        for (std::size_t j = 0; j < watched.size(); ++j)
          for (const EtaAdversary a : s.adversaries) {
            const std::uint32_t g = eta_guess(a, run.views[j], run.rounds, K, learned ? &tables[j] : nullptr, seed,
                                              eta_adversary_stream(r, j, a));
            if (run.winning[g]) out.wins |= std::uint64_t{1} << bit;
            ++bit;
          }
        scored[r] = out;
        tick();
      }
    });
  }
  EtaSettingResult res;
  res.setting = s;
  res.setting.watched = watched;
  res.eta_xi = config.rho;
  if (s.algorithm != ref::MultiAgentAlgorithm::DpMase) {
    Rational no_mask = 1;
    if (config.mask_xi)
      for (std::uint32_t i = 0; i + 1 < K; ++i) no_mask *= 1 - *config.mask_xi;
    res.proof_bound = (1 - config.rho) * no_mask;
  }
  double rounds = 0;
  for (const Scored& r : scored) {
    rounds += static_cast<double>(r.rounds);
    if (!r.decided) ++res.undecided;
  }
  res.mean_rounds = rounds / static_cast<double>(s.runs);
  for (std::size_t j = 0; j < watched.size(); ++j)
    for (std::size_t ai = 0; ai < s.adversaries.size(); ++ai) {
      EtaCount c{s.name, watched[j], s.adversaries[ai], s.runs, 0};
      for (const Scored& r : scored)
        if ((r.wins >> (j * s.adversaries.size() + ai)) & 1U) ++c.wins;
      res.counts.push_back(c);
    }
  return res;
}

std::string verdict_word(EtaVerdict v) {
  switch (v) {
    case EtaVerdict::holds: return "HOLDS";
    case EtaVerdict::violated: return "VIOLATED";
    case EtaVerdict::inconclusive: return "INCONCLUSIVE";
    case EtaVerdict::reported: return "REPORTED";
  }
  return "?";
}

namespace {

// The runs n' >= n at which a count with the same rate would be decided against t at one-sided level `conf`
// (lower bound above t when the rate exceeds t, else upper bound at most t); 0 when beyond 2^32.
std::uint64_t runs_to_decide(std::uint64_t k, std::uint64_t n, double t, double conf) {
  const double rate = static_cast<double>(k) / static_cast<double>(n);
  for (std::uint64_t m = n; m <= (std::uint64_t{1} << 32); m *= 2) {
    const auto km = static_cast<std::uint64_t>(std::llround(rate * static_cast<double>(m)));
    if (rate > t ? stats::clopper_pearson_lower(km, m, conf) > t : stats::clopper_pearson_upper(km, m, conf) <= t)
      return m;
  }
  return 0;
}

}  // namespace

EtaJudgement judge_eta(const std::vector<EtaSettingResult>& results, double alpha) {
  if (!(alpha > 0 && alpha < 1)) throw std::invalid_argument("judge_eta: alpha must be in (0, 1)");
  EtaJudgement j;
  for (const auto& r : results)
    if (r.setting.eta) j.comparisons += r.counts.size();
  j.alpha_each = j.comparisons ? alpha / static_cast<double>(j.comparisons) : alpha;
  const double conf = 1 - j.alpha_each;
  bool all_below = true, some_above = false;
  std::uint64_t needed_violation = 0, needed_holds = 0;
  j.max_lower_excess = -1;
  nlohmann::json list = nlohmann::json::array(), settings = nlohmann::json::array();
  for (const auto& r : results) {
    nlohmann::json sj = {{"setting", r.setting.name},
                         {"learner", ref::algorithm_name(r.setting.algorithm)},
                         {"agents", r.setting.params.agents},
                         {"law", r.setting.params.law == ref::AgentLawKind::Uniform ? "uniform" : "power"},
                         {"local_failure_level", dpb::to_string(r.eta_xi)},
                         {"runs", r.setting.runs},
                         {"undecided_runs", r.undecided},
                         {"mean_rounds", r.mean_rounds}};
    if (r.setting.eta) sj["one_minus_eta"] = dpb::to_string(1 - *r.setting.eta);
    if (r.proof_bound) sj["proof_bound"] = dpb::to_string(*r.proof_bound);
    settings.push_back(sj);
    for (const EtaCount& c : r.counts) {
      const double lower = stats::clopper_pearson_lower(c.wins, c.runs, conf);
      const double upper = stats::clopper_pearson_upper(c.wins, c.runs, conf);
      nlohmann::json cj = {{"setting", c.setting}, {"agent", c.agent},  {"adversary", adversary_name(c.adversary)},
                           {"runs", c.runs},       {"wins", c.wins},    {"rate", static_cast<double>(c.wins) / c.runs},
                           {"cp_lower", lower},    {"cp_upper", upper}};
      if (r.proof_bound) cj["proof_bound"] = r.proof_bound->convert_to<double>();
      if (r.setting.eta) {
        const double t = (1 - *r.setting.eta).convert_to<double>();
        cj["one_minus_eta"] = t;
        all_below &= upper <= t;
        some_above |= lower > t;
        j.max_lower_excess = std::max(j.max_lower_excess, lower - t);
        if (lower <= t && upper > t) {
          const std::uint64_t m = runs_to_decide(c.wins, c.runs, t, conf);
          if (static_cast<double>(c.wins) / c.runs > t) {
            if (m != 0 && (needed_violation == 0 || m < needed_violation)) needed_violation = m;
          } else {
            needed_holds = (m == 0 || needed_holds == std::uint64_t(-1)) ? std::uint64_t(-1) : std::max(needed_holds, m);
          }
        }
      }
      list.push_back(cj);
    }
  }
  if (j.comparisons == 0) {
    j.verdict = EtaVerdict::reported;
  } else {
    j.verdict = some_above ? EtaVerdict::violated : all_below ? EtaVerdict::holds : EtaVerdict::inconclusive;
  }
  if (j.verdict == EtaVerdict::inconclusive)
    j.runs_needed = needed_violation != 0 ? needed_violation : needed_holds;
  j.evidence["settings"] = settings;
  j.evidence["counts"] = list;
  j.evidence["alpha"] = alpha;
  j.evidence["comparisons"] = j.comparisons;
  j.evidence["alpha_each"] = j.alpha_each;
  j.evidence["verdict_rule"] =
      "one-sided Clopper-Pearson bounds on each (setting, watched agent, adversary)'s wins at alpha/m (Bonferroni over "
      "the m triples of the grid); violated iff some lower bound > 1 - eta, holds iff every upper bound <= 1 - eta, "
      "else inconclusive";
  if (j.verdict == EtaVerdict::inconclusive)
    j.evidence["inconclusive_because"] =
        j.runs_needed == std::uint64_t(-1)
            ? "some upper bound exceeds 1 - eta and no lower bound does; more than 2^32 runs per setting would be needed"
            : "some upper bound exceeds 1 - eta and no lower bound does; about " + std::to_string(j.runs_needed) +
                  " runs per setting at the same rates would decide it";
  return j;
}

}  // namespace dpb::verify::audit
