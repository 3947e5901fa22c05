// Certified checks of seed 003's matrix trees (Sarmasarkar, "Shuffle and Joint Differential Privacy for Generalized
// Linear Contextual Bandits", 2026, arXiv:2602.00417; Sec. 6, App. I.1, O, P; spec 003 §6 claims T1–T4, T6, T7 and
// the trees' privacy; docs/privacy-003.md, "The matrix trees"). The functions under test are parameters, so that
// tests/verify/certified/seed003_tree_test.cpp can hand each checker a wrong twin (its negative control).
#pragma once

#include <optional>

#include <cstdint>
#include <functional>
#include <vector>

#include "reference/core/interval.hpp"
#include "reference/core/rational.hpp"
#include "reference/privacy/seed001.hpp"
#include "reference/protocols/tree_mechanism.hpp"
#include "verify/claims/claim.hpp"

namespace dpb::verify::certified {

// 003.t1: for every T in the grid and t ≤ T, cover(t) has ≤ ⌈log₂ t⌉ + 1 nodes, complete by t, disjoint, exactly
// covering 1..t (so the noiseless prefix is the exact prefix sum); every leaf lies in ≤ ⌈log₂ T⌉ + 1 complete
// nodes; and ref::TreeMechanism's release after each leaf equals the exact prefix plus the noise of cover(t)'s
// nodes (recorded when completed), for vector and matrix leaves with every symmetrisation.
// Grid: T ∈ 1..64 exhaustively, T ∈ {1000, 15000} (full: + 2^16 + 1); the mechanism at T ∈ {1, 37, 64}.
using PrefixCover = std::function<std::vector<ref::TreeNodeId>(std::uint64_t t)>;
Outcome check_t1(const PrefixCover& cover, bool full);

// 003.t2: for half and root2, d ∈ 1..6, σ ∈ {1, 3/2, 7/3, 1000001/999}: the variance factor of every label equals
// Var((Z′+Z′ᵀ)/a)/σ² (4/a² diagonal, 2/a² off; a = 2, √2) and the sampler's σ̄_e satisfies c_e·σ² ≤ σ̄_e² <
// (√c_e·σ + 2^−32)²; and the privacy loss of a symmetric shift Δ (every Δ with entries in {−2..2}/4, d ≤ 3)
// Σ_{i≤j} Δ_ij²/(c_e σ²) equals ‖Δ‖_F²/σ² (half) and ‖Δ‖_F²/(2σ²) (root2), exactly.
using VarianceFactors = std::function<std::vector<Rational>(const ref::TreeParams&)>;
Outcome check_t2(const VarianceFactors& factors);

// 003.t3: with σ² = 36 m ln²(32/δ)/((κ*)²ε²) (`sigma`, the calibration under test) and Frobenius sensitivity s/κ*
// over m nodes, ρ = m(s/κ*)²/(2σ²) equals s²ε²/(72 ln²(32/δ)) (enclosures overlap; m ∈ {2, 15, 41}, κ* ∈ {1/4,
// 1/20}); at ε = 1, δ = 0.02 the conversion ε_tot = ρ + 2√(ρ ln(3/δ)) (δ′ = δ/3) is ≈ 0.072ε (s = 1), ≈ 0.10ε (s =
// √2), ≈ 0.29ε (s = 4), each within the printed digits, and all < ε/3.
using TreeSigma = std::function<ref::RealFn(const Rational& eps, const Rational& delta, unsigned m,
                                            const Rational& kappa_star)>;
Outcome check_t3(const TreeSigma& sigma);

// 003.t4: with λ of Eq. 19 and Eq. 49's N (`lambda_and_noise`, as enclosures), N ≤ (√72·4/64)·λ/(4√d+1), the constant
// ≈ 0.530, N ≤ λ/(4√d+1) (λ_min, λ_max valid) and N ≤ λ/(4(√d+1)) (Lemma O.4's hypothesis), on d ∈ {1, 2, 3, 5,
// 10, 100, 1000} × T ∈ {2, 10³, 10⁶} × δ ∈ {0.02, 10⁻⁵} × ζ = δ/2 × ε ∈ {0.1, 1, 8} × κ* ∈ {1/4, 1/20}; plus the
// analytic reduction: N/λ·(4√d+1) = √72(4√d+2ℓ)/(64(ℓ+√d)) ≤ √72·4/64 for ℓ ≥ 0, and 4(√d+1)·√72·4/64 ≤ 4√d+1
// is linear in √d with a positive slope, so d = 1 decides every d ≥ 1.
struct LambdaNoise {
  ref::RealFn lambda, noise;
};
using LambdaNoiseFunction = std::function<LambdaNoise(const Rational& eps, const Rational& delta, const Integer& T,
                                                      unsigned d, const Rational& kappa_star, const Rational& zeta)>;
LambdaNoise eq19_eq49(const Rational& eps, const Rational& delta, const Integer& T, unsigned d,
                      const Rational& kappa_star, const Rational& zeta);
Outcome check_t4(const LambdaNoiseFunction& f);

// 003.t6: 2√e(1 − 1/(k√d))⁻¹(1 + 1/(k√d)) ≤ (10/3)√e for every d ≥ 1, decided exactly (⇔ k²d ≥ 16), equality at
// d = 1 for k = 4; the values 5.4957 (d = 1), 4.41 (d = 3), 4.13 (d = 5) within the printed digits; decreasing on
// d ∈ 1..1000. k = 4 in Lemma O.4(b).
Outcome check_t6(const Rational& k);

// 003.t7: Lemma O.4(a)'s proof gives m ≤ c + d log₂(1 + 1/(4√d)) + d log₂(1 + tL²/(dλ)); this implies the statement
// m ≤ d log₂(2 + 2tL²/(λd)) iff c + d log₂(1 + 1/(4√d)) ≤ d. Checked on d ∈ 1..1000 with enclosures, and for d >
// 1000 by d log₂(1 + 1/(4√d)) ≤ √d/(4 ln 2) ≤ d − c. violated with the proof's c = 2 (d = 1: 2.32 > 1; d = 2:
// 2.47 > 2), which the spec predicts; `c` is a parameter for the control.
Outcome check_t7(const Rational& c);

// 003.tree.privacy.theorem / .paper-code: the joint Gaussian profile of every node one user's change touches in
// both trees (ref::tree003_joint_mu: ⌊log₂ T⌋ + 1 nodes per tree, the worst feasible change), δ(ε_claim) enclosed;
// holds if its upper end ≤ δ_claim, violated if its lower end > δ_claim (the profile is exact: the worst pair is
// attained), inconclusive otherwise. `sigmas` returns (σ_V, σ_H), the std of Z′ per tree; the claim is (ε/3, δ/3)
// (theorem) or (2ε/3, 2δ/3) (paper-code).
struct TreeSigmas {
  ref::RealFn v, h;
};
using TreeSigmasFunction = std::function<TreeSigmas(const Rational& eps, const Rational& delta, const Integer& T,
                                                    const Rational& kappa_star)>;
TreeSigmas theorem_sigmas(const Rational& eps, const Rational& delta, const Integer& T, const Rational& kappa_star);
// The corrected theorem calibration (docs/findings.md, 003.tree.privacy.theorem): H as Lemma I.4, V at κ* = 1 (its
// leaves x xᵀ have norm up to 1, not 1/κ*; spec 003 §9 item 23).
TreeSigmas corrected_theorem_sigmas(const Rational& eps, const Rational& delta, const Integer& T,
                                    const Rational& kappa_star);
TreeSigmas paper_code_sigmas(const Rational& eps, const Rational& delta, const Integer& T, const Rational& kappa_star);
// claim_fraction: 1/3 (theorem) or 2/3 (paper-code).
// view: both trees (the claims above), or the V tree alone — the switching set's upper bound (003.lemma6.1.switching:
// Criterion I reads only V, so the indicators are post-processing of V's nodes; the change of user t's V leaf is
// x xᵀ ↔ x′x′ᵀ (‖Δ‖_F² ≤ 2, d ≥ 2) or x xᵀ ↔ 0 (≤ 1), Gaussian composition over the nodes holding it, adaptively).
// The claim there is (ε/3, δ·delta_fraction) with delta_fraction = 1/6 (Lemma 6.1); here delta_fraction defaults to
// claim_fraction.
enum class TreeView { Joint, VOnly };
Outcome check_tree_privacy_003(const TreeSigmasFunction& sigmas, const Rational& claim_fraction, bool full,
                               TreeView view = TreeView::Joint, std::optional<Rational> delta_fraction = {});

}  // namespace dpb::verify::certified
