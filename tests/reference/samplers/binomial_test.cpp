#include "reference/samplers/binomial.hpp"

#include <gtest/gtest.h>

#include <string>

#include "reference/bits/chacha20.hpp"
#include "reference/core/errors.hpp"
#include "verify/stats/binomial_tests.hpp"

namespace dpb::ref {
namespace {

void expect_parameter_error(const Integer& n, const Rational& p, const std::string& message) {
  try {
    Binomial b(n, p);
    FAIL() << "accepted n = " << n << ", p = " << to_string(p);
  } catch (const ParameterError& e) {
    EXPECT_EQ(std::string(e.what()), message);
  }
}

TEST(BinomialTest, ConstructorRejectsBadParameters) {
  expect_parameter_error(Integer(-1), Rational(1, 2), "Binomial: parameter 'n' must be >= 0, got -1");
  expect_parameter_error(Integer(1000000001), Rational(1, 2),
                         "Binomial: parameter 'n' must be <= 1000000000 (the sampler draws n Bernoulli variables), "
                         "got 1000000001");
  expect_parameter_error(Integer(10), Rational(-1), "Binomial: parameter 'p' must be in [0, 1], got -1");
  expect_parameter_error(Integer(10), Rational(3, 2), "Binomial: parameter 'p' must be in [0, 1], got 3/2");
  EXPECT_NO_THROW(Binomial(Integer(1000000000), Rational(1, 2)));
}

TEST(BinomialTest, DegenerateCasesAreDeterministicAndDrawNoBits) {
  ChaCha20Source source(61);
  CountingSource bits(source);
  EXPECT_EQ(Binomial(Integer(0), Rational(1, 3))(bits), 0);
  EXPECT_EQ(Binomial(Integer(17), Rational(0))(bits), 0);
  EXPECT_EQ(Binomial(Integer(17), Rational(1))(bits), 17);
  EXPECT_EQ(bits.count(), 0U);
}

TEST(BinomialTest, IsTheSumOfBernoulliDrawsOnSameBits) {
  ChaCha20Source a(62), b(62);
  const Binomial binomial(Integer(50), Rational(1, 3));
  const Bernoulli bernoulli(Rational(1, 3));
  for (int i = 0; i < 200; ++i) {
    Integer sum = 0;
    for (int j = 0; j < 50; ++j) sum += bernoulli(b) ? 1 : 0;
    const Integer x = binomial(a);
    EXPECT_EQ(x, sum);
    EXPECT_GE(x, 0);
    EXPECT_LE(x, 50);
  }
}

TEST(BinomialTest, TotalMatchesExactBinomialOnFixedSeed) {
  // The sum of N independent Binomial(n, p) draws is Binomial(N n, p): exact test at alpha = 1e-6.
  ChaCha20Source bits(63);
  const Binomial binomial(Integer(50), Rational(1, 3));
  const std::uint64_t draws = 4000;
  std::uint64_t total = 0;
  for (std::uint64_t i = 0; i < draws; ++i) total += binomial(bits).convert_to<std::uint64_t>();
  const double third = 1.0 / 3;
  EXPECT_GT(verify::stats::binomial_test(total, draws * 50, {third * (1 - 1e-15), third * (1 + 1e-15)}).p_value,
            1e-6);
}

}  // namespace
}  // namespace dpb::ref
