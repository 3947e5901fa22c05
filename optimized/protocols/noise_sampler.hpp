// One sampler for any noise law of the protocol, optimized build of reference/protocols/noise_sampler.hpp: the
// same laws from the optimized samplers (optimized/samplers/*.hpp), bit-identical to the reference's, as int64.
#pragma once

#include <cstdint>
#include <type_traits>
#include <variant>

#include "optimized/samplers/discrete_gaussian.hpp"
#include "optimized/samplers/discrete_laplace.hpp"
#include "optimized/samplers/polya.hpp"
#include "optimized/samplers/skellam.hpp"
#include "reference/bits/bit_source.hpp"
#include "reference/protocols/calibration.hpp"

namespace dpb::fast {

class NoiseSampler {
 public:
  explicit NoiseSampler(const ref::NoiseLaw& law);

  bool is_none() const { return std::holds_alternative<std::monostate>(sampler_); }

  template <BitSource B>
  std::int64_t operator()(B& bits) {
    return std::visit(
        [&bits](auto& s) -> std::int64_t {
          if constexpr (std::is_same_v<std::decay_t<decltype(s)>, std::monostate>) {
            return 0;
          } else {
            return s(bits);
          }
        },
        sampler_);
  }

 private:
  std::variant<std::monostate, PolyaDifference, Skellam, DiscreteGaussian, DiscreteLaplace> sampler_;
};

}  // namespace dpb::fast
