// Certified helpers shared by the pmfs (not API): working precision, outward rounding, clamping, ln Γ, the
// β = e^{−1/scale} family, and the geometric bound on the rest of a series. Every function returns an enclosure
// of the exact real it names. How each pmf uses them: docs/pmf.md.
#pragma once

#include <mpfr.h>

#include <optional>

#include "reference/core/interval.hpp"
#include "reference/core/rational.hpp"

namespace dpb::ref::internal {

// Precision at which a result wanted at `prec` bits is computed: 32 guard bits plus `extra` (callers add the
// bit length of the magnitudes that cancel, e.g. of ln k! when P[k] is formed in log space).
mpfr_prec_t working_precision(mpfr_prec_t prec, unsigned extra = 0);

// The same enclosure rounded outward to `prec` bits (so it still contains the exact value).
Interval round_out(const Interval& x, mpfr_prec_t prec);

// [max(lo, 0), hi] and [max(lo, 0), min(hi, 1)]: for quantities known to be ≥ 0 / probabilities.
// Precondition: the exact value lies in the target range, so the intersection is never empty.
Interval clamp_nonnegative(const Interval& x);
Interval clamp_probability(const Interval& x);

// [0, hi(x)]: encloses any quantity known to lie between 0 and the value enclosed by x (a truncation rest).
Interval zero_to(const Interval& x);

// ln Γ(x) for an enclosure x with lower endpoint > 0. mpfr_lngamma is correctly rounded and ln Γ is increasing
// on [2, ∞) (its minimum is at 1.4616…), so on [2, ∞) the endpoints map to the endpoints, rounded outward;
// below 2 we use ln Γ(x) = ln Γ(x + 2) − ln x − ln(x + 1).
Interval lgamma(const Interval& x);
// ln k! = ln Γ(k + 1) for k ≥ 0 (k + 1 is held exactly: the precision is raised to its bit length if needed).
Interval log_factorial(const Integer& k, mpfr_prec_t prec);

// β = e^{−1/scale} and 1 − β = −expm1(−1/scale) (no cancellation for large scale).
Interval beta_of_scale(const Rational& scale, mpfr_prec_t prec);
Interval one_minus_beta_of_scale(const Rational& scale, mpfr_prec_t prec);

// Rest of a positive series after term t_n: when ρ ≥ t_{m+1}/t_m for every m ≥ n and ρ < 1 (certainly),
//   Σ_{m>n} t_m ≤ t_n (ρ + ρ² + …) = t_n ρ/(1 − ρ).
// Returns [0, that bound] (rounded up), or nullopt when ρ < 1 is not certain.
std::optional<Interval> geometric_rest(const Interval& t_n, const Interval& rho);

// True when the rest is negligible for a sum: hi(rest) ≤ 2^{−rel_bits}·lo(sum), or hi(rest) = 0.
bool negligible_rest(const Interval& rest, const Interval& sum, mpfr_prec_t rel_bits);

// x·num/den (den > 0), rounded outward; machine-word operations when num and den fit (the hot loops of the sums).
Interval times_fraction(const Interval& x, const Integer& num, const Integer& den);
// num/den as an enclosure at precision prec.
Interval fraction(const Integer& num, const Integer& den, mpfr_prec_t prec);

// Bit length of |x| rounded up to an integer (0 for |x| < 1): a cheap magnitude for guard bits.
unsigned magnitude_bits(const Rational& x);

}  // namespace dpb::ref::internal
