#include "reference/pmf/polya_difference.hpp"

#include "reference/pmf/internal/certified_math.hpp"
#include "reference/pmf/internal/difference.hpp"

namespace dpb::ref {

using internal::beta_of_scale;
using internal::clamp_probability;
using internal::one_minus_beta_of_scale;
using internal::round_out;
using internal::working_precision;

namespace {

const Rational& validated(const Rational& x, const char* name) {
  require_reasonable_size(x, "PolyaDifferencePmf", name);
  return require_positive(x, "PolyaDifferencePmf", name);
}

// Pólya(r, β) as a LawOnN. Up: P[i+1]/P[i] = β(i+r)/(i+1) ≤ β·max(1, (i+r)/(i+1)) for all later i (the factor is
// monotone and tends to 1). Down: P[i−1]/P[i] = i/(β(i−1+r)); for r ≥ 1 it increases with i, so its value at i
// bounds it below i; for r < 1 it exceeds 1 (no bound needed: the downward sums are finite).
internal::LawOnN polya_law(const PolyaPmf& polya, mpfr_prec_t wp) {
  const Rational r = polya.r();
  const Integer rn = numerator(r), rd = denominator(r);  // r = rn/rd
  const Interval beta = beta_of_scale(polya.scale(), wp);
  internal::LawOnN law;
  law.pmf = [&polya, wp](const Integer& m) { return polya.pmf(m, wp); };
  law.upper_tail = [&polya, wp](const Integer& m) { return polya.upper_tail(m, wp); };
  law.ratio_up = [rn, rd, beta](const Integer& i) {
    return internal::times_fraction(beta, Integer(i * rd + rn), Integer((i + 1) * rd));
  };
  law.rho_up = [rn, rd, beta](const Integer& i) {
    if (rn < rd) return std::optional<Interval>(beta);  // r < 1
    return std::optional<Interval>(internal::times_fraction(beta, Integer(i * rd + rn), Integer((i + 1) * rd)));
  };
  law.ratio_down = [rn, rd, beta](const Integer& i) {
    return internal::fraction(Integer(i * rd), Integer((i - 1) * rd + rn), beta.precision()) / beta;
  };
  law.rho_down = [rn, rd, beta](const Integer& i) -> std::optional<Interval> {
    if (rn < rd) return std::nullopt;  // r < 1
    return internal::fraction(Integer(i * rd), Integer((i - 1) * rd + rn), beta.precision()) / beta;
  };
  law.mode = polya.mode();
  return law;
}

}  // namespace

PolyaDifferencePmf::PolyaDifferencePmf(const Rational& r, const Rational& scale)
    : polya_(validated(r, "r"), validated(scale, "scale")) {}

std::string PolyaDifferencePmf::describe() const {
  return "polya-diff(r=" + to_string(r()) + ", scale=" + to_string(scale()) + ")";
}

Interval PolyaDifferencePmf::pmf(const Integer& k, mpfr_prec_t prec) const {
  using boost::multiprecision::abs;
  const mpfr_prec_t wp = working_precision(prec, 8);
  return round_out(clamp_probability(internal::difference_pmf(polya_law(polya_, wp), abs(k), wp)), prec);
}

Interval PolyaDifferencePmf::upper_tail(const Integer& k, mpfr_prec_t prec) const {
  const mpfr_prec_t wp = working_precision(prec, 8);
  if (k <= 0) return round_out(clamp_probability(Interval(1L, wp) - upper_tail(Integer(1 - k), wp)), prec);
  return round_out(clamp_probability(internal::difference_upper_tail(polya_law(polya_, wp), k, wp)), prec);
}

Interval PolyaDifferencePmf::cdf(const Integer& k, mpfr_prec_t prec) const { return upper_tail(Integer(-k), prec); }

Interval PolyaDifferencePmf::mean(mpfr_prec_t prec) const { return Interval(0L, prec); }

Interval PolyaDifferencePmf::variance(mpfr_prec_t prec) const {
  const mpfr_prec_t wp = working_precision(prec);
  return round_out(beta_of_scale(scale(), wp).mul(Rational(2 * r())) / one_minus_beta_of_scale(scale(), wp).sqr(),
                   prec);
}

}  // namespace dpb::ref
