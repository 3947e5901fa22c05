#include "reference/protocols/protocol.hpp"

#include "reference/samplers/polya.hpp"

namespace dpb::ref {

std::string_view secure_sum_name(SecureSumKind k) {
  switch (k) {
    case SecureSumKind::Modular: return "modular";
    case SecureSumKind::Masked: return "masked";
    case SecureSumKind::ShuffledShares: return "shuffled-shares";
  }
  return "unknown";
}

std::string_view noise_path_name(NoisePath p) { return p == NoisePath::PerUser ? "per-user" : "aggregate"; }

std::optional<NoiseLaw> aggregate_sampling_law(const Calibration& c) {
  const NoiseLaw& law = c.aggregate_noise;
  if (law.kind == NoiseKind::None) return std::nullopt;
  if (law.kind == NoiseKind::PolyaDifference) {
    // Local: Pólya(n, β) difference; the exact Pólya sampler takes shapes up to its own bound.
    try {
      Polya::validate(law.polya_r, law.scale, "PolyaDifference");
    } catch (const ParameterError&) {
      return std::nullopt;
    }
  }
  return law;
}

Protocol::Protocol(const Calibration& c, ProtocolOptions options)
    : c_(c),
      options_(options),
      randomizer_(c),
      analyzer_(c.g, c.threshold, c.m),
      per_user_(options.path == NoisePath::Aggregate ? c.per_user_noise : NoiseLaw{}),
      central_(c.analyzer_noise) {
  if (options_.shares == 0) throw_parameter_error("Protocol", "shares", ">= 1", "0");
  if (options_.path == NoisePath::Aggregate) {
    if (auto law = aggregate_sampling_law(c_)) aggregate_.emplace(*law);
  }
}

}  // namespace dpb::ref
