// An exact (non-asymptotic) two-sided test of a sample mean against its expectation, for laws whose cumulant
// generating function is known: the Chernoff bound. For the mean X̄ of n i.i.d. copies of X with E X = μ and centred
// cumulant generating function K(λ) = ln E e^{λ(X − μ)}, for every λ > 0
//     P[X̄ − μ ≥ t] ≤ exp(−n(λt − K(λ))),
// so with t(λ) = (ln(1/α_side)/n + K(λ))/λ, P[X̄ − μ ≥ t(λ)] ≤ α_side for each λ, and the smallest t(λ) over a fixed
// grid of λ is a valid threshold (a grid chosen before seeing the data). The lower tail uses K(−λ). Replaces the
// normal-approximation "within z standard errors" checks (issue 13 §2). Doubles are test arithmetic; the threshold
// is widened by a relative 1e-9, far above their rounding error.
#pragma once

#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>

namespace dpb::test {

// min over the geometric grid λ = 0.999·λ_max·2^{−k/32}, k = 0..1279 (down to ~10^{−12}·λ_max), of
// (ln(1/alpha_side)/n + K(λ))/λ; K must be finite on (0, λ_max).
inline double chernoff_threshold(const std::function<double(double)>& centred_cgf, double lambda_max, std::uint64_t n,
                                 double alpha_side) {
  double best = std::numeric_limits<double>::infinity();
  const double log_inv = std::log(1 / alpha_side) / static_cast<double>(n);
  for (int k = 0; k < 1280; ++k) {
    const double lambda = 0.999 * lambda_max * std::exp2(-k / 32.0);
    const double K = centred_cgf(lambda);
    if (std::isfinite(K)) best = std::min(best, (log_inv + K) / lambda);
  }
  return best * (1 + 1e-9);
}

// True when |mean − mu| passes the two-sided Chernoff test at level alpha (α/2 per side); `cgf(λ)` is the centred
// cumulant generating function for λ of either sign, finite on (−lambda_max, lambda_max).
inline bool chernoff_mean_ok(double mean, double mu, const std::function<double(double)>& cgf, double lambda_max,
                             std::uint64_t n, double alpha = 1e-6) {
  const double up = chernoff_threshold(cgf, lambda_max, n, alpha / 2);
  const double down = chernoff_threshold([&cgf](double l) { return cgf(-l); }, lambda_max, n, alpha / 2);
  return mean - mu < up && mu - mean < down;
}

}  // namespace dpb::test
