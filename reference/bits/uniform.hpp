// Uniform integers by rejection (normative; docs/bits.md). For n >= 1 let k = bit_length(n − 1).
// Draw the next k bits of the stream as an integer u (first bit most significant); return u if u < n, else draw
// again. n = 1 draws no bit and returns 0. The expected number of rounds is < 2. The reference (GMP integers)
// and the optimized build (uint64_t) consume exactly the same bits for the same n.
#pragma once

#include <cstdint>

#include "reference/bits/bit_source.hpp"
#include "reference/core/rational.hpp"

namespace dpb {

// k bits of the stream as a big integer (first bit most significant).
template <BitSource B>
Integer next_bits_integer(B& bits, unsigned k) {
  Integer u = 0;
  unsigned head = k % 64;
  if (head != 0) u = bits.next_bits(head);
  for (unsigned done = head; done < k; done += 64) {
    u <<= 64;
    u += bits.next_bits(64);
  }
  return u;
}

template <BitSource B>
Integer uniform_below(B& bits, const Integer& n) {
  const unsigned k = bit_length(Integer(n - 1));
  if (k == 0) return 0;
  for (;;) {
    Integer u = next_bits_integer(bits, k);
    if (u < n) return u;
  }
}

// Same law and the same bits as uniform_below(bits, Integer(n)), n >= 1.
template <BitSource B>
std::uint64_t uniform_below_u64(B& bits, std::uint64_t n) {
  if (n <= 1) return 0;
  const unsigned k = 64U - static_cast<unsigned>(__builtin_clzll(n - 1));
  for (;;) {
    std::uint64_t u = bits.next_bits(k);
    if (u < n) return u;
  }
}

}  // namespace dpb
