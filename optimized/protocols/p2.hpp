// P₂, the matrix P_Vec of seed 003 (Sarmasarkar 2026, arXiv:2602.00417, App. S, Algorithms 4–6), optimized build:
// reference/protocols/p2.hpp over fast::PVec (optimized/protocols/p_vec.hpp) on the symmetric label set, drawing the
// same bits and producing the same transcript (to_reference(); property test tests/optimized/protocols/
// p2_prop_test.cpp). The Frobenius clip ‖X‖_F² = Σ a_ii² + 2Σ_{i<j} a_ij² <= (Δ·2^s)² is decided on 128-bit
// integers (grid numerators a, v = a·2^−s); a sum that would overflow defers to the reference's exact check.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "optimized/protocols/p_vec.hpp"
#include "reference/protocols/p2.hpp"

namespace dpb::fast {

struct P2Transcript {
  PVecTranscript vec;
  std::uint32_t d = 1;
  ref::P2Transcript to_reference() const;
};

class P2 {
 public:
  // grid_bits <= 62 and the fast::PVec bounds (ParameterError naming fast::PVec otherwise).
  P2(const ref::P2Params& params, unsigned grid_bits, ref::NoisePath path = ref::NoisePath::Aggregate,
     ref::PVecShuffle shuffle = ref::PVecShuffle::Counts);

  const ref::P2Params& params() const { return params_; }

  // values: n·d(d+1)/2 grid numerators, user-major; each user's ‖X‖_F <= Δ (ParameterError naming P2::run, X, as
  // the reference).
  void check_users(std::span<const std::int64_t> values) const;

  template <BitSource Bits>
  P2Transcript run(std::span<const std::int64_t> values, Bits& bits) const {
    check_users(values);
    P2Transcript t;
    t.vec = vec_.run(values, bits);
    t.d = params_.d;
    return t;
  }

  std::vector<std::int64_t> to_grid(std::span<const std::vector<Rational>> triu_rows) const {
    return vec_.to_grid(triu_rows);
  }

 private:
  ref::P2Params params_;
  ref::P2 checked_;  // the reference's validation
  PVec vec_;
  unsigned s_;
  bool bound_fits_ = false;
  u128_wide bound_ = 0;  // ⌊(Δ·2^s)²⌋ when it fits
};

}  // namespace dpb::fast
