// Certified pmf windows of the laws the certified claims of seed 000 need, computed directly with dpb::Interval.
// (Spec: seed 000 §4.1–§4.4, §4.7.) Each function returns enclosures of reals q(k) with 0 ≤ q(k) ≤ p(k) — exact
// pmf values, or truncated sums of non-negative terms — so that the window's deficit certifies what is missing
// (verify/certified/common.hpp).
#pragma once

#include <vector>

#include "reference/core/interval.hpp"
#include "reference/core/rational.hpp"

namespace dpb::verify::certified {

// β = e^{−1/scale} and 1 − β (through expm1, accurate when scale is large).
Interval beta_of_scale(const Rational& scale, mpfr_prec_t prec);
Interval one_minus_beta_of_scale(const Rational& scale, mpfr_prec_t prec);

// Pólya(r, β = e^{−1/scale}) pmf at 0 … count−1, by the recursion P[0] = (1−β)^r, P[x+1] = P[x] β (x+r)/(x+1).
std::vector<Interval> polya_pmf_prefix(const Rational& r, const Rational& scale, std::size_t count,
                                       mpfr_prec_t prec);

// Lap_Z(scale) pmf: ((1−β)/(1+β)) β^{|k|}, β = e^{−1/scale} (exact value enclosed).
Interval dlaplace_pmf(const Rational& scale, long k, mpfr_prec_t prec);

// Poisson(mean) pmf at j = first … last (exact values enclosed; e^{−mean} mean^first / first! then the recursion).
std::vector<Interval> poisson_pmf_range(const Rational& mean, long first, long last, mpfr_prec_t prec);

// Sk(0, variance) on [−W, W] as the Poisson-difference convolution Σ_j P[j + |x|] P[j], P = Poisson(variance/2),
// j over the Poisson window [mean − 14√mean − 30, mean + 14√mean + 30] (lower bounds: omitted terms are ≥ 0).
std::vector<Interval> skellam_pmf_window_poisson(const Rational& variance, long W, mpfr_prec_t prec);

// e^{−σ²} I_{|x|}(σ²) by its power series Σ_m (σ²/2)^{2m+|x|}/(m!(m+|x|)!), with the remainder after the last term
// bounded by a geometric series (term ratios decrease): an enclosure of the exact value.
Interval skellam_pmf_bessel_series(const Rational& variance, long x, mpfr_prec_t prec);

// Unnormalised discrete-Gaussian weights e^{−y²/(2σ²)} for y = 0 … W.
std::vector<Interval> gaussian_weights(const Rational& sigma2, long W, mpfr_prec_t prec);

// ln Γ(z) for an enclosure z ⊂ (0, ∞): MPFR's correctly rounded lngamma at the endpoints where ln Γ is increasing
// (z ≥ 2), shifted there by ln Γ(z) = ln Γ(z + k) − Σ_{j<k} ln(z + j) otherwise.
Interval lngamma(const Interval& z);

}  // namespace dpb::verify::certified
