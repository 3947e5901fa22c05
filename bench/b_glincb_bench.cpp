// Seed 003's batched non-private learner b-glincb (optimized/learners/b_glincb.*; Sawarni et al. 2024,
// arXiv:2404.06831): rounds per second of the optimized build at d = 5, K = 20 on the authors' instance layout
// (sets = T, S = 3), γ = ½, κ = 4, λ = 1, M = ⌊log₂ log₂ T⌋, and of the reference (certified) at T = 2000, d = 3.
// Every iteration runs a whole horizon on run r's streams (r = the iteration). Counters `rounds_per_s` and
// `deferrals` (elimination tests, MLE roundings and weights handed to the reference). Figures: docs/performance.md
// "Seed 003 b-glincb".
#include <benchmark/benchmark.h>

#include "optimized/environments/glm_instance.hpp"
#include "optimized/learners/b_glincb.hpp"
#include "reference/learners/b_glincb.hpp"

namespace {

using namespace dpb;

ref::GlmInstance instance(ref::Link link, std::uint32_t d, std::uint64_t T) {
  ref::GlmInstanceParams p;
  p.link = link;
  p.d = d;
  p.K = 20;
  p.sets = T;
  p.S = Rational(3);
  p.seed = 109832;
  return fast::make_glm_instance(p).instance;
}

ref::BGlincbParams params(std::uint64_t T) {
  ref::BGlincbParams p;
  p.T = T;
  p.S = Rational(3);
  return p;
}

void BM_BGlincbFast(benchmark::State& state) {
  const ref::Link link = state.range(0) == 0 ? ref::Link::logistic : ref::Link::probit;
  const std::uint64_t T = static_cast<std::uint64_t>(state.range(1));
  const fast::GlmEnvironment env(instance(link, 5, T));
  std::uint64_t run = 0, deferrals = 0;
  for (auto _ : state) {
    const auto tr = fast::b_glincb(params(T), env, 1, run++);
    deferrals += tr.elimination_deferrals + tr.mle_deferrals + tr.weight_deferrals;
    benchmark::DoNotOptimize(tr.pseudo_regret);
  }
  state.counters["rounds_per_s"] = benchmark::Counter(static_cast<double>(T), benchmark::Counter::kIsIterationInvariantRate);
  state.counters["deferrals"] = static_cast<double>(deferrals);
}
BENCHMARK(BM_BGlincbFast)->Args({0, 2000})->Args({1, 2000})->Args({0, 10000})->Unit(benchmark::kMillisecond)->Iterations(2);

void BM_BGlincbReference(benchmark::State& state) {
  const std::uint64_t T = static_cast<std::uint64_t>(state.range(0));
  const ref::GlmInstance inst = instance(ref::Link::logistic, 3, T);
  std::uint64_t run = 0;
  for (auto _ : state) benchmark::DoNotOptimize(ref::b_glincb(params(T), inst, 1, run++).actions.size());
  state.counters["rounds_per_s"] = benchmark::Counter(static_cast<double>(T), benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(BM_BGlincbReference)->Arg(2000)->Unit(benchmark::kMillisecond)->Iterations(1);

}  // namespace
