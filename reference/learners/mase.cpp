#include "reference/learners/mase.hpp"

#include <algorithm>
#include <map>
#include <memory>
#include <sstream>
#include <stdexcept>

#include "reference/bits/chacha20.hpp"
#include "reference/bits/uniform.hpp"
#include "reference/core/errors.hpp"
#include "reference/environments/agent_rewards.hpp"
#include "reference/environments/reward_tape.hpp"
#include "reference/learners/agent_law.hpp"
#include "reference/learners/internal/certified.hpp"
#include "reference/learners/internal/validation.hpp"
#include "reference/samplers/bernoulli.hpp"
#include "reference/samplers/discrete_laplace.hpp"

namespace dpb::ref {

namespace {

constexpr std::uint32_t kMaxAgents = 1U << 20;
constexpr std::uint64_t kMaxRounds = std::uint64_t{1} << 40;

void require_open_unit(const Rational& p, std::string_view f, std::string_view name) {
  if (p <= 0 || p >= 1) throw_parameter_error(f, name, "in (0, 1)", to_string(p));
}

Rational power(const Rational& x, std::uint64_t k) {
  Rational r(1);
  for (std::uint64_t i = 0; i < k; ++i) r *= x;
  return r;
}

// Could ρ^m equal δ at all? (Both are in lowest terms, so ρ^m = δ needs num(δ) = num(ρ)^m and den(δ) = den(ρ)^m;
// the bit lengths rule most m out before any power is computed.)
bool exact_power_possible(const Rational& rho, const Rational& delta, std::uint64_t m) {
  auto fits = [m](const Integer& base, const Integer& target) {
    if (base == 1) return target == 1;
    const std::uint64_t bb = bit_length(base), tb = bit_length(target);
    return m * (bb - 1) < tb && tb <= m * bb;
  };
  return fits(boost::multiprecision::numerator(rho), boost::multiprecision::numerator(delta)) &&
         fits(boost::multiprecision::denominator(rho), boost::multiprecision::denominator(delta));
}

}  // namespace

std::string algorithm_name(MultiAgentAlgorithm a) {
  switch (a) {
    case MultiAgentAlgorithm::Mase: return "mase";
    case MultiAgentAlgorithm::DpMase: return "dp-mase";
    case MultiAgentAlgorithm::CorruptedElimination: return "corrupted-elimination";
    case MultiAgentAlgorithm::DecentralizedElimination: return "decentralized-elimination";
    case MultiAgentAlgorithm::CentralSe: return "central-se";
    case MultiAgentAlgorithm::IndependentSe: return "independent-se";
  }
  return "?";
}

std::optional<MultiAgentAlgorithm> parse_multi_agent_algorithm(const std::string& name) {
  for (auto a : {MultiAgentAlgorithm::Mase, MultiAgentAlgorithm::DpMase, MultiAgentAlgorithm::CorruptedElimination,
                 MultiAgentAlgorithm::DecentralizedElimination, MultiAgentAlgorithm::CentralSe,
                 MultiAgentAlgorithm::IndependentSe})
    if (algorithm_name(a) == name) return a;
  return std::nullopt;
}

std::string end_reason_name(EndReason r) {
  switch (r) {
    case EndReason::Decided: return "decided";
    case EndReason::NoAgentLeft: return "no-agent-left";
    case EndReason::EmptyLocalSet: return "empty-local-set";
    case EndReason::NoArmLeft: return "no-arm-left";
    case EndReason::MaxRounds: return "max-rounds";
  }
  return "?";
}

Rational eta_xi(const Rational& eta, const Rational& xi, std::uint32_t K) {
  const Rational v = 1 - (1 - eta) / power(1 - xi, K - 1);
  return v > 0 ? v : Rational(0);
}

std::uint64_t smallest_power_below(const Rational& rho, const Rational& delta) {
  constexpr const char* f = "smallest_power_below";
  require_open_unit(rho, f, "rho");
  require_open_unit(delta, f, "delta");
  for (mpfr_prec_t prec = internal::kStartPrecision; prec <= internal::kMaxPrecision; prec *= 2) {
    // r = ln δ / ln ρ > 0; M = ⌈r⌉, or r itself when ρ^r = δ exactly.
    const Interval r = Interval(delta, prec).log() / Interval(rho, prec).log();
    const Rational lo = r.lower(), hi = r.upper();
    if (lo > Rational(kMaxAgents))
      throw_parameter_error(f, "delta", "such that ln δ/ln ρ <= 2^20 (votes needed)", to_string(delta));
    const Integer m_lo = ceil(lo), m_hi = ceil(hi);
    if (m_lo == m_hi && Rational(m_lo) != lo) {
      // No integer in (lo, hi]... unless hi itself is the integer m_hi, which ceil(hi) = hi covers below.
      if (Rational(m_hi) != hi) return to_uint64(m_lo);
    }
    // Some integer m lies in [lo, hi]: r = m exactly iff ρ^m = δ.
    for (Integer m = m_lo; Rational(m) <= hi; ++m) {
      const std::uint64_t mm = to_uint64(m);
      if (mm >= 1 && exact_power_possible(rho, delta, mm) && power(rho, mm) == delta) return mm;
    }
  }
  throw std::runtime_error("smallest_power_below: ln δ/ln ρ not separated from an integer");
}

std::uint64_t votes_needed(std::uint64_t M, VoteTest test) {
  return test == VoteTest::Gt ? M + 1 : std::max<std::uint64_t>(M, 1);
}

Integer se_threshold_units(std::uint64_t t, std::uint32_t K, std::int64_t G, const Rational& c, const Rational& rho,
                           SeRadius radius) {
  const Rational inside = c * Rational(Integer(K) * t * t) / rho;  // > 1 (c·K/ρ > 1, t >= 1)
  const Integer factor = Integer(G) * G * t * (radius == SeRadius::T ? 4 : 2);
  // x = √(factor·ln(inside)) is transcendental, never an integer: ⌈x⌉ = ⌊x⌋ + 1.
  return 1 + internal::certified_floor(
                 [&](mpfr_prec_t prec) { return Interval(inside, prec).log().mul(Rational(factor)).sqrt(); },
                 "successive_elimination: threshold at t = " + std::to_string(t));
}

MultiAgentStreams multi_agent_streams(std::uint64_t seed, std::uint64_t run) {
  MultiAgentStreams s;
  s.seed = seed;
  const std::uint64_t base = run << 40;
  s.agent_stream = base + 1;
  s.noise_base = base + (std::uint64_t{1} << 20);
  s.reward_base = base + (std::uint64_t{1} << 21);
  return s;
}

MultiAgentConfig configure_multi_agent(MultiAgentAlgorithm algorithm, const MultiAgentParams& p, std::uint32_t K) {
  const std::string fs = algorithm_name(algorithm);
  const char* f = fs.c_str();
  if (K < 2 || K > (1U << 18)) throw_parameter_error(f, "arms", "in 2..2^18", std::to_string(K));
  if (p.agents < 1 || p.agents > kMaxAgents)
    throw_parameter_error(f, "agents", "in 1..2^20", std::to_string(p.agents));
  if (p.max_rounds < 1 || p.max_rounds > kMaxRounds)
    throw_parameter_error(f, "max_rounds", "in 1..2^40", std::to_string(p.max_rounds));
  require_open_unit(p.delta, f, "delta");
  if (p.law == AgentLawKind::Power) require_open_unit(p.gamma, f, "gamma");
  if (p.agent_offset < 0) throw_parameter_error(f, "agent_offset", ">= 0", to_string(p.agent_offset));
  if (p.coin_activation < 1) throw_parameter_error(f, "coin_activation", ">= 1", std::to_string(p.coin_activation));
  if (p.c <= 0) throw_parameter_error(f, "c", "> 0", to_string(p.c));

  MultiAgentConfig c;
  c.algorithm = algorithm;
  c.agents = p.agents;
  c.c = p.c;
  c.radius = p.radius;
  c.vote_test = p.vote_test;
  c.coin_activation = p.coin_activation;
  c.law = p.law;
  c.gamma = p.gamma;
  c.agent_offset = p.agent_offset;
  c.finished = p.finished;
  c.stop = p.stop;
  c.max_rounds = p.max_rounds;
  c.routine = p.coin ? LocalRoutine::Coin : LocalRoutine::SuccessiveElimination;
  std::optional<Rational> threshold_base;  // the q of "smallest M with q^M <= δ"
  const Rational beta = p.beta.value_or(Rational(1, 2));
  switch (algorithm) {
    case MultiAgentAlgorithm::Mase:
      require_open_unit(beta, f, "beta");
      c.rho = beta;
      c.sync = SyncPolicy::Immediate;
      threshold_base = beta;
      break;
    case MultiAgentAlgorithm::DpMase:
      require_open_unit(beta, f, "beta");
      if (p.coin) throw_parameter_error(f, "routine", "DP-SE epochs for dp-mase (no coin)", "coin");
      c.rho = beta;
      c.routine = LocalRoutine::DpSeEpoch;
      c.sync = SyncPolicy::EpochEnd;
      c.eps = internal::require_eps(p.eps, f);
      c.noise_refinement = internal::require_noise_refinement(p.noise_refinement, f);
      c.rule = p.rule;
      c.one_arm = p.one_arm;
      c.epoch_order = p.epoch_order;
      threshold_base = beta;
      break;
    case MultiAgentAlgorithm::CorruptedElimination: {
      require_open_unit(p.eta, f, "eta");
      if (p.xi < 0 || p.xi >= 1) throw_parameter_error(f, "xi", "in [0, 1)", to_string(p.xi));
      const Rational ex = eta_xi(p.eta, p.xi, K);
      if (ex <= 0)
        throw_parameter_error(f, "xi", "such that η_ξ = 1 − (1−η)/(1−ξ)^(K−1) > 0", to_string(p.xi));
      c.rho = ex;
      c.mask_xi = p.xi;
      c.sync = SyncPolicy::EachActivation;
      threshold_base = p.ce_threshold == CeThreshold::EtaXi ? ex : p.eta;
      break;
    }
    case MultiAgentAlgorithm::DecentralizedElimination:
      require_open_unit(p.eta, f, "eta");
      c.rho = p.eta;
      c.sync = SyncPolicy::EachActivation;
      threshold_base = p.eta;
      break;
    case MultiAgentAlgorithm::CentralSe:
      if (p.coin) throw_parameter_error(f, "routine", "successive elimination for central-se", "coin");
      c.rho = p.delta;
      c.coordination = Coordination::Central;
      break;
    case MultiAgentAlgorithm::IndependentSe:
      if (p.coin) throw_parameter_error(f, "routine", "successive elimination for independent-se", "coin");
      c.rho = p.delta;
      c.coordination = Coordination::Independent;
      break;
  }
  if (c.routine == LocalRoutine::SuccessiveElimination && c.c * K <= c.rho)
    throw_parameter_error(f, "c", "such that c·K/ρ > 1 (ρ = " + to_string(c.rho) + ")", to_string(p.c));
  if (c.coordination == Coordination::Votes) {
    if (p.votes) {
      if (*p.votes > kMaxAgents) throw_parameter_error(f, "votes", "in 0..2^20", std::to_string(*p.votes));
      c.votes_threshold = *p.votes;
      c.votes_overridden = true;
    } else {
      c.votes_threshold = smallest_power_below(*threshold_base, p.delta);
    }
    const std::uint64_t need = votes_needed(c.votes_threshold, c.vote_test);
    if (need > p.agents)
      throw_parameter_error(f, "agents", ">= the votes an elimination needs (" + std::to_string(need) + ")",
                            std::to_string(p.agents));
  }
  return c;
}

std::string first_difference(const MultiAgentOutcome& a, const MultiAgentOutcome& b) {
  std::ostringstream out;
  auto scalar = [&](const char* what, const auto& x, const auto& y) {
    if (x == y || !out.str().empty()) return;
    out << what << " differ";
  };
  auto list = [&](const char* what, const auto& x, const auto& y) {
    if (!out.str().empty()) return;
    const std::size_t n = std::min(x.size(), y.size());
    for (std::size_t i = 0; i < n; ++i)
      if (!(x[i] == y[i])) {
        out << what << "[" << i << "] differ";
        return;
      }
    if (x.size() != y.size()) out << what << ": " << x.size() << " vs " << y.size() << " entries";
  };
  scalar("algorithm", a.algorithm, b.algorithm);
  scalar("end reason", a.reason, b.reason);
  scalar("returned arm", a.arm, b.arm);
  scalar("rounds", a.rounds, b.rounds);
  scalar("pulls", a.pulls, b.pulls);
  scalar("wasted rounds", a.wasted_rounds, b.wasted_rounds);
  scalar("votes threshold", a.votes_threshold, b.votes_threshold);
  scalar("votes override", a.votes_overridden, b.votes_overridden);
  scalar("vote test", a.vote_test, b.vote_test);
  scalar("max rounds", a.max_rounds, b.max_rounds);
  list("activations", a.activations, b.activations);
  list("messages", a.messages, b.messages);
  list("votes", a.votes, b.votes);
  list("ledger laws", a.laws, b.laws);
  list("global eliminations", a.eliminations, b.eliminations);
  list("releases", a.releases, b.releases);
  list("local eliminations", a.local_eliminations, b.local_eliminations);
  list("agent arms", a.agent_arms, b.agent_arms);
  list("agent finish rounds", a.agent_finish_round, b.agent_finish_round);
  scalar("first finish round", a.first_finish_round, b.first_finish_round);
  return out.str();
}

BanditInstance seed004_problem1() {
  std::vector<Rational> means{Rational(7, 10), Rational(1, 2), Rational(3, 10)};
  means.resize(10, Rational(1, 10));
  return BanditInstance::bernoulli(means);
}

BanditInstance seed004_problem2(const Rational& sigma, const Rational& shift) {
  std::vector<Rational> means{Rational(11) - shift, Rational(54, 5) - shift};
  means.resize(10, Rational(52, 5) - shift);
  // Inversion while σ·G ≤ 100 (the default σ = 1/10): its table is built once per process in ~0.15 s there and
  // grows with σ·G (at σ = 1000 it would take minutes); CKS20 beyond (docs/decisions.md).
  const GaussianMethod method = sigma * 1000 <= 100 ? GaussianMethod::Inversion : GaussianMethod::Cks20;
  return BanditInstance::clipped_gaussian(means, sigma, 1000, method);
}

// ------------------------------------------------------------------------------------------------------------------
// The engine.

namespace {

class ArmSet {
 public:
  explicit ArmSet(std::uint32_t K = 0) : in_(K, 1), size_(K) {}
  bool has(std::uint32_t a) const { return in_[a] != 0; }
  std::uint32_t size() const { return size_; }
  void remove(std::uint32_t a) {
    if (in_[a]) {
      in_[a] = 0;
      --size_;
    }
  }
  void intersect(const ArmSet& other) {
    for (std::uint32_t a = 0; a < in_.size(); ++a)
      if (in_[a] && !other.in_[a]) remove(a);
  }
  std::uint32_t only() const {
    for (std::uint32_t a = 0; a < in_.size(); ++a)
      if (in_[a]) return a;
    return 0;
  }
  std::uint32_t capacity() const { return static_cast<std::uint32_t>(in_.size()); }

 private:
  std::vector<char> in_;
  std::uint32_t size_;
};

class Engine {
 public:
  Engine(const MultiAgentConfig& cfg, const BanditInstance& instance, const MultiAgentStreams& streams)
      : cfg_(cfg),
        instance_(instance),
        streams_(streams),
        K_(instance.arms()),
        N_(cfg.agents),
        G_(instance.grid()),
        rewards_(instance, cfg.agents, streams.seed, streams.reward_base),
        draws_(streams.seed, streams.agent_stream),
        global_(K_),
        local_(N_, ArmSet(K_)),
        sums_(static_cast<std::size_t>(N_) * K_, Integer(0)),
        noise_(N_),
        finished_(N_, 0),
        coin_done_(N_, 0),
        mask_(Rational(1) - cfg.mask_xi.value_or(Rational(0))),
        coin_(cfg.routine == LocalRoutine::Coin ? cfg.rho : Rational(0)),
        laplace_(cfg.routine == LocalRoutine::DpSeEpoch
                     ? Rational(Integer(instance.grid()) * cfg.noise_refinement) / cfg.eps
                     : Rational(1)) {
    if (cfg.law == AgentLawKind::Power) power_ = std::make_unique<PowerAgentLaw>(N_, cfg.gamma, cfg.agent_offset);
    rewards_.set_script(cfg.script, N_, G_);
    unfinished_.reserve(N_);
    for (std::uint32_t n = 0; n < N_; ++n) unfinished_.push_back(n);
    out_.algorithm = cfg.algorithm;
    if (cfg.record_ledger && cfg.routine == LocalRoutine::DpSeEpoch) {
      const Rational unit{Integer(instance.grid()) * cfg.noise_refinement};
      out_.laws.push_back(laplace_law(unit / cfg.eps, unit));
    }
    out_.votes_threshold = cfg.votes_threshold;
    out_.votes_overridden = cfg.votes_overridden;
    out_.vote_test = cfg.vote_test;
    out_.max_rounds = cfg.max_rounds;
    out_.activations.assign(N_, 0);
    out_.votes.assign(K_, 0);
    out_.agent_finish_round.assign(N_, 0);
    if (cfg.coordination == Coordination::Independent) out_.agent_arms.assign(N_, std::nullopt);
    if (cfg.coordination == Coordination::Central) central_sums_.assign(K_, Integer(0));
    if (cfg.routine == LocalRoutine::DpSeEpoch) {
      epoch_.resize(N_);
      round_in_epoch_.assign(N_, 0);
      for (std::uint32_t n = 0; n < N_; ++n) epoch_[n] = std::make_unique<DpSeEpoch>(K_, 1, cfg.rho, cfg.eps, cfg.rule);
    }
  }

  MultiAgentOutcome run(RoundHook on_round) {
    for (;;) {
      if (done_) break;
      if (cfg_.coordination != Coordination::Independent && global_.size() <= 1) {
        end(global_.size() == 1 ? EndReason::Decided : EndReason::NoArmLeft);
        break;
      }
      if (out_.rounds == cfg_.max_rounds) {
        end(EndReason::MaxRounds);
        break;
      }
      if (unfinished_.empty()) {
        end(EndReason::NoAgentLeft);
        break;
      }
      const std::uint32_t n = draw_agent();
      ++out_.rounds;
      on_round(out_.rounds);
      if (finished_[n]) {
        ++out_.wasted_rounds;
        continue;
      }
      if (cfg_.coordination == Coordination::Central)
        activate_central(n);
      else
        activate(n);
    }
    return std::move(out_);
  }

 private:
  void end(EndReason reason) {
    out_.reason = reason;
    if (reason == EndReason::Decided && cfg_.coordination != Coordination::Independent) out_.arm = global_.only();
    done_ = true;
  }

  std::uint32_t draw_agent() {
    const bool skip = cfg_.finished == FinishedAgents::Skip;
    if (cfg_.law == AgentLawKind::Uniform) {
      if (skip) return unfinished_[to_uint64(uniform_below(draws_, Integer(unfinished_.size())))];
      return static_cast<std::uint32_t>(to_uint64(uniform_below(draws_, Integer(N_))));
    }
    for (;;) {  // P^γ; skip: redrawn while the agent is finished (the renormalized law)
      const std::uint32_t n = power_->draw(draws_);
      if (!skip || !finished_[n]) return n;
    }
  }

  // Per-agent streams are CompactChaCha20Source (the same bits as ChaCha20Source, 64-byte buffer): at N = 2^20 agents
  // and K = 10 arms the 4 KiB-buffered sources needed tens of GiB (docs/reliability.md "Limits", --agents).
  CompactChaCha20Source& noise(std::uint32_t n) {
    if (!noise_[n]) noise_[n] = std::make_unique<CompactChaCha20Source>(streams_.seed, streams_.noise_base + n);
    return *noise_[n];
  }

  const Integer& threshold(std::uint64_t t) {
    if (t >= thresholds_.size()) thresholds_.resize(std::max<std::size_t>(t + 1, 2 * thresholds_.size()), 0);
    Integer& x = thresholds_[t];
    if (x == 0) x = se_threshold_units(t, K_, G_, cfg_.c, cfg_.rho, cfg_.radius);
    return x;
  }

  Integer& sum(std::uint32_t n, std::uint32_t a) { return sums_[static_cast<std::size_t>(n) * K_ + a]; }

  void finish(std::uint32_t n) {
    if (finished_[n]) return;
    finished_[n] = 1;
    unfinished_.erase(std::lower_bound(unfinished_.begin(), unfinished_.end(), n));
    out_.agent_finish_round[n] = out_.rounds;
  }

  bool passes(std::uint64_t votes) const {
    return cfg_.vote_test == VoteTest::Gt ? votes > cfg_.votes_threshold : votes >= cfg_.votes_threshold;
  }

  // SE on agent n's running sums: the arms with top − S_k >= ⌈threshold⌉.
  std::vector<std::uint32_t> se_test(const ArmSet& L, std::uint64_t t, std::uint32_t n) {
    const Integer& thr = threshold(t);
    Integer top = -1;
    for (std::uint32_t a = 0; a < K_; ++a)
      if (L.has(a) && sum(n, a) > top) top = sum(n, a);
    std::vector<std::uint32_t> elim;
    for (std::uint32_t a = 0; a < K_; ++a)
      if (L.has(a) && top - sum(n, a) >= thr) elim.push_back(a);
    return elim;
  }

  void activate(std::uint32_t n) {
    ArmSet& L = local_[n];
    const std::uint64_t t = ++out_.activations[n];
    out_.pulls += L.size();
    for (std::uint32_t a = 0; a < K_; ++a)
      if (L.has(a)) sum(n, a) += rewards_.next(n, a);

    std::vector<std::uint32_t> elim;
    bool epoch_end = false;
    switch (cfg_.routine) {
      case LocalRoutine::SuccessiveElimination:
        elim = se_test(L, t, n);
        break;
      case LocalRoutine::Coin:
        if (!coin_done_[n] && t == cfg_.coin_activation) {
          coin_done_[n] = 1;
          const std::uint32_t best = instance_.best_arm();
          const bool fail = coin_(noise(n));
          for (std::uint32_t a = 0; a < K_; ++a)
            if (L.has(a) && ((a == best) == fail)) elim.push_back(a);
        }
        break;
      case LocalRoutine::DpSeEpoch: {
        const DpSeEpoch& ep = *epoch_[n];
        if (Integer(++round_in_epoch_[n]) == ep.length()) {
          epoch_end = true;
          elim = dp_se_epoch_end(n, ep);
        }
        break;
      }
    }

    std::vector<std::uint32_t> voted;
    for (std::uint32_t a : elim) {
      L.remove(a);
      if (cfg_.coordination == Coordination::Independent) {
        out_.local_eliminations.push_back(LocalElimination{out_.rounds, n, a});
        continue;
      }
      const bool sent = cfg_.mask_xi ? mask_(noise(n)) : true;  // one ν per (agent, arm): the arm leaves 𝒦_n
      out_.messages.push_back(AgentMessage{out_.rounds, n, a, sent});
      if (sent) {
        ++out_.votes[a];
        voted.push_back(a);
      }
    }

    if (cfg_.coordination == Coordination::Independent) {
      if (L.size() == 1) finish_independent(n, L.only());
      return;
    }

    switch (cfg_.sync) {
      case SyncPolicy::Immediate:  // Alg. 1: a global elimination leaves every local set at once
        global_check(n, voted, /*propagate=*/true);
        if (L.size() <= 1 || coin_done_[n]) finish(n);
        break;
      case SyncPolicy::EachActivation:  // Alg. 3 lines 7–9: finished check, sync, global eliminations
        if (L.size() <= 1 || coin_done_[n]) {
          finish(n);
        } else {
          L.intersect(global_);
          if (L.size() == 0) return end(EndReason::EmptyLocalSet);
        }
        global_check(n, voted, false);
        break;
      case SyncPolicy::EpochEnd:  // Alg. 2 lines 9–17, at the agent's epoch end only
        if (!epoch_end) break;
        if (L.size() <= 1) {
          finish(n);
        } else {
          const std::uint32_t e = epoch_[n]->epoch() + 1;
          for (std::uint32_t a = 0; a < K_; ++a) sum(n, a) = 0;
          round_in_epoch_[n] = 0;
          std::uint64_t frozen = L.size();
          if (cfg_.epoch_order == EpochOrder::SyncThenLength) {
            L.intersect(global_);
            frozen = L.size();
          } else {
            L.intersect(global_);
          }
          if (L.size() == 0) return end(EndReason::EmptyLocalSet);
          if (L.size() == 1 && cfg_.one_arm == OneArmAfterSync::Finish)
            finish(n);
          else
            epoch_[n] = std::make_unique<DpSeEpoch>(frozen, e, cfg_.rho, cfg_.eps, cfg_.rule);
        }
        global_check(n, voted, false);
        break;
    }
  }

  // DP-SE at the end of agent n's epoch: one noisy release per active arm (ascending), then the certified test.
  std::vector<std::uint32_t> dp_se_epoch_end(std::uint32_t n, const DpSeEpoch& ep) {
    const ArmSet& L = local_[n];
    const Integer q = cfg_.noise_refinement;
    const Integer unit = Integer(G_) * q;
    const std::uint64_t R = to_uint64(ep.length());
    std::vector<std::uint32_t> arms;
    std::vector<Integer> noisy;
    for (std::uint32_t a = 0; a < K_; ++a) {
      if (!L.has(a)) continue;
      const Integer v = sum(n, a) * q + laplace_(noise(n));
      out_.releases.push_back(EpochRelease{out_.rounds, n, ep.epoch(), a, rewards_.drawn(n, a) - R, R, v});
      arms.push_back(a);
      noisy.push_back(v);
    }
    const Integer top = *std::max_element(noisy.begin(), noisy.end());
    std::vector<std::uint32_t> elim;
    for (std::size_t i = 0; i < arms.size(); ++i) {
      const Rational d(Integer(top - noisy[i]), Integer(unit * ep.length()));
      if (!ep.keeps(d, "dp_mase: agent " + std::to_string(n) + ", arm " + std::to_string(arms[i]) + ", epoch " +
                           std::to_string(ep.epoch())))
        elim.push_back(arms[i]);
    }
    return elim;
  }

  void global_check(std::uint32_t n, const std::vector<std::uint32_t>& voted, bool propagate) {
    for (std::uint32_t a : voted) {
      if (!global_.has(a) || !passes(out_.votes[a])) continue;
      global_.remove(a);
      out_.eliminations.push_back(GlobalElimination{out_.rounds, a, n, out_.votes[a]});
      if (!propagate) continue;
      for (std::uint32_t m = 0; m < N_; ++m) {
        ArmSet& Lm = local_[m];
        if (!Lm.has(a)) continue;
        Lm.remove(a);
        if (Lm.size() <= 1 && m != n) finish(m);
      }
    }
  }

  void finish_independent(std::uint32_t n, std::uint32_t arm) {
    out_.agent_arms[n] = arm;
    finish(n);
    if (!out_.first_finish_round) {
      out_.first_finish_round = out_.rounds;
      if (cfg_.stop == IndependentStop::First) {
        out_.arm = arm;
        return end(EndReason::Decided);
      }
    }
    if (unfinished_.empty()) {  // stop = all: the plurality of the agents' answers (lowest arm on ties)
      std::vector<std::uint64_t> count(K_, 0);
      for (const auto& x : out_.agent_arms) ++count[*x];
      out_.arm = static_cast<std::uint32_t>(std::max_element(count.begin(), count.end()) - count.begin());
      end(EndReason::Decided);
    }
  }

  void activate_central(std::uint32_t n) {
    const std::uint64_t t = ++out_.activations[n];
    (void)t;
    ++central_t_;
    out_.pulls += global_.size();
    for (std::uint32_t a = 0; a < K_; ++a)
      if (global_.has(a)) central_sums_[a] += rewards_.next(n, a);
    const Integer& thr = threshold(central_t_);
    Integer top = -1;
    for (std::uint32_t a = 0; a < K_; ++a)
      if (global_.has(a) && central_sums_[a] > top) top = central_sums_[a];
    std::vector<std::uint32_t> elim;
    for (std::uint32_t a = 0; a < K_; ++a)
      if (global_.has(a) && top - central_sums_[a] >= thr) elim.push_back(a);
    for (std::uint32_t a : elim) {
      global_.remove(a);
      out_.eliminations.push_back(GlobalElimination{out_.rounds, a, n, 0});
    }
  }

  const MultiAgentConfig& cfg_;
  const BanditInstance& instance_;
  MultiAgentStreams streams_;
  std::uint32_t K_, N_;
  std::int64_t G_;
  AgentRewardStreams<ArmSampler, CompactChaCha20Source> rewards_;
  ChaCha20Source draws_;
  std::unique_ptr<PowerAgentLaw> power_;
  ArmSet global_;
  std::vector<ArmSet> local_;
  std::vector<Integer> sums_;
  std::vector<Integer> central_sums_;
  std::uint64_t central_t_ = 0;
  std::vector<std::unique_ptr<CompactChaCha20Source>> noise_;
  std::vector<char> finished_, coin_done_;
  std::vector<std::uint32_t> unfinished_;
  std::vector<Integer> thresholds_;
  std::vector<std::unique_ptr<DpSeEpoch>> epoch_;
  std::vector<std::uint64_t> round_in_epoch_;
  Bernoulli mask_, coin_;
  DiscreteLaplace laplace_;
  MultiAgentOutcome out_;
  bool done_ = false;
};

}  // namespace

MultiAgentOutcome run_multi_agent(const MultiAgentConfig& config, const BanditInstance& instance,
                                  const MultiAgentStreams& streams, RoundHook on_round) {
  if (config.agents < 1 || config.agents > kMaxAgents)
    throw_parameter_error("run_multi_agent", "agents", "in 1..2^20", std::to_string(config.agents));
  if (instance.arms() < 2 || instance.arms() > (1U << 18))
    throw_parameter_error("run_multi_agent", "arms", "in 2..2^18", std::to_string(instance.arms()));
  if (config.binomial_epoch_sums)
    throw_parameter_error("run_multi_agent", "binomial_epoch_sums", "false in the reference (an optimized option)",
                          "true");
  return Engine(config, instance, streams).run(on_round);
}

}  // namespace dpb::ref
