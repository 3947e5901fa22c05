// Throughput (samples/s) and entropy use (bits/sample) of the CKS20-family samplers, reference (dpb::ref) and
// optimized (dpb::fast), on the seeded ChaCha20 stream and (dlaplace, dgauss) on OS entropy.
// Run: build/exact_samplers_bench --benchmark_min_time=0.2      Figures and targets: docs/samplers.md, docs/performance.md.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <string>

#include "optimized/samplers/bernoulli.hpp"
#include "optimized/samplers/bernoulli_exp.hpp"
#include "optimized/samplers/binomial.hpp"
#include "optimized/samplers/discrete_gaussian.hpp"
#include "optimized/samplers/discrete_gaussian_inversion.hpp"
#include "optimized/samplers/discrete_laplace.hpp"
#include "optimized/samplers/discrete_laplace_inversion.hpp"
#include "optimized/samplers/geometric.hpp"
#include "optimized/samplers/rounding.hpp"
#include "reference/bits/chacha20.hpp"
#include "reference/bits/os_entropy.hpp"
#include "reference/samplers/bernoulli.hpp"
#include "reference/samplers/bernoulli_exp.hpp"
#include "reference/samplers/binomial.hpp"
#include "reference/samplers/discrete_gaussian.hpp"
#include "reference/samplers/discrete_gaussian_inversion.hpp"
#include "reference/samplers/discrete_laplace.hpp"
#include "reference/samplers/discrete_laplace_inversion.hpp"
#include "reference/samplers/geometric.hpp"
#include "reference/samplers/rounding.hpp"

namespace {

using namespace dpb;

constexpr std::uint64_t kSeed = 20261121;

template <class Source>
Source make_source() {
  if constexpr (std::is_same_v<Source, ChaCha20Source>) {
    return ChaCha20Source(kSeed);
  } else {
    return Source{};
  }
}

// Sampler may be const (the stateless samplers) or not (the inversion samplers, which fill a table as they go).
template <class Source, class Sampler>
void run(benchmark::State& state, Sampler& sampler) {
  Source bits = make_source<Source>();
  const std::uint64_t start = bits.bits_consumed();
  for (auto _ : state) benchmark::DoNotOptimize(sampler(bits));
  const auto n = static_cast<double>(state.iterations());
  state.counters["samples/s"] = benchmark::Counter(n, benchmark::Counter::kIsRate);
  state.counters["bits/sample"] = static_cast<double>(bits.bits_consumed() - start) / n;
}

template <class Source, class Sampler>
void add(const std::string& name, const Sampler& sampler) {
  benchmark::RegisterBenchmark(name.c_str(), [sampler](benchmark::State& state) { run<Source>(state, sampler); });
}

// Registers reference and optimized on ChaCha20 (and on OS entropy when `os_entropy`).
template <class Ref, class Fast, class... Args>
void add_both(const std::string& name, bool os_entropy, const Args&... args) {
  add<ChaCha20Source>("ref/chacha20/" + name, Ref(args...));
  add<ChaCha20Source>("fast/chacha20/" + name, Fast(args...));
  if (os_entropy) {
    add<OsEntropySource>("ref/os_entropy/" + name, Ref(args...));
    add<OsEntropySource>("fast/os_entropy/" + name, Fast(args...));
  }
}

// The inversion samplers keep a CDF table, so operator() is not const: each run constructs its own sampler (outside
// the timed loop) and draws through a non-const reference.
template <class Source, class Sampler, class... Args>
void add_stateful(const std::string& name, const Args&... args) {
  benchmark::RegisterBenchmark(name.c_str(), [=](benchmark::State& state) {
    Sampler sampler(args...);
    run<Source>(state, sampler);
  });
}

template <class Ref, class Fast, class... Args>
void add_both_stateful(const std::string& name, bool os_entropy, const Args&... args) {
  add_stateful<ChaCha20Source, Ref>("ref/chacha20/" + name, args...);
  add_stateful<ChaCha20Source, Fast>("fast/chacha20/" + name, args...);
  if (os_entropy) {
    add_stateful<OsEntropySource, Ref>("ref/os_entropy/" + name, args...);
    add_stateful<OsEntropySource, Fast>("fast/os_entropy/" + name, args...);
  }
}

const bool registered = [] {
  add_both<ref::Bernoulli, fast::Bernoulli>("bernoulli(p=1/3)", false, Rational(1, 3));
  add_both<ref::BernoulliExp, fast::BernoulliExp>("bernoulli_exp(gamma=1/2)", false, Rational(1, 2));
  add_both<ref::BernoulliExp, fast::BernoulliExp>("bernoulli_exp(gamma=5/2)", false, Rational(5, 2));
  add_both<ref::Geometric, fast::Geometric>("geometric(scale=10)", false, Rational(10));
  add_both<ref::DiscreteLaplace, fast::DiscreteLaplace>("dlaplace(scale=10)", true, Rational(10));
  add_both<ref::DiscreteLaplace, fast::DiscreteLaplace>("dlaplace(scale=1/3)", false, Rational(1, 3));
  add_both<ref::DiscreteLaplace, fast::DiscreteLaplace>("dlaplace(scale=1000)", false, Rational(1000));
  add_both<ref::DiscreteGaussian, fast::DiscreteGaussian>("dgauss(sigma2=100)", true, Rational(100), Rational(0));
  add_both<ref::DiscreteGaussian, fast::DiscreteGaussian>("dgauss(sigma2=7/3,mu=1/2)", false, Rational(7, 3),
                                                          Rational(1, 2));
  add_both<ref::DiscreteGaussian, fast::DiscreteGaussian>("dgauss(sigma2=10^6)", false, Rational(1000000),
                                                          Rational(0));
  // The `inversion` method (docs/samplers.md): same laws, certified inversion with 64-bit chunks.
  add_both_stateful<ref::DiscreteLaplaceInversion, fast::DiscreteLaplaceInversion>("dlaplace_inv(scale=10)", true,
                                                                                   Rational(10));
  add_both_stateful<ref::DiscreteLaplaceInversion, fast::DiscreteLaplaceInversion>("dlaplace_inv(scale=1/3)", false,
                                                                                   Rational(1, 3));
  add_both_stateful<ref::DiscreteLaplaceInversion, fast::DiscreteLaplaceInversion>("dlaplace_inv(scale=1000)", false,
                                                                                   Rational(1000));
  add_both_stateful<ref::DiscreteGaussianInversion, fast::DiscreteGaussianInversion>("dgauss_inv(sigma2=100)", true,
                                                                                     Rational(100), Rational(0));
  add_both_stateful<ref::DiscreteGaussianInversion, fast::DiscreteGaussianInversion>(
      "dgauss_inv(sigma2=7/3,mu=1/2)", false, Rational(7, 3), Rational(1, 2));
  add_both_stateful<ref::DiscreteGaussianInversion, fast::DiscreteGaussianInversion>("dgauss_inv(sigma2=10^6)", false,
                                                                                     Rational(1000000), Rational(0));
  add_both<ref::Binomial, fast::Binomial>("binomial(n=50,p=1/3)", false, Integer(50), Rational(1, 3));
  add_both<ref::RandomizedRounding, fast::RandomizedRounding>("rounding(x=3/7,g=100)", false, Rational(3, 7),
                                                              Integer(100));
  return true;
}();

}  // namespace
