// jdp-glm (optimized/learners/jdp_glm.*; Sarmasarkar 2026, arXiv:2602.00417, Alg. 2, theorem profile): rounds per
// second of the optimized build at d = 5, K = 20 on the authors' instance layout (sets = T, S = 3, seed 109832,
// q = 5 as the CLI uses), Table 2's privacy level ε = 4, δ = 1/50 (ζ = δ/2), κ = 64, κ* = 4, and of the reference at
// a small T. Arguments: {link (0 logistic, 1 probit), T, γ's constant c as 1/c_inv (1: the theorem's c = 1, every
// round explores (Criterion I) and calls P_GD; 10^6: no round explores, every round runs lines 7–11)}.
// Every iteration runs a whole horizon on run r's streams (r = the iteration). Counters: `rounds_per_s` (optimizer
// calls included), `opt_seconds_per_run` (the time inside P_GD calls, calibration included: subtract it for the rate
// without them), `opt_calls_per_run`, `deferrals` (rounds with a reference decision), `T_o_per_run`, `switches_per_run`.
// Figures: docs/performance.md "jdp-glm". BM_JdpGlmPaperCodeReference: the paper-code profile's reference build.
#include <benchmark/benchmark.h>

#include <algorithm>

#include "optimized/environments/glm_instance.hpp"
#include "optimized/learners/jdp_glm.hpp"
#include "reference/learners/jdp_glm.hpp"

namespace {

using namespace dpb;

ref::GlmInstance instance(ref::Link link, std::uint64_t T) {
  ref::GlmInstanceParams p;
  p.link = link;
  p.d = 5;
  p.K = 20;
  p.q = 5;
  p.sets = T;
  p.S = Rational(3);
  p.seed = 109832;
  return fast::make_glm_instance(p).instance;
}

ref::JdpGlmParams params(std::uint64_t T, std::int64_t c_inv) {
  ref::JdpGlmParams p;
  p.T = T;
  p.eps = Rational(4);
  p.delta = Rational(1, 50);
  p.kappa = Rational(64);
  p.kappa_star = Rational(4);
  p.S = Rational(3);
  p.gamma_constant = Rational(1, c_inv);
  return p;
}

void BM_JdpGlmFast(benchmark::State& state) {
  const ref::Link link = state.range(0) == 0 ? ref::Link::logistic : ref::Link::probit;
  const std::uint64_t T = static_cast<std::uint64_t>(state.range(1));
  const ref::GlmInstance inst = instance(link, T);
  const fast::GlmEnvironment env(inst);
  const ref::JdpGlmParams p = params(T, state.range(2));
  std::uint64_t run = 0, deferrals = 0, explorations = 0, switches = 0, calls = 0, iterations = 0;
  double opt_seconds = 0;
  for (auto _ : state) {
    const auto tr = fast::jdp_glm(p, env, 1, run++);
    deferrals += tr.deferrals;
    for (auto e : tr.explore) explorations += e;
    switches += tr.switches.size();
    calls += tr.pgd_iterations.size();
    opt_seconds += tr.pgd_seconds;
    ++iterations;
    benchmark::DoNotOptimize(tr.pseudo_regret);
  }
  const double n = static_cast<double>(iterations);
  state.counters["rounds_per_s"] = benchmark::Counter(static_cast<double>(T), benchmark::Counter::kIsIterationInvariantRate);
  state.counters["opt_seconds_per_run"] = opt_seconds / n;
  state.counters["opt_calls_per_run"] = static_cast<double>(calls) / n;
  state.counters["deferrals"] = static_cast<double>(deferrals);
  state.counters["T_o_per_run"] = static_cast<double>(explorations) / n;
  state.counters["switches_per_run"] = static_cast<double>(switches) / n;
}
BENCHMARK(BM_JdpGlmFast)
    ->Args({0, 5000, 1})
    ->Args({1, 5000, 1})
    ->Args({0, 5000, 1000000})
    ->Args({1, 5000, 1000000})
    ->Args({0, 15000, 1})
    ->Unit(benchmark::kMillisecond);

void BM_JdpGlmReference(benchmark::State& state) {
  const ref::Link link = state.range(0) == 0 ? ref::Link::logistic : ref::Link::probit;
  const std::uint64_t T = static_cast<std::uint64_t>(state.range(1));
  const ref::GlmInstance inst = instance(link, T);
  const ref::JdpGlmParams p = params(T, state.range(2));
  std::uint64_t run = 0;
  for (auto _ : state) benchmark::DoNotOptimize(ref::jdp_glm(p, inst, 1, run++).actions.size());
  state.counters["rounds_per_s"] = benchmark::Counter(static_cast<double>(T), benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(BM_JdpGlmReference)->Args({0, 200, 1})->Args({0, 200, 1000000})->Unit(benchmark::kMillisecond)->Iterations(1);

// jdp-glm --profile paper-code (reference/learners/jdp_glm_paper_code.cpp, first commit), reference build, at Table
// 2's sizes (probit, d = 3, K = 20, S = 2, ε = 4, δ = ζ = 1/50, q = 5; κ, κ* of the instance rounded up to 2^−8) and a
// short horizon T. Arguments: {T}. Counters: DP-SGD calls and steps per run, Criterion-I rounds, switches.
void BM_JdpGlmPaperCodeReference(benchmark::State& state) {
  const std::uint64_t T = static_cast<std::uint64_t>(state.range(0));
  ref::GlmInstanceParams ip;
  ip.link = ref::Link::probit;
  ip.d = 3;
  ip.K = 20;
  ip.q = 5;
  ip.sets = T;
  ip.S = Rational(2);
  ip.seed = 109832;
  const ref::GlmInstance inst = fast::make_glm_instance(ip).instance;
  const ref::KappaEnclosure ke = ref::glm_instance_kappa(inst, 128);
  const auto up8 = [](const Rational& x) { return Rational(ceil(Rational(x * 256)), Integer(256)); };
  ref::JdpGlmParams p;
  p.profile = ref::JdpProfile::PaperCode;
  p.T = T;
  p.eps = Rational(4);
  p.delta = Rational(1, 50);
  p.kappa = up8(ke.kappa.upper());
  p.kappa_star = up8(ke.kappa_star.upper());
  p.S = Rational(2);
  std::uint64_t run = 0, calls = 0, steps = 0, explore = 0, switches = 0, iterations = 0;
  for (auto _ : state) {
    const ref::JdpGlmTrajectory tr = ref::jdp_glm(p, inst, 1, run++);
    calls += tr.pgd_iterations.size();
    for (const Integer& s : tr.pgd_iterations) steps += static_cast<std::uint64_t>(s);
    for (auto e : tr.explore) explore += e;
    switches += tr.switches.size();
    ++iterations;
  }
  const double n = static_cast<double>(iterations);
  state.counters["rounds_per_s"] = benchmark::Counter(static_cast<double>(T), benchmark::Counter::kIsIterationInvariantRate);
  state.counters["sgd_calls_per_run"] = static_cast<double>(calls) / n;
  state.counters["sgd_steps_per_run"] = static_cast<double>(steps) / n;
  state.counters["T_o_per_run"] = static_cast<double>(explore) / n;
  state.counters["switches_per_run"] = static_cast<double>(switches) / n;
}
BENCHMARK(BM_JdpGlmPaperCodeReference)->Arg(500)->Arg(2000)->Unit(benchmark::kMillisecond)->Iterations(1);

// jdp-glm --profile paper-code, optimized build (optimized/learners/jdp_glm_paper_code.cpp): rounds per second at
// d = 5, K = 20 (issue 21's target 10^5), Figure 1(a)'s setting: logistic, S = 7/2, ε in {2, 4, 8}, δ = ζ = 1/50,
// q = 5, the authors' instance layout (sets = T, seed 109832), κ and κ* of the instance rounded up to 2^−8.
// Arguments: {T, ε}. Counters as above plus `deferrals` (rounds with a reference decision), `tree_reference`.
void BM_JdpGlmPaperCodeFast(benchmark::State& state) {
  const std::uint64_t T = static_cast<std::uint64_t>(state.range(0));
  ref::GlmInstanceParams ip;
  ip.link = ref::Link::logistic;
  ip.d = 5;
  ip.K = 20;
  ip.q = 5;
  ip.sets = T;
  ip.S = Rational(7, 2);
  ip.seed = 109832;
  const ref::GlmInstance inst = fast::make_glm_instance(ip).instance;
  const fast::GlmEnvironment env(inst);
  const ref::KappaEnclosure ke = ref::glm_instance_kappa(inst, 128);
  const auto up8 = [](const Rational& x) { return Rational(ceil(Rational(x * 256)), Integer(256)); };
  ref::JdpGlmParams p;
  p.profile = ref::JdpProfile::PaperCode;
  p.T = T;
  p.eps = Rational(state.range(1));
  p.delta = Rational(1, 50);
  p.kappa = up8(ke.kappa.upper());
  p.kappa_star = std::max(Rational(4), up8(ke.kappa_star.upper()));
  if (p.kappa < p.kappa_star) p.kappa = p.kappa_star;
  p.S = Rational(7, 2);
  std::uint64_t run = 0, calls = 0, explore = 0, switches = 0, deferrals = 0, iterations = 0;
  bool tree_reference = false;
  for (auto _ : state) {
    const fast::JdpGlmFastTrajectory tr = fast::jdp_glm(p, env, 1, run++);
    calls += tr.pgd_iterations.size();
    for (auto e : tr.explore) explore += e;
    switches += tr.switches.size();
    deferrals += tr.deferrals;
    tree_reference = tree_reference || tr.tree_reference;
    ++iterations;
    benchmark::DoNotOptimize(tr.pseudo_regret);
  }
  const double n = static_cast<double>(iterations);
  state.counters["rounds_per_s"] = benchmark::Counter(static_cast<double>(T), benchmark::Counter::kIsIterationInvariantRate);
  state.counters["sgd_calls_per_run"] = static_cast<double>(calls) / n;
  state.counters["T_o_per_run"] = static_cast<double>(explore) / n;
  state.counters["switches_per_run"] = static_cast<double>(switches) / n;
  state.counters["deferrals_per_run"] = static_cast<double>(deferrals) / n;
  state.counters["tree_reference"] = tree_reference ? 1 : 0;
}
BENCHMARK(BM_JdpGlmPaperCodeFast)->Args({15000, 2})->Args({15000, 4})->Args({15000, 8})->Unit(benchmark::kMillisecond);

}  // namespace
