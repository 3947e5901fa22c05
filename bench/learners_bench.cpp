// Time per round (user) of each learner, optimized build, and of one reference learner on a small case.
// The reward tape is drawn once, outside the timing; every iteration runs a whole horizon with a fresh ChaCha20
// noise stream and the default options (actions and releases recorded). Counter `per_round` is the time per round.
// Command and figures: docs/learners.md § Performance.
#include <benchmark/benchmark.h>

#include "optimized/environments/reward_tape.hpp"
#include "optimized/learners/anytime_lazy_ucb.hpp"
#include "optimized/learners/batched_successive_elimination.hpp"
#include "optimized/learners/dp_successive_elimination.hpp"
#include "optimized/learners/ftnl.hpp"
#include "optimized/learners/hybrid_ucb.hpp"
#include "optimized/learners/protocol_aggregator.hpp"
#include "optimized/learners/ucb.hpp"
#include "reference/bits/chacha20.hpp"
#include "reference/learners/anytime_lazy_ucb.hpp"

namespace {

using namespace dpb;

constexpr std::uint64_t kT = 1 << 18;

const ref::RewardTape& bernoulli_tape() {  // seed 002 setting 1, K = 5
  static const ref::RewardTape tape = fast::make_reward_tape(ref::seed002_instance(1), kT, 1);
  return tape;
}

const ref::RewardTape& gaussian_tape() {  // seed 000 easy, K = 10, grid 1/1000
  static const ref::RewardTape tape = [] {
    ChaCha20Source bits(2);
    return fast::make_reward_tape(ref::seed000_instance(ref::Seed000Difficulty::Easy, 10, bits), kT, 2);
  }();
  return tape;
}

template <class F>
void run(benchmark::State& state, std::uint64_t T, F body) {
  std::uint64_t stream = 0;
  for (auto _ : state) {
    ChaCha20Source bits(1, stream++);
    benchmark::DoNotOptimize(body(NoiseSource(bits)).pulls.data());
  }
  state.counters["per_round"] = benchmark::Counter(
      static_cast<double>(T), benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

void BM_Se(benchmark::State& state) {
  const auto& tape = gaussian_tape();
  fast::BatchedSuccessiveEliminationParams p;
  p.K = tape.arms();
  p.T = kT;
  run(state, kT,
      [&](NoiseSource n) { return fast::batched_successive_elimination(p, tape, fast::NonPrivateAggregator(), n); });
}

void BM_CentralDlapSe(benchmark::State& state) {
  const auto& tape = gaussian_tape();
  fast::BatchedSuccessiveEliminationParams p;
  p.K = tape.arms();
  p.T = kT;
  const fast::CentralDiscreteLaplaceAggregator agg(Rational(1, 2));
  run(state, kT, [&](NoiseSource n) { return fast::batched_successive_elimination(p, tape, agg, n); });
}

void BM_DpSe(benchmark::State& state) {
  const auto& tape = bernoulli_tape();
  fast::DpSuccessiveEliminationParams p;
  p.K = tape.arms();
  p.T = kT;
  p.eps = Rational(1, 2);
  run(state, kT, [&](NoiseSource n) { return fast::dp_successive_elimination(p, tape, n); });
}

void BM_AnytimeLazyUcb(benchmark::State& state) {
  const auto& tape = bernoulli_tape();
  run(state, kT, [&](NoiseSource n) { return fast::anytime_lazy_ucb({tape.arms(), kT, Rational(1, 2), 1}, tape, n); });
}

void BM_HybridUcb(benchmark::State& state) {
  const auto& tape = bernoulli_tape();
  run(state, kT, [&](NoiseSource n) {
    return fast::hybrid_ucb({tape.arms(), kT, Rational(1, 2), 1, fast::TreeScale::Paper}, tape, n);
  });
}

void BM_Ftnl(benchmark::State& state) {
  const auto& tape = bernoulli_tape();
  fast::FtnlParams p;
  p.K = tape.arms();
  p.T = kT;
  p.eps = Rational(1, 2);
  run(state, kT, [&](NoiseSource n) { return fast::ftnl(p, tape, n); });
}

void BM_NaiveFtnl(benchmark::State& state) {
  const auto& tape = bernoulli_tape();
  fast::FtnlParams p;
  p.K = tape.arms();
  p.T = kT;
  p.eps = Rational(1, 2);
  run(state, kT, [&](NoiseSource n) { return fast::naive_ftnl(p, tape, n); });
}

void BM_Ucb(benchmark::State& state) {
  const auto& tape = bernoulli_tape();
  run(state, kT, [&](NoiseSource) { return fast::ucb({tape.arms(), kT}, tape); });
}

// The reference on a small case: exact rationals and certified argmax at every round.
void BM_ReferenceAnytimeLazyUcb(benchmark::State& state) {
  const auto& tape = bernoulli_tape();
  constexpr std::uint64_t T = 2000;
  run(state, T, [&](NoiseSource n) { return ref::anytime_lazy_ucb({tape.arms(), T, Rational(1, 2), 1}, tape, n); });
}

// Seed 000's protocol variants in Algorithm 1 as `dpbandit simulate` runs them: the aggregate-noise shortcut (one
// draw of the batch's aggregate noise; the per-user randomized rounding stays), l(b) = 4^b, p = 1/10, ε = 1/2,
// seed000-easy with K = 10. `per_round` is the time per user.
void protocol_se(benchmark::State& state, ref::Variant variant, std::optional<Rational> s) {
  const auto& tape = gaussian_tape();
  ref::ProtocolAggregatorParams a;
  a.variant = variant;
  a.eps = Rational(1, 2);
  a.horizon = kT;
  a.p = Rational(1, 10);
  a.s = s;
  a.options.path = ref::NoisePath::Aggregate;
  const fast::ProtocolAggregator agg(a);
  fast::BatchedSuccessiveEliminationParams p;
  p.K = tape.arms();
  p.T = kT;
  p.eta = 4;
  p.p = Rational(1, 10);
  fast::LearnerOptions o;
  o.record_releases = false;
  run(state, kT, [&](NoiseSource n) { return fast::batched_successive_elimination(p, tape, agg, n, o); });
}
void BM_DistDpSeAggregate(benchmark::State& s) { protocol_se(s, ref::Variant::DistDP, std::nullopt); }
void BM_DistRdpSe10Aggregate(benchmark::State& s) { protocol_se(s, ref::Variant::DistRDP, Rational(10)); }
void BM_DistRdpSe100Aggregate(benchmark::State& s) { protocol_se(s, ref::Variant::DistRDP, Rational(100)); }
void BM_DistCdpSe10(benchmark::State& s) { protocol_se(s, ref::Variant::DistCDP, Rational(10)); }
void BM_CdpSeAggregate(benchmark::State& s) { protocol_se(s, ref::Variant::Central, std::nullopt); }
void BM_LdpSeAggregate(benchmark::State& s) { protocol_se(s, ref::Variant::Local, std::nullopt); }

// Drawing a reward tape: the clipped discrete Gaussian of seed000-easy (σ = 100 on the grid 1/1000), per entry.
void BM_GaussianTapeEntry(benchmark::State& state) {
  ChaCha20Source bits(2);
  const auto instance = ref::seed000_instance(ref::Seed000Difficulty::Easy, 10, bits);
  constexpr std::uint64_t kLength = 1 << 14;
  std::uint64_t seed = 0;
  for (auto _ : state) benchmark::DoNotOptimize(fast::make_reward_tape(instance, kLength, ++seed).units(0, 0));
  state.counters["per_entry"] = benchmark::Counter(static_cast<double>(kLength * 10),
                                                   benchmark::Counter::kIsIterationInvariantRate |
                                                       benchmark::Counter::kInvert);
}

BENCHMARK(BM_DistDpSeAggregate)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_DistRdpSe10Aggregate)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_DistRdpSe100Aggregate)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_DistCdpSe10)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_CdpSeAggregate)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_LdpSeAggregate)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_GaussianTapeEntry)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Se)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_CentralDlapSe)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_DpSe)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_AnytimeLazyUcb)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_HybridUcb)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Ftnl)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_NaiveFtnl)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Ucb)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ReferenceAnytimeLazyUcb)->Unit(benchmark::kMillisecond);

}  // namespace
