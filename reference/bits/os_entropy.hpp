// Bit source for real use: the operating system's entropy (getrandom(2)), buffered. Not reproducible.
#pragma once

#include <span>

#include "reference/bits/bit_source.hpp"

namespace dpb {

class OsEntropySource : public ByteStreamBits<OsEntropySource> {
 public:
  void refill(std::span<std::uint8_t> out);
};

}  // namespace dpb
