// The transcript of one protocol run, optimized build of reference/protocols/transcript.hpp, on machine integers.
// to_reference() gives the reference's transcript, so the two builds are compared field by field (same seed, same
// bits, identical transcripts).
#pragma once

#include <cstdint>
#include <vector>

#include "optimized/protocols/reward.hpp"
#include "reference/protocols/transcript.hpp"

namespace dpb::fast {

struct Transcript {
  ref::Variant variant{};
  ref::SecureSumKind secure_sum{};
  ref::NoisePath path{};
  std::uint64_t n = 0, threshold = 0, m = 0;
  std::int64_t g = 0, tau = 0;
  unsigned shares_per_message = 0;

  std::vector<Reward> x;
  std::vector<std::int64_t> x_hat;
  std::vector<std::int64_t> noise;
  std::int64_t noise_sum = 0;
  std::vector<std::uint64_t> messages;
  std::vector<std::uint64_t> masks, masked_messages;
  std::vector<std::uint64_t> shares, shuffled_shares;
  std::uint64_t y_hat = 0;
  std::int64_t analyzer_noise = 0;
  std::uint64_t y_analyzed = 0;
  std::int64_t decoded = 0;

  // z = decoded / g, exactly.
  Rational z() const { return Rational(Integer(decoded), Integer(g)); }
  ref::Transcript to_reference() const;
};

}  // namespace dpb::fast
