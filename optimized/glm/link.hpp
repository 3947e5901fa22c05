// The GLM layer of seed 003, optimized build (twin of reference/glm/link.hpp; Sarmasarkar 2026, arXiv:2602.00417).
// Values in double with a proven absolute error bound; every decision that the bound cannot take (the error
// interval straddles a grid point, a floor boundary or a chunk boundary) is deferred to the reference's certified
// code on the same inputs and the same bit stream, and counted. So both builds take the same decisions, read the
// same bits and return the same values (tests/optimized/glm/glm_cross_test.cpp).
//
// Error bounds (docs/decisions.md "GLM layer: double error bounds"). z = num/2^shift is exact in double
// (|num| < 2^53, checked). We assume libm's exp and erfc are within 16 ulp of the exact result (glibc documents at
// most 1 and 5 ulp on x86-64; the cross test checks each value against a certified enclosure). Then
//   logistic μ = 1/(1 + e^{−z}), μ̇ = t/(1 + t)², t = e^{−|z|}: a handful of roundings of relative size 2^−53 on
//     numbers ≤ 2, absolute error < 2^−46;
//   probit Φ = erfc(−z/√2)/2 (argument rounding ≤ 2^−52·|z|, erfc' ≤ 2/√π) and φ = e^{−z²/2}/√(2π): < 2^−46 for
//     |z| ≤ 2^6 (the contexts and θ of seed 003 give |z| ≤ S);
// so kValueError = 2^−46 bounds |value − exact| for μ and μ̇; a gradient entry (μ − r)x_j with |x_j| ≤ 1, r ∈ [0, 1]
// adds two roundings: kGradientError = 2^−45. Decisions widen these by the rounding of the comparison itself.
#pragma once

#include <cmath>
#include <cstdint>
#include <optional>

#include "reference/bits/bit_source.hpp"
#include "reference/glm/link.hpp"

namespace dpb::fast {

// z = num·2^−shift exactly (|num| < 2^53, shift ≤ 1000: exact in double).
struct Dyadic {
  std::int64_t num = 0;
  unsigned shift = 0;

  Dyadic() = default;
  Dyadic(std::int64_t n, unsigned s);  // ParameterError outside the range above
  Rational exact() const;
  double value() const;
};

inline constexpr double kValueError = 0x1p-46;
inline constexpr double kGradientError = 0x1p-45;

class Glm {
 public:
  explicit Glm(ref::Link link) : link_(link) {}
  ref::Link link() const { return link_; }

  // Approximations with |value − exact| ≤ kValueError (|z| ≤ 64, else ParameterError). The decisions below take
  // any z the reference takes (|z| ≤ 4096): outside |z| ≤ 64 they are the reference's, counted as deferrals.
  double mu(const Dyadic& z) const;
  double mu_dot(const Dyadic& z) const;

  // ⌊μ̇(z)·2^k⌋ and ⌊(μ(z) − r)·x_j·2^k⌋ (0 ≤ k ≤ 52, r ∈ {0, 1}, |x_j| ≤ 1): the reference's floor_scaled.
  std::int64_t floor_mu_dot(const Dyadic& z, unsigned k) const;
  std::int64_t floor_gradient(const Dyadic& z, int r, const Dyadic& xj, unsigned k) const;

  // Reward ~ Bernoulli(μ(z)): the bits and value of ref::sample_reward(link, z.exact(), bits).
  template <BitSource B>
  int sample_reward(const Dyadic& z, B& bits) const {
    const std::uint64_t u = bits.next_bits(64);
    if (z.num == 0) return u < (std::uint64_t{1} << 63) ? 1 : 0;  // μ(0) = ½: I_1 ⊂ [0, ½) iff u < 2^63
    if (in_double_range(z))
      if (auto d = decide_first_chunk(mu(z), u)) return *d ? 1 : 0;
    ++deferrals_;
    return ref::bernoulli_continue(ref::mu(link_, z.exact()), u, bits) ? 1 : 0;
  }

  // Decisions handed to the reference so far (this object; not thread-safe to share while counting).
  std::uint64_t deferrals() const { return deferrals_; }

 private:
  static bool in_double_range(const Dyadic& z) { return std::fabs(z.value()) <= 64; }
  // 1 when [u, u+1)/2^64 ⊂ [0, μ), 0 when ⊂ [μ, 1), nullopt when the error interval of μ̂ leaves it open.
  static std::optional<bool> decide_first_chunk(double mu_hat, std::uint64_t u);
  // ⌊y_exact⌋ from y with |y − y_exact| ≤ err, else (counted) the reference's floor of exact()·2^k.
  template <class Exact>
  std::int64_t floor_or_defer(double y, double err, const Exact& exact, unsigned k) const {
    const double e = err + (std::fabs(y) + err) * 0x1p-51;  // plus the rounding of y ± err
    const double a = std::floor(y - e), b = std::floor(y + e);
    if (a == b) return static_cast<std::int64_t>(a);
    ++deferrals_;
    return to_int64(ref::floor_scaled(exact(), Rational(Integer(Integer(1) << k))));
  }

  ref::Link link_;
  mutable std::uint64_t deferrals_ = 0;
};

}  // namespace dpb::fast
