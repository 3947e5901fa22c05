// rs-glincb (optimized/learners/rs_glincb.*; Sawarni et al. 2024, arXiv:2404.06831, Alg. 2): rounds per second of
// the optimized build at d = 5, K = 20 on the authors' instance layout (sets = T, S = 3, seed 109832), γ = β = ½,
// κ = the instance's κ rounded up, λ = 1, and of the reference (certified) at a small T. Every iteration runs a whole
// horizon on run r's reward streams (r = the iteration). Counters: `rounds_per_s`, `deferrals`.
// Figures: docs/performance.md "rs-glincb".
#include <benchmark/benchmark.h>

#include "optimized/environments/glm_instance.hpp"
#include "optimized/learners/rs_glincb.hpp"
#include "reference/learners/rs_glincb.hpp"

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

ref::RsGlincbParams params(const ref::GlmInstance& inst, std::uint64_t T) {
  ref::RsGlincbParams p;
  p.T = T;
  const Rational k = ref::glm_instance_kappa(inst, 64).kappa.upper();
  p.kappa = Rational(Integer((numerator(k) + denominator(k) - 1) / denominator(k)));
  return p;
}

void BM_RsGlincbFast(benchmark::State& state) {
  const ref::Link link = state.range(0) == 0 ? ref::Link::logistic : ref::Link::probit;
  const std::uint64_t T = static_cast<std::uint64_t>(state.range(1));
  const ref::GlmInstance inst = instance(link, 5, T);
  const fast::GlmEnvironment env(inst);
  const ref::RsGlincbParams p = params(inst, T);
  std::uint64_t run = 0, deferrals = 0, explorations = 0, switches = 0, iterations = 0;
  for (auto _ : state) {
    const auto tr = fast::rs_glincb(p, env, 1, run++);
    deferrals += tr.deferrals;
    for (auto e : tr.explore) explorations += e;
    switches += tr.switches.size();
    ++iterations;
    benchmark::DoNotOptimize(tr.pseudo_regret);
  }
  state.counters["rounds_per_s"] = benchmark::Counter(static_cast<double>(T), benchmark::Counter::kIsIterationInvariantRate);
  state.counters["deferrals"] = static_cast<double>(deferrals);
  state.counters["T_o_per_run"] = static_cast<double>(explorations) / static_cast<double>(iterations);
  state.counters["switches_per_run"] = static_cast<double>(switches) / static_cast<double>(iterations);
}
BENCHMARK(BM_RsGlincbFast)->Args({0, 5000})->Args({1, 5000})->Args({0, 15000})->Unit(benchmark::kMillisecond);

void BM_RsGlincbReference(benchmark::State& state) {
  const ref::Link link = state.range(0) == 0 ? ref::Link::logistic : ref::Link::probit;
  const std::uint64_t T = static_cast<std::uint64_t>(state.range(1));
  const ref::GlmInstance inst = instance(link, 5, T);
  const ref::RsGlincbParams p = params(inst, T);
  std::uint64_t run = 0;
  for (auto _ : state) benchmark::DoNotOptimize(ref::rs_glincb(p, inst, 1, run++).actions.size());
  state.counters["rounds_per_s"] = benchmark::Counter(static_cast<double>(T), benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(BM_RsGlincbReference)->Args({0, 300})->Args({1, 300})->Unit(benchmark::kMillisecond)->Iterations(1);

}  // namespace
