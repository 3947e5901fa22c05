// Calibrations of seed 003's matrix trees (Sarmasarkar, "Shuffle and Joint Differential Privacy for Generalized
// Linear Contextual Bandits", 2026, arXiv:2602.00417; Sec. 6, Lemma I.4, App. P; spec 003 §3.5, §7.3, §9 items
// 22–25; docs/privacy-003.md, "The matrix trees"), certified: every irrational quantity is an MPFI enclosure,
// every σ the sampler uses is rounded UP to the grid 2^−32 (σ̄, decided exactly), every range condition and every
// privacy verdict is decided exactly on enclosures.
//
//   tree-matrix, profile theorem (Lemma I.4): m = ⌈log₂ T⌉ + 1, σ²_noise = 36·m·ln²(32/δ)/((κ*)²ε²) for both trees
//     (the std of Z′; node noise (Z′+Z′ᵀ)/2 `half`, default, or (Z′+Z′ᵀ)/√2 `root2`), λ of Eq. 19, λ_min, λ_max,
//     Eq. 49's noise bound N and Assumption I.1's condition N ≤ λ/(4√d+1); claim: V and H jointly (ε/3, δ/3).
//   tree-matrix, profile paper-code (spec 003 §7.3, the authors' `BinaryTreeMechanism(T, ε/3, δ/3, C)`): ρ from
//     ε/3 = ρ + 2√(ρ ln(3/δ)), σ = C/√(2ρ/m) with C = 1 (V) and 1/κ* (H), noise (z+zᵀ)/2; claim: jointly
//     (2ε/3, 2δ/3) (the two trees' budgets added).
// Joint accounting (spec 003 §9 item 23; errata "Joint, not summed"): one user's replace-one change moves its leaf
// in V, in H, or from one tree to the other; with ‖x‖ ≤ 1 and the H weight in [0, 1/κ*] the Frobenius changes
// (a_V, a_H) satisfy a_V² + a_H² ≤ S² := max(2·[d ≥ 2] + [d = 1], same for H times 1/κ*², 1 + 1/κ*²) — per tree
// scaled by its σ: the joint Gaussian mechanism of all nodes of both trees (n = ⌊log₂ T⌋ + 1 ≤ m nodes per tree hold the leaf at
// worst)
// has μ² = c·n·max(s_V²/σ_V², s_H²/σ_H², 1/σ_V² + 1/(κ*²σ_H²)), s_V² = s_H²κ*² = 2 (d ≥ 2) or 1 (d = 1), c = 1
// (half: a symmetric shift Δ of one node costs ‖Δ‖_F²/σ², spec 003 claim T2) or 1/2 (root2), and δ(ε) is the exact
// Gaussian profile Φ(μ/2 − ε/μ) − e^ε Φ(−μ/2 − ε/μ) (reference/privacy/seed001.hpp, gaussian_delta).
#pragma once

#include <optional>
#include <string>

#include "reference/core/interval.hpp"
#include "reference/core/rational.hpp"
#include "reference/privacy/seed001.hpp"
#include "reference/protocols/calibration_001.hpp"
#include "reference/protocols/tree_mechanism.hpp"

namespace dpb::ref {

enum class Profile003 { Theorem, PaperCode };

struct Calibration003Input {
  std::string variant = "tree-matrix";
  Profile003 profile = Profile003::Theorem;
  std::optional<Rational> eps, delta;       // --eps (0, 100], --delta (0, 1)
  std::optional<Integer> horizon;           // --horizon T in [1, 2^40]
  std::optional<Integer> d;                 // --d in [1, 1024]
  std::optional<Rational> kappa_star;       // --kappa-star κ* = 1/max μ̇ >= 1/sup μ̇ (4 logistic, √(2π) probit), <= 10^6
  std::optional<std::string> link;          // --link logistic (default) | probit: the bound κ* is checked against
  std::optional<Rational> zeta;             // --zeta ζ in (0, δ) (theorem; default δ/2)
  std::optional<std::string> symmetrisation;  // --symmetrisation half (default) | root2
};

using Calibration003 = Calibration001;  // the same record of derived quantities (calibration_001_json.hpp prints it)

// ParameterError ("calibrate: parameter 'NAME' must be …, got VALUE") for any input outside the variant's range.
Calibration003 calibrate_003(const Calibration003Input& in);
bool is_variant_003(const std::string& variant);

// Pieces, for claims and tests.
// The theorem's σ_noise = 6·√m·ln(32/δ)/(κ*ε) (Lemma I.4).
RealFn tree003_theorem_sigma(const Rational& eps, const Rational& delta, unsigned m, const Rational& kappa_star);
// The paper-code ρ: √ρ = √(L + ε/3) − √L, L = ln(3/δ) (the root of ε/3 = ρ + 2√(ρL)).
RealFn tree003_paper_code_rho(const Rational& eps, const Rational& delta);
// σ = C·√(m/(2ρ)).
RealFn tree003_paper_code_sigma(const Rational& eps, const Rational& delta, unsigned m, const Rational& C);
// Symmetrisation factor c of the joint loss: 1 (half), 1/2 (root2), 1 (none is not a paper option: refused).
Rational tree003_loss_factor(Symmetrisation s);
// The worst squared Frobenius change of one user's leaves, per tree and across: returns S²-terms weighted by the
// trees' σ: μ² = c·nodes·max(sV2/σ_V², sH2/σ_H², 1/σ_V² + (1/κ*²)/σ_H²) with sV2 = 2 (d ≥ 2) or 1 and sH2 = sV2/κ*².
RealFn tree003_joint_mu(Symmetrisation s, unsigned nodes, unsigned d, const Rational& kappa_star, RealFn sigma_v,
                        RealFn sigma_h);
// The largest number of complete nodes holding one leaf of a T-leaf tree: ⌊log₂ T⌋ + 1 (leaf 1 lies in (h, 0) for
// every 2^h <= T; a node of level h is complete only if 2^h <= T). At most m = ⌈log₂ T⌉ + 1; equal when T is a
// power of two.
unsigned tree003_max_nodes_per_leaf(const Integer& T);
// Certified upper bound of δ(ε) for the Gaussian mechanism with shift μ (σ = 1), refined to 256 bits.
Rational tree003_delta_upper(const RealFn& mu, const Rational& eps);

}  // namespace dpb::ref
