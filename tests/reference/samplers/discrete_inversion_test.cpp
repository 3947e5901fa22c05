// Unit tests of the `inversion` method's reference samplers (reference/samplers/discrete_{laplace,gaussian}_
// inversion.hpp) and its exact Bernoulli(e^{−γ}) by 64-bit chunks: validation, the zigzag map, and decisions on
// tapes whose values follow from the rule by hand.
#include <gtest/gtest.h>

#include <set>

#include "reference/bits/chacha20.hpp"
#include "reference/bits/tape.hpp"
#include "reference/core/errors.hpp"
#include "reference/core/interval.hpp"
#include "reference/samplers/discrete_gaussian_inversion.hpp"
#include "reference/samplers/discrete_laplace_inversion.hpp"
#include "reference/samplers/internal/exp_chunks.hpp"

namespace dpb::ref {
namespace {

TEST(DiscreteInversionTest, ValidationNamesClassAndParameter) {
  EXPECT_THROW(DiscreteLaplaceInversion(Rational(0)), ParameterError);
  EXPECT_THROW(DiscreteLaplaceInversion(Rational(-3)), ParameterError);
  EXPECT_THROW(DiscreteLaplaceInversion(Rational(Integer(1) << 33)), ParameterError);
  EXPECT_THROW(DiscreteGaussianInversion(Rational(0)), ParameterError);
  EXPECT_THROW(DiscreteGaussianInversion(Rational(Integer(1) << 61)), ParameterError);
  try {
    DiscreteLaplaceInversion bad(Rational(-1, 2));
    FAIL();
  } catch (const ParameterError& e) {
    EXPECT_NE(std::string(e.what()).find("DiscreteLaplaceInversion: parameter 'scale'"), std::string::npos) << e.what();
  }
}

TEST(DiscreteInversionTest, ZigzagIsABijectionOntoAnIntegerRange) {
  std::set<Integer> seen;
  for (std::uint64_t n = 0; n < 101; ++n) seen.insert(DiscreteLaplaceInversion::from_zigzag(n));
  EXPECT_EQ(seen.size(), 101U);
  EXPECT_EQ(*seen.begin(), -50);
  EXPECT_EQ(*seen.rbegin(), 50);
  EXPECT_EQ(DiscreteLaplaceInversion::from_zigzag(1), -1);
  EXPECT_EQ(DiscreteLaplaceInversion::from_zigzag(2), 1);
  EXPECT_EQ(DiscreteLaplaceInversion::from_zigzag(~std::uint64_t{0}), -(Integer(1) << 63));
}

// With scale 1: F(0) = 1 − 2e^{−1}/(1 + e^{−1}) = 0.4621…, F(1) = 1 − e^{−1} = 0.6321…, F(2) = 0.8011….
// A first chunk 0 gives 0; 0.5·2^64 and (2^63 − 1) give −1; 0.7·2^64 gives 1 (one chunk each).
TEST(DiscreteInversionTest, LaplaceInvertsTheZigzagCdf) {
  const std::uint64_t half = std::uint64_t{1} << 63;
  const std::uint64_t seven_tenths = 12912720851596686131ULL;  // ⌊0.7·2^64⌋
  const std::pair<std::uint64_t, long> cases[] = {{0, 0}, {half, -1}, {seven_tenths, 1}, {~std::uint64_t{0} / 2, -1}};
  for (const auto& [chunk, expected] : cases) {
    Tape t;
    t.append(chunk, 64);
    TapeSource bits(t);
    DiscreteLaplaceInversion sampler{Rational(1)};
    EXPECT_EQ(sampler(bits), expected) << chunk;
    EXPECT_EQ(bits.position(), 64U);
  }
}

// e^{−1/2} = 0.60653…: a chunk below 0.6 accepts, above 0.61 rejects; γ = 0 reads nothing.
TEST(DiscreteInversionTest, BernoulliExpByChunksComparesTheUniformWithExpMinusGamma) {
  const internal::ExpNeg p(Rational(1, 2));
  const std::uint64_t six_tenths = 11068046444225730969ULL;  // ⌊0.6·2^64⌋
  const std::uint64_t sixty_one = 11252513884962826485ULL;   // ⌊0.61·2^64⌋
  for (const auto& [chunk, expected] : {std::pair{six_tenths, true}, std::pair{sixty_one, false}}) {
    Tape t;
    t.append(chunk, 64);
    TapeSource bits(t);
    EXPECT_EQ(internal::bernoulli_exp_by_chunks(p, bits), expected);
    EXPECT_EQ(bits.position(), 64U);
  }
  Tape empty;
  TapeSource none(empty);
  EXPECT_TRUE(internal::bernoulli_exp_by_chunks(internal::ExpNeg(Rational(0)), none));
  EXPECT_EQ(none.position(), 0U);
  // ⌊e^{−1/2}·2^64⌋ lies between the two chunks above, and the enclosure of e^{−1/2} at 200 bits contains it / 2^64.
  const std::uint64_t lo = p.floor_scaled();
  EXPECT_GT(lo, six_tenths);
  EXPECT_LT(lo, sixty_one);
  const Interval e = exp_neg(Rational(1, 2), 200);
  EXPECT_TRUE(e.certainly_greater(Rational(Integer(lo), Integer(1) << 64)));
  EXPECT_TRUE(e.certainly_less(Rational(Integer(lo) + 1, Integer(1) << 64)));
}

TEST(DiscreteInversionTest, GaussianKeepsCks20ProposalScaleAndBias) {
  DiscreteGaussianInversion g(Rational(110), Rational(0));
  const DiscreteGaussian cks(Rational(110), Rational(0));
  EXPECT_EQ(g.t(), 11);
  for (long y = -30; y <= 30; ++y) EXPECT_EQ(g.bias(Integer(y)), cks.bias(Integer(y))) << y;
  EXPECT_EQ(g.bias(Integer(10)), 0);  // σ²/t = 10
  ChaCha20Source bits(7);
  for (int i = 0; i < 1000; ++i) {
    const Integer x = g(bits);
    EXPECT_LT(boost::multiprecision::abs(x), 200) << x;
  }
}

}  // namespace
}  // namespace dpb::ref
