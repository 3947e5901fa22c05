// WindowedLaw and convolution_power (verify/statistical/windowed_law.hpp): the n-fold convolution of a certified law
// is checked against closed forms (n = 1: the law itself; Skellam closure Sk(0, a)^{*n} = Sk(0, n a); Σ_j p(j)² for
// the centre of a two-fold sum), its enclosures are consistent (cdf + upper tail, mass, moments), and the certified
// total variation distance is 0 for a law against itself and large where the sum is far from N_Z(0, σ²).
#include "verify/statistical/windowed_law.hpp"

#include <gtest/gtest.h>

#include "reference/pmf/discrete_gaussian.hpp"
#include "reference/pmf/skellam.hpp"
#include "verify/certified/common.hpp"

namespace dpb::verify::statistical {
namespace {

constexpr mpfr_prec_t kPrec = 192;

Rational tail_mass() { return certified::ten_to_minus(30); }

TEST(WindowedLawTest, OneFoldConvolutionEnclosesTheLawItself) {
  const ref::DiscreteGaussianPmf law(Rational(1, 3));
  const WindowedLaw w = convolution_power(law, 1, tail_mass(), kPrec);
  EXPECT_LT(w.deficit().upper(), certified::ten_to_minus(29));
  for (long k = -12; k <= 12; ++k) {
    EXPECT_TRUE(w.pmf(Integer(k), kPrec).overlaps(law.pmf(Integer(k), kPrec))) << k;
    EXPECT_TRUE(w.cdf(Integer(k), kPrec).overlaps(law.cdf(Integer(k), kPrec))) << k;
    EXPECT_TRUE(w.upper_tail(Integer(k), kPrec).overlaps(law.upper_tail(Integer(k), kPrec))) << k;
  }
}

TEST(WindowedLawTest, SkellamConvolutionPowerMatchesTheClosure) {
  // Sk(0, 1/2)^{*6} = Sk(0, 3) (Def. 5 closure): every enclosure must meet the certified Sk(0, 3) pmf's, and be
  // narrow.
  const WindowedLaw w = convolution_power(ref::SkellamPmf(Rational(1, 2)), 6, tail_mass(), kPrec);
  const ref::SkellamPmf sum(Rational(3));
  for (long k = -30; k <= 30; ++k) {
    const Interval mine = w.pmf(Integer(k), kPrec), theirs = sum.pmf(Integer(k), kPrec);
    EXPECT_TRUE(mine.overlaps(theirs)) << k;
    EXPECT_LT(mine.width(), certified::ten_to_minus(28)) << k;
  }
  EXPECT_TRUE(w.variance(kPrec).contains(Rational(3)));
  EXPECT_TRUE(w.mean(kPrec).contains(Rational(0)));
  const Interval tv = total_variation(w, sum, kPrec);
  EXPECT_LT(tv.upper(), certified::ten_to_minus(28));
}

TEST(WindowedLawTest, TwoFoldCentreIsTheSumOfSquares) {
  const ref::DiscreteGaussianPmf law(Rational(1, 2));
  const WindowedLaw w = convolution_power(law, 2, tail_mass(), kPrec);
  Interval centre(0L, kPrec);
  for (long j = -20; j <= 20; ++j) centre += law.pmf(Integer(j), kPrec).sqr();
  EXPECT_TRUE(w.pmf(Integer(0), kPrec).overlaps(centre));
}

TEST(WindowedLawTest, CdfAndUpperTailAreComplementary) {
  const WindowedLaw w = convolution_power(ref::DiscreteGaussianPmf(Rational(1, 8)), 8, tail_mass(), kPrec);
  for (long k = w.first() - 3; k <= w.last() + 3; ++k) {
    const Interval total = w.cdf(Integer(k), kPrec) + w.upper_tail(Integer(k + 1), kPrec);
    EXPECT_TRUE(total.contains(Rational(1))) << k;
  }
  EXPECT_LT(w.pmf(Integer(w.last() + 1), kPrec).upper(), certified::ten_to_minus(29));
  EXPECT_EQ(w.first(), -w.last());
}

TEST(WindowedLawTest, TotalVariationIsZeroAgainstItselfAndLargeForAFarSum) {
  const ref::DiscreteGaussianPmf one(Rational(5));
  EXPECT_LT(total_variation(convolution_power(one, 1, tail_mass(), kPrec), one, kPrec).upper(),
            certified::ten_to_minus(28));
  // Σ of 8 N_Z(0, 1/8) has variance ≈ 0.28, far from N_Z(0, 1): TV well above 0.1.
  const WindowedLaw far = convolution_power(ref::DiscreteGaussianPmf(Rational(1, 8)), 8, tail_mass(), kPrec);
  const Interval tv = total_variation(far, ref::DiscreteGaussianPmf(Rational(1)), kPrec);
  EXPECT_GT(tv.lower(), Rational(1, 10));
  EXPECT_LT(tv.width(), certified::ten_to_minus(25));
}

TEST(WindowedLawTest, ConvolutionPowerRejectsZeroFactors) {
  EXPECT_THROW(convolution_power(ref::DiscreteGaussianPmf(Rational(1)), 0, tail_mass()), std::invalid_argument);
  EXPECT_THROW(convolution_power(ref::DiscreteGaussianPmf(Rational(1)), 2, Rational(0)), std::invalid_argument);
}

}  // namespace
}  // namespace dpb::verify::statistical
