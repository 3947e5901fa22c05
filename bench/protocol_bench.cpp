// Users per second of seed 000's protocol P = (R, S, A) for one batch, per variant, both builds, per-user noise
// path and aggregate shortcut (reference/protocols/protocol.hpp, optimized/protocols/protocol.hpp).
// Batch n = 1000 users, ε = 1/2, T = 10^6, s = 10 (Dist-RDP, Dist-CDP), S = modular sum; rewards k/997.
// Reference: Protocol::run (full transcript). Optimized: Protocol::decode_batch (same bits, no transcript).
// Figures and the command that produced them: docs/protocol-000.md, docs/performance.md.
#include <benchmark/benchmark.h>

#include <vector>

#include "optimized/protocols/protocol.hpp"
#include "reference/bits/chacha20.hpp"
#include "reference/protocols/protocol.hpp"

namespace {

using dpb::Rational;
using dpb::ref::Variant;

constexpr long kN = 1000;
constexpr Variant kVariants[] = {Variant::DistDP, Variant::DistRDP, Variant::DistCDP,
                                 Variant::Shuffle, Variant::Central, Variant::Local};

dpb::ref::Calibration calibration(Variant v) {
  dpb::ref::CalibrationInput in;
  in.eps = Rational(1, 2);
  in.n = kN;
  in.horizon = 1000000;
  if (v == Variant::DistRDP || v == Variant::DistCDP) in.s = Rational(10);
  return dpb::ref::calibrate(v, in);
}

std::vector<Rational> rewards() {
  std::vector<Rational> x;
  for (long i = 0; i < kN; ++i) x.emplace_back(i % 998, 997);
  return x;
}

void reference_run(benchmark::State& state, dpb::ref::NoisePath path) {
  const Variant v = kVariants[state.range(0)];
  dpb::ref::Protocol p(calibration(v), {dpb::ref::SecureSumKind::Modular, path, 3});
  const auto x = rewards();
  dpb::ChaCha20Source bits(1, static_cast<std::uint64_t>(state.range(0)));
  for (auto _ : state) benchmark::DoNotOptimize(p.run(x, bits).decoded);
  state.SetItemsProcessed(state.iterations() * kN);
  state.SetLabel(std::string(dpb::ref::variant_name(v)));
}

void fast_run(benchmark::State& state, dpb::ref::NoisePath path) {
  const Variant v = kVariants[state.range(0)];
  dpb::fast::Protocol p(calibration(v), {dpb::ref::SecureSumKind::Modular, path, 3});
  std::vector<dpb::fast::Reward> x;
  for (const Rational& r : rewards()) x.push_back(dpb::fast::to_reward(r));
  dpb::ChaCha20Source bits(1, static_cast<std::uint64_t>(state.range(0)));
  for (auto _ : state) benchmark::DoNotOptimize(p.decode_batch(std::span<const dpb::fast::Reward>(x), bits));
  state.SetItemsProcessed(state.iterations() * kN);
  state.SetLabel(std::string(dpb::ref::variant_name(v)));
}

void BM_ReferencePerUser(benchmark::State& s) { reference_run(s, dpb::ref::NoisePath::PerUser); }
void BM_ReferenceAggregate(benchmark::State& s) { reference_run(s, dpb::ref::NoisePath::Aggregate); }
void BM_OptimizedPerUser(benchmark::State& s) { fast_run(s, dpb::ref::NoisePath::PerUser); }
void BM_OptimizedAggregate(benchmark::State& s) { fast_run(s, dpb::ref::NoisePath::Aggregate); }

BENCHMARK(BM_ReferencePerUser)->DenseRange(0, 5)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ReferenceAggregate)->DenseRange(0, 5)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_OptimizedPerUser)->DenseRange(0, 5)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_OptimizedAggregate)->DenseRange(0, 5)->Unit(benchmark::kMicrosecond);

}  // namespace
