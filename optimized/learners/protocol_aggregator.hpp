// The optimized build's twin of reference/learners/protocol_aggregator.hpp: a batch of rewards units[i]/grid runs
// through fast::Protocol calibrated for n (ref::calibrate, cached per n) and R_a(b) = decoded/g is returned exactly
// as a fixed-point fraction. The noise path is the reference's (per-user by default; the aggregate shortcut draws
// different bits, so it is used only when the parameters ask for it in both builds), so given the same bit stream
// both builds release the same R_a(b) and the crosscheck compares decisions exactly.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>

#include "optimized/learners/batch_aggregator.hpp"
#include "optimized/protocols/protocol.hpp"
#include "reference/learners/protocol_aggregator.hpp"

namespace dpb::fast {

using ref::ProtocolAggregatorParams;

class ProtocolAggregator final : public BatchAggregator {
 public:
  explicit ProtocolAggregator(ProtocolAggregatorParams params);
  std::string name() const override;
  FixedPoint aggregate(std::span<const std::int32_t> units, std::int64_t grid, NoiseSource& noise) const override;
  NoiseConcentration concentration(std::uint64_t n) const override;
  std::optional<ref::NoiseConcentration> exact_concentration(std::uint64_t n) const override;
  ref::ReleaseLaw release_law(std::uint64_t n) const override;  // ref::protocol_release_law

  const ProtocolAggregatorParams& params() const { return params_; }
  const ref::Calibration& calibration(std::uint64_t n) const;

 private:
  Protocol& protocol_locked(std::uint64_t n) const;  // caller holds mutex_

  ProtocolAggregatorParams params_;
  mutable std::mutex mutex_;
  mutable std::map<std::uint64_t, std::unique_ptr<Protocol>> cache_;
  mutable std::map<std::uint64_t, NoiseConcentration> concentration_;
};

}  // namespace dpb::fast
