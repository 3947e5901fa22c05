// The tree mechanism (reference/protocols/tree_mechanism.hpp): m = ⌈log₂ N⌉ + 1 levels; every release is the exact
// prefix sum plus the noise of exactly the dyadic nodes of t (popcount(t) nodes, the latest completed node of each
// set bit's level), recomputed here from the transcript's node noise; node completion times; matrix leaves;
// validation of N, the leaf size and the grid.
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
    for (const auto& n : s.completed) {
      // completed exactly when 2^h divides t, as node t/2^h − 1
      EXPECT_EQ(t % (1L << n.level), 0);
      EXPECT_EQ(n.index, t / (1L << n.level) - 1);
      ASSERT_EQ(n.noise.size(), labels.size());
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
  long total = 0;
  for (long h = 0; (1L << h) <= N; ++h) total += N >> h;
  EXPECT_EQ(completed, total);
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
