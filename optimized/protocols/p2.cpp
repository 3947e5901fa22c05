#include "optimized/protocols/p2.hpp"

#include <string>

namespace dpb::fast {

ref::P2Transcript P2Transcript::to_reference() const {
  ref::P2Transcript t;
  t.vec = vec.to_reference();
  t.matrix = ref::p2_symmetric(t.vec.output, d);
  return t;
}

P2::P2(const ref::P2Params& params, unsigned grid_bits, ref::NoisePath path, ref::PVecShuffle shuffle)
    : params_(params),
      checked_(params, path, shuffle),
      vec_(ref::p2_pvec_params(params), grid_bits, path, shuffle),
      s_(grid_bits) {
  params_.message_bits = checked_.params().message_bits;
  const Rational scaled = params_.delta * Rational(Integer(1) << s_);
  const Integer bound = floor(Rational(scaled * scaled));
  if (bound < (Integer(1) << 127)) {
    bound_fits_ = true;
    bound_ = (static_cast<u128_wide>(to_uint64(Integer(bound >> 64))) << 64) |
             to_uint64(Integer(bound & Integer(~std::uint64_t{0})));
  }
}

void P2::check_users(std::span<const std::int64_t> values) const {
  const std::size_t L = std::size_t{params_.d} * (params_.d + 1) / 2;
  if (values.size() % L != 0)
    throw_parameter_error("fast::P2::run", "values", "n·d(d+1)/2 grid numerators", std::to_string(values.size()));
  const std::size_t users = values.size() / L;
  for (std::size_t u = 0; u < users; ++u) {
    bool decided = false;
    if (bound_fits_) {
      u128_wide sum = 0;
      bool overflow = false;
      std::size_t k = 0;
      for (std::uint32_t i = 0; i < params_.d && !overflow; ++i)
        for (std::uint32_t j = i; j < params_.d && !overflow; ++j, ++k) {
          const std::int64_t a = values[u * L + k];
          const u128_wide m =
              a < 0 ? u128_wide(0) - static_cast<u128_wide>(static_cast<i128>(a)) : static_cast<u128_wide>(a);
          u128_wide sq = m * m;  // <= 2^126
          if (i != j) sq <<= 1;  // < 2^127
          overflow = __builtin_add_overflow(sum, sq, &sum);
        }
      if (!overflow) {
        decided = true;
        if (sum > bound_) decided = false;  // refused below by the reference, with its message
      }
    }
    if (!decided) {
      std::vector<Rational> row;
      row.reserve(L);
      for (std::size_t k = 0; k < L; ++k) row.emplace_back(Integer(values[u * L + k]), Integer(1) << s_);
      const Rational f = ref::p2_frobenius_squared(row, params_.d);
      if (f > params_.delta * params_.delta)
        throw_parameter_error("P2::run", "X",
                              "of Frobenius norm <= delta = " + to_string(params_.delta) + " (user " +
                                  std::to_string(u) + "; refused, not clipped)",
                              "squared norm " + to_string(f));
    }
  }
}

}  // namespace dpb::fast
