// The template protocol P = (R, S, A) of seed 000 on one batch of n users, with a full transcript.
//
// Spec: Chowdhury & Zhou 2023 (arXiv:2206.05772), Algorithm 1 (R lines 18–22, S lines 23–25, A lines 26–30), the
// instantiations of Theorems 1–6, Algorithms 2–5 (central and local models), App. D.2 and Theorem 3 (shuffle). Claims:
// 000.decode (A∘S∘R returns (Σ x̂_i + Σ η_i)/g exactly whenever |Σ η_i| <= τ), 000.accuracy, 000.comm-bits.
//
// Bit order of one run (normative for golden vectors; docs/protocol-000.md):
//   per-user path:  for i = 1..n: R's rounding bit(s) for x_i, then η_i;  then S's masks or shares (masked_sum.hpp,
//                   shuffled_shares.hpp; none for Modular);  then, Central only, A's η.
//   aggregate path: for i = 1..n: the rounding of x_i;  then the batch's noise Σ η_i from its aggregate law (for
//                   Dist-CDP, and Local with n > 2^20, whose aggregate has no sampler here: n per-user draws in
//                   order);  then, Central only, A's η.  S is not simulated: ŷ = (Σ x̂_i + Σ η_i) mod m, which is
//                   what every S of this file outputs.
#pragma once

#include <optional>
#include <span>

#include "reference/bits/bit_source.hpp"
#include "reference/core/errors.hpp"
#include "reference/core/rational.hpp"
#include "reference/protocols/analyzer.hpp"
#include "reference/protocols/calibration.hpp"
#include "reference/protocols/local_randomizer.hpp"
#include "reference/protocols/masked_sum.hpp"
#include "reference/protocols/modular.hpp"
#include "reference/protocols/noise_sampler.hpp"
#include "reference/protocols/shuffled_shares.hpp"
#include "reference/protocols/transcript.hpp"

namespace dpb::ref {

struct ProtocolOptions {
  SecureSumKind secure_sum = SecureSumKind::Modular;
  NoisePath path = NoisePath::PerUser;
  unsigned shares = 3;  // k, for ShuffledShares (>= 1)
};

// The aggregate law the aggregate path samples, or nullopt when it sums n per-user draws instead.
std::optional<NoiseLaw> aggregate_sampling_law(const Calibration& c);

class Protocol {
 public:
  // Throws ParameterError (naming Protocol) if options.shares == 0, or if a noise sampler refuses its parameters.
  explicit Protocol(const Calibration& c, ProtocolOptions options = {});

  const Calibration& calibration() const { return c_; }
  const ProtocolOptions& options() const { return options_; }

  // One batch: x.size() must equal n and each x_i lie in [0, 1] (ParameterError otherwise).
  template <BitSource B>
  Transcript run(std::span<const Rational> x, B& bits);

 private:
  Calibration c_;
  ProtocolOptions options_;
  LocalRandomizer randomizer_;
  Analyzer analyzer_;
  std::optional<NoiseSampler> aggregate_;  // the aggregate law's sampler (aggregate path)
  NoiseSampler per_user_;                  // per-user law (aggregate path without a closed law)
  NoiseSampler central_;                   // A's noise (Central)
};

template <BitSource B>
Transcript Protocol::run(std::span<const Rational> x, B& bits) {
  if (Integer(x.size()) != c_.n)
    throw_parameter_error("Protocol::run", "x", "a batch of n = " + to_string(c_.n) + " rewards",
                          std::to_string(x.size()) + " rewards");
  Transcript t;
  t.variant = c_.variant;
  t.secure_sum = options_.secure_sum;
  t.path = options_.path;
  t.n = c_.n;
  t.g = c_.g;
  t.tau = c_.tau;
  t.m = c_.m;
  t.threshold = c_.threshold;
  t.shares_per_message = options_.secure_sum == SecureSumKind::ShuffledShares ? options_.shares : 0;
  t.x.assign(x.begin(), x.end());
  t.noise_sum = 0;
  const bool local_noise = c_.per_user_noise.kind != NoiseKind::None;

  if (options_.path == NoisePath::PerUser) {
    for (const Rational& xi : x) {
      UserReport r = randomizer_(xi, bits);
      t.noise_sum += r.noise;
      t.x_hat.push_back(std::move(r.x_hat));
      if (local_noise) t.noise.push_back(std::move(r.noise));
      t.messages.push_back(std::move(r.message));
    }
    switch (options_.secure_sum) {
      case SecureSumKind::Modular:
        t.y_hat = modular_sum(t.messages, c_.m);
        break;
      case SecureSumKind::Masked: {
        MaskedSum s = masked_sum(std::span<const Integer>(t.messages), c_.m, bits);
        t.masks = std::move(s.masks);
        t.masked_messages = std::move(s.masked);
        t.y_hat = std::move(s.sum);
        break;
      }
      case SecureSumKind::ShuffledShares: {
        ShuffledShares s = shuffled_shares_sum(std::span<const Integer>(t.messages), c_.m, options_.shares, bits);
        t.shares = std::move(s.shares);
        t.shuffled_shares = std::move(s.shuffled);
        t.y_hat = std::move(s.sum);
        break;
      }
    }
  } else {
    Integer x_hat_sum = 0;
    for (const Rational& xi : x) {
      Integer v = randomizer_.encode(xi, bits);
      x_hat_sum += v;
      t.x_hat.push_back(std::move(v));
    }
    if (aggregate_) {
      t.noise_sum = (*aggregate_)(bits);
    } else if (local_noise) {
      for (Integer i = 0; i < c_.n; ++i) t.noise_sum += per_user_(bits);
    }
    t.y_hat = residue(Integer(x_hat_sum + t.noise_sum), c_.m);
  }

  t.analyzer_noise = 0;
  t.y_analyzed = t.y_hat;
  if (!central_.is_none()) {  // Algorithm 3: y = (ŷ + (η mod m)) mod m
    t.analyzer_noise = central_(bits);
    t.y_analyzed = residue(Integer(t.y_hat + residue(t.analyzer_noise, c_.m)), c_.m);
  }
  t.decoded = analyzer_.decode(t.y_analyzed);
  t.z = Rational(t.decoded, c_.g);
  return t;
}

}  // namespace dpb::ref
