#include "optimized/environments/glm_instance.hpp"

#include "reference/core/errors.hpp"

#include <cmath>

#include "optimized/samplers/rounded_normal.hpp"

namespace dpb::fast {

GlmGeneration make_glm_instance(const ref::GlmInstanceParams& p) {
  ref::internal::check_glm_params(p, "fast::make_glm_instance");
  ChaCha20Source bits(p.seed, p.stream);
  GlmGeneration out;
  ref::GlmInstance& inst = out.instance;
  inst.link = p.link;
  inst.generator = p.generator;
  inst.d = p.d;
  inst.K = p.K;
  inst.q = p.q;
  inst.sets = p.sets;
  inst.S = p.S;
  inst.seed = p.seed;
  inst.stream = p.stream;
  inst.theta = ref::internal::draw_glm_theta(p, bits);
  const RoundedNormal normal(Rational(1), Integer(32));
  inst.arms.reserve(p.sets * p.K * p.d);
  std::vector<std::int64_t> g(p.d);
  const double rel = (p.d + 64) * 0x1p-50, inv_d = 1.0 / p.d, scale = std::ldexp(1.0, static_cast<int>(p.q));
  for (std::uint64_t i = 0; i < p.sets * p.K; ++i) {
    for (bool nonzero = false; !nonzero;) {  // ref::internal::nonzero_normals, same draws
      for (auto& x : g) {
        x = normal(bits);
        nonzero = nonzero || x != 0;
      }
    }
    const std::uint64_t k = bits.next_bits(64);
    double n2 = 0;
    for (std::int64_t x : g) n2 += static_cast<double>(x) * static_cast<double>(x);
    const double r = k == 0 ? 0.0 : std::pow(std::ldexp(static_cast<double>(k), -64), inv_d) / std::sqrt(n2);
    for (std::int64_t x : g) {
      if (x == 0 || k == 0) {
        inst.arms.push_back(0);
        continue;
      }
      const double y = std::fabs(static_cast<double>(x)) * scale * r, e = y * rel + 0x1p-1000;
      const double lo = std::floor(y - e), hi = std::floor(y + e);
      if (lo == hi) {
        const auto m = static_cast<std::int64_t>(lo);
        inst.arms.push_back(x < 0 ? -m : m);
      } else {
        ++out.deferrals;
        Integer n2_exact = 0;
        for (std::int64_t v : g) n2_exact += Integer(v) * v;
        inst.arms.push_back(ref::internal::ball_coordinate(Integer(x), n2_exact, k, p.q, p.d));
      }
    }
  }
  inst.finish();
  return out;
}

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

void check_glm_audit_hooks(std::span<const int> tape, const Integer& divisor, std::uint64_t T, const char* fn) {
  if (!tape.empty() && tape.size() != T)
    throw_parameter_error(fn, "reward_tape", "empty or T = " + std::to_string(T) + " entries",
                          std::to_string(tape.size()));
  for (const int r : tape)
    if (r != 0 && r != 1) throw_parameter_error(fn, "reward_tape", "entries in {0, 1}", std::to_string(r));
  if (divisor < 1) throw_parameter_error(fn, "noise_divisor", ">= 1", divisor.str());
}

}  // namespace dpb::fast
