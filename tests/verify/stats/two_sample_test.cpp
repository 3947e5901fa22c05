#include "verify/stats/two_sample.hpp"

#include <gtest/gtest.h>

#include <random>

namespace dpb::verify::stats {
namespace {

TEST(TwoSampleTest, PearsonOnAKnownTwoByTwoTable) {
  // R: chisq.test(matrix(c(10, 30, 20, 40), 2), correct = FALSE): X-squared = 0.79365, df = 1, p = 0.373.
  const std::vector<std::uint64_t> x{10, 20}, y{30, 40};
  const HomogeneityTest t = homogeneity_test_from_counts(x, y);
  EXPECT_NEAR(t.pearson, 0.7936507936507936, 1e-12);
  EXPECT_EQ(t.df, 1);
  EXPECT_NEAR(t.pearson_p_value, 0.3729984, 1e-6);
  EXPECT_GT(t.g, 0);
}

std::vector<std::int64_t> binomial_sample(std::size_t n, double p, std::uint64_t seed, std::int64_t shift = 0) {
  std::mt19937_64 gen(seed);
  std::binomial_distribution<std::int64_t> d(40, p);
  std::vector<std::int64_t> v(n);
  for (auto& x : v) x = d(gen) + shift;
  return v;
}

TEST(TwoSampleTest, SameLawIsAcceptedDifferentLawIsRejected) {
  const auto a = binomial_sample(50000, 0.3, 1), b = binomial_sample(30000, 0.3, 2);
  const HomogeneityTest same = homogeneity_test(a, b);
  EXPECT_GT(same.pearson_p_value, 1e-6);
  EXPECT_GT(same.g_p_value, 1e-6);
  // Every column has both expected counts ≥ 20.
  const double n1 = 50000, n2 = 30000;
  for (std::size_t j = 0; j < same.counts_x.size(); ++j)
    EXPECT_GE(std::min(n1, n2) * static_cast<double>(same.counts_x[j] + same.counts_y[j]) / (n1 + n2), 20);
  const HomogeneityTest shifted = homogeneity_test(a, binomial_sample(30000, 0.3, 3, 1));
  EXPECT_LT(shifted.pearson_p_value, 1e-100);
  EXPECT_LT(shifted.g_p_value, 1e-100);
}

TEST(TwoSampleTest, MaxBinsLimitsTheColumns) {
  const auto a = binomial_sample(50000, 0.3, 1), b = binomial_sample(50000, 0.3, 2);
  EXPECT_LE(homogeneity_test(a, b, 20, 5).counts_x.size(), 5U);
}

TEST(TwoSampleTest, TooSmallSamplesThrow) {
  const std::vector<std::int64_t> a{1, 2, 3}, b{1, 2};
  EXPECT_THROW(homogeneity_test(a, b), std::invalid_argument);
  EXPECT_THROW(homogeneity_test(a, std::vector<std::int64_t>{}), std::invalid_argument);
}

}  // namespace
}  // namespace dpb::verify::stats
