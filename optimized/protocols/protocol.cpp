#include "optimized/protocols/protocol.hpp"

namespace dpb::fast {
namespace {

const ref::Calibration& checked(const ref::Calibration& c) {
  if (c.m > ref::kMaxModulus || c.m < 1)
    throw_parameter_error("Protocol", "m", "in [1, 2^62] for the optimized build's 64-bit arithmetic", to_string(c.m));
  return c;
}

}  // namespace

Protocol::Protocol(const ref::Calibration& c, ProtocolOptions options)
    : c_(checked(c)),
      options_(options),
      n_(to_uint64(c.n)),
      g_(to_uint64(c.g)),
      threshold_(to_uint64(c.threshold)),
      m_(to_uint64(c.m)),
      randomizer_(c),
      analyzer_(static_cast<std::int64_t>(g_), threshold_, m_),
      per_user_(options.path == NoisePath::Aggregate ? c.per_user_noise : ref::NoiseLaw{}),
      central_(c.analyzer_noise) {
  if (options_.shares == 0) throw_parameter_error("Protocol", "shares", ">= 1", "0");
  if (options_.path == NoisePath::Aggregate) {
    if (auto law = ref::aggregate_sampling_law(c_)) aggregate_.emplace(*law);
  }
}

}  // namespace dpb::fast
