#include "reference/pmf/internal/difference.hpp"

#include <stdexcept>

#include "reference/pmf/internal/certified_math.hpp"
#include "reference/pmf/internal/count.hpp"
#include "reference/pmf/internal/series.hpp"

namespace dpb::ref::internal {

namespace {

std::optional<Interval> product(const std::optional<Interval>& x, const std::optional<Interval>& y) {
  if (!x || !y) return std::nullopt;
  return *x * *y;
}

constexpr std::uint64_t kMaxTerms = 200'000'000;

}  // namespace

Interval difference_pmf(const LawOnN& law, const Integer& a, mpfr_prec_t wp) {
  const Integer j0 = law.mode;
  // Upward: terms P[j+a]P[j], j = j0 + n.
  const auto up_ratio = [&](std::uint64_t n) {
    const Integer j = j0 + n;
    return law.ratio_up(Integer(j + a)) * law.ratio_up(j);
  };
  const auto up_rho = [&](std::uint64_t n, const Interval&) {
    const Integer j = j0 + n;
    return product(law.rho_up(Integer(j + a)), law.rho_up(j));
  };
  Interval sum = sum_ratio_series(law.pmf(Integer(j0 + a)) * law.pmf(j0), std::nullopt, up_ratio, up_rho, wp);
  if (j0 == 0) return sum;
  // Downward: j = j0 − 1 − n, n < j0.
  const auto down_ratio = [&](std::uint64_t n) {
    const Integer j = j0 - 1 - n;
    return law.ratio_down(Integer(j + a)) * law.ratio_down(j);
  };
  const auto down_rho = [&](std::uint64_t n, const Interval&) {
    const Integer j = j0 - 1 - n;
    return product(law.rho_down(Integer(j + a)), law.rho_down(j));
  };
  const Integer j1 = j0 - 1;
  return sum + sum_ratio_series(law.pmf(Integer(j1 + a)) * law.pmf(j1), to_count(j0), down_ratio, down_rho, wp);
}

Interval difference_upper_tail(const LawOnN& law, const Integer& k, mpfr_prec_t wp) {
  const Integer j0 = law.mode;
  const Interval q_at_start = law.upper_tail(Integer(k + j0));  // Q(k + j0)
  const Interval p_m_start = law.pmf(Integer(k + j0));          // P[k + j0]
  // Upward, j = j0, j0+1, …: term P[j] Q(k+j); Q(k+j+1) = Q(k+j) − P[k+j]. After term j the rest is at most
  // Q(k+j+1) Σ_{i>j} P[i] ≤ Q(k+j) P[j] ρ/(1−ρ).
  Interval sum(0L, wp);
  {
    Interval p = law.pmf(j0), q = q_at_start, pm = p_m_start;
    Integer j = j0;
    for (std::uint64_t n = 0;; ++n, ++j) {
      const Interval term = p * q;
      sum += term;
      const auto rest = geometric_rest(term, law.rho_up(j).value_or(Interval(1L, wp)));
      if (rest && negligible_rest(*rest, sum, wp)) {
        sum += *rest;
        break;
      }
      if (n > kMaxTerms) throw std::runtime_error("difference_upper_tail: no negligible rest");
      q = clamp_nonnegative(q - pm);
      pm = pm * law.ratio_up(Integer(k + j));
      p = p * law.ratio_up(j);
    }
  }
  if (j0 == 0) return sum;
  // Downward, j = j0−1, …, 0: Q(k+j) = Q(k+j+1) + P[k+j]. The rest below j is at most Q(k) Σ_{i<j} P[i]
  // ≤ Q(k) P[j] ρ/(1−ρ).
  const Interval q_k = law.upper_tail(k);
  Interval p = law.pmf(Integer(j0 - 1)), q = q_at_start, pm = p_m_start * law.ratio_down(Integer(k + j0));
  for (Integer j = j0 - 1; j >= 0; --j) {
    q = q + pm;  // Q(k+j) = Q(k+j+1) + P[k+j]
    sum += p * q;
    if (j == 0) break;
    if (auto rest = geometric_rest(q_k * p, law.rho_down(j).value_or(Interval(1L, wp)));
        rest && negligible_rest(*rest, sum, wp)) {
      sum += *rest;
      break;
    }
    pm = pm * law.ratio_down(Integer(k + j));
    p = p * law.ratio_down(j);
  }
  return sum;
}

}  // namespace dpb::ref::internal
