// P_Amp and the LDP randomizer: the optimized build (optimized/protocols/p_amp.hpp) gives the reference's transcript
// (noise, messages, permutation, sums) and consumes the same bits, with and without the shuffler, for both matrix
// noise variants.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <cstdint>
#include <vector>

#include "optimized/protocols/p_amp.hpp"
#include "reference/bits/chacha20.hpp"
#include "reference/protocols/p_amp.hpp"

namespace dpb {
namespace {

RC_GTEST_PROP(PAmpCrossProperty, SameSeedGivesIdenticalTranscriptsInBothBuilds, ()) {
  ref::PAmpParams p;
  const auto dim = static_cast<std::uint32_t>(*rc::gen::inRange(1, 4));
  p.labels = *rc::gen::arbitrary<bool>() ? ref::LabelSet::vector(dim) : ref::LabelSet::symmetric_matrix(dim);
  p.batch = *rc::gen::inRange(1, 30);
  p.sigma = Rational(*rc::gen::inRange(1, 5000), *rc::gen::inRange(1, 100));
  p.grid_bits = *rc::gen::inRange(0, 20);
  if (p.labels.kind() == ref::LabelKind::SymmetricMatrix && *rc::gen::arbitrary<bool>())
    p.matrix_noise = ref::MatrixNoise::Symmetrized;
  const auto shuffle = *rc::gen::element(ref::PAmpShuffle::Permute, ref::PAmpShuffle::None);
  const std::size_t B = p.batch.convert_to<std::size_t>(), L = p.labels.size();
  std::vector<std::int64_t> flat;
  std::vector<std::vector<Integer>> rows(B);
  for (std::size_t i = 0; i < B; ++i)
    for (std::size_t k = 0; k < L; ++k) {
      flat.push_back(*rc::gen::inRange<std::int64_t>(-(std::int64_t{1} << 40), std::int64_t{1} << 40));
      rows[i].emplace_back(flat.back());
    }
  const auto seed = *rc::gen::arbitrary<std::uint32_t>();
  ChaCha20Source rs(seed, 2), fs(seed, 2);
  CountingSource rb(rs), fb(fs);
  const auto rt = ref::PAmp(p, shuffle).run(std::span<const std::vector<Integer>>(rows), rb);
  const auto ft = fast::PAmp(p, shuffle).run(std::span<const std::int64_t>(flat), fb);
  RC_ASSERT(ft.to_reference() == rt);
  RC_ASSERT(rb.count() == fb.count());
}

}  // namespace
}  // namespace dpb
