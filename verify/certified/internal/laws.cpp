#include "verify/certified/internal/laws.hpp"

#include <mpfr.h>

#include <stdexcept>

#include "reference/pmf/poisson.hpp"

namespace dpb::verify::certified {

Interval beta_of_scale(const Rational& scale, mpfr_prec_t prec) { return exp_neg(Rational(1 / scale), prec); }

Interval one_minus_beta_of_scale(const Rational& scale, mpfr_prec_t prec) {
  return -(Interval(Rational(-1 / scale), prec).expm1());
}

std::vector<Interval> polya_pmf_prefix(const Rational& r, const Rational& scale, std::size_t count,
                                       mpfr_prec_t prec) {
  std::vector<Interval> p;
  if (count == 0) return p;
  p.reserve(count);
  p.push_back(one_minus_beta_of_scale(scale, prec).log().mul(r).exp());  // (1−β)^r
  extend_polya_prefix(p, r, scale, count);
  return p;
}

void extend_polya_prefix(std::vector<Interval>& p, const Rational& r, const Rational& scale, std::size_t count) {
  const Interval beta = beta_of_scale(scale, p.front().precision());
  for (std::size_t x = p.size() - 1; x + 1 < count; ++x) {
    const Rational ratio = (Rational(static_cast<long>(x)) + r) / Rational(static_cast<long>(x) + 1);
    p.push_back((p.back() * beta).mul(ratio));
  }
}

Interval dlaplace_pmf(const Rational& scale, long k, mpfr_prec_t prec) {
  const Interval omb = one_minus_beta_of_scale(scale, prec);
  const Interval beta = beta_of_scale(scale, prec);
  const Interval head = omb / (Interval(1L, prec) + beta);
  const long a = k < 0 ? -k : k;
  return head * exp_neg(Rational(Rational(a) / scale), prec);
}

std::vector<Interval> skellam_window_poisson_difference(const Rational& variance, long W, mpfr_prec_t prec) {
  const Rational mean = variance / 2;
  const long m = static_cast<long>(to_int64(floor(mean)));
  const long spread = static_cast<long>(to_int64(floor_sqrt(Integer(floor(mean)) + 1))) * 14 + 30;
  const long j0 = std::max(0L, m - spread), j1 = m + spread + W;
  const ref::PoissonPmf poisson(mean);
  std::vector<Interval> pois;
  pois.reserve(static_cast<std::size_t>(j1 - j0 + 1));
  for (long j = j0; j <= j1; ++j) pois.push_back(poisson.pmf(Integer(j), prec));
  // q(x) = Σ_{j=j0}^{j1−x} P[j + x] P[j] for x ≥ 0, mirrored: a correlation of the Poisson window with itself.
  std::vector<Interval> half = [&] {
    std::vector<Interval> h;
    const long n = j1 - j0 + 1;
    mpfr_t lo, hi;
    mpfr_init2(lo, prec);
    mpfr_init2(hi, prec);
    for (long x = 0; x <= W; ++x) {
      mpfr_set_zero(lo, 1);
      mpfr_set_zero(hi, 1);
      for (long i = 0; i + x < n; ++i) {
        const auto& a = pois[static_cast<std::size_t>(i + x)];
        const auto& b = pois[static_cast<std::size_t>(i)];
        mpfr_fma(lo, &a.get()->left, &b.get()->left, lo, MPFR_RNDD);
        mpfr_fma(hi, &a.get()->right, &b.get()->right, hi, MPFR_RNDU);
      }
      Interval v(prec);
      mpfi_interv_fr(v.get(), lo, hi);
      h.push_back(v);
    }
    mpfr_clear(lo);
    mpfr_clear(hi);
    return h;
  }();
  std::vector<Interval> full;
  full.reserve(static_cast<std::size_t>(2 * W + 1));
  for (long x = -W; x <= W; ++x) full.push_back(half[static_cast<std::size_t>(x < 0 ? -x : x)]);
  return full;
}

std::vector<Interval> gaussian_weights(const Rational& sigma2, long W, mpfr_prec_t prec) {
  std::vector<Interval> w;
  w.reserve(static_cast<std::size_t>(W + 1));
  for (long y = 0; y <= W; ++y) w.push_back(exp_neg(Rational(Rational(y) * y / (2 * sigma2)), prec));
  return w;
}

Interval lngamma(const Interval& z) {
  const mpfr_prec_t prec = z.precision();
  if (!z.certainly_greater(Rational(0))) throw std::domain_error("lngamma: argument must be positive");
  if (z.lower() < Rational(2)) {
    // ln Γ(z) = ln Γ(z + 2) − ln z − ln(z + 1), and z + 2 > 2.
    const Interval z1 = z + Interval(1L, prec), z2 = z + Interval(2L, prec);
    return lngamma(z2) - z.log() - z1.log();
  }
  mpfr_t lo, hi;
  mpfr_init2(lo, prec);
  mpfr_init2(hi, prec);
  mpfr_lngamma(lo, &z.get()->left, MPFR_RNDD);  // ln Γ is increasing on [2, ∞) and MPFR rounds correctly
  mpfr_lngamma(hi, &z.get()->right, MPFR_RNDU);
  Interval r(prec);
  mpfi_interv_fr(r.get(), lo, hi);
  mpfr_clear(lo);
  mpfr_clear(hi);
  return r;
}

}  // namespace dpb::verify::certified
