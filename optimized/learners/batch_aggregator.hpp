// The optimized build's twin of reference/learners/batch_aggregator.hpp: a batch of rewards (integers k standing
// for k/G) becomes the server's estimate R_a(b), exactly, as a fixed-point fraction num/den. Given the same bit
// stream, each aggregator here returns exactly the reference's value (same draws, same order).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "optimized/samplers/discrete_laplace.hpp"
#include "reference/core/rational.hpp"
#include "reference/learners/batch_aggregator.hpp"
#include "reference/learners/noise_source.hpp"

namespace dpb::fast {

struct FixedPoint {
  std::int64_t num = 0;
  std::int64_t den = 1;  // >= 1
};

struct NoiseConcentration {
  double sigma = 0;
  double h = 0;
};

class BatchAggregator {
 public:
  virtual ~BatchAggregator() = default;
  virtual std::string name() const = 0;
  // R_a(b) for rewards units[i]/grid (n = units.size()).
  virtual FixedPoint aggregate(std::span<const std::int32_t> units, std::int64_t grid, NoiseSource& noise) const = 0;
  // (σ, h) for batch size n, as doubles (rounded to nearest; the learner's error bound covers them).
  virtual NoiseConcentration concentration(std::uint64_t n) const = 0;
  // The same exactly (the reference's radical sums), for the certified decision at a near tie; nullopt when the
  // aggregator has no exact form (test doubles), and the learner then cannot defer (the near tie stays flagged).
  virtual std::optional<ref::NoiseConcentration> exact_concentration(std::uint64_t n) const {
    (void)n;
    return std::nullopt;
  }
  // The batch release's noise law for the ledger: the reference aggregator's (ref::BatchAggregator::release_law).
  virtual ref::ReleaseLaw release_law(std::uint64_t n) const {
    (void)n;
    return ref::ReleaseLaw{ref::LawFamily::exact, ref::ObservationUnit::arm_pull, Rational(0), Rational(1), Rational(0)};
  }
};

class NonPrivateAggregator final : public BatchAggregator {
 public:
  std::string name() const override { return "non-private"; }
  FixedPoint aggregate(std::span<const std::int32_t> units, std::int64_t grid, NoiseSource& noise) const override;
  NoiseConcentration concentration(std::uint64_t) const override { return {}; }
  std::optional<ref::NoiseConcentration> exact_concentration(std::uint64_t) const override {
    return ref::NoiseConcentration{};
  }
};

// See ref::CentralDiscreteLaplaceAggregator: R = (Σ RR(x_i, g) + Lap_Z(g/ε))/g, g = ⌈ε√n⌉ unless fixed.
class CentralDiscreteLaplaceAggregator final : public BatchAggregator {
 public:
  explicit CentralDiscreteLaplaceAggregator(const Rational& eps, std::optional<Integer> g = std::nullopt);
  std::string name() const override { return "central-discrete-laplace"; }
  FixedPoint aggregate(std::span<const std::int32_t> units, std::int64_t grid, NoiseSource& noise) const override;
  NoiseConcentration concentration(std::uint64_t n) const override;
  std::optional<ref::NoiseConcentration> exact_concentration(std::uint64_t n) const override;
  ref::ReleaseLaw release_law(std::uint64_t n) const override;  // Lap_Z(g/ε), Δ = g
  std::int64_t precision(std::uint64_t n) const;

 private:
  Rational eps_;
  double eps_double_;
  std::optional<Integer> g_;
};

}  // namespace dpb::fast
