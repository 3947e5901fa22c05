// Throughput (samples/s) and bits per sample of the two samplers added for seed 001: the rounded Gaussian
// (Karney's exact normal, rounded to the grid 2^-r) and the large-n binomial (exact rejection, p = 1/2 and 1/4),
// in both builds, on a seeded ChaCha20 stream (seed 42).
// Run: build/bench/seed001_samplers_bench --benchmark_min_time=0.3   (figures: docs/performance.md, "Seed 001 samplers")
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
// Seed 003's tree σ̄ (bench/seed003_tree_bench.cpp: 7363447594909/2^32 ≈ 1714.4) at r = 16: c ≈ 1.1·10^8, dyadic.
DPB_SAMPLER_BENCH(BM_RefRoundedNormal_tree_sigma_r16, dpb::ref::RoundedNormal,
                  Rational(Integer(7363447594909LL), Integer(1) << 32), Integer(16));
DPB_SAMPLER_BENCH(BM_FastRoundedNormal_tree_sigma_r16, dpb::fast::RoundedNormal,
                  Rational(Integer(7363447594909LL), Integer(1) << 32), Integer(16));

// The wide path (issue 21): fast::RoundedNormal::wide(σ̄, r).sample_wide (i128, 256-bit rounding) at c = 2^62
// (σ̄ = 1, r = 62), c ≈ 2^72.7 (seed 003's tree σ̄ = 7363447594909/2^32 at r = 62, jdp-glm's 2^−62 trees) and c = 2^80
// (σ̄ = 2^18, r = 62), against the reference at the same parameters (what ran before: the optimized build refused).
struct WideSampler {
  dpb::fast::RoundedNormal s;
  WideSampler(const Rational& sigma, const Integer& r) : s(dpb::fast::RoundedNormal::wide(sigma, r)) {}
  template <class B>
  dpb::fast::i128 operator()(B& bits) const {
    return s.sample_wide(bits);
  }
};
DPB_SAMPLER_BENCH(BM_RefRoundedNormal_c2p62, dpb::ref::RoundedNormal, Rational(1), Integer(62));
DPB_SAMPLER_BENCH(BM_FastRoundedNormalWide_c2p62, WideSampler, Rational(1), Integer(62));
DPB_SAMPLER_BENCH(BM_RefRoundedNormal_tree_sigma_r62, dpb::ref::RoundedNormal,
                  Rational(Integer(7363447594909LL), Integer(1) << 32), Integer(62));
DPB_SAMPLER_BENCH(BM_FastRoundedNormalWide_tree_sigma_r62, WideSampler,
                  Rational(Integer(7363447594909LL), Integer(1) << 32), Integer(62));
DPB_SAMPLER_BENCH(BM_RefRoundedNormal_c2p80, dpb::ref::RoundedNormal, Rational(Integer(1) << 18), Integer(62));
DPB_SAMPLER_BENCH(BM_FastRoundedNormalWide_c2p80, WideSampler, Rational(Integer(1) << 18), Integer(62));
// sample_wide at a narrow c (the 128-bit rounding, widened): against BM_FastRoundedNormal_sigma12p5_r16.
DPB_SAMPLER_BENCH(BM_FastRoundedNormalWide_sigma12p5_r16, WideSampler, Rational(25, 2), Integer(16));

// The large-n binomial (issues 17 and 20): Bin(n, 1/2) and Bin(n, 1/4) at n = 10^3, 10^10, 2^63 − 1, 10^18, 10^21 in
// both builds. The optimized build reports the squeeze's fallbacks per trial (trials handed to the certified rule;
// docs/samplers.md "Fast acceptance (squeeze)"); the reference decides every trial by the certified rule.
template <class Sampler>
void run_large(benchmark::State& state, const Sampler& sampler) {
  dpb::ChaCha20Source source(42);
  dpb::CountingSource bits(source);
  auto& counters = dpb::fast::detail::binomial_squeeze_counters();
  counters = {};
  for (auto _ : state) {
    if constexpr (requires { sampler.draw(bits); })
      benchmark::DoNotOptimize(sampler.draw(bits));
    else
      benchmark::DoNotOptimize(sampler(bits));
  }
  state.SetItemsProcessed(state.iterations());
  const auto iterations = static_cast<double>(state.iterations());
  state.counters["bits/sample"] = benchmark::Counter(static_cast<double>(bits.count()) / iterations);
  const double trials = static_cast<double>(counters.decided + counters.fallbacks);
  if (trials > 0) {
    state.counters["trials/sample"] = benchmark::Counter(trials / iterations);
    state.counters["fallbacks/trial"] = benchmark::Counter(static_cast<double>(counters.fallbacks) / trials);
  }
}

#define DPB_LARGE_BENCH(tag, n_text, den)                                                                        \
  void BM_RefBinomialLarge_##tag##_p1over##den(benchmark::State& state) {                                     \
    run_large(state, dpb::ref::BinomialLarge(Integer(n_text), Rational(1, den)));                             \
  }                                                                                                            \
  BENCHMARK(BM_RefBinomialLarge_##tag##_p1over##den);                                                         \
  void BM_FastBinomialLarge_##tag##_p1over##den(benchmark::State& state) {                                    \
    run_large(state, dpb::fast::BinomialLargeWide(Integer(n_text), Rational(1, den)));                        \
  }                                                                                                            \
  BENCHMARK(BM_FastBinomialLarge_##tag##_p1over##den)

DPB_LARGE_BENCH(n1e3, "1000", 2);
DPB_LARGE_BENCH(n1e3, "1000", 4);
DPB_LARGE_BENCH(n1e10, "10000000000", 2);
DPB_LARGE_BENCH(n1e10, "10000000000", 4);
DPB_LARGE_BENCH(nmax63, "9223372036854775807", 2);
DPB_LARGE_BENCH(nmax63, "9223372036854775807", 4);
DPB_LARGE_BENCH(n1e18, "1000000000000000000", 2);
DPB_LARGE_BENCH(n1e18, "1000000000000000000", 4);
DPB_LARGE_BENCH(n1e21, "1000000000000000000000", 2);
DPB_LARGE_BENCH(n1e21, "1000000000000000000000", 4);

// The 64-bit optimized sampler (std::int64_t result, as P_Vec uses it) at n = 10^10, p = 1/4.
void BM_FastBinomialLarge64_n1e10_p1over4(benchmark::State& state) {
  run_large(state, dpb::fast::BinomialLarge(Integer(10000000000LL), Rational(1, 4)));
}
BENCHMARK(BM_FastBinomialLarge64_n1e10_p1over4);

}  // namespace
