// The tree mechanism (reference/protocols/tree_mechanism.hpp): m = ⌈log₂ N⌉ + 1 levels; every release is the exact
// prefix sum plus the noise of exactly the dyadic nodes of t (popcount(t) nodes, the latest completed node of each
// set bit's level), recomputed here from the transcript's node noise; exactly one node drawn per leaf, the left
// child (v₂(t), t/2^v₂(t) − 1) (issue 20, session 20: right children draw nothing), and the bits it consumes are
// exactly |labels| RoundedNormal draws; matrix leaves; validation of N, the leaf size and the grid.
#include <gtest/gtest.h>

#include <map>
#include <utility>
#include <vector>

#include "reference/bits/chacha20.hpp"
#include "reference/protocols/tree_mechanism.hpp"
#include "tests/support/parameter_errors.hpp"

namespace dpb {
namespace {

TEST(TreeMechanismTest, LevelsAreCeilLog2NPlusOne) {
  EXPECT_EQ(ref::tree_levels(1), 1U);
  EXPECT_EQ(ref::tree_levels(2), 2U);
  EXPECT_EQ(ref::tree_levels(3), 3U);
  EXPECT_EQ(ref::tree_levels(4), 3U);
  EXPECT_EQ(ref::tree_levels(5), 4U);
  EXPECT_EQ(ref::tree_levels(1024), 11U);
  EXPECT_EQ(ref::tree_levels(1025), 12U);
}

void check_releases(const ref::LabelSet& labels, long N) {
  ref::TreeParams p;
  p.labels = labels;
  p.leaves = N;
  p.sigma = Rational(3, 2);
  p.grid_bits = 4;
  ref::TreeMechanism tree(p);
  ChaCha20Source src(42);
  std::map<std::pair<unsigned, long>, std::vector<Integer>> nodes;
  std::vector<Integer> prefix(labels.size(), Integer(0));
  long completed = 0;
  for (long t = 1; t <= N; ++t) {
    std::vector<Rational> leaf;
    for (std::size_t k = 0; k < labels.size(); ++k) leaf.emplace_back(Integer((t * 7 + long(k) * 3) % 11 - 5), 16);
    const ref::TreeStep s = tree.add(std::span<const Rational>(leaf), src);
    for (std::size_t k = 0; k < labels.size(); ++k) prefix[k] += floor(Rational(leaf[k] * 16));
    // exactly one node: level v₂(t), index t/2^v₂(t) − 1 (even: a left child)
    ASSERT_EQ(s.completed.size(), 1U) << "t = " << t;
    const unsigned v = static_cast<unsigned>(__builtin_ctzl(static_cast<unsigned long>(t)));
    for (const auto& n : s.completed) {
      EXPECT_EQ(n.level, v);
      EXPECT_EQ(n.index, (t >> v) - 1);
      EXPECT_EQ(n.index % 2, 0);
      ASSERT_EQ(n.noise.size(), labels.size());
      EXPECT_TRUE(nodes.find({n.level, n.index.convert_to<long>()}) == nodes.end());  // each node drawn once
      nodes[{n.level, n.index.convert_to<long>()}] = n.noise;
      ++completed;
    }
    std::vector<Integer> expected = prefix;
    int used = 0;
    for (unsigned h = 0; h < tree.levels(); ++h)
      if ((t >> h) & 1) {
        const auto& noise = nodes.at({h, t / (1L << h) - 1});
        for (std::size_t k = 0; k < labels.size(); ++k) expected[k] += noise[k];
        ++used;
      }
    EXPECT_EQ(s.release, expected) << "t = " << t;
    EXPECT_EQ(used, __builtin_popcountl(static_cast<unsigned long>(t)));
  }
  EXPECT_EQ(completed, N);  // one node per leaf (every node of the old tree: Σ_h ⌊N/2^h⌋)
  // the noise is not identically zero (σ̄·2^r = 24)
  bool nonzero = false;
  for (const auto& [key, noise] : nodes)
    for (const auto& K : noise) nonzero |= K != 0;
  EXPECT_TRUE(nonzero);
}

TEST(TreeMechanismTest, EveryReleaseIsThePrefixPlusItsDyadicNodesNoise) {
  check_releases(ref::LabelSet::vector(3), 13);
  check_releases(ref::LabelSet::symmetric_matrix(3), 16);
  check_releases(ref::LabelSet::vector(1), 1);
}

// The bits of a leaf are exactly |labels| RoundedNormal draws in LabelSet order (the normative "Bits" paragraph): a
// second stream of the same seed, drawn label by label with the tree's per-label σ̄ (symmetrisation `half`: two
// samplers), gives the node's noise and ends at the same position after every leaf (the next 64 bits of both
// agree). The tree of before session 20 drew 2·|labels| at every even t (the right child too) and fails this at
// t = 2.
TEST(TreeMechanismTest, EachLeafDrawsExactlyOneNodesLabels) {
  ref::TreeParams p;
  p.labels = ref::LabelSet::symmetric_matrix(2);
  p.leaves = 37;
  p.sigma = Rational(5, 2);
  p.grid_bits = 3;
  p.symmetrisation = ref::Symmetrisation::Half;
  ref::TreeMechanism tree(p);
  std::vector<ref::RoundedNormal> per_label;
  for (const Rational& s : ref::tree_label_sigmas(p)) per_label.emplace_back(s, p.grid_bits);
  ASSERT_NE(per_label[0].sigma(), per_label[1].sigma());
  ChaCha20Source a(7), b(7);
  const std::vector<Integer> leaf(p.labels.size(), Integer(1));
  for (long t = 1; t <= 37; ++t) {
    const ref::TreeStep s = tree.add_numerators(leaf, a);
    ASSERT_EQ(s.completed.size(), 1U);
    std::vector<Integer> expected;
    for (const auto& sampler : per_label) expected.push_back(sampler(b));
    EXPECT_EQ(s.completed[0].noise, expected) << "t = " << t;
    // both at the same position: the next 64 bits agree (taken from both, so they stay aligned)
    ASSERT_EQ(a.next_bits(64), b.next_bits(64)) << "t = " << t << ": the tree consumed other bits";
  }
}

TEST(TreeMechanismTest, ValidationNamesTheParameter) {
  ref::TreeParams p;
  p.leaves = 0;
  test::expect_error_message([&] { ref::TreeMechanism t(p); },
                             "TreeMechanism: parameter 'N' must be in [1, 2^62], got 0");
  p.leaves = 2;
  p.grid_bits = 2;
  ref::TreeMechanism t(p);
  ChaCha20Source src(1);
  const std::vector<Rational> off{Rational(1, 8)};
  test::expect_error_message([&] { t.add(std::span<const Rational>(off), src); },
                             "TreeMechanism::add: parameter 'leaf' must be on the grid 2^-2 (label 0), got 1/8");
  const std::vector<Rational> two{Rational(1), Rational(1)};
  EXPECT_THROW(t.add(std::span<const Rational>(two), src), ParameterError);
  const std::vector<Rational> ok{Rational(1, 4)};
  t.add(std::span<const Rational>(ok), src);
  t.add(std::span<const Rational>(ok), src);
  test::expect_error_message([&] { t.add(std::span<const Rational>(ok), src); },
                             "TreeMechanism::add: parameter 'leaf' must be at most N = 2 leaves, got leaf 3");
}

}  // namespace
}  // namespace dpb
