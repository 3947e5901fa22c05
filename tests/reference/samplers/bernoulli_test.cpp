#include "reference/samplers/bernoulli.hpp"

#include <gtest/gtest.h>

#include <string>

#include "reference/bits/chacha20.hpp"
#include "reference/core/errors.hpp"
#include "verify/stats/binomial_tests.hpp"

namespace dpb::ref {
namespace {

void expect_parameter_error(const Rational& p, const std::string& message) {
  try {
    Bernoulli b(p);
    FAIL() << "accepted p = " << to_string(p);
  } catch (const ParameterError& e) {
    EXPECT_EQ(std::string(e.what()), message);
  }
}

TEST(BernoulliTest, ConstructorRejectsProbabilityOutsideUnitInterval) {
  expect_parameter_error(Rational(-1), "Bernoulli: parameter 'p' must be in [0, 1], got -1");
  expect_parameter_error(Rational(3, 2), "Bernoulli: parameter 'p' must be in [0, 1], got 3/2");
  expect_parameter_error(Rational(-1, 1000000), "Bernoulli: parameter 'p' must be in [0, 1], got -1/1000000");
}

TEST(BernoulliTest, DegenerateProbabilitiesAreDeterministicAndDrawNoBits) {
  ChaCha20Source source(1);
  CountingSource bits(source);
  const Bernoulli never(Rational(0)), always(Rational(1));
  for (int i = 0; i < 100; ++i) {
    EXPECT_FALSE(never(bits));
    EXPECT_TRUE(always(bits));
  }
  EXPECT_EQ(bits.count(), 0U);
}

TEST(BernoulliTest, KeepsParameterInLowestTerms) {
  EXPECT_EQ(Bernoulli(Rational(2, 4)).p(), Rational(1, 2));
}

TEST(BernoulliTest, HalfDrawsOneBitAndIsTrueOnZeroBit) {
  // Bernoulli(1/2) = [uniform_below(2) < 1]: one bit, true when it is 0 (docs/bits.md §3).
  ChaCha20Source a(4), b(4);
  CountingSource counted(a);
  const Bernoulli half(Rational(1, 2));
  for (int i = 0; i < 200; ++i) EXPECT_EQ(half(counted), !b.next_bit());
  EXPECT_EQ(counted.count(), 200U);
}

// Exact binomial test, alpha = 1e-6, fixed seeds: the count of successes in N draws is Binomial(N, p) exactly.
void expect_frequency(const Rational& p, std::uint64_t seed) {
  ChaCha20Source bits(seed);
  const Bernoulli sampler(p);
  const std::uint64_t n = 100000;
  std::uint64_t k = 0;
  for (std::uint64_t i = 0; i < n; ++i) k += sampler(bits) ? 1 : 0;
  const double q = p.convert_to<double>();
  const auto test = verify::stats::binomial_test(k, n, {q * (1 - 1e-15), q * (1 + 1e-15)});
  EXPECT_GT(test.p_value, 1e-6) << "p = " << to_string(p) << ", k = " << k;
}

TEST(BernoulliTest, FrequencyMatchesProbabilityOnFixedSeed) {
  expect_frequency(Rational(1, 3), 11);
  expect_frequency(Rational(1, 2), 12);
  expect_frequency(Rational(999, 1000), 13);
  expect_frequency(Rational(500001, 1000003), 14);  // prime denominator, 20 bits per try
  expect_frequency(Rational(1, Integer(1) << 40), 15);
}

}  // namespace
}  // namespace dpb::ref
