// An example consumer of the installed dpbandit library: exact discrete Gaussian noise, a certified tail, and a
// black-box audit of the consumer's own mechanism (docs/library.md).
#include <cstdint>
#include <iostream>
#include <map>
#include <utility>
#include <vector>

#include "reference/bits/chacha20.hpp"
#include "reference/core/rational.hpp"
#include "reference/pmf/discrete_gaussian.hpp"
#include "reference/samplers/discrete_gaussian.hpp"
#include "reference/samplers/discrete_laplace.hpp"
#include "verify/audit/black_box.hpp"

namespace {

// The consumer's own mechanism: a count released with discrete Laplace noise of scale 1/ε, ε = 1. Neighbouring
// inputs: counts 0 (side 0) and 1 (side 1).
dpb::verify::audit::Histogram noisy_count(int side, std::uint64_t n, std::uint64_t seed, std::uint64_t stream) {
  dpb::ChaCha20Source bits(seed, stream);
  const dpb::ref::DiscreteLaplace noise(dpb::Rational(1));
  std::vector<std::pair<std::int64_t, std::uint64_t>> counts;
  std::map<std::int64_t, std::uint64_t> h;
  for (std::uint64_t i = 0; i < n; ++i) ++h[side + noise(bits).convert_to<std::int64_t>()];
  for (const auto& [v, c] : h) counts.emplace_back(v, c);
  return dpb::verify::audit::Histogram::from_integer_counts(std::move(counts));
}

}  // namespace

int main() {
  // 1. Exact discrete Gaussian noise N_Z(0, 4), reproducible from (seed, stream).
  dpb::ChaCha20Source bits(/*seed=*/7, /*stream=*/0);
  const dpb::ref::DiscreteGaussian gauss(dpb::Rational(4));
  std::cout << "discrete Gaussian sigma2=4 draws:";
  for (int i = 0; i < 8; ++i) std::cout << ' ' << gauss(bits);
  std::cout << '\n';

  // 2. A certified tail: P[X >= 6] for X ~ N_Z(0, 4), as an interval that contains the true value.
  const dpb::ref::DiscreteGaussianPmf pmf(dpb::Rational(4));
  const auto tail = pmf.upper_tail(dpb::Integer(6), 128);
  std::cout << "P[X >= 6] in [" << tail.lower_string(20) << ", " << tail.upper_string(20) << "]\n";

  // 3. A black-box audit of the mechanism above against its claimed ε = 1.
  dpb::verify::audit::AuditSettings settings;
  settings.confidence = 0.95;
  const auto result = dpb::verify::audit::run_audit("consumer-noisy-count", noisy_count, 200000, /*seed=*/1,
                                                    /*eps_claimed=*/1.0, /*eps_exact=*/1.0, settings);
  std::cout << dpb::verify::audit::summary_line(result) << '\n';
  return result.verdict == dpb::verify::audit::AuditVerdict::violation ? 1 : 0;
}
