#include "reference/learners/protocol_aggregator.hpp"

#include "reference/privacy/ledger.hpp"

namespace dpb::ref {

namespace {

CalibrationInput input_for(const ProtocolAggregatorParams& p, std::uint64_t n) {
  CalibrationInput in;
  in.eps = p.eps;
  in.n = Integer(n);
  in.horizon = p.horizon;
  in.s = p.s;
  in.p = p.p;
  in.c = p.c;
  return in;
}

}  // namespace

ProtocolAggregator::ProtocolAggregator(ProtocolAggregatorParams params) : params_(std::move(params)) {
  (void)calibration(1);  // calibrate's and Protocol's checks and messages
}

std::string ProtocolAggregator::name() const { return protocol_learner_name(params_.variant); }

Protocol& ProtocolAggregator::protocol_locked(std::uint64_t n) const {
  auto it = cache_.find(n);
  if (it == cache_.end())
    it = cache_
             .emplace(n, std::make_unique<Protocol>(calibrate(params_.variant, input_for(params_, n)), params_.options))
             .first;
  return *it->second;
}

const Calibration& ProtocolAggregator::calibration(std::uint64_t n) const {
  const std::lock_guard<std::mutex> lock(mutex_);
  return protocol_locked(n).calibration();  // the cache's entries are never erased or moved
}

Transcript ProtocolAggregator::run(std::span<const Rational> rewards, NoiseSource& noise) const {
  const std::lock_guard<std::mutex> lock(mutex_);  // the samplers are stateful: one run at a time
  return protocol_locked(rewards.size()).run(rewards, noise);
}

Rational ProtocolAggregator::aggregate(std::span<const Rational> rewards, NoiseSource& noise) const {
  return run(rewards, noise).z;
}

ReleaseLaw ProtocolAggregator::release_law(std::uint64_t n) const { return protocol_release_law(calibration(n)); }

NoiseConcentration ProtocolAggregator::concentration(std::uint64_t n) const {
  return protocol_concentration(calibration(n));
}

NoiseConcentration protocol_concentration(const Calibration& c) {
  const Rational inv_g(Integer(1), c.g);
  const Radical rounding = radical(inv_g, Rational(2 * c.n));  // √(2n)/g
  const Rational inv_eps = 1 / c.eps;
  switch (c.variant) {
    case Variant::DistDP:
    case Variant::Central:
      return {{rounding}, {radical(inv_eps)}};
    case Variant::Shuffle:
      return {{rounding}, {radical(1 / c.eps_noise)}};
    case Variant::DistRDP:
      return {{radical(2 * inv_eps), rounding}, {radical(inv_g, Rational(2))}};
    case Variant::DistCDP:
      return {{radical(inv_eps, Rational(2)), rounding}, {}};
    case Variant::Local: {
      const Rational lc = c.c ? *c.c : default_lemma5_c();
      return {{radical(lc * inv_eps, Rational(2 * c.n)), rounding}, {radical(2 * lc * inv_eps)}};
    }
  }
  return {};
}

std::string protocol_learner_name(Variant v) {
  switch (v) {
    case Variant::DistDP:
      return "dist-dp-se";
    case Variant::DistRDP:
      return "dist-rdp-se";
    case Variant::DistCDP:
      return "dist-cdp-se";
    case Variant::Shuffle:
      return "shuffle-se";
    case Variant::Central:
      return "cdp-se";
    case Variant::Local:
      return "ldp-se";
  }
  return "unknown";
}

}  // namespace dpb::ref
