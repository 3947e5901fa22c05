// Secure computation by shuffling additive shares (the "split and mix" idea of Ishai et al. 2006 and Balle et al.
// 2020, used here as the shuffle S̃ of seed 000 Theorem 3, App. D.2): each message y_i ∈ Z_m is split into k shares,
// k − 1 uniform on Z_m and the last one y_i minus their sum mod m; all n·k shares are permuted uniformly (exact
// Fisher–Yates with uniform_below) and the server sums the multiset mod m (footnote 6). The sum equals
// (Σ y_i) mod m exactly, so this simulation is a perfect relaxed SecAgg (q̃ = 0); its security ε̃ is not claimed.
//
// Bits (docs/bits.md): for each user in order, her k − 1 random shares, each uniform_below(m); then Fisher–Yates
// over the list of N = n·k shares: for i = N − 1 down to 1, j = uniform_below(i + 1), swap(a[i], a[j]).
#pragma once

#include <span>
#include <utility>
#include <vector>

#include "reference/bits/bit_source.hpp"
#include "reference/bits/uniform.hpp"
#include "reference/core/rational.hpp"
#include "reference/protocols/modular.hpp"

namespace dpb::ref {

struct ShuffledShares {
  std::vector<Integer> shares;    // user-major, k per user, before the shuffle
  std::vector<Integer> shuffled;  // the server's view
  Integer sum;                    // (Σ shuffled) mod m
};

// Exact uniform permutation of `a` in place (Fisher–Yates, Durstenfeld's form).
template <BitSource B, class T>
void fisher_yates_shuffle(std::vector<T>& a, B& bits) {
  for (std::size_t i = a.size(); i-- > 1;) {
    const Integer j = uniform_below(bits, Integer(i + 1));
    std::swap(a[i], a[j.convert_to<std::size_t>()]);
  }
}

// k >= 1 shares per message.
template <BitSource B>
ShuffledShares shuffled_shares_sum(std::span<const Integer> y, const Integer& m, unsigned k, B& bits) {
  ShuffledShares out;
  out.shares.reserve(y.size() * k);
  for (const Integer& v : y) {
    Integer rest = v;
    for (unsigned s = 1; s < k; ++s) {
      Integer share = uniform_below(bits, m);
      rest -= share;
      out.shares.push_back(std::move(share));
    }
    out.shares.push_back(residue(rest, m));
  }
  out.shuffled = out.shares;
  fisher_yates_shuffle(out.shuffled, bits);
  out.sum = modular_sum(out.shuffled, m);
  return out;
}

}  // namespace dpb::ref
