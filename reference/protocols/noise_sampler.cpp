#include "reference/protocols/noise_sampler.hpp"

namespace dpb::ref {

NoiseSampler::NoiseSampler(const NoiseLaw& law) {
  switch (law.kind) {
    case NoiseKind::None: break;
    case NoiseKind::PolyaDifference: sampler_.emplace<PolyaDifference>(law.polya_r, law.scale); break;
    case NoiseKind::Skellam: sampler_.emplace<Skellam>(law.variance); break;
    case NoiseKind::DiscreteGaussian: sampler_.emplace<DiscreteGaussian>(law.variance); break;
    case NoiseKind::DiscreteLaplace: sampler_.emplace<DiscreteLaplace>(law.scale); break;
  }
}

}  // namespace dpb::ref
