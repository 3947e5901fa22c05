#include "reference/privacy/subsampled_rdp.hpp"

#include <algorithm>
#include <map>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "reference/core/errors.hpp"
#include "reference/privacy/accountants.hpp"

namespace dpb::ref {

namespace {

constexpr const char* kFn = "wor_gaussian_rdp";

void check(const Rational& gamma, const Rational& z, long alpha) {
  if (gamma <= 0 || gamma > 1) throw_parameter_error(kFn, "gamma", "in (0, 1]", to_string(gamma));
  if (z <= 0) throw_parameter_error(kFn, "z", "> 0", to_string(z));
  if (alpha < 2 || alpha > kWorRdpMaxOrder)
    throw_parameter_error(kFn, "alpha", "an integer in [2, 1024]", std::to_string(alpha));
}

// The smaller of two enclosures: [min lower, min upper] (contains min(a, b) for every a ∈ A, b ∈ B).
Interval min_of(const Interval& a, const Interval& b, mpfr_prec_t prec) {
  return Interval::hull(std::min(a.lower(), b.lower()), std::min(a.upper(), b.upper()), prec);
}

// log(e^x − 1) for x > 0, without overflow: log(expm1(x)) for x <= 1, x + log1p(−e^{−x}) above.
Interval log_expm1(const Rational& x, mpfr_prec_t prec) {
  const Interval xi(x, prec);
  if (x <= 1) return xi.expm1().log();
  return xi + (-(-xi).exp()).log1p();
}

// log C(α, j) for j = 2..α (index j − 2), enclosed at prec; computed once per (α, prec) per process (the binomials are
// exact integers, their logs the expensive part of a sweep over α's terms).
const std::vector<Interval>& log_binomials(long alpha, mpfr_prec_t prec) {
  static std::mutex mutex;
  static std::map<std::pair<long, mpfr_prec_t>, std::vector<Interval>> cache;
  const std::lock_guard<std::mutex> lock(mutex);
  auto [it, fresh] = cache.try_emplace(std::pair<long, mpfr_prec_t>(alpha, prec));
  if (fresh) {
    Integer binom = Integer(alpha) * (alpha - 1) / 2;  // C(α, 2)
    it->second.push_back(Interval(binom, prec).log());
    for (long j = 3; j <= alpha; ++j) {
      binom = binom * (alpha - j + 1) / j;  // C(α, j) = C(α, j−1)(α−j+1)/j, exact
      it->second.push_back(Interval(binom, prec).log());
    }
  }
  return it->second;
}

}  // namespace

Rational gaussian_rdp(const Rational& z, long alpha) {
  if (z <= 0) throw_parameter_error(kFn, "z", "> 0", to_string(z));
  if (alpha < 2 || alpha > kWorRdpMaxOrder)
    throw_parameter_error(kFn, "alpha", "an integer in [2, 1024]", std::to_string(alpha));
  return Rational(alpha) / (2 * z * z);
}

Interval wor_gaussian_rdp(const Rational& gamma, const Rational& z, long alpha, mpfr_prec_t prec) {
  check(gamma, z, alpha);
  if (gamma == 1) return Interval(gaussian_rdp(z, alpha), prec);
  const Rational x = 1 / (z * z);  // ε(2) = 2/(2z²)
  const Interval log_gamma = Interval(gamma, prec).log(), log2 = Interval(2L, prec).log();
  // log of each term j = 2..α (index j − 2)
  const std::vector<Interval>& lb = log_binomials(alpha, prec);
  std::vector<Interval> logs;
  logs.reserve(static_cast<std::size_t>(alpha - 1));
  {
    const Interval a = Interval(4L, prec).log() + log_expm1(x, prec);  // log(4(e^{ε(2)} − 1))
    const Interval b = log2 + Interval(x, prec);                      // log(2e^{ε(2)})
    logs.push_back(log_gamma.mul(Rational(2)) + lb[0] + min_of(a, b, prec));
  }
  for (long j = 3; j <= alpha; ++j)
    logs.push_back(log2 + log_gamma.mul(Rational(j)) + lb[static_cast<std::size_t>(j - 2)] +
                   Interval(Rational(Rational(j * (j - 1)) * x / 2), prec));
  // log(1 + Σ e^{l_j}) = M + log(e^{−M} + Σ e^{l_j − M}), M >= 0 and >= every upper end
  Rational M = 0;
  for (const Interval& l : logs) M = std::max(M, l.upper());
  const Interval Mi(M, prec);
  Interval sum = (-Mi).exp();
  for (const Interval& l : logs) sum += (l - Mi).exp();
  return (Mi + sum.log()).div(Rational(alpha - 1));
}

Rational wor_gaussian_rdp_upper_bound(const Rational& gamma, const Rational& z, long alpha) {
  const Rational full = gaussian_rdp(z, alpha);
  if (gamma == 1) return full;
  // Theorem 9's terms j >= 3 tend to 2γ^j C(α,j) as z grows (ε(∞) = ∞), a floor that does not vanish with the noise;
  // the subsampled mechanism is a mixture over batches of Gaussians whose pair divergence is at most α/(2z²) each,
  // and exp((α−1)D_α) is jointly convex, so α/(2z²) bounds it too: the smaller of the two.
  return std::min(wor_gaussian_rdp(gamma, z, alpha, kAccountantPrecision).upper(), full);
}

Interval rdp_to_dp_cks(const Interval& rdp, long alpha, const Rational& delta, mpfr_prec_t prec) {
  if (alpha < 2) throw_parameter_error("rdp_to_dp_cks", "alpha", ">= 2", std::to_string(alpha));
  if (delta <= 0 || delta >= 1) throw_parameter_error("rdp_to_dp_cks", "delta", "in (0, 1)", to_string(delta));
  const Interval a(alpha, prec);
  const Interval log_term = Interval(Rational(-1, alpha), prec).log1p();  // log(1 − 1/α)
  return rdp + log_term - (Interval(delta, prec).log() + a.log()).div(Rational(alpha - 1));
}

}  // namespace dpb::ref
