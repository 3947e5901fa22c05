#include "reference/samplers/rounding.hpp"

#include <gtest/gtest.h>

#include <string>

#include "reference/bits/chacha20.hpp"
#include "reference/core/errors.hpp"
#include "verify/stats/binomial_tests.hpp"

namespace dpb::ref {
namespace {

TEST(RandomizedRoundingTest, ConstructorRejectsNonPositiveG) {
  for (const auto& [g, text] : {std::pair{Integer(0), "0"}, std::pair{Integer(-1), "-1"}}) {
    try {
      RandomizedRounding r(Rational(1, 2), g);
      FAIL() << "accepted g = " << text;
    } catch (const ParameterError& e) {
      EXPECT_EQ(std::string(e.what()), std::string("RandomizedRounding: parameter 'g' must be > 0, got ") + text);
    }
  }
}

TEST(RandomizedRoundingTest, IntegerProductIsDeterministicAndDrawsNoBits) {
  ChaCha20Source source(71);
  CountingSource bits(source);
  EXPECT_EQ(RandomizedRounding(Rational(1), Integer(100))(bits), 100);
  EXPECT_EQ(RandomizedRounding(Rational(0), Integer(100))(bits), 0);
  EXPECT_EQ(RandomizedRounding(Rational(3, 4), Integer(8))(bits), 6);
  EXPECT_EQ(RandomizedRounding(Rational(-5, 2), Integer(4))(bits), -10);
  EXPECT_EQ(bits.count(), 0U);
}

TEST(RandomizedRoundingTest, OutputsAreFloorOrFloorPlusOne) {
  ChaCha20Source bits(72);
  const RandomizedRounding r(Rational(3, 7), Integer(100));  // x g = 300/7 = 42 + 6/7
  const RandomizedRounding negative(Rational(-3, 7), Integer(100));  // x g = −43 + 1/7
  for (int i = 0; i < 1000; ++i) {
    const Integer y = r(bits);
    EXPECT_TRUE(y == 42 || y == 43) << y;
    const Integer z = negative(bits);
    EXPECT_TRUE(z == -43 || z == -42) << z;
  }
}

TEST(RandomizedRoundingTest, RoundsUpWithFractionalPartProbabilityOnFixedSeed) {
  // P[output = floor + 1] = x g − floor(x g) = 6/7 exactly: exact binomial test at alpha = 1e-6 (so E = x g).
  ChaCha20Source bits(73);
  const RandomizedRounding r(Rational(3, 7), Integer(100));
  const std::uint64_t n = 100000;
  std::uint64_t up = 0;
  for (std::uint64_t i = 0; i < n; ++i) up += r(bits) == 43 ? 1 : 0;
  const double p = 6.0 / 7;
  EXPECT_GT(verify::stats::binomial_test(up, n, {p * (1 - 1e-15), p * (1 + 1e-15)}).p_value, 1e-6);
}

}  // namespace
}  // namespace dpb::ref
