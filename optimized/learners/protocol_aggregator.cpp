#include "optimized/learners/protocol_aggregator.hpp"

#include "reference/privacy/ledger.hpp"

#include <vector>

namespace dpb::fast {

ProtocolAggregator::ProtocolAggregator(ProtocolAggregatorParams params) : params_(std::move(params)) {
  (void)calibration(1);  // the reference's checks and messages, and the 64-bit bound on m
}

std::string ProtocolAggregator::name() const { return ref::protocol_learner_name(params_.variant); }

Protocol& ProtocolAggregator::protocol_locked(std::uint64_t n) const {
  auto it = cache_.find(n);
  if (it == cache_.end()) {
    ref::CalibrationInput in;
    in.eps = params_.eps;
    in.n = Integer(n);
    in.horizon = params_.horizon;
    in.s = params_.s;
    in.p = params_.p;
    in.c = params_.c;
    it = cache_.emplace(n, std::make_unique<Protocol>(ref::calibrate(params_.variant, in), params_.options)).first;
  }
  return *it->second;
}

const ref::Calibration& ProtocolAggregator::calibration(std::uint64_t n) const {
  const std::lock_guard<std::mutex> lock(mutex_);
  return protocol_locked(n).calibration();
}

FixedPoint ProtocolAggregator::aggregate(std::span<const std::int32_t> units, std::int64_t grid,
                                         NoiseSource& noise) const {
  std::vector<Reward> x;
  x.reserve(units.size());
  for (std::int32_t k : units) x.push_back(Reward{static_cast<std::uint64_t>(k), static_cast<std::uint64_t>(grid)});
  const std::lock_guard<std::mutex> lock(mutex_);  // the samplers are stateful: one batch at a time
  Protocol& p = protocol_locked(units.size());
  const std::int64_t decoded = p.decode_batch(std::span<const Reward>(x), noise);
  return FixedPoint{decoded, to_int64(p.calibration().g)};
}

NoiseConcentration ProtocolAggregator::concentration(std::uint64_t n) const {
  {
    const std::lock_guard<std::mutex> lock(mutex_);
    if (auto it = concentration_.find(n); it != concentration_.end()) return it->second;
  }
  const ref::NoiseConcentration exact = ref::protocol_concentration(calibration(n));
  constexpr mpfr_prec_t kPrec = 128;
  const auto mid = [](const ref::RadicalSum& x) {
    if (x.empty()) return 0.0;
    return ref::enclose(x, kPrec).upper().convert_to<double>();  // nearest double to a 128-bit enclosure
  };
  const NoiseConcentration c{mid(exact.sigma), mid(exact.h)};
  const std::lock_guard<std::mutex> lock(mutex_);
  concentration_.emplace(n, c);
  return c;
}

std::optional<ref::NoiseConcentration> ProtocolAggregator::exact_concentration(std::uint64_t n) const {
  return ref::protocol_concentration(calibration(n));
}

ref::ReleaseLaw ProtocolAggregator::release_law(std::uint64_t n) const {
  return ref::protocol_release_law(calibration(n));
}

}  // namespace dpb::fast
