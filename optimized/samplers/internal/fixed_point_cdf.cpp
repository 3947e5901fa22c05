#include "optimized/samplers/internal/fixed_point_cdf.hpp"

namespace dpb::fast::internal {

FixedPointCdf::FixedPointCdf(ref::internal::CdfInversion& inversion) {
  k0_ = inversion.start();
  while (k0_ > 0 && inversion.floor_cdf_scaled(k0_ - 1) > 0) --k0_;
  left_open_ = k0_ > 0;
  lo_.push_back(inversion.floor_cdf_scaled(k0_));
}

void FixedPointCdf::extend_past(std::uint64_t u, ref::internal::CdfInversion& inversion) {
  while (lo_.back() <= u && lo_.back() != kTop) lo_.push_back(inversion.floor_cdf_scaled(k0_ + lo_.size()));
}

}  // namespace dpb::fast::internal
