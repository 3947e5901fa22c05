// Pmf windows and closed forms the certified claims of seed 000 need (Chowdhury & Zhou 2023, arXiv:2206.05772: Defs 4,
// 5, 11, Fact 1, footnote 3). Windows are built from the reference's certified pmfs (reference/pmf/), i.e. from the
// laws the samplers draw, and combined here with fast outward-rounded sums; the closed forms are computed here,
// independently of reference/pmf, so that
// a claim compares two separate computations. Window functions return enclosures of reals q(k) with
// 0 ≤ q(k) ≤ p(k) — exact pmf values, or truncated sums of non-negative terms — so that the window's deficit
// certifies what is missing (verify/certified/common.hpp).
#pragma once

#include <vector>

#include "reference/core/interval.hpp"
#include "reference/core/rational.hpp"

namespace dpb::verify::certified {

// β = e^{−1/scale} and 1 − β (through expm1, accurate when scale is large).
Interval beta_of_scale(const Rational& scale, mpfr_prec_t prec);
Interval one_minus_beta_of_scale(const Rational& scale, mpfr_prec_t prec);

// Pólya(r, β = e^{−1/scale}) pmf at 0 … count−1, by the recursion P[0] = (1−β)^r, P[x+1] = P[x] β (x+r)/(x+1)
// (computed here, independently of ref::PolyaPmf).
std::vector<Interval> polya_pmf_prefix(const Rational& r, const Rational& scale, std::size_t count,
                                       mpfr_prec_t prec);

// Continues such a prefix (non-empty) by the same recursion up to `count` values.
void extend_polya_prefix(std::vector<Interval>& prefix, const Rational& r, const Rational& scale, std::size_t count);

// Lap_Z(scale) pmf by its closed form ((1−β)/(1+β)) β^{|k|}, β = e^{−1/scale}, computed here.
Interval dlaplace_pmf(const Rational& scale, long k, mpfr_prec_t prec);

// Sk(0, variance) on [−W, W] as the law of N₁ − N₂, N₁, N₂ i.i.d. Poisson(variance/2) — what the Skellam sampler
// draws: q(x) = Σ_j P[j + |x|] P[j] with P from ref::PoissonPmf on the window
// [mean − 14√mean − 30, mean + 14√mean + 30 + W] (lower bounds: omitted terms are ≥ 0).
std::vector<Interval> skellam_window_poisson_difference(const Rational& variance, long W, mpfr_prec_t prec);

// Unnormalised discrete-Gaussian weights e^{−y²/(2σ²)} for y = 0 … W.
std::vector<Interval> gaussian_weights(const Rational& sigma2, long W, mpfr_prec_t prec);

// ln Γ(z) for an enclosure z ⊂ (0, ∞): MPFR's correctly rounded lngamma at the endpoints where ln Γ is increasing
// (z ≥ 2), shifted there by ln Γ(z) = ln Γ(z + k) − Σ_{j<k} ln(z + j) otherwise.
Interval lngamma(const Interval& z);

}  // namespace dpb::verify::certified
