// Wang–Balle–Kasiviswanathan Theorem 9 for the Gaussian (reference/privacy/subsampled_rdp.hpp): the certified
// enclosure against values computed independently with mpmath at 60 digits (the formula typed afresh, not this
// code's output: `log(1 + γ²C(α,2)min(4expm1(1/z²), 2e^{1/z²}) + Σ_{j>=3} 2γ^jC(α,j)e^{j(j−1)/(2z²)})/(α−1)`), a
// long-double evaluation written here, monotonicity in z and γ, the full-batch Gaussian α/(2z²) as a ceiling at
// small γ, γ = 1, large orders without overflow, the CKS conversion, bad input, and a negative control (the j >= 3
// terms dropped disagrees with the independent values).
#include "reference/privacy/subsampled_rdp.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "reference/core/errors.hpp"

namespace dpb::ref {
namespace {

struct Point {
  Rational gamma, z;
  long alpha;
  const char* mpmath;  // 25 significant digits
};

// python3 + mpmath, mp.dps = 60 (see the comment at the top)
const Point kPoints[] = {
    {Rational(1, 10), Rational(1), 2, "0.05293929372779760047499091"},
    {Rational(1, 10), Rational(1), 5, "0.2564499269090087161300071"},
    {Rational(2048, 5000), Rational(2), 8, "0.6165982778416020972039772"},
    {Rational(1, 100), Rational(1, 2), 3, "0.1531053534206893970010456"},
    {Rational(1, 20), Rational(4), 32, "0.04308706818753228568015275"},
};

// The same formula in long double, optionally without the j >= 3 terms (the negative control).
long double wbk_ld(const Rational& gamma, const Rational& z, long alpha, bool drop_higher = false) {
  const long double g = gamma.convert_to<long double>(), x = 1 / (z * z).convert_to<long double>();
  long double binom = alpha * (alpha - 1) / 2.0L;
  long double s = 1 + g * g * binom * std::min(4 * std::expm1(x), 2 * std::exp(x));
  for (long j = 3; j <= alpha && !drop_higher; ++j) {
    binom = binom * (alpha - j + 1) / j;
    s += 2 * std::pow(g, static_cast<long double>(j)) * binom * std::exp(j * (j - 1) * x / 2);
  }
  return std::log(s) / (alpha - 1);
}

TEST(SubsampledRdpTest, EnclosureContainsIndependentValues) {
  for (const Point& p : kPoints) {
    const Rational v = *try_parse_rational(p.mpmath);
    const Interval e = wor_gaussian_rdp(p.gamma, p.z, p.alpha, 192);
    // 25 significant digits: the true value is within 10^−24·v of the printed one
    const Rational slack = v / Rational(Integer("1000000000000000000000000"));  // 10^−24·v
    EXPECT_LE(e.lower(), Rational(v + slack)) << p.alpha;
    EXPECT_GE(e.upper(), Rational(v - slack)) << p.alpha;
    EXPECT_LT(e.width(), Rational(1, Integer("1000000000000000000000000000000"))) << p.alpha;
    EXPECT_GE(wor_gaussian_rdp_upper_bound(p.gamma, p.z, p.alpha), Rational(v - slack));
    EXPECT_NEAR(static_cast<double>(wbk_ld(p.gamma, p.z, p.alpha)), v.convert_to<double>(), 1e-14 * v.convert_to<double>());
  }
}

TEST(SubsampledRdpTest, NegativeControlDroppingHigherTermsDisagrees) {
  int disagreements = 0;
  for (const Point& p : kPoints) {
    const double v = try_parse_rational(p.mpmath)->convert_to<double>();
    const double wrong = static_cast<double>(wbk_ld(p.gamma, p.z, p.alpha, true));
    if (p.alpha >= 3 && std::fabs(wrong - v) > 1e-6 * v) ++disagreements;
  }
  EXPECT_EQ(disagreements, 4);  // every point with α >= 3
}

TEST(SubsampledRdpTest, MonotoneInNoiseAndSamplingRate) {
  for (const long alpha : {2L, 3L, 10L, 64L}) {
    Rational prev = wor_gaussian_rdp_upper_bound(Rational(1, 10), Rational(1, 2), alpha);
    for (const Rational& z : {Rational(1), Rational(2), Rational(5), Rational(20)}) {
      const Interval e = wor_gaussian_rdp(Rational(1, 10), z, alpha, 192);
      EXPECT_LT(e.upper(), prev) << alpha;  // more noise, certainly smaller
      prev = e.lower();
    }
    prev = wor_gaussian_rdp(Rational(1, 1000), Rational(3), alpha, 192).upper();
    for (const Rational& g : {Rational(1, 100), Rational(1, 10), Rational(1, 2)}) {
      const Interval e = wor_gaussian_rdp(g, Rational(3), alpha, 192);
      EXPECT_GT(e.lower(), prev) << alpha;  // larger batches, certainly larger
      prev = e.upper();
    }
  }
}

TEST(SubsampledRdpTest, BelowTheFullBatchGaussianAtSmallRates) {
  for (const Point& p : kPoints) EXPECT_LT(wor_gaussian_rdp_upper_bound(p.gamma, p.z, p.alpha), gaussian_rdp(p.z, p.alpha));
  for (const long alpha : {2L, 17L, 256L, 1024L})
    EXPECT_LT(wor_gaussian_rdp_upper_bound(Rational(1, 50), Rational(8), alpha), gaussian_rdp(Rational(8), alpha));
  // γ = 1 is the Gaussian itself, exactly
  EXPECT_EQ(wor_gaussian_rdp_upper_bound(Rational(1), Rational(3), 7), Rational(7, 18));
  EXPECT_EQ(gaussian_rdp(Rational(1, 2), 3), Rational(6));
}

// Theorem 9's floor: at large noise its j >= 3 terms stay near 2γ^j C(α,j), far above the Gaussian's α/(2z²), which
// also bounds the subsampled mechanism (a mixture of pairs each within it) — the bound is the smaller one.
TEST(SubsampledRdpTest, LargeNoiseFallsBackToTheFullBatchGaussian) {
  const Rational gamma(2048, 5000), z(1000);
  EXPECT_GT(wor_gaussian_rdp(gamma, z, 1024, 128).lower(), Rational(1, 10));  // the floor ≈ 0.34
  EXPECT_EQ(wor_gaussian_rdp_upper_bound(gamma, z, 1024), gaussian_rdp(z, 1024));
  EXPECT_EQ(gaussian_rdp(z, 1024), Rational(1024, 2000000));
}

TEST(SubsampledRdpTest, LargeOrdersAndTinyNoiseStayFinite) {
  // α = 1024 at z = 2^−20: terms near e^{2^59}, evaluated in the log domain
  const Interval e = wor_gaussian_rdp(Rational(2048, 5000), Rational(1, 1 << 20), 1024, 192);
  EXPECT_GT(e.lower(), Rational(Integer(Integer(1) << 40)));  // ≈ (α/2)/z² + log γ-terms: huge but finite
  EXPECT_LT(e.upper(), Rational(Integer(Integer(1) << 60)));
  // the dominant term is j = α: ε′ ≈ (α log γ + α(α−1)/(2z²) + log 2)/(α − 1)
  const double dominant = (1024 * std::log(2048.0 / 5000) + 1024.0 * 1023 / 2 * std::ldexp(1.0, 40) + std::log(2.0)) / 1023;
  EXPECT_NEAR(e.upper().convert_to<double>() / dominant, 1.0, 1e-12);
}

TEST(SubsampledRdpTest, CksConversionMatchesFormula) {
  const Interval rdp(Rational(1, 2), 192);
  const double expected = 0.5 + std::log1p(-1.0 / 4) - (std::log(1e-5) + std::log(4.0)) / 3;
  const Interval e = rdp_to_dp_cks(rdp, 4, Rational(1, 100000), 192);
  EXPECT_NEAR(e.upper().convert_to<double>(), expected, 1e-13);
  // below the standard conversion rdp + log(1/δ)/(α − 1)
  EXPECT_LT(e.upper().convert_to<double>(), 0.5 + std::log(1e5) / 3);
}

TEST(SubsampledRdpTest, RefusesBadInput) {
  EXPECT_THROW(wor_gaussian_rdp(Rational(0), Rational(1), 2, 128), ParameterError);
  EXPECT_THROW(wor_gaussian_rdp(Rational(3, 2), Rational(1), 2, 128), ParameterError);
  EXPECT_THROW(wor_gaussian_rdp(Rational(1, 2), Rational(0), 2, 128), ParameterError);
  EXPECT_THROW(wor_gaussian_rdp(Rational(1, 2), Rational(1), 1, 128), ParameterError);
  EXPECT_THROW(wor_gaussian_rdp(Rational(1, 2), Rational(1), 1025, 128), ParameterError);
  EXPECT_THROW(rdp_to_dp_cks(Interval(0L, 128), 2, Rational(1), 128), ParameterError);
}

}  // namespace
}  // namespace dpb::ref
