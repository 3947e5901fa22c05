#include "reference/pmf/skellam.hpp"

#include "reference/pmf/internal/certified_math.hpp"
#include "reference/pmf/internal/difference.hpp"
#include "reference/pmf/internal/series.hpp"

namespace dpb::ref {

using internal::clamp_probability;
using internal::log_factorial;
using internal::magnitude_bits;
using internal::rho_nonincreasing;
using internal::round_out;
using internal::working_precision;

namespace {

const Rational& validated(const Rational& v, const char* function) {
  require_reasonable_size(v, function, "variance");
  return require_positive(v, function, "variance");
}

// Poisson(λ) as a LawOnN: ratios P[i+1]/P[i] = λ/(i+1) (decreasing: the bound at i holds beyond) and
// P[i−1]/P[i] = i/λ (increasing in i: the bound at i holds below).
internal::LawOnN poisson_law(const PoissonPmf& poisson, mpfr_prec_t wp) {
  const Rational lambda = poisson.lambda();
  const Integer a = numerator(lambda), b = denominator(lambda);  // λ = a/b
  internal::LawOnN law;
  law.pmf = [&poisson, wp](const Integer& m) { return poisson.pmf(m, wp); };
  law.upper_tail = [&poisson, wp](const Integer& m) { return poisson.upper_tail(m, wp); };
  law.ratio_up = [a, b, wp](const Integer& i) { return internal::fraction(a, Integer(b * (i + 1)), wp); };
  law.rho_up = [a, b, wp](const Integer& i) {
    return std::optional<Interval>(internal::fraction(a, Integer(b * (i + 1)), wp));
  };
  law.ratio_down = [a, b, wp](const Integer& i) { return internal::fraction(Integer(i * b), a, wp); };
  law.rho_down = [a, b, wp](const Integer& i) {
    return std::optional<Interval>(internal::fraction(Integer(i * b), a, wp));
  };
  law.mode = floor(lambda);
  return law;
}

}  // namespace

SkellamPmf::SkellamPmf(const Rational& variance)
    : variance_(validated(variance, "SkellamPmf")), poisson_(Rational(variance_ / 2)) {}

std::string SkellamPmf::describe() const { return "skellam(var=" + to_string(variance_) + ")"; }

Interval SkellamPmf::pmf(const Integer& k, mpfr_prec_t prec) const {
  using boost::multiprecision::abs;
  const mpfr_prec_t wp = working_precision(prec, magnitude_bits(variance_) / 2 + 8);
  return round_out(clamp_probability(internal::difference_pmf(poisson_law(poisson_, wp), abs(k), wp)), prec);
}

Interval SkellamPmf::upper_tail(const Integer& k, mpfr_prec_t prec) const {
  const mpfr_prec_t wp = working_precision(prec, magnitude_bits(variance_) / 2 + 8);
  if (k <= 0) {
    // P[X ≥ k] = 1 − P[X ≤ k−1] = 1 − P[X ≥ 1−k] by symmetry.
    return round_out(clamp_probability(Interval(1L, wp) - upper_tail(Integer(1 - k), wp)), prec);
  }
  return round_out(clamp_probability(internal::difference_upper_tail(poisson_law(poisson_, wp), k, wp)), prec);
}

Interval SkellamPmf::cdf(const Integer& k, mpfr_prec_t prec) const { return upper_tail(Integer(-k), prec); }

Interval SkellamPmf::mean(mpfr_prec_t prec) const { return Interval(0L, prec); }
Interval SkellamPmf::variance(mpfr_prec_t prec) const { return Interval(variance_, prec); }

Interval skellam_pmf_bessel(const Rational& variance, const Integer& x, mpfr_prec_t prec) {
  using boost::multiprecision::abs;
  const Rational& z = validated(variance, "skellam_pmf_bessel");
  const Integer nu = abs(x);
  const Rational half = z / 2;
  // t_0 = (z/2)^ν/ν! = exp(ν ln(z/2) − ln ν!), then t_{j+1}/t_j = (z/2)²/((j+1)(j+1+ν)), decreasing in j.
  const unsigned extra =
      magnitude_bits(Rational(z + Rational(nu) * (bit_length(nu) + magnitude_bits(half) +
                                                  magnitude_bits(Rational(1 / half)) + 1)));
  const mpfr_prec_t wp = working_precision(prec, extra);
  Interval t0(1L, wp);
  if (nu > 0) t0 = (Interval(nu, wp) * Interval(half, wp).log() - log_factorial(nu, wp)).exp();
  const Integer a2 = numerator(half) * numerator(half), b2 = denominator(half) * denominator(half);  // (z/2)²
  const auto ratio = [&](std::uint64_t j) { return internal::fraction(a2, Integer(b2 * (j + 1) * (nu + j + 1)), wp); };
  const Interval bessel = internal::sum_ratio_series(t0, std::nullopt, ratio, rho_nonincreasing, wp);
  return round_out(clamp_probability(exp_neg(z, wp) * bessel), prec);
}

}  // namespace dpb::ref
