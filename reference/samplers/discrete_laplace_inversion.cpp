#include "reference/samplers/discrete_laplace_inversion.hpp"

#include <memory>

#include "reference/core/errors.hpp"
#include "reference/pmf/discrete_laplace.hpp"
#include "reference/pmf/internal/certified_math.hpp"

namespace dpb::ref {

namespace {

using internal::beta_of_scale;
using internal::magnitude_bits;
using internal::round_out;
using internal::working_precision;

// The zigzag-ordered discrete Laplace law on {0, 1, 2, …} (header comment), certified. Upper tails in closed form:
//   P[N ≥ 2m+1] = 2β^{m+1}/(1 + β),   P[N ≥ 2m+2] = β^{m+1},
// and with X = x(N): N = 2|X| − [X < 0], E|X| = 2β/((1 + β)(1 − β)), P[X < 0] = β/(1 + β), Var X = 2β/(1 − β)²,
//   E N = 2 E|X| − P[X < 0],   E N² = 4 Var X − 2 E|X| + P[X < 0].
class ZigzagLaplace final : public CertifiedDistribution {
 public:
  explicit ZigzagLaplace(const Rational& scale) : scale_(scale), laplace_(scale) {}

  std::string describe() const override { return "zigzag(dlaplace(scale=" + to_string(scale_) + "))"; }
  std::optional<Integer> support_min() const override { return Integer(0); }
  std::optional<Integer> support_max() const override { return std::nullopt; }

  Interval pmf(const Integer& k, mpfr_prec_t prec) const override {
    if (k < 0) return Interval(0L, prec);
    return laplace_.pmf(DiscreteLaplaceInversion::from_zigzag(to_uint64(k)), prec);
  }
  Interval upper_tail(const Integer& k, mpfr_prec_t prec) const override {
    if (k <= 0) return Interval(1L, prec);
    const Integer m1 = (k + 1) / 2;  // k = 2m+1 → m+1;  k = 2m+2 → m+1
    const Rational e = Rational(m1) / scale_;
    const mpfr_prec_t wp = working_precision(prec, magnitude_bits(e));
    const Interval beta_pow = exp_neg(e, wp);
    if ((k & 1) == 0) return round_out(beta_pow, prec);
    return round_out(beta_pow.mul(Rational(2)) / (Interval(1L, wp) + beta_of_scale(scale_, wp)), prec);
  }
  Interval cdf(const Integer& k, mpfr_prec_t prec) const override {
    if (k < 0) return Interval(0L, prec);
    const mpfr_prec_t wp = working_precision(prec);
    return round_out(Interval(1L, wp) - upper_tail(Integer(k + 1), wp), prec);
  }
  Interval mean(mpfr_prec_t prec) const override {
    const mpfr_prec_t wp = working_precision(prec);
    return round_out(abs_mean(wp).mul(Rational(2)) - negative_mass(wp), prec);
  }
  Interval variance(mpfr_prec_t prec) const override {
    const mpfr_prec_t wp = working_precision(prec, 16);
    const Interval m = mean(wp);
    const Interval second = laplace_.variance(wp).mul(Rational(4)) - abs_mean(wp).mul(Rational(2)) + negative_mass(wp);
    return round_out(second - m.sqr(), prec);
  }

 private:
  Interval abs_mean(mpfr_prec_t wp) const {
    const Interval beta = beta_of_scale(scale_, wp), one(1L, wp);
    return beta.mul(Rational(2)) / ((one + beta) * internal::one_minus_beta_of_scale(scale_, wp));
  }
  Interval negative_mass(mpfr_prec_t wp) const {
    const Interval beta = beta_of_scale(scale_, wp);
    return beta / (Interval(1L, wp) + beta);
  }

  Rational scale_;
  DiscreteLaplacePmf laplace_;
};

const Rational& validated_scale(const Rational& scale) {
  require_reasonable_size(scale, "DiscreteLaplaceInversion", "scale");
  require_positive(scale, "DiscreteLaplaceInversion", "scale");
  if (scale > Rational(Integer(1) << 32))
    throw_parameter_error("DiscreteLaplaceInversion", "scale", "<= 2^32", to_string(scale));
  return scale;
}

internal::InvertibleLaw zigzag_law(const Rational& scale) {
  internal::InvertibleLaw law;
  law.dist = std::make_shared<ZigzagLaplace>(scale);
  // P[n+1]/P[n]: β from n = 0 (x = 0 → −1) and from even n ≥ 2 (x = m → −(m+1)); 1 from odd n (x = −m → m).
  const Interval beta = beta_of_scale(scale, internal::CdfInversion::kTablePrecision);
  const Interval one(1L, internal::CdfInversion::kTablePrecision);
  law.ratio = [beta, one](std::uint64_t n) { return (n & 1) == 0 ? beta : one; };
  law.start = 0;  // the mode
  return law;
}

}  // namespace

DiscreteLaplaceInversion::DiscreteLaplaceInversion(const Rational& scale)
    : scale_(validated_scale(scale)), inversion_(zigzag_law(scale_)) {}

}  // namespace dpb::ref
