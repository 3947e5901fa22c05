// Throughput (batches/s, or leaves/s for the tree) of seed 001's mechanisms in both builds, at the sizes the learners
// run (d = 5: 5 vector labels, 15 matrix labels; B = 20), on a seeded ChaCha20 stream (seed 42).
// Run: build/bench/seed001_mechanisms_bench --benchmark_min_time=0.5   (figures: docs/performance.md, "Seed 001
// mechanisms")
#include <benchmark/benchmark.h>

#include <vector>

#include "optimized/protocols/p_amp.hpp"
#include "optimized/protocols/p_vec.hpp"
#include "optimized/protocols/tree_mechanism.hpp"
#include "reference/bits/chacha20.hpp"
#include "reference/protocols/p_amp.hpp"
#include "reference/protocols/p_vec.hpp"
#include "reference/protocols/tree_mechanism.hpp"

namespace {

using dpb::Integer;
using dpb::Rational;
namespace ref = dpb::ref;
namespace fast = dpb::fast;

constexpr long kB = 20;

ref::PVecParams pvec_params(long b) {
  ref::PVecParams p;
  p.labels = ref::LabelSet::symmetric_matrix(5);
  p.batch = kB;
  p.g = 9;
  p.b = b;
  return ref::validate(p);
}

std::vector<std::vector<Rational>> pvec_values(std::size_t L) {
  std::vector<std::vector<Rational>> v(kB);
  for (long i = 0; i < kB; ++i)
    for (std::size_t k = 0; k < L; ++k) v[i].emplace_back(Integer((i * 37 + long(k) * 11) % 513 - 256), Integer(256));
  return v;
}

// b = 1 172 729 554: Thm C.1 at ε = 0.2, δ = 0.1, B = 20, d = 5 (dpbandit calibrate p-vec).
template <bool Fast>
void BM_PVec(benchmark::State& state) {
  const auto path = state.range(0) == 0 ? ref::NoisePath::PerUser : ref::NoisePath::Aggregate;
  const auto p = pvec_params(1172729554L);
  const auto values = pvec_values(p.labels.size());
  dpb::ChaCha20Source bits(42);
  if constexpr (Fast) {
    const fast::PVec pv(p, 8, path);
    const auto grid = pv.to_grid(values);
    for (auto _ : state) benchmark::DoNotOptimize(pv.run(std::span<const std::int64_t>(grid), bits));
  } else {
    const ref::PVec pv(p, path);
    for (auto _ : state) benchmark::DoNotOptimize(pv.run(std::span<const std::vector<Rational>>(values), bits));
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_PVec<false>)->Arg(0)->Arg(1)->Name("BM_RefPVec_matrix5_B20_thmC1_b/path");
BENCHMARK(BM_PVec<true>)->Arg(0)->Arg(1)->Name("BM_FastPVec_matrix5_B20_thmC1_b/path");

template <bool Fast>
void BM_PAmp(benchmark::State& state) {
  ref::PAmpParams p;
  p.labels = ref::LabelSet::symmetric_matrix(5);
  p.batch = kB;
  p.sigma = Rational(58602782035, Integer(1) << 31);  // Thm 3.2's σ̄ at ε = 0.2, δ = 0.1, B = 20
  p.grid_bits = 16;
  std::vector<std::int64_t> flat;
  std::vector<std::vector<Integer>> rows(kB);
  for (long i = 0; i < kB; ++i)
    for (std::size_t k = 0; k < p.labels.size(); ++k) {
      flat.push_back((i * 977 + long(k) * 131) % 65537 - 32768);
      rows[i].emplace_back(flat.back());
    }
  dpb::ChaCha20Source bits(42);
  if constexpr (Fast) {
    const fast::PAmp pa(p);
    for (auto _ : state) benchmark::DoNotOptimize(pa.run(std::span<const std::int64_t>(flat), bits));
  } else {
    const ref::PAmp pa(p);
    for (auto _ : state) benchmark::DoNotOptimize(pa.run(std::span<const std::vector<Integer>>(rows), bits));
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_PAmp<false>)->Name("BM_RefPAmp_matrix5_B20");
BENCHMARK(BM_PAmp<true>)->Name("BM_FastPAmp_matrix5_B20");

// A tree over N = 2^20 leaves of the 6×6 Gram upper triangle (21 labels): one add per iteration (restarted when full).
template <bool Fast>
void BM_Tree(benchmark::State& state) {
  ref::TreeParams p;
  p.labels = ref::LabelSet::symmetric_matrix(6);
  p.leaves = Integer(1) << 20;
  p.sigma = Rational(212568331549, Integer(1) << 32);
  p.grid_bits = 16;
  std::vector<std::int64_t> leaf(p.labels.size(), 12345);
  std::vector<Integer> leaf_ref(p.labels.size(), Integer(12345));
  dpb::ChaCha20Source bits(42);
  if constexpr (Fast) {
    fast::TreeMechanism t(p);
    for (auto _ : state) benchmark::DoNotOptimize(t.add(std::span<const std::int64_t>(leaf), bits));
  } else {
    ref::TreeMechanism t(p);
    for (auto _ : state) benchmark::DoNotOptimize(t.add_numerators(leaf_ref, bits));
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_Tree<false>)->Name("BM_RefTree_gram6");
BENCHMARK(BM_Tree<true>)->Name("BM_FastTree_gram6");

}  // namespace
