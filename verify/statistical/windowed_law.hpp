// A certified law given by a finite window of pmf lower bounds, and the n-fold convolution of a certified law built
// that way (claim 000.dgauss-sum.sampled: the sum of n per-user discrete Gaussians is not a discrete Gaussian, so its
// exact law is computed here and the sampled sums are tested against it).
//
// Window and deficit (as in verify/certified/common.hpp). The window holds enclosures of reals q(k), k in
// [first, last], with 0 ≤ q(k) ≤ p(k) for the true pmf p (truncated sums and products of exact pmf values). Since p
// sums to 1, the missing mass δ = 1 − Σ_k q(k) ≥ 0 bounds every gap: q(k) ≤ p(k) ≤ q(k) + δ for every k ∈ ℤ (q = 0
// outside the window). Hence, with Q(k) = Σ_{j ≤ k} q(j):
//   P[X = k] ∈ [q(k), q(k) + δ],   P[X ≤ k] ∈ [Q(k), Q(k) + δ],   P[X ≥ k] ∈ [Σ_{j ≥ k} q(j), … + δ].
// Every enclosure WindowedLaw returns is one of these, so it contains the exact value; it is computed once, at the
// construction precision, and returned as is at any requested precision (its width is about δ, not 2^−prec).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "reference/core/interval.hpp"
#include "reference/core/rational.hpp"
#include "reference/pmf/distribution.hpp"

namespace dpb::verify::statistical {

class WindowedLaw final : public ref::CertifiedDistribution {
 public:
  // window[i] encloses q(first + i) (see above). mean and variance are enclosures of the law's exact moments,
  // supplied by the caller (for a convolution: the sums of the factors' moments).
  WindowedLaw(std::string description, std::vector<Interval> window, long first, Interval mean, Interval variance,
              mpfr_prec_t prec);

  std::string describe() const override { return description_; }
  // The window's ends; the law itself may be unbounded (its mass outside is at most δ).
  std::optional<Integer> support_min() const override { return std::nullopt; }
  std::optional<Integer> support_max() const override { return std::nullopt; }
  Interval pmf(const Integer& k, mpfr_prec_t prec) const override;
  Interval cdf(const Integer& k, mpfr_prec_t prec) const override;
  Interval upper_tail(const Integer& k, mpfr_prec_t prec) const override;
  Interval mean(mpfr_prec_t prec) const override;
  Interval variance(mpfr_prec_t prec) const override;

  long first() const { return first_; }
  long last() const { return first_ + static_cast<long>(window_.size()) - 1; }
  const std::vector<Interval>& window() const { return window_; }
  // [0, upper bound of δ].
  const Interval& deficit() const { return deficit_; }

 private:
  std::string description_;
  std::vector<Interval> window_;
  long first_;
  Interval mean_, variance_;
  mpfr_prec_t prec_;
  Interval deficit_;
  std::vector<Interval> prefix_;  // prefix_[i] = Σ_{j ≤ i} window_[j]
  std::vector<Interval> suffix_;  // suffix_[i] = Σ_{j ≥ i} window_[j]
};

// The law of X_1 + … + X_n for X_i i.i.d. `law` (n ≥ 1): each factor is cut to the smallest window [a, b] of
// integers with P[X < a] + P[X > b] ≤ tail_mass / n (certified), and the windows are convolved with outward
// rounding (certified::convolve); the deficit of the result then covers both the cut tails and the rounding.
// Mean and variance are n times the factor's. Throws std::invalid_argument for n = 0, or if no window of at most
// 10^6 values holds the required mass.
WindowedLaw convolution_power(const ref::CertifiedDistribution& law, std::uint64_t n, const Rational& tail_mass,
                              mpfr_prec_t prec = 192);

// The total variation distance sup_A |P(A) − Q(A)| = ½ Σ_k |p(k) − g(k)| between a windowed law p and a certified
// law g, as a certified enclosure:
//   ½ Σ_k |p − g| ≤ ½ (Σ_{window} |q − g| + δ + g(outside the window)),
//   ½ Σ_k |p − g| ≥ ½ (Σ_{window} |q − g| − δ)            (|p − g| ≥ |q − g| − (p − q) and Σ_k (p − q) = δ).
Interval total_variation(const WindowedLaw& p, const ref::CertifiedDistribution& g, mpfr_prec_t prec = 192);

}  // namespace dpb::verify::statistical
