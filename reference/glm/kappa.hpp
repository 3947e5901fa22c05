// The instance constants of seed 003 (Sarmasarkar 2026, arXiv:2602.00417, Eq. 3–4; spec 003 §2.2), certified:
//   κ = max_x 1/μ̇(⟨x,θ*⟩), κ* = 1/max_x μ̇(⟨x,θ*⟩) over a finite arm set (M2, and the authors' code: over all
//   generated arms), or over the S-ball ‖x‖ ≤ 1, ‖θ*‖ ≤ S (κ = 1/μ̇(S), κ* = 1/μ̇(0));
//   1/κ̂ = E_X[μ̇(⟨x*,θ*⟩)], x* = argmax_{x∈X} μ(⟨x,θ*⟩), over a finite support of arm sets (uniform weights).
// μ̇ is even and decreasing in |z| for both links, so the maximiser and minimiser over arms are found on the exact
// rationals z = ⟨x,θ*⟩ (no enclosure decides them); only the values 1/μ̇ are enclosures. μ is increasing, so
// x* = argmax ⟨x,θ*⟩, exact too. Claim 003.f3 (κ̂ ≥ κ*), verify/certified/seed003_glm.*.
#pragma once

#include <functional>
#include <optional>
#include <vector>

#include "reference/glm/link.hpp"

namespace dpb::ref {

using Vec = std::vector<Rational>;
using ArmSet = std::vector<Vec>;

struct KappaEnclosure {
  Interval kappa;       // 1/μ̇ at z_far
  Interval kappa_star;  // 1/μ̇ at z_near
  Rational z_far;       // the z of largest |z|
  Rational z_near;      // the z of smallest |z|
};

// Over one finite arm set (or the union of several), θ* given (ParameterError on an empty set or a dimension mismatch).
KappaEnclosure kappa_of_arms(Link link, const ArmSet& arms, const Vec& theta, mpfr_prec_t prec);
// Over the S-ball (S > 0).
KappaEnclosure kappa_of_ball(Link link, const Rational& S, mpfr_prec_t prec);

// z* = max_{x∈X} ⟨x,θ*⟩ of each arm set (exact).
std::vector<Rational> best_z(const std::vector<ArmSet>& support, const Vec& theta);
// 1/κ̂ = (1/N) Σ_X μ̇(z*_X) over a finite support of N equally likely arm sets, and κ̂.
Interval inverse_kappa_hat(Link link, const std::vector<ArmSet>& support, const Vec& theta, mpfr_prec_t prec);
Interval kappa_hat(Link link, const std::vector<ArmSet>& support, const Vec& theta, mpfr_prec_t prec);

// Monte Carlo κ̂ for a support too large to enumerate: n arm sets X_1..X_n drawn i.i.d. by the caller
// (`draw(i)`), the mean m of μ̇(z*_{X_i}) and Hoeffding's two-sided interval at level 1 − α (μ̇ ∈ [0, s],
// s = sup μ̇): t = s·√(ln(2/α)/(2n)), 1/κ̂ ∈ [m − t, m + t], so κ̂ ∈ [1/(m + t), 1/(m − t)] (upper = +∞, reported as
// nullopt, when m ≤ t). All endpoints are certified enclosures of the stated formulas; the level is Hoeffding's.
struct KappaHatEstimate {
  Interval mean;                      // of μ̇(z*), i.e. an estimate of 1/κ̂
  Interval half_width;                // t
  Interval kappa_hat_lower;           // 1/(m + t)
  std::optional<Interval> kappa_hat_upper;  // 1/(m − t) when m > t
};
KappaHatEstimate kappa_hat_monte_carlo(Link link, const std::function<ArmSet(std::size_t)>& draw, const Vec& theta,
                                       std::size_t n, const Rational& alpha, mpfr_prec_t prec);

}  // namespace dpb::ref
