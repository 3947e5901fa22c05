// The interface between seed 000's Algorithm 1 (batched_successive_elimination) and the private protocol that
// turns one batch of rewards into the server's estimate R_a(b) = A(S(R(x_1), …, R(x_n))) of Σ_i x_i.
//
// Spec: Chowdhury & Zhou 2023 (arXiv:2206.05772), Algorithm 1 ("line 11": the server's view; R_a(b) = A(ŷ_a(b))),
// Assumption 1 (with
// probability >= 1 − 2p, |R_a(b) − Σ_i x_i| <= σ√log(2/p) + h·log(2/p), which fixes β(b) through (σ, h)).
// The protocol variants of seed 000 (Dist-DP/RDP/CDP-SE, shuffle, central, local) implement this interface on
// top of reference/protocols/; two simple aggregators live here:
//  * NonPrivateAggregator: R = Σ x_i exactly, σ = h = 0 (Algorithm 1 without privacy: batched SE).
//  * CentralDiscreteLaplaceAggregator(ε): a trusted server rounds each reward to the grid 1/g by unbiased randomized
//    rounding (the encoder in R), sums, and adds Lap_Z(g/ε): R = (Σ x̂_i + Lap_Z(g/ε))/g. The sum Σ x̂_i has
//    sensitivity g, so the release is ε-DP (discrete Laplace mechanism, Def 4 / Fact 3), by convexity over the rounding
//    (the paper treats Σ x̂_i as a plain sensitivity-g query; docs/decisions.md § 000 privacy accounting). By default g
//    = ⌈ε√n⌉ (Theorem 5's precision); σ = √(2n)/g (the rounding term, Hoeffding: |Σ ι_i|/g <= √(2n log(2/p))/g w.p. >=
//    1 − p) and h = 1/ε (P[|Lap_Z(g/ε)| > (g/ε)log(2/p)] <= p, Def 4 tail).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "reference/core/rational.hpp"
#include "reference/learners/noise_source.hpp"
#include "reference/learners/radical.hpp"
#include "reference/privacy/release_law.hpp"

namespace dpb::ref {

// Assumption 1's constants for one batch size.
struct NoiseConcentration {
  RadicalSum sigma;
  RadicalSum h;
};

class BatchAggregator {
 public:
  virtual ~BatchAggregator() = default;
  virtual std::string name() const = 0;
  // R_a(b) for the batch `rewards` (n = rewards.size() users, each reward in [0, 1]), drawing noise from `noise`.
  virtual Rational aggregate(std::span<const Rational> rewards, NoiseSource& noise) const = 0;
  // (σ, h) of Assumption 1 for batch size n (both >= 0).
  virtual NoiseConcentration concentration(std::uint64_t n) const = 0;
  // The noise law of a batch release of n users, for the privacy ledger (Trajectory::laws). Default: no noise.
  virtual ReleaseLaw release_law(std::uint64_t n) const {
    (void)n;
    return ReleaseLaw{LawFamily::exact, ObservationUnit::arm_pull, Rational(0), Rational(1), Rational(0)};
  }
};

class NonPrivateAggregator final : public BatchAggregator {
 public:
  std::string name() const override { return "non-private"; }
  Rational aggregate(std::span<const Rational> rewards, NoiseSource& noise) const override;
  NoiseConcentration concentration(std::uint64_t n) const override;
};

class CentralDiscreteLaplaceAggregator final : public BatchAggregator {
 public:
  // eps > 0; g >= 1 when given (else ⌈ε√n⌉ per batch).
  explicit CentralDiscreteLaplaceAggregator(const Rational& eps, std::optional<Integer> g = std::nullopt);
  std::string name() const override { return "central-discrete-laplace"; }
  Rational aggregate(std::span<const Rational> rewards, NoiseSource& noise) const override;
  NoiseConcentration concentration(std::uint64_t n) const override;
  ReleaseLaw release_law(std::uint64_t n) const override;  // Lap_Z(g/ε) on Σ x̂_i, Δ = g
  Integer precision(std::uint64_t n) const;  // g for batch size n
  const Rational& eps() const { return eps_; }

 private:
  Rational eps_;
  std::optional<Integer> g_;
};

// ⌈q·√n⌉ for rational q > 0 and n >= 1, exactly.
Integer ceil_times_sqrt(const Rational& q, std::uint64_t n);

}  // namespace dpb::ref
