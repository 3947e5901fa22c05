// Seed 003's ShuffleGLM (Sarmasarkar 2026, arXiv:2602.00417, Alg. 1; optimized/learners/shuffle_glm.*), scaled
// profile: rounds per second of the optimized build at d = 5, K = 20 on the authors' instance layout (sets = T,
// S = 3, seed 109832), ε = 1, δ = 1/100, γ = ½, κ = 8, κ* = 4, M = ⌊log₂ log₂ T⌋, and of the reference at T = 2000.
// Every iteration runs a whole horizon on run r's streams (r = the iteration). Counters `rounds_per_s`,
// `p2_deferrals` (releases on the reference's P₂), `pgd_deferrals` and `exact_rounds` (rounds decided by the
// reference's exact core). Figures: docs/performance.md "Seed 003 shuffle-glm".
#include <benchmark/benchmark.h>

#include "optimized/environments/glm_instance.hpp"
#include "optimized/learners/shuffle_glm.hpp"
#include "reference/learners/shuffle_glm.hpp"

namespace {

using namespace dpb;

ref::GlmInstance instance(ref::Link link, std::uint64_t T) {
  ref::GlmInstanceParams p;
  p.link = link;
  p.d = 5;
  p.K = 20;
  p.q = 15;
  p.sets = T;
  p.S = Rational(3);
  p.seed = 109832;
  return fast::make_glm_instance(p).instance;
}

ref::ShuffleGlmParams params(std::uint64_t T) {
  ref::ShuffleGlmParams p;
  p.T = T;
  p.S = Rational(3);
  return p;
}

void BM_ShuffleGlmFast(benchmark::State& state) {
  const ref::Link link = state.range(0) == 0 ? ref::Link::logistic : ref::Link::probit;
  const std::uint64_t T = static_cast<std::uint64_t>(state.range(1));
  const fast::GlmEnvironment env(instance(link, T));
  std::uint64_t run = 0, p2 = 0, pgd = 0, exact = 0;
  for (auto _ : state) {
    const auto tr = fast::shuffle_glm(params(T), env, 1, run++);
    p2 += tr.p2_deferrals;
    pgd += tr.pgd_deferrals;
    exact += tr.exact_rounds;
    benchmark::DoNotOptimize(tr.pseudo_regret);
  }
  state.counters["rounds_per_s"] = benchmark::Counter(static_cast<double>(T), benchmark::Counter::kIsIterationInvariantRate);
  state.counters["p2_deferrals"] = static_cast<double>(p2);
  state.counters["pgd_deferrals"] = static_cast<double>(pgd);
  state.counters["exact_rounds"] = static_cast<double>(exact);
}
BENCHMARK(BM_ShuffleGlmFast)->Args({0, 2000})->Args({1, 2000})->Args({0, 10000})->Unit(benchmark::kMillisecond)->Iterations(2);

void BM_ShuffleGlmReference(benchmark::State& state) {
  const std::uint64_t T = static_cast<std::uint64_t>(state.range(0));
  const ref::GlmInstance inst = instance(ref::Link::logistic, T);
  std::uint64_t run = 0;
  for (auto _ : state) benchmark::DoNotOptimize(ref::shuffle_glm(params(T), inst, 1, run++).run.actions.size());
  state.counters["rounds_per_s"] = benchmark::Counter(static_cast<double>(T), benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(BM_ShuffleGlmReference)->Arg(2000)->Unit(benchmark::kMillisecond)->Iterations(1);

}  // namespace
