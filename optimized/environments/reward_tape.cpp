#include "optimized/environments/reward_tape.hpp"

#include <algorithm>
#include <map>
#include <memory>
#include <mutex>

#include "reference/bits/chacha20.hpp"
#include "reference/core/errors.hpp"

namespace dpb::fast {

namespace {

// The inversion sampler of N_Z(mu, sigma2), built once per process and parameters (thread-safe), copied by callers.
// A new prototype reads the tables of an earlier one with the same sigma2 where they are equal entry for entry
// (the arms of a clipped-Gaussian instance differ in μ only; with μ·G integral their tables coincide): one copy in
// cache for all arms instead of one per mean.
const DiscreteGaussianInversion& inversion_prototype(const Rational& sigma2, const Rational& mu) {
  static std::mutex mutex;
  static std::map<std::pair<Rational, Rational>, std::unique_ptr<DiscreteGaussianInversion>> cache;
  const std::lock_guard<std::mutex> lock(mutex);
  auto& slot = cache[{sigma2, mu}];
  if (!slot) {
    slot = std::make_unique<DiscreteGaussianInversion>(sigma2, mu);
    for (auto& [key, other] : cache)
      if (other && other.get() != slot.get() && key.first == sigma2) {
        slot->share_tables_if_equal(*other);
        break;
      }
  }
  return *slot;
}

}  // namespace

ArmSampler::ArmSampler(const ref::ArmLaw& law, std::int64_t grid) : kind_(law.kind), grid_(grid) {
  switch (kind_) {
    case ref::ArmKind::Bernoulli:
      bernoulli_ = Bernoulli(law.mean);
      break;
    case ref::ArmKind::ClippedGaussian: {
      const Rational G(grid_);
      gaussian_ = DiscreteGaussian(law.sigma * law.sigma * G * G, law.mean * G);
      if (law.method == ref::GaussianMethod::Inversion) inversion_.emplace(inversion_prototype(law.sigma * law.sigma * G * G, law.mean * G));
      break;
    }
    case ref::ArmKind::Beta:
      scratch_.resize(static_cast<std::size_t>(to_int64(Integer(law.alpha + law.beta - 1))));
      k_ = static_cast<std::size_t>(to_int64(law.alpha));
      break;
  }
}

ref::RewardTape make_reward_tape(const ref::BanditInstance& instance, std::uint64_t length, std::uint64_t seed,
                                 std::uint64_t first_stream) {
  if (length == 0) throw_parameter_error("make_reward_tape", "length", ">= 1", "0");
  if (length > (std::uint64_t{1} << 34))
    throw_parameter_error("make_reward_tape", "length", "<= 2^34", std::to_string(length));
  const std::uint32_t K = instance.arms();
  std::vector<std::int32_t> table(K * length);
  for (std::uint32_t a = 0; a < K; ++a) {
    ChaCha20Source bits(seed, first_stream + a);
    ArmSampler sample(instance.law(a), instance.grid());
    std::int32_t* row = table.data() + a * length;
    for (std::uint64_t n = 0; n < length; ++n) row[n] = sample(bits);
  }
  return ref::RewardTape(K, length, instance.grid(), instance.means(), std::move(table));
}

}  // namespace dpb::fast
