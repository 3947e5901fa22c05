// The regularised maximum-likelihood estimate of a GLM bandit, certified (seed 003, Sarmasarkar 2026,
// arXiv:2602.00417, Sec. 4; the MLE step of GLM-UCB, Filippi et al. 2010, and of the non-private templates):
//   θ̂ = argmin_θ L(θ),  L(θ) = Σ_s [b(⟨x_s,θ⟩) − r_s⟨x_s,θ⟩] + (λ/2)‖θ‖²,
//   ∇L(θ) = Σ_s (μ(⟨x_s,θ⟩) − r_s) x_s + λθ,   ∇²L(θ) = Σ_s μ̇(⟨x_s,θ⟩) x_s x_sᵀ + λI ⪰ λI.
// L is λ-strongly convex (μ̇ > 0 for both links), so the minimiser is the unique zero of ∇L.
//
// Certification (Krawczyk 1969; Moore's interval Newton): θ₀ is an approximate zero (Newton's method on interval
// midpoints at `prec` bits, from `start`), C a point approximation of ∇²L(θ₀)⁻¹, X = θ₀ + [−ρ, ρ]^d a box and
//   K(X) = θ₀ − C·∇L(θ₀) + (I − C·∇²L(X))·(X − θ₀)
// with every term enclosed (∇²L(X) from μ̇ over each z-interval: μ̇ is even and decreasing in |z|). K(X) ⊂ int X
// proves that ∇L has exactly one zero in X, and it lies in K(X) ∩ X (the returned box). The box radius starts at
// four times the last Newton step (at least 2^−(prec−8)) and grows by 8 up to five times; then the precision doubles
// (and Newton continues), up to kGlmPrecisionCap bits: past it GlmUndecided is thrown (never reached in the tests;
// docs/learners.md "GLM learners"). Contexts on the grid 2^−q, rewards in {0, 1}, λ > 0 rational.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "reference/core/interval.hpp"
#include "reference/core/rational.hpp"
#include "reference/glm/link.hpp"

namespace dpb::ref {

struct GlmData {
  Link link = Link::logistic;
  std::uint32_t d = 0;
  unsigned q = 0;
  Rational lambda = Rational(1);
  std::vector<std::int64_t> x;  // n·d numerators on 2^−q
  std::vector<int> r;           // n rewards in {0, 1}
  std::size_t n() const { return r.size(); }
};

struct MleBox {
  std::vector<Interval> theta;   // the certified box (d intervals)
  std::vector<Rational> center;  // θ₀ (dyadic): the start of the next fit
  mpfr_prec_t prec = 0;          // the precision that certified it
  unsigned attempts = 0;         // Krawczyk attempts (box growths and precision doublings) beyond the first
  std::vector<Rational> g, H;    // midpoints of ∇L(θ₀) (d) and ∇²L(θ₀) (d·d) over all data: the next warm start
  unsigned passes = 0;           // passes over the data
};

// A warm start for the next fit: θ₀ and the midpoints of ∇L(θ₀), ∇²L(θ₀) over the first n observations (the data
// only grow between fits). Any values are valid (they only steer Newton's method); `valid` false: none.
struct MleWarm {
  bool valid = false;
  std::size_t n = 0;
  std::vector<Rational> center, g, H;
  void set(const MleBox& box, std::size_t n_obs);
  // Caches over the data seen so far (they only grow): the contexts as intervals at `x_prec` bits and the integer
  // spread W of the Hessian (mle.cpp). Kept valid across `valid` = false.
  std::vector<Interval> X;
  mpfr_prec_t x_prec = 0;
  std::vector<Integer> W;
  std::size_t W_n = 0;
};

// The certified box at `prec` bits or more (ParameterError for d = 0, a size mismatch or λ <= 0; GlmUndecided
// past the cap).
MleBox certified_mle(const GlmData& data, const std::vector<Rational>& start, mpfr_prec_t prec);

// The one-pass fit (issue 21: the reference at T = 2000 in under a minute): a Newton step from the warm start whose
// ∇L and ∇²L are completed by the observations added since (no pass over the data), one pass at the new point θ₁,
// and the Krawczyk test there with the radius 4·|H⁻¹∇L(θ₁)| (grown by 8 up to three times). The box is certified
// exactly as certified_mle's (K(X) ⊂ int X), only wider (θ₁ is one Newton step from the optimum, not converged); the
// caller falls back to certified_mle when the box does not decide. nullopt when the test fails (or no warm start);
// `warm` moves to θ₁ either way when it was valid. Precision `prec` bits.
std::optional<MleBox> one_pass_mle(const GlmData& data, MleWarm& warm, mpfr_prec_t prec);

// μ̇ over the interval [lo, hi] (lo <= hi): [μ̇(max |z|), μ̇(min |z|)] enclosed at `prec` bits.
Interval mu_dot_range(Link link, const Rational& lo, const Rational& hi, mpfr_prec_t prec);
// ⟨x, X⟩ for a box X and x = f·2^−q: the exact rational endpoints [lo, hi] of the interval sum.
std::pair<Rational, Rational> inner_range(const std::int64_t* f, unsigned q, const std::vector<Interval>& box);

namespace internal {
// ∇L(θ) (d) and ∇²L(θ) (d·d, upper triangle filled) enclosed at the exact point θ (dyadic), as every Newton step of
// certified_mle computes them; exposed for tests (an observation at |z| = kGlmMaxAbsZ exactly).
void gradient_hessian_at(const GlmData& data, const std::vector<Rational>& theta, mpfr_prec_t prec,
                         std::vector<Interval>& g, std::vector<Interval>& H);
}  // namespace internal

}  // namespace dpb::ref
