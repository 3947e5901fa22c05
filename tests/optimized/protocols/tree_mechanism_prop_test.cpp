// Tree mechanism: the optimized build (optimized/protocols/tree_mechanism.hpp) gives the reference's node noise and
// releases at every leaf and consumes the same bits, for vector and symmetric-matrix leaves, with every
// symmetrisation (none, half, root2); and at the grid 2^−62 with σ̄ on 2^−32 such that c = σ̄·2^62 is 2^62..2^80 (the
// sampler's wide path, issue 21), with leaves up to 2^62 in magnitude, through add() and add_release().
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <cstdint>
#include <vector>

#include "optimized/protocols/tree_mechanism.hpp"
#include "reference/bits/chacha20.hpp"
#include "reference/protocols/tree_mechanism.hpp"

namespace dpb {
namespace {

RC_GTEST_PROP(TreeMechanismCrossProperty, SameSeedGivesIdenticalNodesAndReleasesInBothBuilds, ()) {
  ref::TreeParams p;
  const auto dim = static_cast<std::uint32_t>(*rc::gen::inRange(1, 4));
  p.labels = *rc::gen::arbitrary<bool>() ? ref::LabelSet::vector(dim) : ref::LabelSet::symmetric_matrix(dim);
  if (p.labels.kind() == ref::LabelKind::SymmetricMatrix)
    p.symmetrisation = static_cast<ref::Symmetrisation>(*rc::gen::inRange(0, 3));  // none, half, root2
  p.leaves = *rc::gen::inRange(1, 40);
  p.sigma = Rational(*rc::gen::inRange(1, 5000), *rc::gen::inRange(1, 100));
  p.grid_bits = *rc::gen::inRange(0, 12);
  ref::TreeMechanism rt(p);
  fast::TreeMechanism ft(p);
  const auto seed = *rc::gen::arbitrary<std::uint32_t>();
  ChaCha20Source rs(seed, 9), fs(seed, 9);
  CountingSource rb(rs), fb(fs);
  const long N = p.leaves.convert_to<long>();
  for (long t = 1; t <= N; ++t) {
    std::vector<std::int64_t> leaf;
    std::vector<Integer> leaf_ref;
    for (std::size_t k = 0; k < p.labels.size(); ++k) {
      leaf.push_back(*rc::gen::inRange<std::int64_t>(-1000000, 1000000));
      leaf_ref.emplace_back(leaf.back());
    }
    const ref::TreeStep a = rt.add_numerators(leaf_ref, rb);
    const fast::TreeStep b = ft.add(std::span<const std::int64_t>(leaf), fb);
    RC_ASSERT(b.to_reference(Integer(t)) == a);
    RC_ASSERT(rb.count() == fb.count());
  }
}

// The jdp-glm trees' range: r = 62, σ̄ = n/2^32 with n in [2^32, 2^50] (c = n·2^30 in [2^62, 2^80]), leaves up to
// ±2^62; a third tree runs add_release on the same stream and must release the same sums.
RC_GTEST_PROP(TreeMechanismCrossProperty, WideNoiseAtGrid62IsTheReferences, ()) {
  ref::TreeParams p;
  const auto dim = static_cast<std::uint32_t>(*rc::gen::inRange(1, 3));
  p.labels = *rc::gen::arbitrary<bool>() ? ref::LabelSet::vector(dim) : ref::LabelSet::symmetric_matrix(dim);
  if (p.labels.kind() == ref::LabelKind::SymmetricMatrix)
    p.symmetrisation = static_cast<ref::Symmetrisation>(*rc::gen::inRange(0, 3));  // none, half, root2
  p.leaves = *rc::gen::inRange(1, 20);
  const unsigned e = *rc::gen::inRange(32, 50);
  p.sigma = Rational((Integer(1) << e) + *rc::gen::inRange<std::int64_t>(0, std::int64_t{1} << 31), Integer(1) << 32);
  p.grid_bits = 62;
  ref::TreeMechanism rt(p);
  fast::TreeMechanism ft(p), fr(p);
  const auto seed = *rc::gen::arbitrary<std::uint32_t>();
  ChaCha20Source rs(seed, 9), fs(seed, 9), frs(seed, 9);
  CountingSource rb(rs), fb(fs), frb(frs);
  const long N = p.leaves.convert_to<long>();
  const std::int64_t big = std::int64_t{1} << 62;
  std::vector<fast::tree_i128> release(p.labels.size());
  for (long t = 1; t <= N; ++t) {
    std::vector<std::int64_t> leaf;
    std::vector<Integer> leaf_ref;
    for (std::size_t k = 0; k < p.labels.size(); ++k) {
      leaf.push_back(*rc::gen::inRange<std::int64_t>(-big, big));
      leaf_ref.emplace_back(leaf.back());
    }
    const ref::TreeStep a = rt.add_numerators(leaf_ref, rb);
    const fast::TreeStep b = ft.add(std::span<const std::int64_t>(leaf), fb);
    fr.add_release(std::span<const std::int64_t>(leaf), frb, std::span<fast::tree_i128>(release));
    RC_ASSERT(b.to_reference(Integer(t)) == a);
    RC_ASSERT(rb.count() == fb.count());
    RC_ASSERT(rb.count() == frb.count());
    for (std::size_t k = 0; k < release.size(); ++k) RC_ASSERT(fast::from_i128(release[k]) == a.release[k]);
  }
}

}  // namespace
}  // namespace dpb
