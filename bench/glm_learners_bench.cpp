// Seed 003's non-private GLM learners (optimized/learners/glm_ucb.*): rounds per second of glm-ucb, optimized build,
// d = 5, K = 20, on the authors' instance layout (sets = T, S = 3), and of the reference (certified) at a small T.
// Every iteration runs a whole horizon on run r's reward streams (r = the iteration). Counter `rounds_per_s`.
// Figures: docs/performance.md "Seed 003 GLM learners".
#include <benchmark/benchmark.h>

#include "optimized/environments/glm_instance.hpp"
#include "optimized/learners/glm_ucb.hpp"
#include "reference/learners/glm_ucb.hpp"

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

void BM_GlmUcbFast(benchmark::State& state) {
  const ref::Link link = state.range(0) == 0 ? ref::Link::logistic : ref::Link::probit;
  const std::uint64_t T = static_cast<std::uint64_t>(state.range(1));
  const fast::GlmEnvironment env(instance(link, 5, T));
  ref::GlmUcbParams params;
  params.T = T;
  params.rho = Rational(1, 2);
  std::uint64_t run = 0, deferrals = 0;
  for (auto _ : state) {
    const auto tr = fast::glm_ucb(params, env, 1, run++);
    deferrals += tr.deferrals;
    benchmark::DoNotOptimize(tr.pseudo_regret);
  }
  state.counters["rounds_per_s"] = benchmark::Counter(static_cast<double>(T), benchmark::Counter::kIsIterationInvariantRate);
  state.counters["deferrals"] = static_cast<double>(deferrals);
}
BENCHMARK(BM_GlmUcbFast)->Args({0, 2000})->Args({1, 2000})->Args({0, 5000})->Args({1, 5000})->Unit(benchmark::kMillisecond);

void BM_GlmUcbReference(benchmark::State& state) {
  const ref::Link link = state.range(0) == 0 ? ref::Link::logistic : ref::Link::probit;
  const std::uint64_t T = static_cast<std::uint64_t>(state.range(1));
  const ref::GlmInstance inst = instance(link, 5, T);
  ref::GlmUcbParams params;
  params.T = T;
  params.rho = Rational(1, 2);
  std::uint64_t run = 0;
  for (auto _ : state) benchmark::DoNotOptimize(ref::glm_ucb(params, inst, 1, run++).actions.size());
  state.counters["rounds_per_s"] = benchmark::Counter(static_cast<double>(T), benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(BM_GlmUcbReference)->Args({0, 200})->Args({1, 200})->Unit(benchmark::kMillisecond)->Iterations(1);

}  // namespace
