// Fuzz target: the LETOR / MSLR-WEB10K loader of `simulate --data` (reference/environments/letor.hpp line parser,
// optimized/environments/letor_dataset.hpp loader). Anything but a ParameterError (exit 2) is a finding.
#include <cmath>
#include <cstdint>
#include <string>

#include "optimized/environments/letor_dataset.hpp"
#include "reference/core/errors.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    const auto d = dpb::fast::parse_letor(text);
    for (const float f : d.features)
      if (!std::isfinite(f)) __builtin_trap();
    if (d.features.size() != d.labels.size() * d.dim) __builtin_trap();
  } catch (const dpb::ParameterError&) {
  }
  return 0;
}
