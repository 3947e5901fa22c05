// A type-erased reference to any BitSource, so that a learner (compiled once, in a .cpp) can draw its noise from a
// live ChaCha20 stream, a recorded Tape, OS entropy or an audit's source (docs/architecture.md §1: learners take their
// randomness as arguments). It forwards every call unchanged, so the bits drawn are exactly those of the
// underlying source. It does not own the source: the source must outlive it.
//
// `lookahead_bits(n)` forwards the source's own look-ahead (reference/bits/bit_source.hpp: `lookahead_bits`, else
// `pending_bits`; n = 0 for a source with neither): the next up-to-64 bits, read without consuming anything. The
// optimized samplers' register cursor (optimized/samplers/internal/bit_cursor.hpp) peeks through it and consumes
// exactly the bits it served, so a learner's noise costs one indirect call per peek instead of one per bit
// (session 21: the rounded normal in LinUCB-LDP and -SDP-Amp at d = 15 spent ≈ 24 % of a run in the per-call hop).
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
        next_bits_([](void* o, unsigned k) -> std::uint64_t { return static_cast<B*>(o)->next_bits(k); }),
        lookahead_([](const void* o, unsigned& n) -> std::uint64_t {
          const B& b = *static_cast<const B*>(o);
          if constexpr (requires(unsigned& m) { b.lookahead_bits(m); }) {
            return b.lookahead_bits(n);
          } else if constexpr (requires(unsigned& m) { b.pending_bits(m); }) {
            return b.pending_bits(n);
          } else {
            n = 0;
            return 0;
          }
        }) {}

  bool next_bit() { return next_bit_(object_); }
  std::uint64_t next_bits(unsigned k) { return next_bits_(object_, k); }
  // The source's next up-to-64 bits, first at the top, n of them valid (0 when it cannot look ahead); reads nothing.
  std::uint64_t lookahead_bits(unsigned& n) const { return lookahead_(object_, n); }

 private:
  void* object_;
  bool (*next_bit_)(void*);
  std::uint64_t (*next_bits_)(void*, unsigned);
  std::uint64_t (*lookahead_)(const void*, unsigned&);
};

static_assert(BitSource<NoiseSource>);

}  // namespace dpb
