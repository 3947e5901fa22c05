// Seed 004's multi-agent learners: time per pull (errata, issue 15: per pull, not per round) of the optimized
// engine on P1 at N = 1024 (runs capped at 2^19 rounds: the counter divides by the pulls actually made), and the
// reference engine's whole runs at N = 64. DpMaseBinomial: DP-MASE with binomial epoch sums (one BinomialSplit draw
// per arm and epoch instead of per-pull rewards). Rewards are drawn lazily inside the run (one ChaCha20 stream per
// (agent, arm)), so their cost is included. De1024: decentralized elimination; CeP2_1024, DpMaseP2_1024: Problem 2
// (clipped discrete Gaussian rewards). Command and figures: docs/performance.md, "Seed 004 multi-agent engine: the
// speed targets"; docs/learners.md § multi-agent, "Performance".
#include <benchmark/benchmark.h>

#include "optimized/learners/mase.hpp"
#include "reference/learners/mase.hpp"

namespace {

using namespace dpb;
using A = ref::MultiAgentAlgorithm;

template <bool Optimized>
void run(benchmark::State& state, A algorithm, std::uint32_t N, std::uint64_t max_rounds, bool binomial = false,
         bool problem2 = false) {
  ref::MultiAgentParams p;
  p.agents = N;
  p.delta = Rational(1, 4);
  p.beta = Rational(1, 2);
  p.eta = Rational(1, 2);
  p.xi = Rational(1, 20);
  p.max_rounds = max_rounds;
  static const ref::BanditInstance p1 = ref::seed004_problem1(), p2 = ref::seed004_problem2();
  const ref::BanditInstance& instance = problem2 ? p2 : p1;
  ref::MultiAgentConfig cfg = ref::configure_multi_agent(algorithm, p, instance.arms());
  cfg.binomial_epoch_sums = binomial;
  std::uint64_t run = 0, pulls = 0, rounds = 0, releases = 0;
  for (auto _ : state) {
    const ref::MultiAgentStreams s = ref::multi_agent_streams(1, run++);
    const ref::MultiAgentOutcome o =
        Optimized ? fast::run_multi_agent(cfg, instance, s) : ref::run_multi_agent(cfg, instance, s);
    pulls += o.pulls;
    rounds += o.rounds;
    releases += o.releases.size();
    benchmark::DoNotOptimize(o.rounds);
  }
  state.counters["per_pull"] =
      benchmark::Counter(static_cast<double>(pulls), benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
  state.counters["pulls_per_run"] = static_cast<double>(pulls) / static_cast<double>(run);
  state.counters["rounds_per_run"] = static_cast<double>(rounds) / static_cast<double>(run);
  state.counters["releases_per_run"] = static_cast<double>(releases) / static_cast<double>(run);
}

constexpr std::uint64_t kCap = 1 << 19;

void BM_Ce1024(benchmark::State& s) { run<true>(s, A::CorruptedElimination, 1024, kCap); }
void BM_Independent1024(benchmark::State& s) { run<true>(s, A::IndependentSe, 1024, kCap); }
void BM_DpMase1024(benchmark::State& s) { run<true>(s, A::DpMase, 1024, kCap); }
// 2^23 rounds: every agent ends its first epoch (R(1) = 650 activations) and many their second, so the binomial
// draws are in the figure (releases_per_run counts them).
void BM_DpMaseBinomial1024(benchmark::State& s) { run<true>(s, A::DpMase, 1024, kCap << 4, true); }
void BM_DpMase1024Long(benchmark::State& s) { run<true>(s, A::DpMase, 1024, kCap << 4); }
void BM_Mase1024(benchmark::State& s) { run<true>(s, A::Mase, 1024, kCap); }
void BM_De1024(benchmark::State& s) { run<true>(s, A::DecentralizedElimination, 1024, kCap); }
// Problem 2 (clipped discrete Gaussian rewards by certified inversion, σ·G = 100): what the §4 sweep's P2 cells cost.
void BM_CeP2_1024(benchmark::State& s) { run<true>(s, A::CorruptedElimination, 1024, kCap >> 2, false, true); }
void BM_DpMaseP2_1024(benchmark::State& s) { run<true>(s, A::DpMase, 1024, kCap >> 2, false, true); }
void BM_RefMase64(benchmark::State& s) { run<false>(s, A::Mase, 64, 1ULL << 40); }
void BM_RefDpMase64(benchmark::State& s) { run<false>(s, A::DpMase, 64, 1ULL << 40); }
void BM_RefCe64(benchmark::State& s) { run<false>(s, A::CorruptedElimination, 64, 1ULL << 40); }
void BM_RefDe64(benchmark::State& s) { run<false>(s, A::DecentralizedElimination, 64, 1ULL << 40); }
void BM_RefCentral64(benchmark::State& s) { run<false>(s, A::CentralSe, 64, 1ULL << 40); }
void BM_RefIndependent64(benchmark::State& s) { run<false>(s, A::IndependentSe, 64, 1ULL << 40); }

}  // namespace

BENCHMARK(BM_Ce1024)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Independent1024)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_DpMase1024)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_DpMaseBinomial1024)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_DpMase1024Long)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Mase1024)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_De1024)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_CeP2_1024)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_DpMaseP2_1024)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_RefMase64)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_RefDpMase64)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_RefCe64)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_RefDe64)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_RefCentral64)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_RefIndependent64)->Unit(benchmark::kMillisecond);
