// Pearson χ² and G (likelihood-ratio) goodness-of-fit statistics, with p-values and critical values from the exact
// χ² distribution (Boost.Math chi_squared: regularized incomplete gamma functions), never a normal approximation.
//
// Doubles are allowed here (docs/architecture.md §6: verify/stats makes no sampling or privacy decision).
// Numeric accuracy:
//  - chi_squared_upper_tail: Boost's gamma_q, relative error a few ulps (≲ 1e-14) for the df and x used here;
//    values below ~1e-308 underflow to 0 (reported as "< 1e-300").
//  - chi_squared_critical_value: Boost's gamma_q_inv, relative error ≲ 1e-13.
//  - chi_squared_power: Boost's non_central_chi_squared (series of Ding / Benton–Krishnamoorthy), relative error
//    ≲ 1e-12; only used to plan sample sizes, never to decide a test.
//  - the statistics are computed in double; the `conservative` member is a rigorous lower bound of the statistic
//    over every probability vector inside the given enclosures, minus a relative 1e-11 of Σ|terms| that covers
//    the floating-point evaluation (≲ B·4·2^-53 relative for B bins). The p-value is taken at that lower bound,
//    so a test never rejects because of the width of a pmf enclosure (≈1e-30 at 128 bits) or rounding.
#pragma once

#include <cstdint>
#include <span>

namespace dpb::verify::stats {

// A probability known to lie in [lower, upper] (doubles rounded outward from a certified enclosure).
struct ProbabilityEnclosure {
  double lower = 0;
  double upper = 0;
  double midpoint() const { return 0.5 * (lower + upper); }
};

// P[χ²_df ≥ x], for df > 0 (x ≤ 0 gives 1).
double chi_squared_upper_tail(double x, double df);
// The c with P[χ²_df ≥ c] = alpha, 0 < alpha < 1.
double chi_squared_critical_value(double df, double alpha);
// Power of the level-alpha χ²_df test when the statistic is noncentral χ² with noncentrality lambda:
// P[χ'²_df(λ) ≥ chi_squared_critical_value(df, alpha)].
double chi_squared_power(double df, double lambda, double alpha);

// Pearson noncentrality n Σ (q_i − p_i)² / p_i of the alternative q against the null p (both over the same bins):
// under q the Pearson statistic is approximately noncentral χ²_{B−1}(λ) (Mitra 1958), used for power planning.
double pearson_noncentrality(std::span<const double> p_null, std::span<const double> q_alt, double n);

struct GofStatistic {
  double value = 0;         // at the enclosure midpoints
  double conservative = 0;  // a lower bound over the enclosures (see the file comment); ≥ 0
  double df = 0;            // bins − 1
  double p_value = 0;       // P[χ²_df ≥ conservative]
};

// X² = Σ (O_i − n p_i)² / (n p_i), n = Σ O_i. Preconditions: same length ≥ 2, every lower > 0.
GofStatistic pearson_statistic(std::span<const std::uint64_t> observed, std::span<const ProbabilityEnclosure> p);
// G = 2 Σ O_i ln(O_i / (n p_i)) (terms with O_i = 0 are 0). Same preconditions.
GofStatistic g_statistic(std::span<const std::uint64_t> observed, std::span<const ProbabilityEnclosure> p);

}  // namespace dpb::verify::stats
