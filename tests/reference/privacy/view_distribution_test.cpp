// The exact law of the view over Z_m (reference/privacy/view_distribution.hpp): normalisation, agreement with
// direct folds of the certified pmfs, and the closed form of the folded discrete Laplace.
#include "reference/privacy/view_distribution.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "reference/core/errors.hpp"
#include "reference/pmf/discrete_gaussian.hpp"
#include "reference/pmf/discrete_laplace.hpp"
#include "reference/pmf/skellam.hpp"

namespace dpb::ref {
namespace {

Interval total(const ModularNoiseLaw& F) {
  Interval s(0L, 128);
  for (const auto& p : F.prob) s += p;
  return s;
}

TEST(ViewDistributionTest, FoldedDiscreteLaplaceSumsToOne) {
  const ModularNoiseLaw F = folded_discrete_laplace(Rational(4), Integer(103), 128);
  ASSERT_EQ(F.prob.size(), 103u);
  EXPECT_TRUE(total(F).contains(Rational(1)));
  EXPECT_LT(total(F).width(), Rational(1, 1000000000));
}

TEST(ViewDistributionTest, FoldedDiscreteLaplaceMatchesDirectFoldOfThePmf) {
  // Direct fold Σ_{|k| ≤ 40·m} pmf(k) over k ≡ r, in double (an independent computation; its truncation error
  // β^{40m} and rounding error are far below 1e-12).
  const long m = 7;
  const double beta = std::exp(-1.0 / 1.5);
  const ModularNoiseLaw F = folded_discrete_laplace(Rational(3, 2), Integer(m), 128);
  for (long r = 0; r < m; ++r) {
    double direct = 0;
    for (long k = -40 * m; k <= 40 * m; ++k)
      if (((k % m) + m) % m == r) direct += (1 - beta) / (1 + beta) * std::pow(beta, std::abs(static_cast<double>(k)));
    EXPECT_NEAR(F.prob[static_cast<std::size_t>(r)].midpoint_for_report(), direct, 1e-12) << "r=" << r;
  }
}

TEST(ViewDistributionTest, FoldedSkellamSumsToOneAndEqualsPmfWhenMIsLarge) {
  const ModularNoiseLaw F = folded_skellam(Rational(3), Integer(201), 128);
  EXPECT_TRUE(total(F).contains(Rational(1)));
  const SkellamPmf sk(Rational(3));
  // With m = 201 ≫ σ the folds add only mass below e^{−100}: residue r ≈ pmf(r) for small r.
  for (long r = 0; r <= 5; ++r) {
    EXPECT_TRUE(F.prob[static_cast<std::size_t>(r)].overlaps(sk.pmf(Integer(r), 128))) << r;
    EXPECT_TRUE(F.prob[static_cast<std::size_t>(201 - r - 1)].overlaps(sk.pmf(Integer(-r - 1), 128))) << r;
  }
  EXPECT_TRUE(F.deficit.certainly_less(Rational(1, 1000000000)));
}

TEST(ViewDistributionTest, DiscreteGaussianSumOfOneIsThePmfFolded) {
  const ModularNoiseLaw F = folded_discrete_gaussian_sum(Rational(2), Integer(1), Integer(101), 128);
  const DiscreteGaussianPmf dg(Rational(2));
  for (long r = 0; r <= 4; ++r) EXPECT_TRUE(F.prob[static_cast<std::size_t>(r)].overlaps(dg.pmf(Integer(r), 128)));
  EXPECT_TRUE(total(F).contains(Rational(1)));
}

TEST(ViewDistributionTest, DiscreteGaussianSumOfTwoMatchesADirectConvolutionAtZero) {
  // P[X1 + X2 = 0] = Σ_k p(k)², computed here from the pmf on its own.
  const DiscreteGaussianPmf dg(Rational(1));
  Interval direct(0L, 128);
  for (long k = -60; k <= 60; ++k) direct += dg.pmf(Integer(k), 128).sqr();
  const ModularNoiseLaw F = folded_discrete_gaussian_sum(Rational(1), Integer(2), Integer(301), 128);
  EXPECT_TRUE(F.prob[0].overlaps(direct));
  EXPECT_LT(F.prob[0].width(), Rational(1, 1000000000));
}

TEST(ViewDistributionTest, ShiftedLawMovesTheMass) {
  const ModularNoiseLaw F = folded_discrete_laplace(Rational(2), Integer(11), 128);
  const auto P = shifted_law(F, Integer(3));
  EXPECT_TRUE(P[3].overlaps(F.prob[0]));
  EXPECT_TRUE(P[2].overlaps(F.prob[10]));
  const auto Pn = shifted_law(F, Integer(-3));
  EXPECT_TRUE(Pn[8].overlaps(F.prob[0]));
}

TEST(ViewDistributionTest, ViewNoiseLawFollowsTheVariant) {
  CalibrationInput in;
  in.eps = Rational(1);
  in.n = 2;
  in.horizon = 10;
  const Calibration c = calibrate(Variant::DistDP, in);
  const ModularNoiseLaw F = view_noise_law(c, 128);
  const ModularNoiseLaw G = folded_discrete_laplace(c.g / c.eps, c.m, 128);
  for (std::size_t r = 0; r < F.prob.size(); ++r) EXPECT_TRUE(F.prob[r].overlaps(G.prob[r]));
}

TEST(ViewDistributionTest, RejectsBadParameters) {
  EXPECT_THROW(folded_discrete_laplace(Rational(0), Integer(5), 128), ParameterError);
  EXPECT_THROW(folded_discrete_laplace(Rational(1), Integer(0), 128), ParameterError);
  EXPECT_THROW(folded_discrete_laplace(Rational(1), kMaxViewModulus + 1, 128), ParameterError);
  EXPECT_THROW(folded_skellam(Rational(-1), Integer(5), 128), ParameterError);
  EXPECT_THROW(folded_discrete_gaussian_sum(Rational(1), Integer(0), Integer(5), 128), ParameterError);
}

}  // namespace
}  // namespace dpb::ref
