// Recorded randomness. A Tape is a finite bit string (packed MSB-first into bytes, with an exact bit length).
// RecordingSource<B> passes bits through from B and appends every bit it serves to a Tape; TapeSource replays a
// Tape bit for bit and throws TapeExhausted when a sampler asks for more bits than were recorded.
// Learners and audits use tapes to run the reference and the optimized build on the very same randomness.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "reference/bits/bit_source.hpp"

namespace dpb {

class TapeExhausted : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct Tape {
  std::vector<std::uint8_t> bytes;  // bit i of the tape is bit (7 - i % 8) of bytes[i / 8]
  std::uint64_t bit_length = 0;

  void append(std::uint64_t value, unsigned k);  // appends the k low bits of value, most significant first
  bool bit(std::uint64_t i) const { return (bytes[i / 8] >> (7 - i % 8)) & 1U; }
  // Hex of the packed bytes (the last byte zero-padded), for golden vectors.
  std::string to_hex() const;
  static Tape from_hex(const std::string& hex, std::uint64_t bit_length);
};

class TapeSource {
 public:
  explicit TapeSource(const Tape& tape) : tape_(&tape) {}
  bool next_bit() { return next_bits(1) != 0; }
  std::uint64_t next_bits(unsigned k) {
    if (position_ + k > tape_->bit_length)
      throw TapeExhausted("TapeSource: tape of " + std::to_string(tape_->bit_length) + " bits exhausted at bit " +
                          std::to_string(position_));
    std::uint64_t r = 0;
    for (unsigned i = 0; i < k; ++i) r = (r << 1) | static_cast<std::uint64_t>(tape_->bit(position_++));
    return r;
  }
  std::uint64_t position() const { return position_; }

 private:
  const Tape* tape_;
  std::uint64_t position_ = 0;
};

template <BitSource B>
class RecordingSource {
 public:
  RecordingSource(B& inner, Tape& tape) : inner_(inner), tape_(tape) {}
  bool next_bit() { return next_bits(1) != 0; }
  std::uint64_t next_bits(unsigned k) {
    std::uint64_t v = inner_.next_bits(k);
    tape_.append(v, k);
    return v;
  }

 private:
  B& inner_;
  Tape& tape_;
};

}  // namespace dpb
