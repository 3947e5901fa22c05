// Golden vectors, category (a) `samplers` (docs/vectors.md §3): the seeded bit stream (key and first bytes),
// uniform_below draws, and for each of the 11 samplers a few parameter sets: 64 outputs on one seeded stream and
// the bits each output consumed. Everything is a function of the stream (docs/bits.md, docs/samplers.md), so both
// builds must regenerate the same bytes.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

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
};

// The sampler cases of the committed file, in file order.
std::vector<SamplerCase> sampler_cases();

// "dgauss(sigma2=7/3,mu=1/2)"
std::string case_label(const std::string& dist, const std::vector<std::pair<std::string, std::string>>& params);

// The whole category file (header, stream records, uniform records, sampler records), regenerated with `impl`.
CategoryFile generate_samplers(Impl impl);

}  // namespace dpb::verify::vectors
