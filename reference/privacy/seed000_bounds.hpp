// The privacy bounds that seed 000 prints, as exact rationals or certified enclosures, for the claims to compare
// with the exact divergences of the view (privacy_profile.hpp).
//
// Spec: Chowdhury & Zhou 2023 (arXiv:2206.05772), Theorem 2, Lemma 3, Theorem 4, Lemma 4, with our readings of Theorem
// 2's second branch and of Theorem 4's proof (docs/decisions.md § 000 privacy accounting). docs/privacy-000.md §5.
#pragma once

#include "reference/core/interval.hpp"
#include "reference/core/rational.hpp"

namespace dpb::ref {

// Lemma 3 (Agarwal–Kairouz–Liu 2021, Thm 3.5): adding Sk(0, σ²) to a sensitivity-Δ integer query is
// (α, ε(α))-RDP for integer α > 1 with ε(α) = αΔ²/(2σ²) + min(((2α−1)Δ² + 6Δ)/(4σ⁴), 3Δ/(2σ²)). Exact.
Rational lemma3_bound(const Rational& Delta, const Rational& sigma2, const Rational& alpha);

// Theorem 2 as printed: ε(α) = αε²/2 + min((2α−1)ε²/(4s²) + 3ε/(2s³), 3ε²/(2s)). Exact.
Rational theorem2_printed(const Rational& eps, const Rational& s, const Rational& alpha);
// Theorem 2's per-batch form as printed: αε²/2 + min((2α−1)ε²/(4s²n) + 3ε/(2s³n^{3/2}), 3ε²/(2s√n)). Enclosure.
Interval theorem2_printed_n(const Rational& eps, const Rational& s, const Integer& n, const Rational& alpha,
                            mpfr_prec_t prec);
// Lemma 3 with Δ = g, σ² = g²/ε² (our derivation of Theorem 2's bound from Lemma 3). Exact.
Rational theorem2_derived(const Rational& eps, const Integer& g, const Rational& alpha);

// Theorem 4's ξ = 10 Σ_{k=1}^{K} exp(−2π² σ² k/(k+1)) with K terms (Theorem 4: σ² = s², K = T/2 − 1, rounded
// down; Lemma 4: σ² = the per-user variance, K = n − 1). Enclosure; K = 0 gives 0.
Interval xi_sum(const Rational& sigma2, const Integer& K, mpfr_prec_t prec);
// ε̂ = min(√(ε² + ξ/2), ε + ξ) for an enclosure of ξ.
Interval theorem4_eps_hat(const Rational& eps, const Interval& xi, mpfr_prec_t prec);

}  // namespace dpb::ref
