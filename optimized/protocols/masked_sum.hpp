// Secure aggregation by pairwise additive masks, optimized build of reference/protocols/masked_sum.hpp: the same
// masks in the same order from the same bits (uniform_below_u64 consumes exactly uniform_below's bits), on uint64
// residues with add_mod / sub_mod (no overflow for m <= 2^62).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "optimized/protocols/modular.hpp"
#include "reference/bits/bit_source.hpp"
#include "reference/bits/uniform.hpp"

namespace dpb::fast {

struct MaskedSum {
  std::vector<std::uint64_t> masks;
  std::vector<std::uint64_t> masked;
  std::uint64_t sum = 0;
};

template <BitSource B>
MaskedSum masked_sum(std::span<const std::uint64_t> y, std::uint64_t m, B& bits) {
  const std::size_t n = y.size();
  MaskedSum out;
  out.masked.assign(y.begin(), y.end());
  out.masks.reserve(n * (n - (n > 0 ? 1 : 0)) / 2);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = i + 1; j < n; ++j) {
      const std::uint64_t r = uniform_below_u64(bits, m);
      out.masked[i] = add_mod(out.masked[i], r, m);
      out.masked[j] = sub_mod(out.masked[j], r, m);
      out.masks.push_back(r);
    }
  out.sum = modular_sum(out.masked, m);
  return out;
}

}  // namespace dpb::fast
