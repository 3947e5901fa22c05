// RDP of the Gaussian mechanism under subsampling WITHOUT replacement (a fixed-size batch of m out of n records,
// γ = m/n), for the replace-one neighbouring relation: Wang, Balle & Kasiviswanathan, "Subsampled Rényi
// Differential Privacy and Analytical Moments Accountant" (AISTATS 2019, arXiv:1808.00087), Theorem 9, the general
// upper bound for integer orders α >= 2, applied to the Gaussian mechanism, whose RDP is ε(j) = j/(2z²) at every
// order j (z = noise std / the ℓ2 sensitivity of the batch statistic under replace-one) and ε(∞) = ∞:
//
//   ε′(α) <= (1/(α−1)) log( 1 + γ² C(α,2) min{4(e^{ε(2)} − 1), e^{ε(2)} min{2, (e^{ε(∞)} − 1)²}}
//                              + Σ_{j=3}^{α} γ^j C(α,j) e^{(j−1)ε(j)} min{2, (e^{ε(∞)} − 1)^j} )
//          = (1/(α−1)) log( 1 + γ² C(α,2) min{4 expm1(1/z²), 2e^{1/z²}} + Σ_{j=3}^{α} 2 γ^j C(α,j) e^{j(j−1)/(2z²)} ).
//
// γ = 1 (no subsampling: the batch is the data set) is the Gaussian itself, α/(2z²) — Theorem 9 at γ = 1 is
// looser and the subsampled mechanism is the plain one. The code's accountant (Google dp_accounting, spec 003 §7.3)
// is fed the noise multiplier σ; the learner feeds z = σ/2, its noise σ·C on a batch sum whose replace-one
// sensitivity is 2C (dp_sgd_later_noise_multiplier; docs/decisions.md "jdp-glm paper-code, later commit").
//
// Evaluation: certified MPFI enclosures, every term in the log domain (log 2 + j log γ + log C(α,j) + j(j−1)/(2z²),
// log-sum-exp about the largest upper end), so nothing overflows at α = 1024 and z = 2^−20; the returned rationals
// are the enclosures' upper ends: certified UPPER bounds of the formula. Integer orders only (2..1024); the code's
// fractional orders 1.25, 1.5, 1.75 are not implemented (docs/privacy-003.md, same section: omitting orders can only give a larger
// ε(σ), hence a larger calibrated σ).
#pragma once

#include "reference/core/interval.hpp"
#include "reference/core/rational.hpp"

namespace dpb::ref {

inline constexpr long kWorRdpMaxOrder = 1024;

// The enclosure of ε′(α) above at MPFI precision prec. ParameterError naming wor_gaussian_rdp for γ ∉ (0, 1],
// z <= 0, α ∉ [2, 1024].
Interval wor_gaussian_rdp(const Rational& gamma, const Rational& z, long alpha, mpfr_prec_t prec);
// A certified upper bound of the subsampled Gaussian's ε′(α): the smaller of the enclosure's upper end (192 bits) and
// the Gaussian's own α/(2z²) — a mixture over batches of pairs each within α/(2z²), and exp((α−1)D_α) is jointly
// convex; Theorem 9 alone has a floor ≈ log(1 + 2((1+γ)^α − 1 − αγ))/(α−1) as z → ∞. γ = 1: α/(2z²) exactly.
Rational wor_gaussian_rdp_upper_bound(const Rational& gamma, const Rational& z, long alpha);
// The Gaussian's own RDP α/(2z²) (exact): Theorem 9's comparison, the full-batch mechanism.
Rational gaussian_rdp(const Rational& z, long alpha);

// RDP → (ε, δ) by Canonne, Kamath & Steinke 2020 Prop. 12 (the conversion dp_accounting's compute_epsilon uses):
//   ε = rdp + log(1 − 1/α) − (log δ + log α)/(α − 1),
// enclosed at prec (rdp given as an enclosure). Not clamped at 0.
Interval rdp_to_dp_cks(const Interval& rdp, long alpha, const Rational& delta, mpfr_prec_t prec);

}  // namespace dpb::ref
