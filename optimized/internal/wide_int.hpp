// The optimized build's 128-bit signed integer (GCC/Clang's __int128; ISO C++ has none, hence __extension__) and its
// exact conversion to the reference's GMP integers. Shared by the seed-001 mechanisms (P_Vec, P_Amp, the tree) and
// the learners' checked noisy sums.
#pragma once

#include <cstdint>

#include "reference/core/rational.hpp"

namespace dpb::fast {

__extension__ typedef __int128 i128;
__extension__ typedef unsigned __int128 u128_wide;

// x as a GMP integer, exactly (any x, including −2^127).
inline Integer from_i128(i128 x) {
  const bool neg = x < 0;
  const auto m = neg ? u128_wide(0) - static_cast<u128_wide>(x) : static_cast<u128_wide>(x);
  Integer r = Integer(static_cast<std::uint64_t>(m >> 64));
  r <<= 64;
  r += Integer(static_cast<std::uint64_t>(m));
  return neg ? Integer(-r) : r;
}

}  // namespace dpb::fast
