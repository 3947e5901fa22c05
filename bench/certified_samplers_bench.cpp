// Throughput (samples/s) and bits per sample of the exact inversion samplers — Poisson, Skellam, Pólya, Pólya
// difference — in both builds, on a seeded ChaCha20 stream (seed 42). The reference decides with certified MPFI
// enclosures; the optimized build with 64-bit fixed-point tables (deferring to the reference when undecidable).
// Run: build/certified_samplers_bench --benchmark_min_time=0.2   (figures: docs/performance.md)
#include <benchmark/benchmark.h>

#include "optimized/samplers/poisson.hpp"
#include "optimized/samplers/polya.hpp"
#include "optimized/samplers/skellam.hpp"
#include "reference/bits/chacha20.hpp"
#include "reference/samplers/poisson.hpp"
#include "reference/samplers/polya.hpp"
#include "reference/samplers/skellam.hpp"

namespace {

using dpb::Rational;

template <class Sampler>
void run(benchmark::State& state, Sampler& sampler) {
  dpb::ChaCha20Source source(42);
  dpb::CountingSource bits(source);
  sampler(bits);  // builds the first table entries outside the timing
  bits.reset();
  for (auto _ : state) benchmark::DoNotOptimize(sampler(bits));
  state.SetItemsProcessed(state.iterations());
  state.counters["bits/sample"] =
      benchmark::Counter(static_cast<double>(bits.count()) / static_cast<double>(state.iterations()));
}

#define DPB_SAMPLER_BENCH(name, type, ...)    \
  void name(benchmark::State& state) {        \
    type sampler(__VA_ARGS__);                \
    run(state, sampler);                      \
  }                                           \
  BENCHMARK(name)

DPB_SAMPLER_BENCH(BM_RefPoisson_mean10, dpb::ref::Poisson, Rational(10));
DPB_SAMPLER_BENCH(BM_FastPoisson_mean10, dpb::fast::Poisson, Rational(10));
DPB_SAMPLER_BENCH(BM_RefPoisson_mean1over3, dpb::ref::Poisson, Rational(1, 3));
DPB_SAMPLER_BENCH(BM_FastPoisson_mean1over3, dpb::fast::Poisson, Rational(1, 3));
DPB_SAMPLER_BENCH(BM_RefPoisson_mean5000, dpb::ref::Poisson, Rational(5000));
DPB_SAMPLER_BENCH(BM_FastPoisson_mean5000, dpb::fast::Poisson, Rational(5000));
DPB_SAMPLER_BENCH(BM_RefSkellam_var100, dpb::ref::Skellam, Rational(100));
DPB_SAMPLER_BENCH(BM_FastSkellam_var100, dpb::fast::Skellam, Rational(100));
DPB_SAMPLER_BENCH(BM_RefPolya_r1over8_scale10, dpb::ref::Polya, Rational(1, 8), Rational(10));
DPB_SAMPLER_BENCH(BM_FastPolya_r1over8_scale10, dpb::fast::Polya, Rational(1, 8), Rational(10));
DPB_SAMPLER_BENCH(BM_RefPolya_r1over1024_scale5, dpb::ref::Polya, Rational(1, 1024), Rational(5));
DPB_SAMPLER_BENCH(BM_FastPolya_r1over1024_scale5, dpb::fast::Polya, Rational(1, 1024), Rational(5));
DPB_SAMPLER_BENCH(BM_RefPolyaDiff_r1over3_scale4, dpb::ref::PolyaDifference, Rational(1, 3), Rational(4));
DPB_SAMPLER_BENCH(BM_FastPolyaDiff_r1over3_scale4, dpb::fast::PolyaDifference, Rational(1, 3), Rational(4));

}  // namespace
