// The optimized build's reward-tape generator: the algorithm of reference/environments/reward_tape.hpp with the
// optimized samplers (machine integers, the same bits), filling the same dpb::ref::RewardTape.
// tests/verify/crosscheck/reward_tape_cross_test.cpp checks that both generators produce identical tables.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <vector>

#include "optimized/samplers/bernoulli.hpp"
#include "optimized/samplers/discrete_gaussian.hpp"
#include "optimized/samplers/discrete_gaussian_inversion.hpp"
#include "reference/bits/bit_source.hpp"
#include "reference/bits/uniform.hpp"
#include "reference/environments/bandit_instance.hpp"
#include "reference/environments/reward_tape.hpp"

namespace dpb::fast {

class ArmSampler {
 public:
  ArmSampler(const ref::ArmLaw& law, std::int64_t grid);

  template <BitSource B>
  std::int32_t operator()(B& bits) {
    switch (kind_) {
      case ref::ArmKind::Bernoulli:
        return bernoulli_(bits) ? 1 : 0;
      case ref::ArmKind::ClippedGaussian: {
        const std::int64_t y = inversion_ ? (*inversion_)(bits) : gaussian_(bits);
        return static_cast<std::int32_t>(y < 0 ? 0 : (y > grid_ ? grid_ : y));
      }
      case ref::ArmKind::Beta: {
        for (auto& x : scratch_) x = uniform_below_u64(bits, static_cast<std::uint64_t>(grid_ + 1));
        std::nth_element(scratch_.begin(), scratch_.begin() + static_cast<std::ptrdiff_t>(k_ - 1), scratch_.end());
        return static_cast<std::int32_t>(scratch_[k_ - 1]);
      }
    }
    return 0;
  }

 private:
  ref::ArmKind kind_;
  std::int64_t grid_;
  Bernoulli bernoulli_{Rational(0)};
  DiscreteGaussian gaussian_{Rational(1)};
  // GaussianMethod::Inversion: a copy of a prototype built once per (σ², μ) in the process (its construction
  // certifies a few thousand acceptance bounds, ~0.1 s; a copy is microseconds), so runs do not pay it.
  std::optional<DiscreteGaussianInversion> inversion_;
  std::vector<std::uint64_t> scratch_;  // Beta: n = α + β − 1 uniforms
  std::size_t k_ = 0;
};

ref::RewardTape make_reward_tape(const ref::BanditInstance& instance, std::uint64_t length, std::uint64_t seed,
                                 std::uint64_t first_stream = 1);

}  // namespace dpb::fast
