// RewardTape: a pre-drawn table of rewards per (arm, pull index), so that the reference and the optimized learners
// see identical rewards (docs/architecture.md §3, "Learners on shared tapes"). Bandit learners read arm a's n-th
// pull (0-based) at (a, n); full-information learners (FTNL) read the whole vector X(t) at (·, t − 1).
//
// Rewards are integers k ∈ {0, …, G} standing for k/G (G = the instance's reward grid), stored row by row (arm by
// arm). Stream layout (normative): arm a's rewards are drawn in order from ChaCha20Source(seed, first_stream + a),
// so a longer tape extends a shorter one (the first n rewards of an arm do not depend on the tape's length).
// The optimized build's generator (optimized/environments/reward_tape.hpp) draws the same bits and fills the same
// table; tests/verify/crosscheck/reward_tape_cross_test.cpp checks it.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "reference/bits/bit_source.hpp"
#include "reference/bits/uniform.hpp"
#include "reference/core/rational.hpp"
#include "reference/environments/bandit_instance.hpp"
#include "reference/samplers/bernoulli.hpp"
#include "reference/samplers/discrete_gaussian.hpp"
#include "reference/samplers/discrete_gaussian_inversion.hpp"

namespace dpb::ref {

class RewardTape {
 public:
  // Validation: arms >= 1, length >= 1, grid >= 1, table.size() == arms·length, entries in [0, grid],
  // means.size() == arms, means in [0, 1].
  RewardTape(std::uint32_t arms, std::uint64_t length, std::int64_t grid, std::vector<Rational> means,
             std::vector<std::int32_t> table);

  std::uint32_t arms() const { return arms_; }
  std::uint64_t length() const { return length_; }
  std::int64_t grid() const { return grid_; }
  const std::vector<Rational>& means() const { return means_; }

  // The reward of arm a at index n, as k (standing for k/G) and as an exact rational.
  std::int32_t units(std::uint32_t arm, std::uint64_t n) const { return table_[arm * length_ + n]; }
  Rational reward(std::uint32_t arm, std::uint64_t n) const { return Rational(units(arm, n), grid_); }
  std::span<const std::int32_t> row(std::uint32_t arm) const {
    return std::span<const std::int32_t>(table_).subspan(arm * length_, length_);
  }

 private:
  std::uint32_t arms_;
  std::uint64_t length_;
  std::int64_t grid_;
  std::vector<Rational> means_;
  std::vector<std::int32_t> table_;
};

// One reward of `law` in units of 1/G, exactly (bandit_instance.hpp gives the laws). Not thread-safe with
// GaussianMethod::Inversion (the inversion sampler caches its tables): one object per thread, as every caller has.
class ArmSampler {
 public:
  ArmSampler(const ArmLaw& law, std::int64_t grid);

  template <BitSource B>
  std::int32_t operator()(B& bits) const {
    switch (law_.kind) {
      case ArmKind::Bernoulli:
        return bernoulli_(bits) ? 1 : 0;
      case ArmKind::ClippedGaussian: {
        const Integer y = inversion_ ? (*inversion_)(bits) : gaussian_(bits);
        if (y < 0) return 0;
        if (y > grid_) return static_cast<std::int32_t>(grid_);
        return static_cast<std::int32_t>(to_int64(y));
      }
      case ArmKind::Beta: {
        // The α-th smallest of n uniforms on {0, …, G}: count, for each draw, how many are smaller (exact, small n).
        std::vector<Integer> u(n_);
        for (auto& x : u) x = uniform_below(bits, Integer(grid_ + 1));
        std::sort(u.begin(), u.end());
        return static_cast<std::int32_t>(to_int64(u[k_ - 1]));
      }
    }
    return 0;
  }

 private:
  ArmLaw law_;
  Integer grid_;
  Bernoulli bernoulli_{Rational(0)};
  DiscreteGaussian gaussian_{Rational(1)};
  mutable std::optional<DiscreteGaussianInversion> inversion_;  // GaussianMethod::Inversion (caches its tables)
  std::size_t n_ = 0, k_ = 0;  // Beta: n = α + β − 1 uniforms, the k = α-th smallest
};

// Draws a length × K tape from the instance, arm a from ChaCha20Source(seed, first_stream + a).
RewardTape make_reward_tape(const BanditInstance& instance, std::uint64_t length, std::uint64_t seed,
                            std::uint64_t first_stream = 1);

}  // namespace dpb::ref
