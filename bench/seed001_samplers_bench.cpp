// Throughput (samples/s) and bits per sample of the two samplers added for seed 001: the rounded Gaussian
// (Karney's exact normal, rounded to the grid 2^-r) and the large-n binomial (exact rejection, p = 1/2 and 1/4),
// in both builds, on a seeded ChaCha20 stream (seed 42).
// Run: build/seed001_samplers_bench --benchmark_min_time=0.5   (figures: docs/performance.md, "Seed 001 samplers")
#include <benchmark/benchmark.h>

#include "optimized/samplers/binomial_large.hpp"
#include "optimized/samplers/rounded_normal.hpp"
#include "reference/bits/chacha20.hpp"
#include "reference/samplers/binomial_large.hpp"
#include "reference/samplers/rounded_normal.hpp"

namespace {

using dpb::Integer;
using dpb::Rational;

template <class Sampler>
void run(benchmark::State& state, Sampler& sampler) {
  dpb::ChaCha20Source source(42);
  dpb::CountingSource bits(source);
  for (auto _ : state) benchmark::DoNotOptimize(sampler(bits));
  state.SetItemsProcessed(state.iterations());
  state.counters["bits/sample"] =
      benchmark::Counter(static_cast<double>(bits.count()) / static_cast<double>(state.iterations()));
}

#define DPB_SAMPLER_BENCH(name, type, ...) \
  void name(benchmark::State& state) {     \
    const type sampler(__VA_ARGS__);       \
    run(state, sampler);                   \
  }                                        \
  BENCHMARK(name)

// σ̄ = 1, r = 0 (the standard normal rounded to integers); σ̄ = 12.5, r = 16 (c ≈ 8.2·10^5, a typical seed-001 grid).
DPB_SAMPLER_BENCH(BM_RefRoundedNormal_sigma1_r0, dpb::ref::RoundedNormal, Rational(1), Integer(0));
DPB_SAMPLER_BENCH(BM_FastRoundedNormal_sigma1_r0, dpb::fast::RoundedNormal, Rational(1), Integer(0));
DPB_SAMPLER_BENCH(BM_RefRoundedNormal_sigma12p5_r16, dpb::ref::RoundedNormal, Rational(25, 2), Integer(16));
DPB_SAMPLER_BENCH(BM_FastRoundedNormal_sigma12p5_r16, dpb::fast::RoundedNormal, Rational(25, 2), Integer(16));
DPB_SAMPLER_BENCH(BM_FastRoundedNormal_sigma1234567over1000_r20, dpb::fast::RoundedNormal, Rational(1234567, 1000),
                  Integer(20));

DPB_SAMPLER_BENCH(BM_RefBinomialLarge_n1e10_p1over2, dpb::ref::BinomialLarge, Integer(10000000000LL), Rational(1, 2));
DPB_SAMPLER_BENCH(BM_FastBinomialLarge_n1e10_p1over2, dpb::fast::BinomialLarge, Integer(10000000000LL), Rational(1, 2));
DPB_SAMPLER_BENCH(BM_RefBinomialLarge_n1e10_p1over4, dpb::ref::BinomialLarge, Integer(10000000000LL), Rational(1, 4));
DPB_SAMPLER_BENCH(BM_FastBinomialLarge_n1e10_p1over4, dpb::fast::BinomialLarge, Integer(10000000000LL), Rational(1, 4));
DPB_SAMPLER_BENCH(BM_FastBinomialLarge_n1e3_p1over4, dpb::fast::BinomialLarge, Integer(1000), Rational(1, 4));
DPB_SAMPLER_BENCH(BM_FastBinomialLarge_nmax_p1over2, dpb::fast::BinomialLarge, Integer("9223372036854775807"),
                  Rational(1, 2));

}  // namespace
