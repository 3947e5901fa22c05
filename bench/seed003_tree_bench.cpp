// Throughput of seed 003's matrix tree (Sarmasarkar 2026, arXiv:2602.00417, Sec. 6; docs/protocol-003.md, "The
// matrix tree"): one insert + query (TreeMechanism::add: the leaf, the node it draws, and the prefix release; and
// fast::TreeMechanism::add_release, the learners' allocation-free path: the leaf and the release) per iteration,
// d = 5 (15 upper-triangle labels), T = 15000 leaves (the tree restarted when full), σ̄ of the theorem calibration at
// ε = 1, δ = 1/50, κ* = 1/10 (`dpbandit calibrate tree-matrix --eps 1 --delta 1/50 --horizon 15000 --d 5
// --kappa-star 1/10`: σ̄ = 7363447594909/2^32), grid 2^−16, `half` and `none`; both builds; and one round of Alg. 2
// (an insert + query in each of the two trees, one leaf zero).
// Run: build/bench/seed003_tree_bench --benchmark_min_time=0.5   (figures: docs/performance.md, "Seed 003 matrix
// tree" and "Seed 003 matrix tree: one drawn node per leaf")
#include <benchmark/benchmark.h>

#include <memory>
#include <vector>

#include "optimized/protocols/tree_mechanism.hpp"
#include "optimized/samplers/rounded_normal.hpp"
#include "reference/bits/chacha20.hpp"
#include "reference/protocols/tree_mechanism.hpp"

namespace {

using dpb::Integer;
using dpb::Rational;
namespace ref = dpb::ref;
namespace fast = dpb::fast;

// coarse: σ̄ rounded up to the grid 2^−4 (27431/16) instead of 2^−32: fewer digits in c = σ̄·2^r, so the optimized
// rounded normal's 128-bit rounding decision rarely hands over to the reference's exact one.
ref::TreeParams params(ref::Symmetrisation s, bool coarse = false) {
  ref::TreeParams p;
  p.labels = ref::LabelSet::symmetric_matrix(5);
  p.leaves = 15000;
  p.sigma = coarse ? Rational(27431, 16) : Rational(Integer(7363447594909LL), Integer(1) << 32);
  p.grid_bits = 16;
  p.symmetrisation = s;
  return p;
}

// x xᵀ for x = (0.6, 0.8, 0, 0, 0)·(1 − 2^−8), numerators on 2^−16
std::vector<std::int64_t> gram_leaf() {
  const std::int64_t x[5] = {153, 204, 0, 0, 0};  // on 2^−8
  std::vector<std::int64_t> out;
  for (int i = 0; i < 5; ++i)
    for (int j = i; j < 5; ++j) out.push_back(x[i] * x[j]);
  return out;
}

// One leaf per iteration into a tree of T = 15000 leaves, rebuilt (untimed) when full.
template <bool Fast>
void run_tree(benchmark::State& state, const ref::TreeParams& p, const std::vector<std::int64_t>& leaf) {
  std::vector<Integer> leaf_ref(leaf.begin(), leaf.end());
  dpb::ChaCha20Source bits(42);
  if constexpr (Fast) {
    auto t = std::make_unique<fast::TreeMechanism>(p);
    for (auto _ : state) {
      if (t->time() == 15000) {
        state.PauseTiming();
        t = std::make_unique<fast::TreeMechanism>(p);
        state.ResumeTiming();
      }
      benchmark::DoNotOptimize(t->add(std::span<const std::int64_t>(leaf), bits));
    }
  } else {
    auto t = std::make_unique<ref::TreeMechanism>(p);
    for (auto _ : state) {
      if (t->time() == 15000) {
        state.PauseTiming();
        t = std::make_unique<ref::TreeMechanism>(p);
        state.ResumeTiming();
      }
      benchmark::DoNotOptimize(t->add_numerators(leaf_ref, bits));
    }
  }
  state.SetItemsProcessed(state.iterations());
}

template <bool Fast>
void BM_Tree(benchmark::State& state) {
  const auto p = params(static_cast<ref::Symmetrisation>(state.range(0)), state.range(1) != 0);
  run_tree<Fast>(state, p, gram_leaf());
}
// Args: symmetrisation (0 none, 1 half), coarse σ̄ (0, 1).
BENCHMARK(BM_Tree<false>)->Name("BM_RefMatrixTree_d5_T15000")->Args({0, 0})->Args({1, 0});
BENCHMARK(BM_Tree<true>)->Name("BM_FastMatrixTree_d5_T15000")->Args({0, 0})->Args({1, 0})->Args({0, 1})->Args({1, 1});

// The same insert + query through fast::TreeMechanism::add_release (no TreeStep: the release into a caller's buffer,
// as jdp-glm's and the paper-code profile's trees run it). Args as BM_FastMatrixTree.
void BM_TreeRelease(benchmark::State& state) {
  const auto p = params(static_cast<ref::Symmetrisation>(state.range(0)), state.range(1) != 0);
  const std::vector<std::int64_t> leaf = gram_leaf();
  std::vector<fast::tree_i128> release(leaf.size());
  dpb::ChaCha20Source bits(42);
  auto t = std::make_unique<fast::TreeMechanism>(p);
  for (auto _ : state) {
    if (t->time() == 15000) {
      state.PauseTiming();
      t = std::make_unique<fast::TreeMechanism>(p);
      state.ResumeTiming();
    }
    t->add_release(std::span<const std::int64_t>(leaf), bits, std::span<fast::tree_i128>(release));
    benchmark::DoNotOptimize(release.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_TreeRelease)->Name("BM_FastMatrixTreeRelease_d5_T15000")->Args({0, 0})->Args({1, 0})->Args({1, 1});

// The same tree at the grid 2^−62 (jdp-glm's trees when contexts are on 2^−15; issue 21): c = σ̄·2^62 ≈ 2^72.7, the
// optimized build on fast::RoundedNormal's wide path (256-bit rounding), the reference as before; the leaf scaled to
// 2^−62 (× 2^46). Args: symmetrisation (0 none, 1 half).
template <bool Fast>
void BM_Tree62(benchmark::State& state) {
  auto p = params(static_cast<ref::Symmetrisation>(state.range(0)));
  p.grid_bits = 62;
  std::vector<std::int64_t> leaf = gram_leaf();
  for (auto& v : leaf) v *= std::int64_t{1} << 46;
  run_tree<Fast>(state, p, leaf);
}
BENCHMARK(BM_Tree62<false>)->Name("BM_RefMatrixTree_d5_T15000_r62")->Arg(0)->Arg(1);
BENCHMARK(BM_Tree62<true>)->Name("BM_FastMatrixTree_d5_T15000_r62")->Arg(0)->Arg(1);

// One round of Alg. 2: V and H trees, each an insert + query, one of the two leaves zero (half); `insert(tree,
// leaf, bits, which)` is the learner path under test (which: 0 = V, 1 = H).
template <class Insert>
void run_alg2_round(benchmark::State& state, Insert insert) {
  const auto p = params(ref::Symmetrisation::Half);
  const std::vector<std::int64_t> leaf = gram_leaf(), zero(leaf.size(), 0);
  dpb::ChaCha20Source bits(42);
  auto v = std::make_unique<fast::TreeMechanism>(p), h = std::make_unique<fast::TreeMechanism>(p);
  std::uint64_t round = 0;
  for (auto _ : state) {
    if (v->time() == 15000) {
      state.PauseTiming();
      v = std::make_unique<fast::TreeMechanism>(p);
      h = std::make_unique<fast::TreeMechanism>(p);
      state.ResumeTiming();
    }
    const bool explore = (++round % 4) == 0;
    insert(*v, std::span<const std::int64_t>(explore ? leaf : zero), bits, 0);
    insert(*h, std::span<const std::int64_t>(explore ? zero : leaf), bits, 1);
  }
  state.SetItemsProcessed(state.iterations());
}

void BM_FastRound(benchmark::State& state) {
  run_alg2_round(state, [](fast::TreeMechanism& t, std::span<const std::int64_t> leaf, dpb::ChaCha20Source& bits,
                           int) { benchmark::DoNotOptimize(t.add(leaf, bits)); });
}
BENCHMARK(BM_FastRound)->Name("BM_FastAlg2Round_two_trees_d5_T15000");

// The same round through add_release (jdp-glm's path: optimized/learners/internal/jdp_common.hpp's Tree).
void BM_FastRoundRelease(benchmark::State& state) {
  std::vector<fast::tree_i128> rel[2] = {std::vector<fast::tree_i128>(gram_leaf().size()),
                                         std::vector<fast::tree_i128>(gram_leaf().size())};
  run_alg2_round(state, [&rel](fast::TreeMechanism& t, std::span<const std::int64_t> leaf, dpb::ChaCha20Source& bits,
                               int which) {
    t.add_release(leaf, bits, std::span<fast::tree_i128>(rel[which]));
    benchmark::DoNotOptimize(rel[which].data());
    benchmark::ClobberMemory();
  });
}
BENCHMARK(BM_FastRoundRelease)->Name("BM_FastAlg2Round_two_trees_release_d5_T15000");

// The tree's noise alone: one rounded Gaussian per iteration cycling through the 15 labels' σ̄ (half: diagonal σ̄,
// off-diagonal σ̄/√2 rounded up), grid 2^−16 — the per-sample cost inside an insert, which draws one node (15
// samples; ≈ 30 before session 20, when every completed node drew), so the tree's own work is (insert time) −
// 15·(this).
void BM_FastTreeNoise(benchmark::State& state) {
  const auto p = params(ref::Symmetrisation::Half);
  std::vector<fast::RoundedNormal> samplers;
  for (const Rational& s : ref::tree_label_sigmas(p)) samplers.emplace_back(s, Integer(p.grid_bits));
  dpb::ChaCha20Source bits(42);
  std::size_t k = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(samplers[k](bits));
    k = k + 1 == samplers.size() ? 0 : k + 1;
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_FastTreeNoise)->Name("BM_FastTreeNoise_half_d5_per_sample");

}  // namespace
