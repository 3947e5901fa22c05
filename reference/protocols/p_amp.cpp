#include "reference/protocols/p_amp.hpp"

namespace dpb::ref {

namespace {

const PAmpParams& checked(const PAmpParams& p) {
  if (p.batch < 1 || p.batch > (Integer(1) << 24))
    throw_parameter_error("PAmp", "B", "in [1, 2^24]", to_string(p.batch));
  return p;
}

}  // namespace

PAmp::PAmp(PAmpParams params, PAmpShuffle shuffle)
    : params_(checked(params)), shuffle_(shuffle), noise_(params_.sigma, params_.grid_bits) {}

}  // namespace dpb::ref
