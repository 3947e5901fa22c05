#include "verify/certified/internal/laws.hpp"

#include <mpfr.h>

#include <stdexcept>

namespace dpb::verify::certified {

Interval beta_of_scale(const Rational& scale, mpfr_prec_t prec) { return exp_neg(Rational(1 / scale), prec); }

Interval one_minus_beta_of_scale(const Rational& scale, mpfr_prec_t prec) {
  return -(Interval(Rational(-1 / scale), prec).expm1());
}

std::vector<Interval> polya_pmf_prefix(const Rational& r, const Rational& scale, std::size_t count,
                                       mpfr_prec_t prec) {
  std::vector<Interval> p;
  p.reserve(count);
  if (count == 0) return p;
  const Interval beta = beta_of_scale(scale, prec);
  p.push_back(one_minus_beta_of_scale(scale, prec).log().mul(r).exp());  // (1−β)^r
  for (std::size_t x = 0; x + 1 < count; ++x) {
    const Rational ratio = (Rational(static_cast<long>(x)) + r) / Rational(static_cast<long>(x) + 1);
    p.push_back((p.back() * beta).mul(ratio));
  }
  return p;
}

Interval dlaplace_pmf(const Rational& scale, long k, mpfr_prec_t prec) {
  const Interval omb = one_minus_beta_of_scale(scale, prec);
  const Interval beta = beta_of_scale(scale, prec);
  const Interval head = omb / (Interval(1L, prec) + beta);
  const long a = k < 0 ? -k : k;
  return head * exp_neg(Rational(Rational(a) / scale), prec);
}

std::vector<Interval> poisson_pmf_range(const Rational& mean, long first, long last, mpfr_prec_t prec) {
  if (first < 0 || last < first) throw std::invalid_argument("poisson_pmf_range: bad range");
  Integer fact = 1;
  for (long j = 2; j <= first; ++j) fact *= j;
  const Interval m(mean, prec);
  std::vector<Interval> p;
  p.reserve(static_cast<std::size_t>(last - first + 1));
  p.push_back(exp_neg(mean, prec) * m.pow(static_cast<unsigned long>(first)) / Interval(fact, prec));
  for (long j = first; j < last; ++j) p.push_back((p.back() * m).div(Rational(j + 1)));
  return p;
}

std::vector<Interval> skellam_pmf_window_poisson(const Rational& variance, long W, mpfr_prec_t prec) {
  const Rational mean = variance / 2;
  const long m = static_cast<long>(to_int64(floor(mean)));
  const long spread = static_cast<long>(to_int64(floor_sqrt(Integer(floor(mean)) + 1))) * 14 + 30;
  const long j0 = std::max(0L, m - spread), j1 = m + spread + W;
  const std::vector<Interval> pois = poisson_pmf_range(mean, j0, j1, prec);
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

Interval skellam_pmf_bessel_series(const Rational& variance, long x, mpfr_prec_t prec) {
  const long nu = x < 0 ? -x : x;
  const Rational half = variance / 2;
  const Rational half2 = half * half;
  Integer nu_fact = 1;
  for (long j = 2; j <= nu; ++j) nu_fact *= j;
  Interval term = Interval(half, prec).pow(static_cast<unsigned long>(nu)) / Interval(nu_fact, prec);  // m = 0
  Interval total = term;
  for (long m = 0;; ++m) {
    // t_{m+1} / t_m = (σ²/2)² / ((m+1)(m+1+ν)), decreasing in m.
    const Rational ratio = half2 / Rational((m + 1) * (m + 1 + nu));
    term = term.mul(ratio);
    total += term;
    const Rational next_ratio = half2 / Rational((m + 2) * (m + 2 + nu));
    if (next_ratio < Rational(1, 2)) {
      // Remainder Σ_{j ≥ m+2} t_j ≤ t_{m+1} · ρ/(1 − ρ) with ρ = next_ratio; stop once it is negligible.
      const Interval rem = term.mul(next_ratio / (1 - next_ratio));
      if (rem.upper() <= total.lower() * Rational(Integer(1), Integer(1) << static_cast<unsigned>(prec + 8))) {
        Interval r = rem;
        Interval zero(0L, prec);
        mpfi_interv_fr(r.get(), &zero.get()->left, &rem.get()->right);  // remainder ∈ [0, bound]
        total += r;
        break;
      }
    }
  }
  return exp_neg(variance, prec) * total;
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
