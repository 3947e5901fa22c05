#include "reference/protocols/p_amp.hpp"

namespace dpb::ref {

namespace {

const PAmpParams& checked(const PAmpParams& p) {
  if (p.batch < 1 || p.batch > (Integer(1) << 24))
    throw_parameter_error("PAmp", "B", "in [1, 2^24]", to_string(p.batch));
  if (p.matrix_noise == MatrixNoise::Symmetrized &&
      (p.labels.kind() != LabelKind::SymmetricMatrix || p.labels.dim() > 4096))
    throw_parameter_error("PAmp", "matrix_noise", "upper-triangle for a vector label set (or dim > 4096)",
                          "symmetrized");
  if (p.grid_bits < 0 || p.grid_bits > 1023)
    throw_parameter_error("PAmp", "grid_bits", "in [0, 1023]", to_string(p.grid_bits));
  return p;
}

}  // namespace

PAmp::PAmp(PAmpParams params, PAmpShuffle shuffle)
    : params_(checked(params)), shuffle_(shuffle), noise_(params_.sigma, params_.grid_bits) {}

}  // namespace dpb::ref
