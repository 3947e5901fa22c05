// Seed 003's GLM instances in the optimized build (twin of reference/environments/glm_instance.hpp; Sarmasarkar
// 2026, arXiv:2602.00417, Sec. 8; spec 003 §7.2). The instance itself is the reference's (its generation is integer
// work done once: θ*'s exact scaling and the ball rejection on int64); this class holds what the rounds need in
// machine numbers: the contexts as doubles (exact: numerators ≤ 2^20 on 2^−q), each z = ⟨x, θ*⟩ as a Dyadic
// (numerator < 2^46, exact), rewards by fast::Glm (the reference's values and bits, deferrals counted) and the
// pseudo-regret in double with a stated error bound.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "optimized/glm/link.hpp"
#include "reference/environments/glm_instance.hpp"

namespace dpb::fast {

// The reference's generator (ref::make_glm_instance) with the optimized RoundedNormal for the arms' directions:
// the same instance after the same bits. Each coordinate ⌊|g|·2^q·U^{1/d}/‖g‖⌋ is computed in double with a
// relative error below (d + 64)·2^−50 (≤ d + 1 roundings in ‖g‖², one in the square root, the conversion of k, pow's
// error under 1 ulp plus the rounded exponent 1/d, which moves U^{1/d} by at most |ln U|/d·2^−53 ≤ 45·2^−53 relative
// for U ≥ 2^−64, and three products); a floor the error interval leaves open is the reference's integer root
// (ref::internal::ball_coordinate), counted in `deferrals`.
struct GlmGeneration {
  ref::GlmInstance instance;
  std::uint64_t deferrals = 0;
};
GlmGeneration make_glm_instance(const ref::GlmInstanceParams& params);

class GlmEnvironment {
 public:
  // Validates a copy of the instance (ref::validate, ParameterError naming fast::GlmEnvironment).
  explicit GlmEnvironment(ref::GlmInstance instance);

  const ref::GlmInstance& instance() const { return inst_; }
  std::uint32_t d() const { return inst_.d; }
  std::uint32_t K() const { return inst_.K; }
  // The K·d coordinates of a set (arm-major), exact doubles.
  std::span<const double> arm_set(std::uint64_t set) const {
    return std::span<const double>(features_).subspan(set * inst_.K * inst_.d, std::size_t{inst_.K} * inst_.d);
  }
  Dyadic z(std::uint64_t set, std::uint32_t a) const { return Dyadic(inst_.z_num[set * inst_.K + a], 2 * inst_.q); }
  std::uint32_t best_arm(std::uint64_t set) const { return best_[set]; }

  // The reward of arm a of `set`: ref::glm_reward's value after the same bits.
  template <BitSource B>
  int reward(std::uint64_t set, std::uint32_t a, B& bits) const {
    return glm_.sample_reward(z(set, a), bits);
  }
  std::uint64_t deferrals() const { return glm_.deferrals(); }

  // Σ_t μ(z*_t) − μ(z_{t,a_t}) in double; |result − exact| ≤ pseudo_regret_error(actions.size()):
  // each nonzero term has two values within kValueError plus one rounding of the difference (≤ 2^−53) and the
  // running sum adds one rounding per term (≤ n·2^−53 relative to the sum ≤ n): per round 2·2^−46 + 2^−53 + n·2^−53.
  double pseudo_regret(std::span<const std::uint32_t> actions) const;
  static double pseudo_regret_error(std::uint64_t n);

 private:
  ref::GlmInstance inst_;
  Glm glm_;
  std::vector<double> features_;
  std::vector<std::uint32_t> best_;
};

// The audits' hooks of the GLM learners' options (verify/audit/targets_003_learners.hpp): a reward tape must be empty
// or hold T entries in {0, 1}, a noise divisor be >= 1; ParameterError naming `function` and the option otherwise.
void check_glm_audit_hooks(std::span<const int> reward_tape, const Integer& noise_divisor, std::uint64_t T,
                           const char* function);

}  // namespace dpb::fast
