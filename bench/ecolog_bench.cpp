// ECOLog (optimized/learners/ecolog.*; Faury et al. 2022, arXiv:2201.01985): rounds per second of the optimized build
// at d = 5, K = 20 on the authors' instance layout (sets = T, S = 3.5, seed 109832: Figure 1(a)'s sizes), both
// profiles, and of the reference (certified) at T = 500, d = 3. Every iteration runs a whole horizon on run r's reward
// streams (r = the iteration). Counters: `rounds_per_s`, `deferrals_per_run` (argmax and update deferrals). Figures:
// docs/performance.md "ecolog".
#include <benchmark/benchmark.h>

#include "optimized/environments/glm_instance.hpp"
#include "optimized/learners/ecolog.hpp"
#include "reference/learners/ecolog.hpp"

namespace {

using namespace dpb;

ref::GlmInstance instance(std::uint32_t d, std::uint64_t T) {
  ref::GlmInstanceParams p;
  p.link = ref::Link::logistic;
  p.d = d;
  p.K = 20;
  p.sets = T;
  p.S = Rational(7, 2);
  p.seed = 109832;
  return fast::make_glm_instance(p).instance;
}

// args: T, profile (0 paper, 1 baseline-code)
void BM_EcologFast(benchmark::State& state) {
  const std::uint64_t T = static_cast<std::uint64_t>(state.range(0));
  const ref::GlmInstance inst = instance(5, T);
  const fast::GlmEnvironment env(inst);
  ref::EcologParams p;
  p.T = T;
  p.profile = state.range(1) == 0 ? ref::EcologProfile::paper : ref::EcologProfile::baseline_code;
  std::uint64_t run = 0, deferrals = 0, iterations = 0;
  for (auto _ : state) {
    const auto tr = fast::ecolog(p, env, 1, run++);
    deferrals += tr.deferrals + tr.step_deferrals;
    ++iterations;
    benchmark::DoNotOptimize(tr.pseudo_regret);
  }
  state.counters["rounds_per_s"] = benchmark::Counter(static_cast<double>(T), benchmark::Counter::kIsIterationInvariantRate);
  state.counters["deferrals_per_run"] = static_cast<double>(deferrals) / static_cast<double>(iterations);
}
BENCHMARK(BM_EcologFast)->Args({15000, 0})->Args({15000, 1})->Unit(benchmark::kMillisecond);

void BM_EcologReference(benchmark::State& state) {
  const std::uint64_t T = static_cast<std::uint64_t>(state.range(0));
  const ref::GlmInstance inst = instance(3, T);
  ref::EcologParams p;
  p.T = T;
  std::uint64_t run = 0;
  for (auto _ : state) benchmark::DoNotOptimize(ref::ecolog(p, inst, 1, run++).actions.size());
  state.counters["rounds_per_s"] = benchmark::Counter(static_cast<double>(T), benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(BM_EcologReference)->Args({500})->Unit(benchmark::kMillisecond)->Iterations(1);

}  // namespace
