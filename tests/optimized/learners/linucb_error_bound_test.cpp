// The error bound of the optimized shuffle-private LinUCB's double solve (optimized/learners/shuffle_private_linucb.hpp,
// docs/learners.md § seed 001): for V = N/D, u = Du/D and any arm x, the broadcast's double θ̂ and L̂⁻¹ satisfy
//   |⟨x, θ̂⟩ − ⟨x, V⁻¹u⟩| <= 2η·√r·√|⟨u, θ̂⟩|   and   |‖L̂⁻¹x‖² − r| <= 2η·r,   r = xᵀV⁻¹x,
// whenever the broadcast is reliable (η <= 2^−20): this is what lets the learner decide an argmax on doubles and
// defer only the near ties. Checked exactly (the doubles converted to rationals, V⁻¹ by exact elimination) on
// ill-conditioned V of large norm — the regime where the bound, not the index's own 2^−45 term, carries the
// decision: condition numbers up to ≈ 10⁹, so the solve's real error (≈ u·κ) is far above 2^−45.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <iostream>
#include <random>
#include <vector>

#include "optimized/internal/wide_int.hpp"
#include "optimized/learners/shuffle_private_linucb.hpp"
#include "reference/core/rational.hpp"

namespace dpb::fast {
namespace {

// A double as the rational it is (GMP's mpq_set_d is exact).
Rational exact(double v) { return Rational(v); }

// z = V⁻¹ b by exact Gauss–Jordan elimination (V symmetric positive definite, so every pivot is non-zero).
std::vector<Rational> solve(std::vector<Rational> V, std::vector<Rational> b, std::uint32_t d) {
  for (std::uint32_t c = 0; c < d; ++c) {
    const Rational p = V[c * d + c];
    for (std::uint32_t j = 0; j < d; ++j) V[c * d + j] /= p;
    b[c] /= p;
    for (std::uint32_t i = 0; i < d; ++i) {
      if (i == c) continue;
      const Rational f = V[i * d + c];
      if (f == 0) continue;
      for (std::uint32_t j = 0; j < d; ++j) V[i * d + j] -= f * V[c * d + j];
      b[i] -= f * b[c];
    }
  }
  return b;
}

Rational dot(const std::vector<Rational>& a, const std::vector<Rational>& b) {
  Rational s = 0;
  for (std::size_t i = 0; i < a.size(); ++i) s += a[i] * b[i];
  return s;
}

TEST(LinUcbErrorBoundTest, TheDoubleSolveStaysWithinEtaOnIllConditionedMatrices) {
  std::mt19937_64 rng(20261207);
  std::uint64_t reliable = 0, checked = 0, beyond_index_term = 0;
  for (int trial = 0; trial < 400; ++trial) {
    const std::uint32_t d = 2 + trial % 3;
    // N = Σ_k a_k a_kᵀ + λI with the a_k near one direction (entries ≈ 10⁴, perturbations of 3 to 192 units):
    // ‖V‖ ≈ 10⁸·d, λ_min ≈ λ + the spread's share, so κ runs from ≈ 10⁴ to ≈ 10⁹ over the trials.
    const std::int64_t lambda = std::int64_t{1} << (trial % 12);
    const std::int64_t spread = std::int64_t{3} << (trial % 7);  // 3 … 192
    std::vector<std::int64_t> base(d);
    for (auto& v : base) v = 5000 + static_cast<std::int64_t>(rng() % 10000);
    std::vector<i128> N(std::size_t{d} * d, 0);
    for (std::uint32_t k = 0; k < 2 * d; ++k) {
      std::vector<std::int64_t> a(base);
      for (auto& v : a) v += static_cast<std::int64_t>(rng() % (2 * spread + 1)) - spread;
      for (std::uint32_t i = 0; i < d; ++i)
        for (std::uint32_t j = 0; j < d; ++j) N[i * d + j] += static_cast<i128>(a[i]) * a[j];
    }
    for (std::uint32_t i = 0; i < d; ++i) N[i * d + i] += lambda;
    const std::int64_t Dnum = std::int64_t{1} << (trial % 5);  // D = 1 … 16: V = N/D
    std::vector<i128> Du(d);
    for (auto& v : Du) v = static_cast<i128>(static_cast<std::int64_t>(rng() % 2000001) - 1000000) * 1000;

    const auto b = internal::linucb_double_broadcast(N, Du, static_cast<double>(Dnum), d);
    if (!b || !b->reliable) continue;
    ++reliable;
    std::vector<Rational> V(std::size_t{d} * d), u(d);
    for (std::size_t k = 0; k < V.size(); ++k) V[k] = Rational(from_i128(N[k]), Integer(Dnum));
    for (std::uint32_t k = 0; k < d; ++k) u[k] = Rational(from_i128(Du[k]), Integer(Dnum));
    const std::vector<Rational> theta_star = solve(V, u, d);
    std::vector<Rational> theta_hat(d);
    for (std::uint32_t k = 0; k < d; ++k) theta_hat[k] = exact(b->theta[k]);
    const Rational eta = exact(b->eta), u_theta = exact(b->u_theta);
    for (int arm = 0; arm < 8; ++arm) {
      std::vector<Rational> x(d);
      for (auto& v : x) v = Rational(Integer(static_cast<std::int64_t>(rng() % 2001) - 1000), Integer(1000));
      const Rational r = dot(x, solve(V, x, d));
      Rational r_hat = 0;  // ‖L̂⁻¹x‖², exactly
      for (std::uint32_t i = 0; i < d; ++i) {
        Rational s = 0;
        for (std::uint32_t k = 0; k <= i; ++k) s += exact(b->Linv[std::size_t{i} * d + k]) * x[k];
        r_hat += s * s;
      }
      const Rational dq = dot(x, theta_hat) - dot(x, theta_star);
      const Rational dr = r_hat - r;
      // |Δq| <= 2η√(r·|⟨u,θ̂⟩|) and |Δr| <= 2ηr, compared squared (both sides >= 0).
      EXPECT_LE(dq * dq, 4 * eta * eta * r * u_theta)
          << "trial " << trial << ", d " << d << ": dq " << dq.convert_to<double>() << ", eta " << b->eta;
      EXPECT_LE(abs(dr), 2 * eta * r) << "trial " << trial << ", d " << d << ": dr/r "
                                      << Rational(dr / r).convert_to<double>() << ", eta " << b->eta;
      ++checked;
      // The regime the test is for: the solve's own error above the index's 2^−45 term.
      if (abs(dr) > r / Rational(Integer(Integer(1) << 45))) ++beyond_index_term;
    }
  }
  EXPECT_GE(reliable, 100u) << "too few reliable broadcasts to say anything";
  EXPECT_GE(beyond_index_term, 50u) << "the matrices are too well conditioned to test the bound";
  std::cout << reliable << " reliable broadcasts, " << checked << " arms checked, " << beyond_index_term
            << " with a solve error above 2^-45\n";
}

}  // namespace
}  // namespace dpb::fast
