// A type-erased reference to any BitSource, so that a learner (compiled once, in a .cpp) can draw its noise from a
// live ChaCha20 stream, a recorded Tape, OS entropy or an audit's source (docs/architecture.md §1: learners take their
// randomness as arguments). It forwards every call unchanged, so the bits drawn are exactly those of the
// underlying source. It does not own the source: the source must outlive it.
#pragma once

#include <cstdint>

#include "reference/bits/bit_source.hpp"

namespace dpb {

class NoiseSource {
 public:
  template <BitSource B>
  explicit NoiseSource(B& source)
      : object_(&source),
        next_bit_([](void* o) -> bool { return static_cast<B*>(o)->next_bit(); }),
        next_bits_([](void* o, unsigned k) -> std::uint64_t { return static_cast<B*>(o)->next_bits(k); }) {}

  bool next_bit() { return next_bit_(object_); }
  std::uint64_t next_bits(unsigned k) { return next_bits_(object_, k); }

 private:
  void* object_;
  bool (*next_bit_)(void*);
  std::uint64_t (*next_bits_)(void*, unsigned);
};

static_assert(BitSource<NoiseSource>);

}  // namespace dpb
