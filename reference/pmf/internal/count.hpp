// Term counts of finite sums as machine integers (not API): a sum with more than 2^64 terms is refused.
#pragma once

#include <cstdint>
#include <stdexcept>

#include "reference/core/rational.hpp"

namespace dpb::ref::internal {

inline std::uint64_t to_count(const Integer& n) {
  if (!fits_uint64(n)) throw std::range_error("certified pmf: sum over more than 2^64 terms");
  return to_uint64(n);
}

}  // namespace dpb::ref::internal
