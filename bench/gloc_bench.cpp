// GLOC (optimized/learners/gloc.*; Jun et al. 2017, arXiv:1706.00136): rounds per second of the optimized build at
// d = 5, K = 20 on the authors' instance layout (sets = T, S = 3, seed 109832), both profiles, and of the reference
// (certified) at T = 500, d = 3. Every iteration runs a whole horizon on run r's reward streams (r = the iteration).
// Counters: `rounds_per_s`, `deferrals` (per run). Figures: docs/performance.md "gloc".
#include <benchmark/benchmark.h>

#include "optimized/environments/glm_instance.hpp"
#include "optimized/learners/gloc.hpp"
#include "reference/learners/gloc.hpp"

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

// args: link (0 logistic, 1 probit), T, profile (0 paper, 1 baseline-code)
void BM_GlocFast(benchmark::State& state) {
  const ref::Link link = state.range(0) == 0 ? ref::Link::logistic : ref::Link::probit;
  const std::uint64_t T = static_cast<std::uint64_t>(state.range(1));
  const ref::GlmInstance inst = instance(link, 5, T);
  const fast::GlmEnvironment env(inst);
  ref::GlocParams p;
  p.T = T;
  p.profile = state.range(2) == 0 ? ref::GlocProfile::paper : ref::GlocProfile::baseline_code;
  std::uint64_t run = 0, deferrals = 0, iterations = 0;
  for (auto _ : state) {
    const auto tr = fast::gloc(p, env, 1, run++);
    deferrals += tr.deferrals;
    ++iterations;
    benchmark::DoNotOptimize(tr.pseudo_regret);
  }
  state.counters["rounds_per_s"] = benchmark::Counter(static_cast<double>(T), benchmark::Counter::kIsIterationInvariantRate);
  state.counters["deferrals_per_run"] = static_cast<double>(deferrals) / static_cast<double>(iterations);
}
BENCHMARK(BM_GlocFast)->Args({0, 5000, 0})->Args({1, 5000, 0})->Args({0, 5000, 1})->Args({1, 5000, 1})
    ->Unit(benchmark::kMillisecond);

void BM_GlocReference(benchmark::State& state) {
  const ref::Link link = state.range(0) == 0 ? ref::Link::logistic : ref::Link::probit;
  const std::uint64_t T = static_cast<std::uint64_t>(state.range(1));
  const ref::GlmInstance inst = instance(link, 3, T);
  ref::GlocParams p;
  p.T = T;
  std::uint64_t run = 0;
  for (auto _ : state) benchmark::DoNotOptimize(ref::gloc(p, inst, 1, run++).actions.size());
  state.counters["rounds_per_s"] = benchmark::Counter(static_cast<double>(T), benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(BM_GlocReference)->Args({0, 500})->Args({1, 500})->Unit(benchmark::kMillisecond)->Iterations(1);

}  // namespace
