#include "optimized/environments/glm_instance.hpp"

#include <cmath>

namespace dpb::fast {

GlmEnvironment::GlmEnvironment(ref::GlmInstance instance) : inst_(std::move(instance)), glm_(inst_.link) {
  ref::validate(inst_, "fast::GlmEnvironment");
  features_.reserve(inst_.arms.size());
  for (std::int64_t c : inst_.arms) features_.push_back(std::ldexp(static_cast<double>(c), -static_cast<int>(inst_.q)));
  best_.reserve(inst_.sets);
  for (std::uint64_t s = 0; s < inst_.sets; ++s) best_.push_back(inst_.best_arm(s));
}

double GlmEnvironment::pseudo_regret(std::span<const std::uint32_t> actions) const {
  double sum = 0;
  for (std::size_t i = 0; i < actions.size(); ++i) {
    const std::uint64_t set = inst_.set_of_round(i + 1);
    if (actions[i] >= inst_.K)
      throw_parameter_error("fast::GlmEnvironment::pseudo_regret", "actions", "< K = " + std::to_string(inst_.K),
                            std::to_string(actions[i]));
    const std::uint32_t b = best_[set];
    if (inst_.z_num[set * inst_.K + actions[i]] == inst_.z_num[set * inst_.K + b]) continue;
    sum += glm_.mu(z(set, b)) - glm_.mu(z(set, actions[i]));
  }
  return sum;
}

double GlmEnvironment::pseudo_regret_error(std::uint64_t n) {
  const double nd = static_cast<double>(n);
  return nd * (2 * kValueError + 0x1p-53 + nd * 0x1p-53);
}

}  // namespace dpb::fast
