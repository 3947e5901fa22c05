// P_Amp and the LDP randomizer, optimized build: reference/protocols/p_amp.hpp with int64 label values (numerators
// on the grid 2^−r), fast::RoundedNormal noise (same bits, same values) and 128-bit messages and sums: |a| and |K|
// are below 2^63 and B <= 2^24, so no sum can overflow (no fallback needed). Bit-identical to the reference
// (tests/optimized/protocols/p_amp_prop_test.cpp).
#pragma once

#include <cstdint>
#include <numeric>
#include <span>
#include <vector>

#include "optimized/samplers/rounded_normal.hpp"
#include "reference/bits/uniform.hpp"
#include "reference/protocols/p_amp.hpp"

namespace dpb::fast {

__extension__ typedef __int128 amp_i128;

struct PAmpTranscript {
  std::size_t users = 0, labels = 0;
  std::vector<std::int64_t> values, noise;  // user-major
  std::vector<std::size_t> permutation;
  std::vector<amp_i128> sum;
  ref::PAmpTranscript to_reference() const;
};

class PAmp {
 public:
  PAmp(const ref::PAmpParams& params, ref::PAmpShuffle shuffle = ref::PAmpShuffle::Permute)
      : checked_(params, shuffle),
        shuffle_(shuffle),
        noise_(params.sigma, params.grid_bits),
        B_(to_uint64(params.batch)),
        L_(params.labels.size()) {}

  template <BitSource Bits>
  PAmpTranscript run(std::span<const std::int64_t> values, Bits& bits) const {
    if (values.size() != B_ * L_)
      throw_parameter_error("fast::PAmp::run", "values", std::to_string(B_ * L_) + " label values (B·|labels|)",
                            std::to_string(values.size()));
    PAmpTranscript t;
    t.users = B_;
    t.labels = L_;
    t.values.assign(values.begin(), values.end());
    t.noise.reserve(values.size());
    for (std::size_t x = 0; x < values.size(); ++x) t.noise.push_back(noise_(bits));
    t.permutation.resize(B_);
    std::iota(t.permutation.begin(), t.permutation.end(), std::size_t{0});
    if (shuffle_ == ref::PAmpShuffle::Permute)
      for (std::size_t i = B_; i-- > 1;) std::swap(t.permutation[i], t.permutation[uniform_below_u64(bits, i + 1)]);
    t.sum.assign(L_, 0);
    for (std::size_t u : t.permutation)
      for (std::size_t k = 0; k < L_; ++k)
        t.sum[k] += static_cast<amp_i128>(values[u * L_ + k]) + t.noise[u * L_ + k];
    return t;
  }

 private:
  ref::PAmp checked_;
  ref::PAmpShuffle shuffle_;
  RoundedNormal noise_;
  std::uint64_t B_;
  std::size_t L_;
};

}  // namespace dpb::fast
