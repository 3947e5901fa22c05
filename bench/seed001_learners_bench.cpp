// Seed 001's learners (Chowdhury & Zhou, ICML 2022, arXiv:2202.05567, Algorithm 1 and the baselines of §5;
// reference/learners/shuffle_private_linucb.*, optimized/learners/shuffle_private_linucb.*): rounds per second of
// one whole run at the figures' size d = 5, K = 100, ε = 1, δ = 1/10 (B = 20 for linucb-sdp-amp and linucb-sdp-vec,
// 1 otherwise), in both profiles — `theorem` on a §6.1 instance, `paper-code` on the authors' (§6.2, every arm's
// reward drawn every round). The instance and the reward tape are built once (seed 1801, the cross-check's run-0
// streams: instance 0, noise 1, tape 2); every iteration runs the learner on a fresh noise stream 1 + 2^20·i.
// Optimized build at T = 2000 and 20000 (counters `rounds_per_s`, `us_per_round`, `deferrals`;
// Google Benchmark prints an inverted rate with the unit suffix "s": read `us_per_round` 65.5s as 65.5 µs), reference at
// T = 2000 (`rounds_per_s`, `ms_per_update`, printed likewise with the suffix "s"). Figures: docs/performance.md "Seed 001 learners".
#include <benchmark/benchmark.h>

#include "optimized/learners/shuffle_private_linucb.hpp"
#include "reference/bits/chacha20.hpp"
#include "reference/environments/linear_instance.hpp"
#include "reference/environments/reward_tape.hpp"
#include "reference/learners/shuffle_private_linucb.hpp"

namespace {

using namespace dpb;

constexpr std::uint64_t kSeed = 1801;
const char* const kLearners[] = {"linucb", "linucb-sdp-amp", "linucb-sdp-vec", "linucb-ldp", "linucb-jdp"};

struct Setup {
  ref::LinearInstance instance;
  ref::RewardTape tape;
  ref::LinUcbParams params;
};

Setup setup(std::size_t learner, bool paper_code, std::uint64_t T) {
  ChaCha20Source bits(kSeed, 0);
  ref::LinearInstance inst = paper_code ? ref::seed001_code_instance(5, 100, 16, bits)
                                        : ref::seed001_instance(5, 100, 16, bits);
  ref::RewardTape tape = ref::make_reward_tape(inst.bandit(), T, kSeed, 2);
  ref::LinUcbParams p;
  p.variant = *ref::parse_linucb_variant(kLearners[learner]);
  p.profile = paper_code ? ref::Profile001::PaperCode : ref::Profile001::Theorem;
  p.T = T;
  p.B = learner == 1 || learner == 2 ? 20 : 1;
  p.eps = 1;
  p.delta = Rational(1, 10);
  return Setup{std::move(inst), std::move(tape), p};
}

void BM_Seed001LearnerFast(benchmark::State& state) {
  const std::size_t learner = static_cast<std::size_t>(state.range(0));
  const bool paper_code = state.range(1) != 0;
  const std::uint64_t T = static_cast<std::uint64_t>(state.range(2));
  const Setup s = setup(learner, paper_code, T);
  fast::LinUcbOptions o;
  o.record_updates = false;
  std::uint64_t i = 0, deferrals = 0;
  for (auto _ : state) {
    ChaCha20Source noise(kSeed, 1 + (i++ << 20));
    const fast::LinUcbTrajectory tr = fast::shuffle_private_linucb(s.params, s.instance, s.tape, NoiseSource(noise), o);
    deferrals += tr.base.deferrals;
    benchmark::DoNotOptimize(tr.base.actions.data());
  }
  state.SetLabel(std::string(kLearners[learner]) + (paper_code ? " paper-code" : " theorem"));
  state.counters["rounds_per_s"] =
      benchmark::Counter(static_cast<double>(T), benchmark::Counter::kIsIterationInvariantRate);
  state.counters["us_per_round"] = benchmark::Counter(
      static_cast<double>(T) * 1e-6, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
  state.counters["deferrals"] = static_cast<double>(deferrals) / static_cast<double>(i);
}
BENCHMARK(BM_Seed001LearnerFast)
    ->ArgsProduct({{0, 1, 2, 3, 4}, {0, 1}, {2000, 20000}})
    ->Unit(benchmark::kMillisecond)
    ->Iterations(3);

void BM_Seed001LearnerReference(benchmark::State& state) {
  const std::size_t learner = static_cast<std::size_t>(state.range(0));
  const bool paper_code = state.range(1) != 0;
  const std::uint64_t T = 2000;
  const Setup s = setup(learner, paper_code, T);
  std::uint64_t i = 0, updates = 0;
  for (auto _ : state) {
    ChaCha20Source noise(kSeed, 1 + (i++ << 20));
    const ref::LinUcbTrajectory tr = ref::shuffle_private_linucb(s.params, s.instance, s.tape, NoiseSource(noise));
    updates += tr.updates.size();
    benchmark::DoNotOptimize(tr.actions.data());
  }
  state.SetLabel(std::string(kLearners[learner]) + (paper_code ? " paper-code" : " theorem"));
  state.counters["rounds_per_s"] =
      benchmark::Counter(static_cast<double>(T), benchmark::Counter::kIsIterationInvariantRate);
  state.counters["ms_per_update"] = benchmark::Counter(
      static_cast<double>(updates) / static_cast<double>(i) * 1e-3,
      benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_Seed001LearnerReference)->ArgsProduct({{0, 1, 2, 3, 4}, {0, 1}})->Unit(benchmark::kMillisecond)->Iterations(1);

}  // namespace
