// The authors'-code DP-SGD of `jdp-glm --profile paper-code` in the optimized build (twin of
// reference/learners/internal/dp_sgd_code.hpp; Sarmasarkar 2026, arXiv:2602.00417, Remark A.1 (ii); spec 003 §7.3).
// Same settings, bits, iterates and output as the reference: the shuffle (uniform_below_u64), the noise
// (fast::RoundedNormal::wide's sample_wide, bit-identical to ref::RoundedNormal, c = σ·C/b·2^32 up to 2^100) and the
// exact update (ref::internal::dp_sgd_update) are shared; what is faster is the per-sample scalar c_i:
//   z = ⟨x_i, θ⟩ as a dyadic numerator in 128 bits (θ on 2^−(G+1) at most, x on 2^−q), |z| > 4096 clamped as the
//   reference does; the clip test a²‖x‖² > C² in double, |â − a| <= 2^−46 (optimized/glm/link.hpp), decided when
//   |â²‖x‖² − C²| > 2^−40 (a bound on the error of â² ‖x‖² and of the double C²; |a| <= 1, ‖x‖ <= 1); the unclipped
//   floor ⌊|a|·2^G⌋ by fast::Glm::floor_gradient (its own certified deferral); the clipped value ⌊2^G C/‖x‖⌋ once per
//   sample and call by the reference's integer formula. Anything outside (|z| > 64, a numerator beyond 2^53 or 2^62,
//   a clip test within the bound) is the reference's `dp_sgd_clipped_scalar` on the exact inputs, counted.
#pragma once

#include <cmath>
#include <cstdint>
#include <span>
#include <vector>

#include "optimized/glm/link.hpp"
#include "optimized/internal/wide_int.hpp"
#include "reference/core/errors.hpp"
#include "optimized/samplers/rounded_normal.hpp"
#include "reference/learners/internal/dp_sgd_code.hpp"

namespace dpb::fast {

struct DpSgdFaults {
  bool skip_clip = false;  // control: the clip is never applied (the cross-test must reject this)
};

class DpSgd {
 public:
  DpSgd(ref::Link link, unsigned q, std::uint32_t d, Rational sigma, ref::internal::DpSgdSettings s = {},
        DpSgdFaults faults = {});

  template <BitSource Bits>
  ref::internal::DpSgdResult run(std::span<const ref::internal::DpSgdSample> data, std::vector<Rational> theta,
                                 Bits& bits) const;
  // Per-sample scalars decided by the reference (clip tests, |z| or numerator range) plus fast::Glm's floors.
  std::uint64_t deferrals() const { return deferrals_ + glm_.deferrals(); }

 private:
  Integer scalar(const ref::internal::DpSgdSample& u, const std::vector<std::int64_t>& theta_num, unsigned shift,
                 const std::vector<Rational>& theta, double norm2, const Rational& norm2_exact,
                 const Integer& clipped) const;
  std::vector<Rational> step(std::span<const ref::internal::DpSgdSample> data, std::span<const std::size_t> batch,
                             const std::vector<Rational>& theta, const Rational& eta, std::span<const Integer> noise,
                             const std::vector<double>& norm2, const std::vector<Rational>& norm2_exact,
                             const std::vector<Integer>& clipped) const;

  ref::Link link_;
  unsigned q_;
  std::uint32_t d_;
  Rational sigma_;
  ref::internal::DpSgdSettings s_;
  DpSgdFaults faults_;
  Glm glm_;
  mutable std::uint64_t deferrals_ = 0;
};

template <BitSource Bits>
ref::internal::DpSgdResult DpSgd::run(std::span<const ref::internal::DpSgdSample> data, std::vector<Rational> theta,
                                      Bits& bits) const {
  ref::internal::DpSgdResult res;
  res.sigma = sigma_;
  const std::uint64_t n = data.size();
  if (n == 0) {
    res.theta = std::move(theta);
    return res;
  }
  // per sample: ‖x‖² (exact and in double, exact for q <= 15 and small features) and ⌊2^G C/‖x‖⌋
  std::vector<double> norm2(n);
  std::vector<Rational> norm2_exact(n);
  std::vector<Integer> clipped(n);
  const Rational xs2(Integer(1), Integer(1) << (2 * q_));
  const Integer scale = Integer(1) << ref::internal::kDpSgdGridBits;
  for (std::size_t i = 0; i < n; ++i) {
    Integer s2 = 0;
    for (const std::int64_t f : data[i].f) s2 += Integer(f) * f;
    if (s2 >= (Integer(1) << 53)) throw_parameter_error("fast::DpSgd::run", "sample", "features with sum f^2 < 2^53", to_string(s2));
    norm2_exact[i] = Rational(s2) * xs2;
    norm2[i] = std::ldexp(static_cast<double>(to_int64(s2)), -static_cast<int>(2 * q_));  // exact: s2 < 2^53 (checked)
    clipped[i] = norm2_exact[i] > 0
                     ? floor_sqrt(floor(Rational(Rational(scale * scale) * s_.clip * s_.clip / norm2_exact[i])))
                     : Integer(0);
  }
  const std::uint64_t b = std::min<std::uint64_t>(s_.batch, n), nb = (n + b - 1) / b;
  const Integer G(ref::internal::kDpSgdGridBits);
  const RoundedNormal full = RoundedNormal::wide(sigma_ * s_.clip / Rational(Integer(b)), G);
  const std::uint64_t last_len = n - (nb - 1) * b;
  const RoundedNormal last = RoundedNormal::wide(sigma_ * s_.clip / Rational(Integer(last_len)), G);
  std::vector<std::size_t> perm(n);
  for (std::size_t i = 0; i < n; ++i) perm[i] = i;
  std::vector<Rational> sum(d_, Rational(0));
  std::uint64_t t = 0;
  for (std::uint64_t e = 1; e <= s_.epochs; ++e) {
    if (nb > 1)
      for (std::uint64_t i = n - 1; i >= 1; --i) std::swap(perm[i], perm[uniform_below_u64(bits, i + 1)]);
    for (std::uint64_t k = 0; k < nb; ++k) {
      const std::size_t lo = k * b, len = k + 1 < nb ? b : last_len;
      const RoundedNormal& noise = k + 1 < nb ? full : last;
      std::vector<Integer> nu(d_);
      for (std::uint32_t j = 0; j < d_; ++j) nu[j] = from_i128(noise.sample_wide(bits));
      ++t;
      theta = step(data, std::span<const std::size_t>(perm.data() + lo, len), theta,
                   ref::internal::dp_sgd_step(s_.lr, t), nu, norm2, norm2_exact, clipped);
    }
    if (e > s_.burn_in)
      for (std::uint32_t j = 0; j < d_; ++j) sum[j] += theta[j];
  }
  res.steps = t;
  res.theta = ref::internal::dp_sgd_output(sum, s_.epochs - s_.burn_in);
  return res;
}

}  // namespace dpb::fast
