// BatchAggregators for seed 000's protocol variants (Dist-DP/RDP/CDP-SE, shuffle, central, local): one batch of
// n = l(b) rewards is run through the template protocol P = (R, S, A) calibrated for that n
// (reference/protocols/calibration.hpp; one calibration and protocol per n, cached), and R_a(b) is the decoded
// sum A(ŷ) = decoded/g as an exact Rational.
//
// Spec: Chowdhury & Zhou 2023 (arXiv:2206.05772), Algorithm 1 line 11, the variants of Theorems 1–6, Assumption 1,
// Lemma 2 (confidence radius β(b)). The noise is drawn on the per-user path (R exactly as written) with S the plain
// modular sum by default; the optimized twin (optimized/learners/protocol_aggregator.hpp) draws the same bits, so both
// builds release the same R_a(b).
//
// (σ, h) of Assumption 1, with g, s, ε′ = ε/2 (shuffle) and c (local) those of the calibration for n; every bound is
// (rounding term) + (noise term)/g, the rounding term being |Σ x̂_i − g Σ x_i| <= √(2n log(2/p)) (§4.5):
//   dist-dp, central: σ = √(2n)/g,             h = 1/ε         (Σ η ~ Lap_Z(g/ε), Theorems 1 and 5)
//   shuffle:          σ = √(2n)/g,             h = 1/ε′ = 2/ε  (Σ η ~ Lap_Z(g/ε′), Theorem 3 with E5)
//   dist-rdp:         σ = 2/ε + √(2n)/g,       h = √2/g        (Proposition 1 on Sk(0, g²/ε²), Theorem 2)
//   dist-cdp:         σ = √2/ε + √(2n)/g,      h = 0           (Lemma 6, (g²/ε²)-sub-Gaussian, Theorem 4)
//   local:            σ = c√(2n)/ε + √(2n)/g,  h = 2c/ε        (Lemmas 5 and 9: max{a, b} <= a + b, Theorem 6)
// Since g >= sε√n these are at most the paper's constants (√(2n)/g <= √2/(sε), √2/g <= √2/(sε)). The noise term is
// bounded by τ/g, and τ is the ceiling of the bound, so the exact Assumption 1 holds up to that ceiling (<= 1/g).
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>

#include "reference/learners/batch_aggregator.hpp"
#include "reference/protocols/calibration.hpp"
#include "reference/protocols/protocol.hpp"

namespace dpb::ref {

struct ProtocolAggregatorParams {
  Variant variant = Variant::DistDP;
  Rational eps{1, 2};
  Integer horizon = 2;        // T: calibrate's horizon (and default p = 1/T)
  std::optional<Rational> s;  // DistRDP, DistCDP only (default 1)
  std::optional<Rational> p;  // calibration's p (default 1/T)
  std::optional<Rational> c;  // Local only (default default_lemma5_c())
  ProtocolOptions options{};  // default: Modular S, per-user path
};

class ProtocolAggregator final : public BatchAggregator {
 public:
  // Validates the parameters by calibrating n = 1 (ParameterError from calibrate).
  explicit ProtocolAggregator(ProtocolAggregatorParams params);
  std::string name() const override;
  Rational aggregate(std::span<const Rational> rewards, NoiseSource& noise) const override;
  NoiseConcentration concentration(std::uint64_t n) const override;
  ReleaseLaw release_law(std::uint64_t n) const override;  // protocol_release_law(calibration(n))

  const ProtocolAggregatorParams& params() const { return params_; }
  // The cached calibration for batch size n (calibrated on first use).
  const Calibration& calibration(std::uint64_t n) const;
  // The full transcript of one batch (the same bits aggregate() draws), for tests and diagnostics.
  Transcript run(std::span<const Rational> rewards, NoiseSource& noise) const;

 private:
  Protocol& protocol_locked(std::uint64_t n) const;  // caller holds mutex_

  ProtocolAggregatorParams params_;
  mutable std::mutex mutex_;
  mutable std::map<std::uint64_t, std::unique_ptr<Protocol>> cache_;
};

// The crosscheck/CLI name of a variant's learner: "dist-dp-se", "dist-rdp-se", "dist-cdp-se", "shuffle-se",
// "cdp-se" (central), "ldp-se" (local).
std::string protocol_learner_name(Variant v);

// (σ, h) for a calibration (shared with the optimized build, which converts them to doubles).
NoiseConcentration protocol_concentration(const Calibration& c);

}  // namespace dpb::ref
