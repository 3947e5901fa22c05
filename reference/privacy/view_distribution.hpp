// The exact law of the server's view of seed 000's protocol P = (R, S, A), over Z_m, in certified arithmetic.
//
// Spec: Chowdhury & Zhou 2023 (arXiv:2206.05772), Def 3 (the view), Theorems 1–6; issue 4 item 5. docs/privacy-000.md.
//
// What is modelled (per variant; symbols as in the paper: g precision, m modulus, x̂_i the rounded reward):
//   dist-dp, dist-rdp, dist-cdp  the SecAgg output ŷ = (Σ_i x̂_i + Σ_i η_i) mod m;
//   shuffle                      the modular sum ŷ that the relaxed SecAgg reveals (the perfect-SecAgg part that
//                                Theorem 3's proof reduces to; the Cheu–Yan shuffler's own ε̃ is added by the claim);
//   central                      the analyzer's residue (Σ x̂_i + η) mod m (its decode is a bijection of Z_m);
//   local                        one user's message (x̂_i + η_i) mod m (the other messages do not depend on x_i).
// In every case the view is (X + N) mod m with X the encoded total and N the noise that reaches the view, and
// N's law F over Z_m (folded mod m) is what this file computes. For a deterministic total t the view's law is
// F(· − t); randomized rounding makes t random, but the view's law is then a mixture of such shifts, and every
// divergence used here is jointly convex (or quasi-convex: the max log ratio), so the worst case over neighbouring
// datasets is attained by deterministic totals whose difference d is one user's x̂ change: d ∈ {1, …, g} (by the
// symmetry of F, −d gives the same values). privacy_profile.hpp takes that maximum.
//
// Certification. Each residue's probability is an Interval that contains the exact real value:
//   discrete Laplace (dist-dp via Fact 1, shuffle, central, local): closed form of the fold,
//     F(r) = (1−β)/(1+β) · (β^r + β^{m−r})/(1 − β^m), β = e^{−1/scale}, r ∈ {0, …, m−1};
//   Skellam (dist-rdp, aggregate Sk(0, g²/ε²) by closure, Def 5): certified pmf on a window [−W, W], folded;
//   discrete Gaussian sum (dist-cdp): n-fold convolution of the per-user certified pmf windows, folded.
// For the truncated laws every lower bound q(k) ≤ p(k) sums to at most 1, so the missing mass is the deficit
// δ = 1 − Σ q(k) ≥ 0 (certified upper bound) and F(r) ∈ [Σ_{k≡r} q(k), Σ_{k≡r} q(k) + δ]: the tail mass is folded
// conservatively into every residue's upper end.
#pragma once

#include <string>
#include <vector>

#include "reference/core/interval.hpp"
#include "reference/core/rational.hpp"
#include "reference/protocols/calibration.hpp"

namespace dpb::ref {

struct ModularNoiseLaw {
  Integer m;                       // modulus
  std::vector<Interval> prob;      // prob[r] ∋ P[N ≡ r (mod m)], r = 0, …, m − 1
  Interval deficit;                // certified upper bound of the folded tail mass (0 for closed forms)
  std::string description;         // e.g. "dlaplace(scale=4) mod 103"
};

// Folded laws (ParameterError naming the function for scale, variance <= 0, m < 1, n < 1).
ModularNoiseLaw folded_discrete_laplace(const Rational& scale, const Integer& m, mpfr_prec_t prec);
ModularNoiseLaw folded_skellam(const Rational& variance, const Integer& m, mpfr_prec_t prec);
// Law of the sum of n i.i.d. N_Z(0, variance), folded mod m.
ModularNoiseLaw folded_discrete_gaussian_sum(const Rational& variance, const Integer& n, const Integer& m,
                                             mpfr_prec_t prec);

// The noise law that reaches the view of `c.variant` (table above), folded mod c.m.
ModularNoiseLaw view_noise_law(const Calibration& c, mpfr_prec_t prec);

// The view's law for a deterministic encoded total t: P[view = r] = F((r − t) mod m).
std::vector<Interval> shifted_law(const ModularNoiseLaw& F, const Integer& t);

// Upper bound on the modulus accepted by the exact computations (they are O(m·g) interval operations).
inline const Integer kMaxViewModulus = Integer(200000);

}  // namespace dpb::ref
