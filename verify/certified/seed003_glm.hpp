// Certified checkers of seed 003's GLM facts (Sarmasarkar 2026, arXiv:2602.00417; spec 003 §6 "GLM facts"):
//   003.f1  Lemma G.1 self-concordance |μ̈(z)| ≤ R·μ̇(z), R = 1, for the links used (logistic; probit, which the
//           experiments run although it is not a canonical family): violated for probit, |μ̈/μ̇| = |z| > 1;
//   003.f2  Lemma G.2 for logistic through the closed forms α(z₁,z₂) = (μ(z₂) − μ(z₁))/(z₂ − z₁) and
//           α̃(z₁,z₂) = (b(z₂) − b(z₁) − (z₂ − z₁)μ(z₁))/(z₂ − z₁)² (integration by parts);
//   003.f3  κ̂ ≥ κ* over finite supports of generated arm sets;
//   003.f4  the G-optimal design's max leverage ≤ 2d (Lemma 4.3), on grid arms (exact) and scaled arms (intervals).
// Each checker takes the functions it checks, so that its ctest negative control can pass a wrong one
// (tests/verify/certified/seed003_glm_test.cpp).
#pragma once

#include <functional>

#include "reference/glm/g_optimal_design.hpp"
#include "reference/glm/kappa.hpp"
#include "verify/claims/claim.hpp"

namespace dpb::verify::certified {

using GlmFn = std::function<Interval(ref::Link, const Rational& z, mpfr_prec_t prec)>;

// 003.f1: on z ∈ {k/16 : |k| ≤ 48} (|z| ≤ S = 3, the experiments' range) for both links.
Outcome check_glm_f1(const GlmFn& mu_dot, const GlmFn& mu_ddot);

// 003.t8: under E_o (|⟨x, θ̂_o − θ*⟩| ≤ 1/R, R = 1) and self-concordance, μ̇(z₁)/e ≤ μ̇(z₂) for |z₁ − z₂| ≤ 1, so the
// H leaf's weight μ̇(⟨x,θ̂_o⟩)/e is at most μ̇(⟨x,θ*⟩) ≤ 1/κ*; for both links on z₂ = k/8, |k| ≤ 24, z₁ = z₂ + j/8,
// 1 ≤ |j| ≤ 8, |z₁| ≤ 3 (logistic: every real pair by F1's |μ̈| ≤ μ̇, docs/privacy-003.md; probit: a witness).
Outcome check_glm_t8(const GlmFn& mu_dot);

// 003.f2: α, α̃ (logistic) given as functions of (z₁, z₂), on z₁ ≠ z₂ ∈ {k/4 : |k| ≤ 16}.
using PairFn = std::function<Interval(const Rational& z1, const Rational& z2, mpfr_prec_t prec)>;
Interval logistic_alpha(const Rational& z1, const Rational& z2, mpfr_prec_t prec);
Interval logistic_alpha_tilde(const Rational& z1, const Rational& z2, mpfr_prec_t prec);
Outcome check_glm_f2(const PairFn& alpha, const PairFn& alpha_tilde);

// 003.f3: κ̂ and κ* of generated instances (both links, d ∈ {3, 5}, K = 20, 30 arm sets, S ∈ {2, 3}).
using KappaStarFn = std::function<Interval(ref::Link, const std::vector<ref::ArmSet>&, const ref::Vec&, mpfr_prec_t)>;
Interval kappa_star_of_support(ref::Link link, const std::vector<ref::ArmSet>& support, const ref::Vec& theta,
                               mpfr_prec_t prec);
Outcome check_glm_f3(const KappaStarFn& kappa_star);

// 003.f4: designs returned by `design` (weights summing to 1) for grid arm sets (d ∈ {2, 3, 5}, K ∈ {d, 10, 20}) and
// scaled arm sets (c = μ̇(⟨a, θ⟩), logistic and probit).
using DesignFn = std::function<std::vector<Rational>(const ref::ArmSet&, const std::vector<ref::CertifiedReal>*)>;
std::vector<Rational> reference_design(const ref::ArmSet& arms, const std::vector<ref::CertifiedReal>* c);
Outcome check_glm_f4(const DesignFn& design);

// The generated arm sets of f3/f4: K arms on the grid 2^−10 in the unit ball, from ChaCha20(seed, stream).
ref::ArmSet generated_arms(std::uint64_t seed, std::uint64_t stream, std::size_t K, std::size_t d);

}  // namespace dpb::verify::certified
