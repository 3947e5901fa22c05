// Secure aggregation by pairwise additive masks (Bonawitz et al. 2017; seed 000 App. G), simulated: every pair of
// users i < j shares a mask r_ij uniform on Z_m; user i sends y_i + Σ_{j>i} r_ij − Σ_{j<i} r_ji mod m. The masks
// cancel in the sum, so the server's modular sum equals (Σ y_i) mod m, while any n − 1 of the masked messages are
// jointly uniform on Z_m (n >= 2). With n = 1 there is no pair and the one message is sent as is.
//
// Spec: Chowdhury & Zhou 2023 (arXiv:2206.05772), §3 (SecAgg black box), App. G. Bits: the masks r_ij for (i, j) =
// (0,1), (0,2), …, (0,n−1), (1,2), …, each uniform_below(m) (docs/bits.md). O(n²) masks: meant for tests and small
// batches.
#pragma once

#include <span>
#include <vector>

#include "reference/bits/bit_source.hpp"
#include "reference/bits/uniform.hpp"
#include "reference/core/rational.hpp"
#include "reference/protocols/modular.hpp"

namespace dpb::ref {

struct MaskedSum {
  std::vector<Integer> masks;   // r_ij, i < j, in the order above
  std::vector<Integer> masked;  // the messages the server sees
  Integer sum;                  // (Σ masked) mod m = (Σ y) mod m
};

template <BitSource B>
MaskedSum masked_sum(std::span<const Integer> y, const Integer& m, B& bits) {
  const std::size_t n = y.size();
  MaskedSum out;
  out.masked.assign(y.begin(), y.end());
  out.masks.reserve(n * (n - (n > 0 ? 1 : 0)) / 2);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = i + 1; j < n; ++j) {
      Integer r = uniform_below(bits, m);
      out.masked[i] = residue(Integer(out.masked[i] + r), m);
      out.masked[j] = residue(Integer(out.masked[j] - r), m);
      out.masks.push_back(std::move(r));
    }
  out.sum = modular_sum(out.masked, m);
  return out;
}

}  // namespace dpb::ref
