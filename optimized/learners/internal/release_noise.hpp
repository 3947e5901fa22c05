// The noise source of a learner's releases, with the "noise reused across two releases" fault of the privacy
// negative controls (issue 13 §2; LearnerOptions::reuse_noise, a test hook).
//
// Without the fault, next() is the learner's own source: every release draws fresh noise, as specified. With it,
// releases come in pairs: the first of a pair draws from the live source while its bits are recorded, the second
// replays exactly those bits (then, should its sampler ask for more, the live source). A data-independent noise
// sampler therefore gives the second release the very noise of the first: the pair's difference is noise-free, the
// textbook way an implementation loses its guarantee. The sequence of bits the learner takes from its own source
// is not changed by the replay (replayed bits are not drawn again).
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "reference/learners/noise_source.hpp"

namespace dpb::fast::internal {

class ReleaseNoise {
 public:
  // (std::move: a NoiseSource lvalue would bind to NoiseSource's BitSource constructor and wrap this parameter.)
  ReleaseNoise(NoiseSource live, bool reuse)
      : live_(std::move(live)), reuse_(reuse), recorder_{this}, replayer_{this} {}
  ReleaseNoise(const ReleaseNoise&) = delete;
  ReleaseNoise& operator=(const ReleaseNoise&) = delete;

  // The source for the next release's noise (valid until the next call).
  NoiseSource next() {
    if (!reuse_) return static_cast<const NoiseSource&>(live_);  // a copy (the same source), not a wrapper
    second_ = !second_;
    if (!second_) {  // the first of a pair: record
      log_.clear();
      return NoiseSource(recorder_);
    }
    position_ = 0;
    return NoiseSource(replayer_);
  }

 private:
  struct Recorder {
    ReleaseNoise* owner;
    bool next_bit() {
      const bool b = owner->live_.next_bit();
      owner->log_.emplace_back(0U, b ? 1U : 0U);
      return b;
    }
    std::uint64_t next_bits(unsigned k) {
      const std::uint64_t v = owner->live_.next_bits(k);
      owner->log_.emplace_back(k, v);
      return v;
    }
  };
  struct Replayer {
    ReleaseNoise* owner;
    bool next_bit() {
      if (const auto* e = owner->replay(0)) return e->second != 0;
      return owner->live_.next_bit();
    }
    std::uint64_t next_bits(unsigned k) {
      if (const auto* e = owner->replay(k)) return e->second;
      return owner->live_.next_bits(k);
    }
  };

  // The recorded call at the current position if it asked for the same width (k = 0: one bit); else none, and the
  // replay ends (the sampler took another path: from there on it draws live bits).
  const std::pair<unsigned, std::uint64_t>* replay(unsigned k) {
    if (position_ >= log_.size() || log_[position_].first != k) {
      position_ = log_.size();
      return nullptr;
    }
    return &log_[position_++];
  }

  NoiseSource live_;
  bool reuse_;
  bool second_ = true;  // so that the first release is the first of a pair
  std::vector<std::pair<unsigned, std::uint64_t>> log_;
  std::size_t position_ = 0;
  Recorder recorder_;
  Replayer replayer_;
};

}  // namespace dpb::fast::internal
