// The template protocol P = (R, S, A) of seed 000, optimized build of reference/protocols/protocol.hpp: the same
// steps in the same order on the same bits (so the same seed gives the same transcript, field for field), on
// 64-bit integers, with the aggregate shortcut behind the same interface (ref::NoisePath::Aggregate: the batch's
// noise drawn at once from its exact aggregate law — Lap_Z(g/ε) by Fact 1, Sk(0, n σ²) by Skellam closure, a
// Pólya(n, β) difference for Local).
//
// Overflow is ruled out at construction: m <= 2^62 (ref::kMaxModulus), so residues, sums of two residues, the
// threshold n·g + τ < m and the decode fit int64/uint64 (docs/protocol-000.md, "Overflow bounds"; proofs/).
// The only unbounded quantity is the transcript's diagnostic Σ η_i, accumulated with an overflow check
// (std::overflow_error; it would take a noise draw beyond 2^63 / n).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <stdexcept>

#include "optimized/protocols/analyzer.hpp"
#include "optimized/protocols/local_randomizer.hpp"
#include "optimized/protocols/masked_sum.hpp"
#include "optimized/protocols/modular.hpp"
#include "optimized/protocols/noise_sampler.hpp"
#include "optimized/protocols/reward.hpp"
#include "optimized/protocols/shuffled_shares.hpp"
#include "optimized/protocols/transcript.hpp"
#include "reference/bits/bit_source.hpp"
#include "reference/core/errors.hpp"
#include "reference/protocols/calibration.hpp"
#include "reference/protocols/protocol.hpp"

namespace dpb::fast {

using ref::NoisePath;
using ref::ProtocolOptions;
using ref::SecureSumKind;

class Protocol {
 public:
  // Throws ParameterError naming Protocol if the calibration does not fit the 64-bit build (m > 2^62), if
  // options.shares == 0, or if a sampler refuses its parameters.
  explicit Protocol(const ref::Calibration& c, ProtocolOptions options = {});

  const ref::Calibration& calibration() const { return c_; }
  const ProtocolOptions& options() const { return options_; }

  // One batch: x.size() must equal n and every reward lie in [0, 1] with den >= 1 (ParameterError otherwise).
  template <BitSource B>
  Transcript run(std::span<const Reward> x, B& bits);
  // The same from exact rationals (each converted by to_reward).
  template <BitSource B>
  Transcript run(std::span<const Rational> x, B& bits);

  // Only the decoded integer Σ x̂_i + Σ η_i (when it decodes correctly) of one batch, without a transcript: the
  // hot path of the learners and the benchmark. Draws exactly the bits run() draws.
  template <BitSource B>
  std::int64_t decode_batch(std::span<const Reward> x, B& bits);

 private:
  static void check_rewards(std::span<const Reward> x, const char* function) {
    for (const Reward& r : x)
      if (r.den == 0 || r.num > r.den)
        throw_parameter_error(function, "x", "a reward num/den in [0, 1] with den >= 1",
                              std::to_string(r.num) + "/" + std::to_string(r.den));
  }
  static void add_checked(std::int64_t& acc, std::int64_t v) {
    if (__builtin_add_overflow(acc, v, &acc)) throw std::overflow_error("fast::Protocol: noise sum overflows int64");
  }
  template <BitSource B>
  std::uint64_t aggregate_noise_residue(std::int64_t& noise_sum, B& bits);
  template <BitSource B>
  std::uint64_t analyze(std::uint64_t y_hat, std::int64_t& eta, std::uint64_t& y, B& bits);

  ref::Calibration c_;
  ProtocolOptions options_;
  std::uint64_t n_, g_, threshold_, m_;
  LocalRandomizer randomizer_;
  Analyzer analyzer_;
  std::optional<NoiseSampler> aggregate_;
  NoiseSampler per_user_;
  NoiseSampler central_;
};

template <BitSource B>
std::uint64_t Protocol::aggregate_noise_residue(std::int64_t& noise_sum, B& bits) {
  noise_sum = 0;
  if (aggregate_) {
    noise_sum = (*aggregate_)(bits);
    return residue(noise_sum, m_);
  }
  std::uint64_t r = 0;
  if (!per_user_.is_none())
    for (std::uint64_t i = 0; i < n_; ++i) {
      const std::int64_t eta = per_user_(bits);
      add_checked(noise_sum, eta);
      r = add_mod(r, residue(eta, m_), m_);
    }
  return r;
}

template <BitSource B>
std::uint64_t Protocol::analyze(std::uint64_t y_hat, std::int64_t& eta, std::uint64_t& y, B& bits) {
  eta = 0;
  y = y_hat;
  if (!central_.is_none()) {  // Algorithm 3: y = (ŷ + (η mod m)) mod m
    eta = central_(bits);
    y = add_mod(y_hat, residue(eta, m_), m_);
  }
  return y;
}

template <BitSource B>
Transcript Protocol::run(std::span<const Reward> x, B& bits) {
  if (x.size() != n_)
    throw_parameter_error("Protocol::run", "x", "a batch of n = " + std::to_string(n_) + " rewards",
                          std::to_string(x.size()) + " rewards");
  check_rewards(x, "Protocol::run");
  Transcript t;
  t.variant = c_.variant;
  t.secure_sum = options_.secure_sum;
  t.path = options_.path;
  t.n = n_;
  t.g = static_cast<std::int64_t>(g_);
  t.tau = to_int64(c_.tau);
  t.m = m_;
  t.threshold = threshold_;
  t.shares_per_message = options_.secure_sum == SecureSumKind::ShuffledShares ? options_.shares : 0;
  t.x.assign(x.begin(), x.end());
  const bool local_noise = c_.per_user_noise.kind != ref::NoiseKind::None;
  t.x_hat.reserve(n_);

  if (options_.path == NoisePath::PerUser) {
    t.messages.reserve(n_);
    for (const Reward& xi : x) {
      const UserReport r = randomizer_(xi, bits);
      add_checked(t.noise_sum, r.noise);
      t.x_hat.push_back(r.x_hat);
      if (local_noise) t.noise.push_back(r.noise);
      t.messages.push_back(r.message);
    }
    switch (options_.secure_sum) {
      case SecureSumKind::Modular:
        t.y_hat = modular_sum(t.messages, m_);
        break;
      case SecureSumKind::Masked: {
        MaskedSum s = masked_sum(std::span<const std::uint64_t>(t.messages), m_, bits);
        t.masks = std::move(s.masks);
        t.masked_messages = std::move(s.masked);
        t.y_hat = s.sum;
        break;
      }
      case SecureSumKind::ShuffledShares: {
        ShuffledShares s = shuffled_shares_sum(std::span<const std::uint64_t>(t.messages), m_, options_.shares, bits);
        t.shares = std::move(s.shares);
        t.shuffled_shares = std::move(s.shuffled);
        t.y_hat = s.sum;
        break;
      }
    }
  } else {
    std::uint64_t x_hat_sum = 0;  // <= n·g <= threshold < m
    for (const Reward& xi : x) {
      const std::int64_t v = encode(xi, g_, bits);
      x_hat_sum += static_cast<std::uint64_t>(v);
      t.x_hat.push_back(v);
    }
    t.y_hat = add_mod(x_hat_sum, aggregate_noise_residue(t.noise_sum, bits), m_);
  }
  analyze(t.y_hat, t.analyzer_noise, t.y_analyzed, bits);
  t.decoded = analyzer_.decode(t.y_analyzed);
  return t;
}

template <BitSource B>
Transcript Protocol::run(std::span<const Rational> x, B& bits) {
  std::vector<Reward> r;
  r.reserve(x.size());
  for (const Rational& v : x) r.push_back(to_reward(v));
  return run(std::span<const Reward>(r), bits);
}

template <BitSource B>
std::int64_t Protocol::decode_batch(std::span<const Reward> x, B& bits) {
  if (x.size() != n_)
    throw_parameter_error("Protocol::decode_batch", "x", "a batch of n = " + std::to_string(n_) + " rewards",
                          std::to_string(x.size()) + " rewards");
  check_rewards(x, "Protocol::decode_batch");
  std::uint64_t y_hat = 0;
  if (options_.path == NoisePath::PerUser && options_.secure_sum == SecureSumKind::Modular) {
    for (const Reward& xi : x) y_hat = add_mod(y_hat, randomizer_(xi, bits).message, m_);
  } else if (options_.path == NoisePath::PerUser) {
    return run(x, bits).decoded;  // masks or shares: the full simulation
  } else {
    std::uint64_t x_hat_sum = 0;
    for (const Reward& xi : x) x_hat_sum += static_cast<std::uint64_t>(encode(xi, g_, bits));
    std::int64_t noise_sum = 0;
    y_hat = add_mod(x_hat_sum, aggregate_noise_residue(noise_sum, bits), m_);
  }
  std::int64_t eta = 0;
  std::uint64_t y = 0;
  analyze(y_hat, eta, y, bits);
  return analyzer_.decode(y);
}

}  // namespace dpb::fast
