#include "reference/protocols/tree_mechanism.hpp"

namespace dpb::ref {

unsigned tree_levels(const Integer& leaves) {
  require_positive(leaves, "tree_levels", "N");
  // ⌈log₂ N⌉ = bit_length(N − 1)
  return bit_length(Integer(leaves - 1)) + 1;
}

namespace {

const TreeParams& checked(const TreeParams& p) {
  if (p.leaves < 1 || p.leaves > (Integer(1) << 62))
    throw_parameter_error("TreeMechanism", "N", "in [1, 2^62]", to_string(p.leaves));
  return p;
}

}  // namespace

TreeMechanism::TreeMechanism(TreeParams params)
    : params_(checked(params)),
      m_(tree_levels(params_.leaves)),
      noise_(params_.sigma, params_.grid_bits),
      open_(m_, std::vector<Integer>(params_.labels.size(), Integer(0))),
      noisy_(m_, std::vector<Integer>(params_.labels.size(), Integer(0))) {}

std::vector<Integer> TreeMechanism::to_numerators(std::span<const Rational> leaf) const {
  std::vector<Integer> out;
  const Integer two_r = Integer(1) << params_.grid_bits.convert_to<unsigned>();
  for (std::size_t k = 0; k < leaf.size(); ++k) {
    const Rational a = leaf[k] * two_r;
    if (boost::multiprecision::denominator(a) != 1)
      throw_parameter_error("TreeMechanism::add", "leaf",
                            "on the grid 2^-" + to_string(params_.grid_bits) + " (label " + std::to_string(k) + ")",
                            to_string(leaf[k]));
    out.push_back(boost::multiprecision::numerator(a));
  }
  return out;
}

}  // namespace dpb::ref
