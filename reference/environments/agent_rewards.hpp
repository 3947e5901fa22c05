// Rewards of a multi-agent run (seed 004): a lazy tape indexed by (agent, arm, pull). Agent n's rewards from arm a
// are drawn in order from ChaCha20Source(seed, reward_base + n·K + a) with the arm's exact sampler, so every
// algorithm of a run (and both builds) sees the same rewards: the j-th pull of arm a by agent n is the j-th draw of
// that stream, whatever else happens. Streams are opened on first use; only their position is kept (no table), so
// memory is O(N·K) streams, not O(pulls). Stream layout: docs/bits.md § "Multi-agent runs".
//
// Sampler is ref::ArmSampler (reference) or fast::ArmSampler (optimized build); both draw the same bits and return
// the same values (tests/verify/crosscheck/reward_tape_cross_test.cpp). Source is ChaCha20Source, or (optimized
// build) fast::ChaCha20BlockSource: the same bits, no OpenSSL context per stream, so that N·K streams stay in cache
// (Bernoulli arms go through optimized/environments/agent_bernoulli_rewards.hpp instead).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "reference/bits/chacha20.hpp"
#include "reference/core/errors.hpp"
#include "reference/environments/bandit_instance.hpp"

namespace dpb::ref {

// A scripted stretch of the tape (privacy audits, issue 16): agent `agent`'s pulls [first, first + values.size())
// of `arm` read `values` (grid units, in [0, G]) instead of the stream's draws. The stream is still drawn, so every
// pull outside the script keeps its tape value: two scripts that differ in one value are neighbouring tapes under
// the multi-agent relation (one reward of one agent, reference/privacy/relations.hpp).
struct RewardScript {
  std::uint32_t agent = 0;
  std::uint32_t arm = 0;
  std::uint64_t first = 0;
  std::vector<std::int32_t> values;
};

template <class Sampler, class Source = ChaCha20Source>
class AgentRewardStreams {
 public:
  // agents·K <= 2^26 streams (the memory cap; docs/learners.md § multi-agent).
  AgentRewardStreams(const BanditInstance& instance, std::uint32_t agents, std::uint64_t seed,
                     std::uint64_t reward_base)
      : K_(instance.arms()), seed_(seed), base_(reward_base) {
    if (agents == 0 || static_cast<std::uint64_t>(agents) * K_ > (std::uint64_t{1} << 26))
      throw_parameter_error("AgentRewardStreams", "agents", ">= 1 with agents·K <= 2^26", std::to_string(agents));
    streams_.resize(static_cast<std::size_t>(agents) * K_);
    samplers_.reserve(K_);
    for (std::uint32_t a = 0; a < K_; ++a) samplers_.emplace_back(instance.law(a), instance.grid());
  }

  // Scripts replace stretches of the tape (see RewardScript); nullptr or empty: none. Throws ParameterError
  // (function AgentRewardStreams, parameter "script") for an agent or arm out of range, or a value outside [0, G].
  void set_script(const std::vector<RewardScript>* script, std::uint32_t agents, std::int64_t grid) {
    script_.clear();
    if (!script || script->empty()) return;
    script_.assign(streams_.size(), nullptr);
    for (const RewardScript& r : *script) {
      if (r.agent >= agents || r.arm >= K_)
        throw_parameter_error("AgentRewardStreams", "script",
                              "agents < " + std::to_string(agents) + " and arms < " + std::to_string(K_),
                              "agent " + std::to_string(r.agent) + ", arm " + std::to_string(r.arm));
      for (const std::int32_t v : r.values)
        if (v < 0 || v > grid)
          throw_parameter_error("AgentRewardStreams", "script", "values in [0, " + std::to_string(grid) + "]",
                                std::to_string(v));
      script_[static_cast<std::size_t>(r.agent) * K_ + r.arm] = &r;  // one script per (agent, arm): the last
    }
  }

  // The next reward (in units of 1/G) of arm a for agent n.
  std::int32_t next(std::uint32_t n, std::uint32_t a) {
    const std::size_t i = static_cast<std::size_t>(n) * K_ + a;
    auto& s = streams_[i];
    if (!s) s = std::make_unique<Stream>(seed_, base_ + static_cast<std::uint64_t>(n) * K_ + a);
    const std::uint64_t j = s->count++;
    const std::int32_t drawn = samplers_[a](s->bits);
    if (!script_.empty() && script_[i]) {
      const RewardScript& r = *script_[i];
      if (j >= r.first && j - r.first < r.values.size()) return r.values[j - r.first];
    }
    return drawn;
  }
  // The optimized DP-MASE's binomial epoch sums: calls draw(bits) once on the (n, a) stream for `pulls` rewards
  // at once (the sum of the next `pulls` rewards in law, not in bits) and counts them as read. No script allowed.
  template <class Draw>
  auto draw_block(std::uint32_t n, std::uint32_t a, std::uint64_t pulls, Draw&& draw) {
    const std::size_t i = static_cast<std::size_t>(n) * K_ + a;
    if (!script_.empty())
      throw_parameter_error("AgentRewardStreams", "script", "none with block draws", "a script");
    auto& s = streams_[i];
    if (!s) s = std::make_unique<Stream>(seed_, base_ + static_cast<std::uint64_t>(n) * K_ + a);
    s->count += pulls;
    return draw(s->bits);
  }
  // How many rewards of (n, a) have been read.
  std::uint64_t drawn(std::uint32_t n, std::uint32_t a) const {
    const auto& s = streams_[static_cast<std::size_t>(n) * K_ + a];
    return s ? s->count : 0;
  }

 private:
  struct Stream {
    Stream(std::uint64_t seed, std::uint64_t stream) : bits(seed, stream) {}
    Source bits;
    std::uint64_t count = 0;
  };
  std::uint32_t K_;
  std::uint64_t seed_, base_;
  std::vector<std::unique_ptr<Stream>> streams_;
  std::vector<Sampler> samplers_;
  std::vector<const RewardScript*> script_;  // per stream, or empty
};

}  // namespace dpb::ref
