// P_Amp and the LDP randomizer, optimized build: reference/protocols/p_amp.hpp with int64 label values (numerators
// on the grid 2^−r), fast::RoundedNormal noise (same bits, same values) and 128-bit messages and sums: |a| and |K|
// are below 2^63 and B <= 2^24, so no sum can overflow (no fallback needed). Bit-identical to the reference
// (tests/optimized/protocols/p_amp_prop_test.cpp).
#pragma once

#include <cstdint>
#include <numeric>
#include <utility>
#include <span>
#include <vector>

#include "optimized/internal/wide_int.hpp"
#include "optimized/samplers/rounded_normal.hpp"
#include "reference/bits/uniform.hpp"
#include "reference/protocols/p_amp.hpp"

namespace dpb::fast {

using amp_i128 = i128;  // optimized/internal/wide_int.hpp

struct PAmpTranscript {
  unsigned output_grid_bits = 0;
  bool symmetrized = false;
  std::size_t users = 0, labels = 0;
  std::vector<std::int64_t> values;  // user-major
  std::vector<amp_i128> noise;       // user-major (Symmetrized: K_ij + K_ji, 2K_ii)
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
        L_(params.labels.size()),
        sym_(params.matrix_noise == ref::MatrixNoise::Symmetrized),
        r_(params.grid_bits.convert_to<unsigned>()) {
    if (sym_) {
      const std::uint32_t D = params.labels.dim();
      for (std::size_t k = 0; k < L_; ++k) {
        const ref::Label l = params.labels.at(k);
        pair_.push_back({std::size_t{l.i} * D + l.j, std::size_t{l.j} * D + l.i});
      }
      full_ = std::size_t{D} * D;
    }
  }

  template <BitSource Bits>
  PAmpTranscript run(std::span<const std::int64_t> values, Bits& bits) const {
    if (values.size() != B_ * L_)
      throw_parameter_error("fast::PAmp::run", "values", std::to_string(B_ * L_) + " label values (B·|labels|)",
                            std::to_string(values.size()));
    PAmpTranscript t;
    t.output_grid_bits = r_ + (sym_ ? 1 : 0);
    t.symmetrized = sym_;
    t.users = B_;
    t.labels = L_;
    t.values.assign(values.begin(), values.end());
    t.noise.reserve(values.size());
    if (sym_) {
      std::vector<std::int64_t> full(full_);
      for (std::size_t u = 0; u < B_; ++u) {
        for (auto& K : full) K = noise_(bits);
        for (const auto& [a, b] : pair_) t.noise.push_back(static_cast<amp_i128>(full[a]) + full[b]);
      }
    } else {
      for (std::size_t x = 0; x < values.size(); ++x) t.noise.push_back(noise_(bits));
    }
    const amp_i128 scale = sym_ ? 2 : 1;
    t.permutation.resize(B_);
    std::iota(t.permutation.begin(), t.permutation.end(), std::size_t{0});
    if (shuffle_ == ref::PAmpShuffle::Permute)
      for (std::size_t i = B_; i-- > 1;) std::swap(t.permutation[i], t.permutation[uniform_below_u64(bits, i + 1)]);
    t.sum.assign(L_, 0);
    for (std::size_t u : t.permutation)
      for (std::size_t k = 0; k < L_; ++k)
        t.sum[k] += scale * values[u * L_ + k] + t.noise[u * L_ + k];
    return t;
  }

 private:
  ref::PAmp checked_;
  ref::PAmpShuffle shuffle_;
  RoundedNormal noise_;
  std::uint64_t B_;
  std::size_t L_;
  bool sym_;
  unsigned r_;
  std::vector<std::pair<std::size_t, std::size_t>> pair_;  // Symmetrized: (i·D + j, j·D + i) per label
  std::size_t full_ = 0;
};

}  // namespace dpb::fast
