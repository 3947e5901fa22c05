// Cost of a P_GD call (seed 003, Sarmasarkar 2026, arXiv:2602.00417, App. T, Algorithm 7; docs/protocol-003.md
// "P_GD"): randomized roundings per second (n·d per iteration, plus d Bin(n·b, ¼) draws and the exact iterate rule),
// both builds. Alg. 1's sizes: the optimizer's budget (1/2, 1/200) at n = 10⁵, d = 3 gives (`dpbandit calibrate pgd
// --eps 1/2 --delta 1/200 --n 100000 --d 3`) g = 633, b = 10303393399404843 (n·b ≈ 1.03·10²¹ > 2^64), η ≈ 0.0105; a
// benchmark iteration is a call of T_it ∈ {1, 8} iterations over n users (the real call has T_it = 145 058); logistic link, the
// S = 1 ball, grid 2^−16, contexts on the unit sphere's grid, rewards 0/1. Counter `roundings` is per second.
// Run: build/bench/seed003_pgd_bench --benchmark_min_time=0.5   (figures: docs/performance.md, "Seed 003 P_GD")
#include <benchmark/benchmark.h>

#include <vector>

#include "optimized/protocols/p_gd.hpp"
#include "reference/bits/chacha20.hpp"
#include "reference/protocols/p_gd.hpp"

namespace {

using dpb::Integer;
using dpb::Rational;
namespace ref = dpb::ref;
namespace fast = dpb::fast;

ref::PgdParams params(long T) {
  ref::PgdParams p;
  p.q = 16;
  p.R = 1;
  p.reg = 0;
  p.domain = ref::PgdDomain::ball(1);
  p.theta_bound = 1;
  p.L = 1;
  p.iterations = T;
  p.eta = Rational(Integer(739041709059LL), Integer(70368744177664LL));
  p.g = 633;
  p.b = Integer("10303393399404843");
  return p;
}

std::vector<ref::PgdDatum> data(std::size_t n) {
  std::vector<ref::PgdDatum> out;
  for (std::size_t i = 0; i < n; ++i) {
    // x = (a, b, c)/2^16 with a² + b² + c² <= 2^32
    const long a = static_cast<long>((i * 2654435761U) % 37000), b2 = static_cast<long>((i * 40503U) % 37000);
    const long c = 20000;
    out.push_back({Rational(static_cast<long>(i % 2)),
                   {Rational(a - 18500, 65536), Rational(b2 - 18500, 65536), Rational(c, 65536)}});
  }
  return out;
}

template <bool Fast>
void BM_PgdIteration(benchmark::State& state) {
  const auto n = static_cast<std::size_t>(state.range(0));
  const auto d = data(n);
  dpb::ChaCha20Source bits(42);
  double roundings = 0;
  if constexpr (Fast) {
    const fast::PGd pgd(params(state.range(1)), n, 3);
    for (auto _ : state) {
      benchmark::DoNotOptimize(pgd.run(std::span<const ref::PgdDatum>(d), bits));
      roundings += static_cast<double>(n * 3 * static_cast<std::size_t>(state.range(1)));
    }
    state.counters["deferrals"] = static_cast<double>(pgd.deferrals());
  } else {
    const ref::PGd pgd(params(state.range(1)), n, 3);
    for (auto _ : state) {
      benchmark::DoNotOptimize(pgd.run(std::span<const ref::PgdDatum>(d), bits));
      roundings += static_cast<double>(n * 3 * static_cast<std::size_t>(state.range(1)));
    }
  }
  state.counters["roundings"] = benchmark::Counter(roundings, benchmark::Counter::kIsRate);
}

// Args: n, T_it (a call of T_it iterations; the per-call setup — data checks, grid conversion — is amortized over T_it).
BENCHMARK(BM_PgdIteration<false>)->Args({1000, 1})->Args({1000, 8})->Unit(benchmark::kMillisecond);
BENCHMARK(BM_PgdIteration<true>)->Args({1000, 1})->Args({1000, 8})->Args({100000, 1})->Unit(benchmark::kMillisecond);

}  // namespace
