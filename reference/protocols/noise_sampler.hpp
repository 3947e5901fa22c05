// One sampler for any noise law of the protocol (calibration.hpp's NoiseLaw): the per-user noise η_i of R, the
// central analyzer's noise, or the batch's aggregate noise. It holds the exact reference sampler of the law and
// forwards to it, so the bits drawn are the sampler's own (reference/samplers/*.hpp).
//
// Spec: Chowdhury & Zhou 2023 (arXiv:2206.05772), Theorems 1–6 (per-user noise by variant), Fact 1 (Pólya), Def 5
// (Skellam), Def 11 (discrete Gaussian), Remark 7 and Algorithm 4 (discrete Laplace).
#pragma once

#include <variant>

#include "reference/bits/bit_source.hpp"
#include "reference/core/rational.hpp"
#include "reference/protocols/calibration.hpp"
#include "reference/samplers/discrete_gaussian.hpp"
#include "reference/samplers/discrete_laplace.hpp"
#include "reference/samplers/polya.hpp"
#include "reference/samplers/skellam.hpp"

namespace dpb::ref {

class NoiseSampler {
 public:
  // law.kind None gives the constant 0 (no bits drawn).
  explicit NoiseSampler(const NoiseLaw& law);

  bool is_none() const { return std::holds_alternative<std::monostate>(sampler_); }

  // Not const: the Pólya and Poisson samplers cache their CDF tables. One object per thread.
  template <BitSource B>
  Integer operator()(B& bits) {
    return std::visit(
        [&bits](auto& s) -> Integer {
          if constexpr (std::is_same_v<std::decay_t<decltype(s)>, std::monostate>) {
            return Integer(0);
          } else {
            return Integer(s(bits));
          }
        },
        sampler_);
  }

 private:
  std::variant<std::monostate, PolyaDifference, Skellam, DiscreteGaussian, DiscreteLaplace> sampler_;
};

}  // namespace dpb::ref
