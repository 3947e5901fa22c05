// The optimized build's inversion table (not API): lo_k = ⌊F(k)·2^64⌋ for the CDF F of a law on {0, 1, 2, …},
// computed once per k from the reference's certified enclosures (no double anywhere), extended lazily.
//
// Why integer comparisons decide the first chunk exactly as the reference does: F(k) is irrational, so
// lo_k < F(k)·2^64 < lo_k + 1. For the first chunk u (I_1 = [u, u+1)/2^64):
//   F(k−1) ≤ u/2^64  ⇔  lo_{k−1} < u        and        (u+1)/2^64 ≤ F(k)  ⇔  u < lo_k.
// So with k = the first index with lo_k > u, the cell k holds I_1 iff lo_{k−1} ≠ u; when lo_{k−1} = u, F(k−1)
// lies inside I_1 and the reference's rule reads another chunk: we defer to it with u (same bits, same result).
#pragma once

#include <cstdint>
#include <vector>

#include "reference/samplers/internal/cdf_inversion.hpp"

namespace dpb::fast::internal {

class FixedPointCdf {
 public:
  static constexpr std::uint64_t kDefer = ~std::uint64_t{0};

  // Builds the table from `inversion` starting just below its start (a mode): from the largest k0 ≤ start with
  // F(k0 − 1) < 2^{−64} (or k0 = 0).
  explicit FixedPointCdf(ref::internal::CdfInversion& inversion);

  // The k whose cell holds I_1 = [u, u+1)/2^64, or kDefer when some F(k) lies inside I_1. `inversion` must be
  // the one the table was built from (it is passed, not stored, so samplers stay movable).
  std::uint64_t lookup(std::uint64_t u, ref::internal::CdfInversion& inversion) {
    if (lo_.back() <= u && lo_.back() != kTop) extend_past(u, inversion);
    std::size_t lo = 0, hi = lo_.size();  // first index with lo_[i] > u (upper bound)
    while (lo < hi) {
      const std::size_t mid = (lo + hi) / 2;
      if (lo_[mid] > u)
        hi = mid;
      else
        lo = mid + 1;
    }
    if (lo == lo_.size()) return kDefer;  // u = 2^64 − 1 = lo_top: F(top) ∈ I_1
    if (lo > 0 ? lo_[lo - 1] == u : (left_open_ && u == 0)) return kDefer;
    return k0_ + lo;
  }

  std::size_t size() const { return lo_.size(); }

 private:
  static constexpr std::uint64_t kTop = ~std::uint64_t{0};
  void extend_past(std::uint64_t u, ref::internal::CdfInversion& inversion);

  std::uint64_t k0_ = 0;
  bool left_open_ = false;  // k0 > 0: lo_{k0−1} = 0, i.e. F(k0−1) ∈ (0, 2^{−64})
  std::vector<std::uint64_t> lo_;
};

}  // namespace dpb::fast::internal
