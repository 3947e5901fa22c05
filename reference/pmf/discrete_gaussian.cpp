#include "reference/pmf/discrete_gaussian.hpp"

#include <mpfi.h>

#include "reference/pmf/internal/certified_math.hpp"
#include "reference/pmf/internal/series.hpp"

namespace dpb::ref {

using internal::clamp_nonnegative;
using internal::clamp_probability;
using internal::magnitude_bits;
using internal::rho_nonincreasing;
using internal::round_out;
using internal::sum_ratio_series;
using internal::working_precision;

DiscreteGaussianPmf::DiscreteGaussianPmf(const Rational& sigma2, const Rational& mu) : sigma2_(sigma2), mu_(mu) {
  require_reasonable_size(sigma2_, "DiscreteGaussianPmf", "sigma2");
  require_positive(sigma2_, "DiscreteGaussianPmf", "sigma2");
  require_reasonable_size(mu_, "DiscreteGaussianPmf", "mu");
}

std::string DiscreteGaussianPmf::describe() const {
  return "dgauss(sigma2=" + to_string(sigma2_) + ", mu=" + to_string(mu_) + ")";
}

Interval DiscreteGaussianPmf::side_sum(const Rational& d, unsigned m, mpfr_prec_t wp) const {
  const Rational two_s2 = 2 * sigma2_;
  // First term d^m e^{−d²/(2σ²)}; the exponent is exact, its magnitude is added as guard bits.
  const Rational e0 = d * d / two_s2;
  const mpfr_prec_t p = working_precision(wp, magnitude_bits(e0));
  Interval t0 = exp_neg(e0, p);
  for (unsigned i = 0; i < m; ++i) t0 = t0.mul(d);
  // Ratio t_{n+1}/t_n = ((d+n+1)/(d+n))^m e^{−(2(d+n)+1)/(2σ²)}: decreasing in n (d + n > 0 when m ≥ 1).
  const auto ratio = [&](std::uint64_t n) {
    const Rational dn = d + n;
    Interval r = exp_neg(Rational((2 * dn + 1) / two_s2), p);
    for (unsigned i = 0; i < m; ++i) r = r.mul(Rational((dn + 1) / dn));
    return r;
  };
  return sum_ratio_series(t0, std::nullopt, ratio, rho_nonincreasing, wp);
}

Interval DiscreteGaussianPmf::normalizer_direct(mpfr_prec_t prec) const {
  const mpfr_prec_t wp = working_precision(prec);
  // y ≥ y0 and y ≤ y0 − 1 with y0 the integer nearest μ: d = y0 − μ ∈ (−1/2, 1/2] and μ − (y0 − 1) ∈ [1/2, 3/2).
  const Integer y0 = floor(Rational(mu_ + Rational(1, 2)));
  return round_out(side_sum(Rational(y0 - mu_), 0, wp) + side_sum(Rational(mu_ - (y0 - 1)), 0, wp), prec);
}

Interval DiscreteGaussianPmf::normalizer_theta(mpfr_prec_t prec) const {
  const mpfr_prec_t wp = working_precision(prec, magnitude_bits(sigma2_));
  Interval pi(wp);
  mpfi_const_pi(pi.get());
  const Interval s2(sigma2_, wp);
  const Interval c = pi.sqr().mul(Rational(2)) * s2;  // 2π²σ²
  const Interval one(1L, wp);
  Interval sum(0L, wp);
  for (long k = 1;; ++k) {
    // cos(2πkμ) with kμ reduced mod 1 exactly (the argument stays small and accurate).
    const Rational frac = Rational(k * mu_) - floor(Rational(k * mu_));
    Interval angle = pi.mul(Rational(2 * frac)), cosine(wp);
    mpfi_cos(cosine.get(), angle.get());
    sum += (-(c.mul(Rational(k * k)))).exp() * cosine;
    // Rest Σ_{j>k} e^{−cj²} ≤ e^{−c(k+1)²}/(1 − e^{−2c(k+1)}).
    const Interval rest = (-(c.mul(Rational((k + 1) * (k + 1))))).exp() /
                          (one - (-(c.mul(Rational(2 * (k + 1))))).exp());
    if (internal::negligible_rest(rest, one, wp) || k > 1000000) {
      Interval err(wp);
      mpfi_interv_fr(err.get(), &(-rest).get()->left, &rest.get()->right);
      const Interval theta = one + (sum + err).mul(Rational(2));
      return round_out(s2.sqrt() * (pi.mul(Rational(2))).sqrt() * theta, prec);
    }
  }
}

Interval DiscreteGaussianPmf::normalizer(mpfr_prec_t prec) const {
  return sigma2_ >= 1 ? normalizer_theta(prec) : normalizer_direct(prec);
}

Interval DiscreteGaussianPmf::pmf(const Integer& k, mpfr_prec_t prec) const {
  const Rational e = (Rational(k) - mu_) * (Rational(k) - mu_) / (2 * sigma2_);
  const mpfr_prec_t wp = working_precision(prec, magnitude_bits(e));
  return round_out(exp_neg(e, wp) / normalizer(wp), prec);
}

Interval DiscreteGaussianPmf::cdf(const Integer& k, mpfr_prec_t prec) const {
  const mpfr_prec_t wp = working_precision(prec);
  if (k < mu_) {
    // Σ_{y ≤ k} w(y) = Σ_{n≥0} e^{−(μ−k+n)²/(2σ²)}, μ − k > 0.
    return round_out(clamp_probability(side_sum(Rational(mu_ - k), 0, wp) / normalizer(wp)), prec);
  }
  return round_out(clamp_probability(Interval(1L, wp) - upper_tail(Integer(k + 1), wp)), prec);
}

Interval DiscreteGaussianPmf::upper_tail(const Integer& k, mpfr_prec_t prec) const {
  const mpfr_prec_t wp = working_precision(prec);
  if (k > mu_) return round_out(clamp_probability(side_sum(Rational(k - mu_), 0, wp) / normalizer(wp)), prec);
  return round_out(clamp_probability(Interval(1L, wp) - cdf(Integer(k - 1), wp)), prec);
}

Interval DiscreteGaussianPmf::mean(mpfr_prec_t prec) const {
  // Symmetric about μ when 2μ is an integer (y ↦ 2μ − y maps Z onto Z): the mean is μ exactly.
  if (denominator(Rational(2 * mu_)) == 1) return Interval(mu_, prec);
  const mpfr_prec_t wp = working_precision(prec);
  const Rational above = Rational(floor(mu_) + 1) - mu_;  // smallest y > μ, as y − μ ∈ (0, 1]
  const Rational below = mu_ - Rational(ceil(mu_) - 1);   // largest y < μ, as μ − y ∈ (0, 1]
  const Interval m1 = side_sum(above, 1, wp) - side_sum(below, 1, wp);
  return round_out(Interval(mu_, wp) + m1 / normalizer(wp), prec);
}

Interval DiscreteGaussianPmf::variance(mpfr_prec_t prec) const {
  const mpfr_prec_t wp = working_precision(prec);
  const Rational above = Rational(floor(mu_) + 1) - mu_;
  const Rational below = mu_ - Rational(ceil(mu_) - 1);
  const Interval z = normalizer(wp);
  // E[(X−μ)²] − (E[X] − μ)²; the point y = μ (when μ is an integer) contributes 0 to both moments.
  const Interval m2 = (side_sum(above, 2, wp) + side_sum(below, 2, wp)) / z;
  const Interval shift = mean(wp) - Interval(mu_, wp);
  return round_out(clamp_nonnegative(m2 - shift.sqr()), prec);
}

}  // namespace dpb::ref
