#include "optimized/protocols/noise_sampler.hpp"

namespace dpb::fast {

NoiseSampler::NoiseSampler(const ref::NoiseLaw& law) {
  switch (law.kind) {
    case ref::NoiseKind::None: break;
    case ref::NoiseKind::PolyaDifference: sampler_.emplace<PolyaDifference>(law.polya_r, law.scale); break;
    case ref::NoiseKind::Skellam: sampler_.emplace<Skellam>(law.variance); break;
    case ref::NoiseKind::DiscreteGaussian: sampler_.emplace<DiscreteGaussian>(law.variance); break;
    case ref::NoiseKind::DiscreteLaplace: sampler_.emplace<DiscreteLaplace>(law.scale); break;
  }
}

}  // namespace dpb::fast
