#include "optimized/learners/mase.hpp"

#include <algorithm>
#include <cmath>
#include <memory>
#include <stdexcept>
#include <type_traits>
#include <vector>

#include "optimized/environments/agent_bernoulli_rewards.hpp"
#include "optimized/internal/chacha20_block.hpp"
#include "optimized/environments/reward_tape.hpp"
#include "optimized/learners/dp_successive_elimination.hpp"
#include "optimized/learners/trajectory.hpp"
#include "optimized/samplers/bernoulli.hpp"
#include "optimized/samplers/binomial_split.hpp"
#include "optimized/samplers/discrete_laplace.hpp"
#include "reference/bits/chacha20.hpp"
#include "reference/bits/uniform.hpp"
#include "reference/core/errors.hpp"
#include "reference/environments/agent_rewards.hpp"
#include "reference/learners/agent_law.hpp"

namespace dpb::fast {

using ref::AgentLawKind;
using ref::Coordination;
using ref::EndReason;
using ref::FinishedAgents;
using ref::LocalRoutine;
using ref::MultiAgentConfig;
using ref::MultiAgentOutcome;
using ref::SyncPolicy;
using ref::VoteTest;

namespace {

constexpr std::int64_t kMaxGrid = std::int64_t{1} << 21;

double to_double(const Rational& q) { return q.convert_to<double>(); }

}  // namespace

std::int64_t se_threshold_units(std::uint64_t t, std::uint32_t K, std::int64_t G, const Rational& c,
                                const Rational& rho, ref::SeRadius radius, std::uint64_t& deferred) {
  const double td = static_cast<double>(t), Gd = static_cast<double>(G);
  const double L = std::log(to_double(c) * static_cast<double>(K) * td * td / to_double(rho));
  const double x = std::sqrt((radius == ref::SeRadius::T ? 4.0 : 2.0) * Gd * Gd * td * L);
  const double nearest = std::nearbyint(x);
  if (std::abs(x - nearest) <= 1e-9 * std::max(1.0, x) || x >= 0x1p62) {
    ++deferred;
    return static_cast<std::int64_t>(to_uint64(ref::se_threshold_units(t, K, G, c, rho, radius)));
  }
  return static_cast<std::int64_t>(std::floor(x)) + 1;
}

i128 dp_mase_noisy_sum_bound() {
  return (static_cast<i128>(1) << 81) + (static_cast<i128>(1) << 63);
}

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

 private:
  std::vector<std::uint8_t> in_;
  std::uint32_t size_;
};

// Agent n's local set 𝒦_n as one row of flat N·K arrays (one allocation for all agents: an activation touches its
// row without a pointer chase): a membership byte per arm and the members in ascending order, so that the loops of
// an activation run over |𝒦_n| arms, not K, in the reference's order (ascending arms).
class LocalSets {
 public:
  LocalSets(std::uint32_t N, std::uint32_t K)
      : K_(K), in_(static_cast<std::size_t>(N) * K, 1), list_(static_cast<std::size_t>(N) * K), size_(N, K) {
    for (std::size_t i = 0; i < list_.size(); ++i) list_[i] = static_cast<std::uint32_t>(i % K);
  }
  class Row {
   public:
    Row(std::uint8_t* in, std::uint32_t* list, std::uint32_t& size) : in_(in), list_(list), size_(size) {}
    bool has(std::uint32_t a) const { return in_[a] != 0; }
    std::uint32_t size() const { return size_; }
    const std::uint32_t* arms() const { return list_; }  // the members, ascending; size() of them
    void remove(std::uint32_t a) {
      if (!in_[a]) return;
      in_[a] = 0;
      std::uint32_t i = 0;
      while (list_[i] != a) ++i;
      for (; i + 1 < size_; ++i) list_[i] = list_[i + 1];
      --size_;
    }
    void intersect(const ArmSet& other) {
      std::uint32_t j = 0;
      for (std::uint32_t i = 0; i < size_; ++i) {
        const std::uint32_t a = list_[i];
        if (other.has(a))
          list_[j++] = a;
        else
          in_[a] = 0;
      }
      size_ = j;
    }
    std::uint32_t only() const { return size_ > 0 ? list_[0] : 0; }

   private:
    std::uint8_t* in_;
    std::uint32_t* list_;
    std::uint32_t& size_;
  };
  void prefetch(std::uint32_t n) const {
    const std::size_t base = static_cast<std::size_t>(n) * K_;
    __builtin_prefetch(&in_[base], 1);
    __builtin_prefetch(&list_[base], 1);
    __builtin_prefetch(&size_[n], 1);
  }
  Row operator[](std::uint32_t n) {
    const std::size_t base = static_cast<std::size_t>(n) * K_;
    return Row(&in_[base], &list_[base], size_[n]);
  }

 private:
  std::uint32_t K_;
  std::vector<std::uint8_t> in_;
  std::vector<std::uint32_t> list_;
  std::vector<std::uint32_t> size_;
};

using GenericRewards = ref::AgentRewardStreams<ArmSampler, ChaCha20BlockSource>;

// Rewards is GenericRewards (any arm law, scripts, binomial epoch sums) or BernoulliRewardLanes (Bernoulli arms,
// no script, per-pull draws): the same values pull by pull (agent_bernoulli_rewards.hpp).
template <class Rewards>
class Engine {
  static constexpr bool kGeneric = std::is_same_v<Rewards, GenericRewards>;

 public:
  Engine(const MultiAgentConfig& cfg, const ref::BanditInstance& instance, const ref::MultiAgentStreams& streams)
      : cfg_(cfg),
        instance_(instance),
        streams_(streams),
        K_(instance.arms()),
        N_(cfg.agents),
        G_(instance.grid()),
        rewards_(instance, cfg.agents, streams.seed, streams.reward_base),
        draws_(streams.seed, streams.agent_stream),
        global_(K_),
        local_(N_, K_),
        sums_(static_cast<std::size_t>(N_) * K_, 0),
        noise_(N_),
        finished_(N_, 0),
        coin_done_(N_, 0),
        mask_(Rational(1) - cfg.mask_xi.value_or(Rational(0))),
        coin_(cfg.routine == LocalRoutine::Coin ? cfg.rho : Rational(0)),
        laplace_(cfg.routine == LocalRoutine::DpSeEpoch
                     ? Rational(Integer(instance.grid()) * cfg.noise_refinement) / cfg.eps
                     : Rational(1)),
        beta_d_(to_double(cfg.rho)),
        eps_d_(to_double(cfg.eps)) {
    if (cfg.binomial_epoch_sums) {
      constexpr const char* f = "fast::run_multi_agent";
      if (cfg.routine != LocalRoutine::DpSeEpoch)
        throw_parameter_error(f, "binomial_epoch_sums", "false unless dp-mase", "true");
      if (instance.kind() != ref::ArmKind::Bernoulli)
        throw_parameter_error(f, "binomial_epoch_sums", "false unless every arm is Bernoulli",
                              ref::arm_kind_name(instance.kind()));
      if (cfg.script && !cfg.script->empty())
        throw_parameter_error(f, "binomial_epoch_sums", "false with a reward script", "true");
      if constexpr (!kGeneric) throw std::logic_error("fast::run_multi_agent: binomial epoch sums need the generic tape");
      binomial_ = true;
    }
    if (cfg.law == AgentLawKind::Power) {
      power_ = std::make_unique<ref::PowerAgentLaw>(N_, cfg.gamma, cfg.agent_offset);
      for (std::uint32_t k = 0; k + 1 < N_; ++k) cdf_table_.push_back(power_->floor_cdf_scaled(k));
    }
    best_ = instance.best_arm();
    if constexpr (kGeneric) rewards_.set_script(cfg.script, N_, G_);
    unfinished_.reserve(N_);
    for (std::uint32_t n = 0; n < N_; ++n) unfinished_.push_back(n);
    out_.algorithm = cfg.algorithm;
    if (cfg.record_ledger && cfg.routine == LocalRoutine::DpSeEpoch) {  // the reference's law
      const Rational unit{Integer(instance.grid()) * cfg.noise_refinement};
      out_.laws.push_back(ref::laplace_law(unit / cfg.eps, unit));
    }
    out_.votes_threshold = cfg.votes_threshold;
    out_.votes_overridden = cfg.votes_overridden;
    out_.vote_test = cfg.vote_test;
    out_.max_rounds = cfg.max_rounds;
    out_.activations.assign(N_, 0);
    out_.votes.assign(K_, 0);
    out_.agent_finish_round.assign(N_, 0);
    if (cfg.coordination == Coordination::Independent) out_.agent_arms.assign(N_, std::nullopt);
    if (cfg.coordination == Coordination::Central) central_sums_.assign(K_, 0);
    if (cfg.routine == LocalRoutine::DpSeEpoch) {
      epoch_.assign(N_, Epoch{});
      const std::uint64_t R = dp_se_epoch_length(K_, 1, cfg.rho, cfg.eps);
      for (auto& ep : epoch_) ep = Epoch{K_, 1, R, 0};
    }
  }

  MultiAgentOutcome run() {
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
      if constexpr (!kGeneric) prefetch_next_agent();
      ++out_.rounds;
      if (finished_[n]) {
        ++out_.wasted_rounds;
        continue;
      }
      if (cfg_.coordination == Coordination::Central)
        activate_central(n);
      else
        activate(n);
    }
    out_.deferred = deferred_;
    return std::move(out_);
  }

 private:
  struct Epoch {
    std::uint64_t active = 0;  // |S| frozen for the epoch
    std::uint32_t e = 1;
    std::uint64_t R = 0;
    std::uint64_t round = 0;  // r_n
  };

  void end(EndReason reason) {
    out_.reason = reason;
    if (reason == EndReason::Decided && cfg_.coordination != Coordination::Independent) out_.arm = global_.only();
    done_ = true;
  }

  std::uint32_t draw_power() {
    const std::uint64_t u = draws_.next_bits(64);
    // k = the first index with ⌊F(k)·2^64⌋ > u (F(N−1) = 1 > any chunk).
    const auto k = static_cast<std::uint32_t>(std::upper_bound(cdf_table_.begin(), cdf_table_.end(), u) -
                                              cdf_table_.begin());
    if (k == 0 || cdf_table_[k - 1] < u) return k;
    ++deferred_;  // F(k−1)·2^64 ∈ [u, u + 1): the reference decides, reading more chunks if needed
    return power_->continue_draw(u, draws_);
  }

  // The agent the next uniform draw picks if it needs no new word and the unfinished set stays as it is: its state
  // is brought towards the cache while this round runs. A hint only: nothing is consumed, and a wrong guess costs
  // nothing but the prefetch.
  void prefetch_next_agent() {
    if (cfg_.law != AgentLawKind::Uniform) return;
    const bool skip = cfg_.finished == FinishedAgents::Skip;
    const std::uint64_t size = skip ? unfinished_.size() : N_;
    if (size <= 1) return;
    const unsigned k = 64U - static_cast<unsigned>(__builtin_clzll(size - 1));
    std::uint64_t u;
    if (!draws_.peek_bits(k, u) || u >= size) return;
    const std::uint32_t m = skip ? unfinished_[u] : static_cast<std::uint32_t>(u);
    rewards_.prefetch(m);
    __builtin_prefetch(&sums_[static_cast<std::size_t>(m) * K_], 1);
    local_.prefetch(m);
    __builtin_prefetch(&out_.activations[m], 1);
  }

  std::uint32_t draw_agent() {
    const bool skip = cfg_.finished == FinishedAgents::Skip;
    if (cfg_.law == AgentLawKind::Uniform) {
      if (skip) return unfinished_[uniform_below_u64(draws_, unfinished_.size())];
      return static_cast<std::uint32_t>(uniform_below_u64(draws_, N_));
    }
    for (;;) {
      const std::uint32_t n = draw_power();
      if (!skip || !finished_[n]) return n;
    }
  }

  CompactChaCha20Source& noise(std::uint32_t n) {
    if (!noise_[n]) noise_[n] = std::make_unique<CompactChaCha20Source>(streams_.seed, streams_.noise_base + n);
    return *noise_[n];
  }

  std::int64_t threshold(std::uint64_t t) {
    if (t >= thresholds_.size()) thresholds_.resize(std::max<std::size_t>(t + 1, 2 * thresholds_.size()), 0);
    std::int64_t& x = thresholds_[t];
    if (x == 0) x = se_threshold_units(t, K_, G_, cfg_.c, cfg_.rho, cfg_.radius, deferred_);
    return x;
  }

  std::int64_t& sum(std::uint32_t n, std::uint32_t a) { return sums_[static_cast<std::size_t>(n) * K_ + a]; }

  void finish(std::uint32_t n) {
    if (finished_[n]) return;
    finished_[n] = 1;
    unfinished_.erase(std::lower_bound(unfinished_.begin(), unfinished_.end(), n));
    out_.agent_finish_round[n] = out_.rounds;
  }

  bool passes(std::uint64_t votes) const {
    return cfg_.vote_test == VoteTest::Gt ? votes > cfg_.votes_threshold : votes >= cfg_.votes_threshold;
  }

  void activate(std::uint32_t n) {
    LocalSets::Row L = local_[n];
    const std::uint64_t t = ++out_.activations[n];
    out_.pulls += L.size();
    std::int64_t* S = &sums_[static_cast<std::size_t>(n) * K_];
    const std::uint32_t* arms = L.arms();
    const std::uint32_t m = L.size();
    if (!binomial_)  // binomial epoch sums: drawn at the epoch's end (dp_se_epoch_end)
      for (std::uint32_t i = 0; i < m; ++i) S[arms[i]] += rewards_.next(n, arms[i]);

    elim_.clear();
    bool epoch_end = false;
    switch (cfg_.routine) {
      case LocalRoutine::SuccessiveElimination: {
        const std::int64_t thr = threshold(t);
        std::int64_t top = -1;
        for (std::uint32_t i = 0; i < m; ++i) top = std::max(top, S[arms[i]]);
        for (std::uint32_t i = 0; i < m; ++i)
          if (top - S[arms[i]] >= thr) elim_.push_back(arms[i]);
        break;
      }
      case LocalRoutine::Coin:
        if (!coin_done_[n] && t == cfg_.coin_activation) {
          coin_done_[n] = 1;
          const bool fail = coin_(noise(n));
          for (std::uint32_t i = 0; i < m; ++i)
            if ((arms[i] == best_) == fail) elim_.push_back(arms[i]);
        }
        break;
      case LocalRoutine::DpSeEpoch:
        if (++epoch_[n].round == epoch_[n].R) {
          epoch_end = true;
          dp_se_epoch_end(n);
        }
        break;
    }

    voted_.clear();
    for (std::uint32_t a : elim_) {
      L.remove(a);
      if (cfg_.coordination == Coordination::Independent) {
        out_.local_eliminations.push_back(ref::LocalElimination{out_.rounds, n, a});
        continue;
      }
      const bool sent = cfg_.mask_xi ? mask_(noise(n)) : true;
      out_.messages.push_back(ref::AgentMessage{out_.rounds, n, a, sent});
      if (sent) {
        ++out_.votes[a];
        voted_.push_back(a);
      }
    }

    if (cfg_.coordination == Coordination::Independent) {
      if (L.size() == 1) finish_independent(n, L.only());
      return;
    }

    switch (cfg_.sync) {
      case SyncPolicy::Immediate:
        global_check(n, true);
        if (L.size() <= 1 || coin_done_[n]) finish(n);
        break;
      case SyncPolicy::EachActivation:
        if (L.size() <= 1 || coin_done_[n]) {
          finish(n);
        } else {
          L.intersect(global_);
          if (L.size() == 0) return end(EndReason::EmptyLocalSet);
        }
        global_check(n, false);
        break;
      case SyncPolicy::EpochEnd:
        if (!epoch_end) break;
        if (L.size() <= 1) {
          finish(n);
        } else {
          const std::uint32_t e = epoch_[n].e + 1;
          std::fill(S, S + K_, 0);
          std::uint64_t frozen = L.size();
          L.intersect(global_);
          if (cfg_.epoch_order == ref::EpochOrder::SyncThenLength) frozen = L.size();
          if (L.size() == 0) return end(EndReason::EmptyLocalSet);
          if (L.size() == 1 && cfg_.one_arm == ref::OneArmAfterSync::Finish)
            finish(n);
          else
            epoch_[n] = Epoch{frozen, e, dp_se_epoch_length(frozen, e, cfg_.rho, cfg_.eps), 0};
        }
        global_check(n, false);
        break;
    }
  }

  void dp_se_epoch_end(std::uint32_t n) {
    const LocalSets::Row L = local_[n];
    const Epoch& ep = epoch_[n];
    const std::int64_t q = cfg_.noise_refinement;
    const std::int64_t unit = G_ * q;
    std::int64_t* S = &sums_[static_cast<std::size_t>(n) * K_];
    const std::uint32_t* arms = L.arms();
    const std::uint32_t m = L.size();
    if constexpr (kGeneric)
      if (binomial_)  // one Bin(R(e), μ) per arm; R(e) <= max_rounds <= 2^40, so the sum fits
        for (std::uint32_t i = 0; i < m; ++i) {
          const std::uint32_t a = arms[i];
          S[a] = static_cast<std::int64_t>(rewards_.draw_block(n, a, ep.R, [&](ChaCha20BlockSource& bits) {
            return binomial_epoch_sum(bits, ep.R, instance_.law(a).mean);
          }));
        }
    arms_.clear();
    noisy_.clear();
    for (std::uint32_t i = 0; i < m; ++i) {
      const std::uint32_t a = arms[i];
      const i128 v = static_cast<i128>(S[a]) * q + laplace_(noise(n));
      out_.releases.push_back(
          ref::EpochRelease{out_.rounds, n, ep.e, a, rewards_.drawn(n, a) - ep.R, ep.R, to_integer(v)});
      arms_.push_back(a);
      noisy_.push_back(v);
    }
    const i128 top = *std::max_element(noisy_.begin(), noisy_.end());
    const double scale = static_cast<double>(unit) * static_cast<double>(ep.R);
    const bool half_gap = cfg_.rule == ref::EliminationRule::HalfGap;
    const double threshold = half_gap ? 0 : dp_se_threshold(ep.active, ep.e, ep.R, beta_d_, eps_d_);
    std::unique_ptr<ref::DpSeEpoch> exact;  // built only when a decision defers
    for (std::size_t i = 0; i < arms_.size(); ++i) {
      const i128 diff = top - noisy_[i];
      if (diff == 0) continue;  // d = 0: kept by both rules
      const double d = static_cast<double>(diff) / scale;
      bool keep;
      if (!half_gap && std::abs(threshold - d) > 0x1p-40 * threshold) {
        keep = threshold - d > 0;
      } else {  // HalfGap (exact rationals) or too close to call in double: the reference's certified test
        if (!half_gap) ++deferred_;
        if (!exact) exact = std::make_unique<ref::DpSeEpoch>(ep.active, ep.e, cfg_.rho, cfg_.eps, cfg_.rule);
        keep = exact->keeps(Rational(to_integer(diff), Integer(unit) * ep.R), "dp_mase (optimized fallback)");
      }
      if (!keep) elim_.push_back(arms_[i]);
    }
  }

  static Integer to_integer(i128 v) { return from_i128(v); }

  void global_check(std::uint32_t n, bool propagate) {
    for (std::uint32_t a : voted_) {
      if (!global_.has(a) || !passes(out_.votes[a])) continue;
      global_.remove(a);
      out_.eliminations.push_back(ref::GlobalElimination{out_.rounds, a, n, out_.votes[a]});
      if (!propagate) continue;
      for (std::uint32_t m = 0; m < N_; ++m) {
        LocalSets::Row Lm = local_[m];
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
      if (cfg_.stop == ref::IndependentStop::First) {
        out_.arm = arm;
        return end(EndReason::Decided);
      }
    }
    if (unfinished_.empty()) {
      std::vector<std::uint64_t> count(K_, 0);
      for (const auto& x : out_.agent_arms) ++count[*x];
      out_.arm = static_cast<std::uint32_t>(std::max_element(count.begin(), count.end()) - count.begin());
      end(EndReason::Decided);
    }
  }

  void activate_central(std::uint32_t n) {
    ++out_.activations[n];
    ++central_t_;
    out_.pulls += global_.size();
    for (std::uint32_t a = 0; a < K_; ++a)
      if (global_.has(a)) central_sums_[a] += rewards_.next(n, a);
    const std::int64_t thr = threshold(central_t_);
    std::int64_t top = -1;
    for (std::uint32_t a = 0; a < K_; ++a)
      if (global_.has(a) && central_sums_[a] > top) top = central_sums_[a];
    elim_.clear();
    for (std::uint32_t a = 0; a < K_; ++a)
      if (global_.has(a) && top - central_sums_[a] >= thr) elim_.push_back(a);
    for (std::uint32_t a : elim_) {
      global_.remove(a);
      out_.eliminations.push_back(ref::GlobalElimination{out_.rounds, a, n, 0});
    }
  }

  const MultiAgentConfig& cfg_;
  const ref::BanditInstance& instance_;
  ref::MultiAgentStreams streams_;
  std::uint32_t K_, N_;
  std::int64_t G_;
  std::uint32_t best_ = 0;
  Rewards rewards_;
  ChaCha20Source draws_;
  std::unique_ptr<ref::PowerAgentLaw> power_;
  std::vector<std::uint64_t> cdf_table_;
  ArmSet global_;
  LocalSets local_;
  std::vector<std::int64_t> sums_;
  std::vector<std::int64_t> central_sums_;
  std::uint64_t central_t_ = 0;
  std::vector<std::unique_ptr<CompactChaCha20Source>> noise_;
  std::vector<std::uint8_t> finished_, coin_done_;
  std::vector<std::uint32_t> unfinished_;
  std::vector<std::int64_t> thresholds_;
  std::vector<Epoch> epoch_;
  std::vector<std::uint32_t> elim_, voted_, arms_;
  std::vector<i128> noisy_;
  Bernoulli mask_, coin_;
  DiscreteLaplace laplace_;
  double beta_d_, eps_d_;
  std::uint64_t deferred_ = 0;
  MultiAgentOutcome out_;
  bool done_ = false;
  bool binomial_ = false;
};

}  // namespace

ref::MultiAgentOutcome run_multi_agent(const ref::MultiAgentConfig& config, const ref::BanditInstance& instance,
                                       const ref::MultiAgentStreams& streams) {
  constexpr const char* f = "fast::run_multi_agent";
  if (config.agents < 1 || config.agents > (1U << 20))
    throw_parameter_error(f, "agents", "in 1..2^20", std::to_string(config.agents));
  if (instance.arms() < 2 || instance.arms() > (1U << 18))
    throw_parameter_error(f, "arms", "in 2..2^18", std::to_string(instance.arms()));
  if (instance.grid() > kMaxGrid)
    throw_parameter_error(f, "grid", "<= 2^21 in the optimized build", std::to_string(instance.grid()));
  if (config.max_rounds > (std::uint64_t{1} << 40))
    throw_parameter_error(f, "max_rounds", "<= 2^40", std::to_string(config.max_rounds));
  const bool script = config.script && !config.script->empty();
  if (!config.binomial_epoch_sums && !script && BernoulliRewardLanes::applicable(instance, config.agents))
    return Engine<BernoulliRewardLanes>(config, instance, streams).run();
  return Engine<GenericRewards>(config, instance, streams).run();
}

}  // namespace dpb::fast
