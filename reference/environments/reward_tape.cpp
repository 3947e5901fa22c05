#include "reference/environments/reward_tape.hpp"

#include "reference/bits/chacha20.hpp"
#include "reference/core/errors.hpp"

namespace dpb::ref {

RewardTape::RewardTape(std::uint32_t arms, std::uint64_t length, std::int64_t grid, std::vector<Rational> means,
                       std::vector<std::int32_t> table)
    : arms_(arms), length_(length), grid_(grid), means_(std::move(means)), table_(std::move(table)) {
  constexpr const char* f = "RewardTape";
  if (arms_ == 0) throw_parameter_error(f, "arms", ">= 1", "0");
  if (length_ == 0) throw_parameter_error(f, "length", ">= 1", "0");
  if (grid_ < 1 || grid_ > (std::int64_t{1} << 30))
    throw_parameter_error(f, "grid", "in [1, 2^30]", std::to_string(grid_));
  if (means_.size() != arms_)
    throw_parameter_error(f, "means", "one mean per arm (" + std::to_string(arms_) + ")",
                          std::to_string(means_.size()));
  for (const Rational& mu : means_) require_probability(mu, f, "means");
  if (length_ > (std::uint64_t{1} << 40) || table_.size() != arms_ * length_)
    throw_parameter_error(f, "table", "arms·length = " + std::to_string(arms_ * length_) + " entries",
                          std::to_string(table_.size()));
  for (std::int32_t k : table_)
    if (k < 0 || k > grid_) throw_parameter_error(f, "table", "entries in [0, grid]", std::to_string(k));
}

ArmSampler::ArmSampler(const ArmLaw& law, std::int64_t grid) : law_(law), grid_(grid) {
  switch (law_.kind) {
    case ArmKind::Bernoulli:
      bernoulli_ = Bernoulli(law_.mean);
      break;
    case ArmKind::ClippedGaussian: {
      const Rational G(grid_);
      gaussian_ = DiscreteGaussian(law_.sigma * law_.sigma * G * G, law_.mean * G);
      if (law_.method == GaussianMethod::Inversion)
        inversion_.emplace(law_.sigma * law_.sigma * G * G, law_.mean * G);
      break;
    }
    case ArmKind::Beta:
      n_ = static_cast<std::size_t>(to_int64(Integer(law_.alpha + law_.beta - 1)));
      k_ = static_cast<std::size_t>(to_int64(law_.alpha));
      break;
  }
}

RewardTape make_reward_tape(const BanditInstance& instance, std::uint64_t length, std::uint64_t seed,
                            std::uint64_t first_stream) {
  if (length == 0) throw_parameter_error("make_reward_tape", "length", ">= 1", "0");
  if (length > (std::uint64_t{1} << 34))
    throw_parameter_error("make_reward_tape", "length", "<= 2^34", std::to_string(length));
  const std::uint32_t K = instance.arms();
  std::vector<std::int32_t> table(K * length);
  for (std::uint32_t a = 0; a < K; ++a) {
    ChaCha20Source bits(seed, first_stream + a);
    const ArmSampler sample(instance.law(a), instance.grid());
    for (std::uint64_t n = 0; n < length; ++n) table[a * length + n] = sample(bits);
  }
  return RewardTape(K, length, instance.grid(), instance.means(), std::move(table));
}

}  // namespace dpb::ref
