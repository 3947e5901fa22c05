// Laws of N₁ − N₂ for N₁, N₂ i.i.d. on {0, 1, 2, …} (Skellam = Poisson − Poisson, Pólya difference), computed
// from the law of N by convolution with certified truncation (not API):
//   P[N₁ − N₂ = a] = Σ_j P[j+a] P[j]            (a ≥ 0; the law is symmetric),
//   P[N₁ − N₂ ≥ k] = Σ_j P[j] Q(k+j)            (k ≥ 1, Q(m) = P[N ≥ m]).
// Both sums start at the mode j0 of N and run both ways; the rest beyond j (upward) is bounded by
// P[j+a]P[j]·ρ/(1−ρ) (resp. Q(k+j)·P[j]·ρ/(1−ρ), since Q decreases), the rest below j by the same with the
// downward ratio bounds (resp. Q(k)·P[j]·ρ/(1−ρ)). docs/pmf.md.
#pragma once

#include <functional>
#include <optional>

#include "reference/core/interval.hpp"
#include "reference/core/rational.hpp"

namespace dpb::ref::internal {

// The law of N at one working precision.
struct LawOnN {
  std::function<Interval(const Integer& m)> pmf;         // P[m]
  std::function<Interval(const Integer& m)> upper_tail;  // P[N ≥ m]
  std::function<Interval(const Integer& i)> ratio_up;    // P[i+1]/P[i]
  // ρ ≥ P[i'+1]/P[i'] for every i' ≥ i, when known.
  std::function<std::optional<Interval>(const Integer& i)> rho_up;
  std::function<Interval(const Integer& i)> ratio_down;  // P[i−1]/P[i], i ≥ 1
  // ρ ≥ P[i'−1]/P[i'] for every 1 ≤ i' ≤ i, when known.
  std::function<std::optional<Interval>(const Integer& i)> rho_down;
  Integer mode;
};

// Σ_j P[j+a] P[j] for a ≥ 0, at working precision wp (not clamped, not rounded).
Interval difference_pmf(const LawOnN& law, const Integer& a, mpfr_prec_t wp);
// P[N₁ − N₂ ≥ k] for k ≥ 1, at working precision wp (not clamped, not rounded).
Interval difference_upper_tail(const LawOnN& law, const Integer& k, mpfr_prec_t wp);

}  // namespace dpb::ref::internal
