// Certified sums of positive series given by a first term and term ratios (not API). This is how every infinite
// (or long) sum in the pmfs is truncated: terms are added until the geometric bound on the omitted rest is
// negligible, and the rest is then added to the enclosure as [0, bound], so the result is still certain.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>

#include "reference/core/interval.hpp"

namespace dpb::ref::internal {

// ratio(n) encloses t_{n+1}/t_n.
using RatioFn = std::function<Interval(std::uint64_t n)>;
// rho(n, ratio_n) returns ρ with ρ ≥ t_{m+1}/t_m for every m ≥ n, when such a bound is known (else nullopt).
using RhoFn = std::function<std::optional<Interval>(std::uint64_t n, const Interval& ratio_n)>;

// Σ_{n < count} t_n (count = nullopt: the whole infinite series) with t_{n+1} = t_n · ratio(n). After term n the
// rest Σ_{m>n} t_m ≤ t_n ρ/(1 − ρ) (ρ = rho(n, ·) < 1); the sum stops once that bound is at most 2^{−rel_bits}
// times the sum so far and adds [0, bound]. A finite series may end earlier the same way. Throws
// std::runtime_error after 2·10^8 terms (a rest bound that never becomes small is a bug in the caller's rho).
Interval sum_ratio_series(const Interval& t0, std::optional<std::uint64_t> count, const RatioFn& ratio,
                          const RhoFn& rho, mpfr_prec_t rel_bits);

// rho for terms whose ratios do not increase with n (log-concave terms, read away from the mode): ρ_n = ratio_n.
std::optional<Interval> rho_nonincreasing(std::uint64_t n, const Interval& ratio_n);

}  // namespace dpb::ref::internal
