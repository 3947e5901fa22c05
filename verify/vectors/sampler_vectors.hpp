// Golden vectors, category (a) `samplers` (docs/vectors.md §3): the seeded bit stream (key and first bytes),
// uniform_below draws, and for each of the 11 samplers a few parameter sets: 64 outputs on one seeded stream and
// the bits each output consumed. Everything is a function of the stream (docs/bits.md, docs/samplers.md), so both
// builds must regenerate the same bytes.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "reference/core/rational.hpp"
#include "verify/vectors/format.hpp"

namespace dpb::verify::vectors {

inline constexpr int kSamplerOutputs = 64;  // outputs per sampler record
inline constexpr int kStreamBytes = 64;     // keystream bytes per stream record

// One sampler case: the CLI name, its parameters in the CLI's order (values: exact rational text), and the stream.
struct SamplerCase {
  std::string dist;
  std::vector<std::pair<std::string, std::string>> params;
  std::uint64_t seed = 0;
  std::uint64_t stream = 0;
  std::string method;  // "" (the default algorithm) or "inversion" (`dpbandit sample --method inversion`)
  std::string path;    // for records chosen to reach a rare path: which one, and why (docs/vectors.md §3)
};

// The sampler cases of the committed file, in file order.
std::vector<SamplerCase> sampler_cases();

// The mean of the `poisson` record that pins the second-chunk and extra-precision paths of inversion: λ with
// F(0) = e^{−λ} in (M/2^64, M/2^64 + 2^−590), M the first 64 bits of stream (seed, stream) (M > 0), so the first
// draw's first chunk equals ⌊F(0)·2^64⌋: a second chunk is read, the optimized build hands the draw over to the
// reference, and deciding F(0) > M/2^64 takes enclosures of more than 590 bits. λ = ⌊(−ln(M/2^64) − 2^−600)·2^640⌋
// / 2^640, computed with certified enclosures.
Rational crafted_poisson_mean(std::uint64_t seed, std::uint64_t stream);

// "dgauss(sigma2=7/3,mu=1/2)"
std::string case_label(const std::string& dist, const std::vector<std::pair<std::string, std::string>>& params);

// The whole category file (header, stream records, uniform records, sampler records), regenerated with `impl`.
CategoryFile generate_samplers(Impl impl);

}  // namespace dpb::verify::vectors
