// Shuffled additive shares, optimized build of reference/protocols/shuffled_shares.hpp: the same shares, the same
// Fisher–Yates swaps, from the same bits, on uint64 residues.
#pragma once

#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "optimized/protocols/modular.hpp"
#include "reference/bits/bit_source.hpp"
#include "reference/bits/uniform.hpp"

namespace dpb::fast {

struct ShuffledShares {
  std::vector<std::uint64_t> shares;
  std::vector<std::uint64_t> shuffled;
  std::uint64_t sum = 0;
};

template <BitSource B, class T>
void fisher_yates_shuffle(std::vector<T>& a, B& bits) {
  for (std::size_t i = a.size(); i-- > 1;) {
    const std::uint64_t j = uniform_below_u64(bits, static_cast<std::uint64_t>(i) + 1);
    std::swap(a[i], a[j]);
  }
}

template <BitSource B>
ShuffledShares shuffled_shares_sum(std::span<const std::uint64_t> y, std::uint64_t m, unsigned k, B& bits) {
  ShuffledShares out;
  out.shares.reserve(y.size() * k);
  for (std::uint64_t v : y) {
    std::uint64_t rest = v;
    for (unsigned s = 1; s < k; ++s) {
      const std::uint64_t share = uniform_below_u64(bits, m);
      rest = sub_mod(rest, share, m);
      out.shares.push_back(share);
    }
    out.shares.push_back(rest);
  }
  out.shuffled = out.shares;
  fisher_yates_shuffle(out.shuffled, bits);
  out.sum = modular_sum(out.shuffled, m);
  return out;
}

}  // namespace dpb::fast
