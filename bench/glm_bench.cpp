// Seed 003's GLM layer (optimized/glm/, reference/glm/): the decisions that feed randomizers — floors of gradient
// entries and weights onto a 2^−k grid, and exact Bernoulli(μ(z)) rewards — per second, optimized (doubles with a
// proven error bound, deferring to the certified path) against the reference (certified enclosures). Issue 20's
// target: ≥ 10^7 roundings per second per core in the optimized build. Figures: docs/performance.md.
#include <benchmark/benchmark.h>

#include <vector>

#include "optimized/glm/g_optimal_design.hpp"
#include "optimized/glm/link.hpp"
#include "reference/bits/chacha20.hpp"
#include "reference/glm/g_optimal_design.hpp"
#include "reference/glm/link.hpp"

namespace {

using dpb::fast::Dyadic;

std::vector<Dyadic> zs() {
  dpb::ChaCha20Source bits(17, 0);
  std::vector<Dyadic> out;
  for (int i = 0; i < 4096; ++i) out.emplace_back(static_cast<std::int64_t>(bits.next_bits(24)) - (1 << 23), 21);
  return out;
}

dpb::ref::Link link_of(const benchmark::State& s) { return s.range(0) == 0 ? dpb::ref::Link::logistic : dpb::ref::Link::probit; }

void BM_FastFloorGradient(benchmark::State& state) {
  const dpb::fast::Glm glm(link_of(state));
  const auto z = zs();
  const Dyadic x(-3, 2);
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(glm.floor_gradient(z[i & 4095], static_cast<int>(i & 1), x, 20));
    ++i;
  }
  state.SetItemsProcessed(state.iterations());
  state.counters["deferrals"] = static_cast<double>(glm.deferrals());
}
BENCHMARK(BM_FastFloorGradient)->Arg(0)->Arg(1);

void BM_FastFloorWeight(benchmark::State& state) {
  const dpb::fast::Glm glm(link_of(state));
  const auto z = zs();
  std::size_t i = 0;
  for (auto _ : state) benchmark::DoNotOptimize(glm.floor_mu_dot(z[i++ & 4095], 20));
  state.SetItemsProcessed(state.iterations());
  state.counters["deferrals"] = static_cast<double>(glm.deferrals());
}
BENCHMARK(BM_FastFloorWeight)->Arg(0)->Arg(1);

void BM_FastReward(benchmark::State& state) {
  const dpb::fast::Glm glm(link_of(state));
  const auto z = zs();
  dpb::ChaCha20Source bits(5, 0);
  std::size_t i = 0;
  for (auto _ : state) benchmark::DoNotOptimize(glm.sample_reward(z[i++ & 4095], bits));
  state.SetItemsProcessed(state.iterations());
  state.counters["deferrals"] = static_cast<double>(glm.deferrals());
}
BENCHMARK(BM_FastReward)->Arg(0)->Arg(1);

void BM_RefFloorGradient(benchmark::State& state) {
  const auto link = link_of(state);
  const auto z = zs();
  const dpb::Rational s(dpb::Integer(1) << 20);
  std::size_t i = 0;
  for (auto _ : state) {
    const auto g = dpb::ref::gradient(link, {z[i & 4095].exact()}, {dpb::Rational(-3, 4)}, dpb::Rational(i & 1));
    benchmark::DoNotOptimize(dpb::ref::floor_scaled(g[0], s));
    ++i;
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_RefFloorGradient)->Arg(0)->Arg(1);

void BM_RefReward(benchmark::State& state) {
  const auto link = link_of(state);
  const auto z = zs();
  dpb::ChaCha20Source bits(5, 0);
  std::size_t i = 0;
  for (auto _ : state) benchmark::DoNotOptimize(dpb::ref::sample_reward(link, z[i++ & 4095].exact(), bits));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_RefReward)->Arg(0)->Arg(1);

// One G-optimal design of K = 20 arms in d = 5 (the experiments' sizes), both builds (solver + exact F4).
dpb::ref::ArmSet bench_arms() {
  dpb::ChaCha20Source bits(23, 0);
  dpb::ref::ArmSet arms;
  while (arms.size() < 20) {
    dpb::ref::Vec x;
    dpb::Rational n2 = 0;
    for (int j = 0; j < 5; ++j) {
      x.emplace_back(dpb::Integer(static_cast<long>(bits.next_bits(11)) - 1024), dpb::Integer(1024));
      n2 += x.back() * x.back();
    }
    if (n2 <= 1 && n2 > 0) arms.push_back(x);
  }
  return arms;
}

void BM_DesignReference(benchmark::State& state) {
  const auto arms = bench_arms();
  for (auto _ : state) benchmark::DoNotOptimize(dpb::ref::g_optimal_design(arms));
}
BENCHMARK(BM_DesignReference)->Unit(benchmark::kMillisecond);

void BM_DesignOptimized(benchmark::State& state) {
  const auto arms = bench_arms();
  for (auto _ : state) benchmark::DoNotOptimize(dpb::fast::g_optimal_design(arms));
}
BENCHMARK(BM_DesignOptimized)->Unit(benchmark::kMillisecond);

}  // namespace
