#include "optimized/protocols/p_amp.hpp"

namespace dpb::fast {

ref::PAmpTranscript PAmpTranscript::to_reference() const {
  ref::PAmpTranscript t;
  t.output_grid_bits = output_grid_bits;
  const amp_i128 scale = symmetrized ? 2 : 1;
  for (std::size_t i = 0; i < users; ++i) {
    std::vector<Integer> v, n, m;
    for (std::size_t k = 0; k < labels; ++k) {
      const std::size_t x = i * labels + k;
      v.emplace_back(values[x]);
      n.push_back(from_i128(noise[x]));
      m.push_back(from_i128(scale * values[x] + noise[x]));
    }
    t.values.push_back(std::move(v));
    t.noise.push_back(std::move(n));
    t.messages.push_back(std::move(m));
  }
  t.permutation = permutation;
  for (amp_i128 s : sum) t.sum.push_back(from_i128(s));
  return t;
}

}  // namespace dpb::fast
