#include "optimized/protocols/tree_mechanism.hpp"

namespace dpb::fast {

TreeMechanism::TreeMechanism(ref::TreeParams params)
    : checked_(params),
      L_(params.labels.size()),
      m_(checked_.levels()),
      N_(to_uint64(params.leaves)),
      prefix_(L_, 0),
      noise_(m_ * L_, 0),
      cover_(L_, 0) {
  const std::vector<Rational> sig = ref::tree_label_sigmas(params);
  std::vector<Rational> distinct;
  for (const Rational& s : sig) {
    std::size_t i = 0;
    while (i < distinct.size() && distinct[i] != s) ++i;
    if (i == distinct.size()) {
      distinct.push_back(s);
      samplers_.push_back(RoundedNormal::wide(s, params.grid_bits));
    }
    sampler_of_.push_back(i);
  }
}

ref::TreeStep TreeStep::to_reference(const Integer& t) const {
  ref::TreeStep s;
  const std::size_t L = release.size();
  for (std::size_t c = 0; c < completed_levels.size(); ++c) {
    ref::TreeNode node;
    node.level = completed_levels[c];
    node.index = t / (Integer(1) << node.level) - 1;
    for (std::size_t k = 0; k < L; ++k) node.noise.push_back(from_i128(completed_noise[c * L + k]));
    s.completed.push_back(std::move(node));
  }
  for (tree_i128 r : release) s.release.push_back(from_i128(r));
  return s;
}

}  // namespace dpb::fast
