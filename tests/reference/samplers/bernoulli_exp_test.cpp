#include "reference/samplers/bernoulli_exp.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "reference/bits/chacha20.hpp"
#include "reference/core/errors.hpp"
#include "reference/core/interval.hpp"
#include "verify/stats/binomial_tests.hpp"

namespace dpb::ref {
namespace {

TEST(BernoulliExpTest, ConstructorRejectsNegativeGamma) {
  for (const auto& [gamma, text] : {std::pair{Rational(-1), "-1"}, std::pair{Rational(-1, 3), "-1/3"}}) {
    try {
      BernoulliExp b(gamma);
      FAIL() << "accepted gamma = " << text;
    } catch (const ParameterError& e) {
      EXPECT_EQ(std::string(e.what()), std::string("BernoulliExp: parameter 'gamma' must be >= 0, got ") + text);
    }
  }
}

TEST(BernoulliExpTest, ZeroGammaIsAlwaysTrueAndDrawsNoBits) {
  ChaCha20Source source(2);
  CountingSource bits(source);
  const BernoulliExp sampler(Rational(0));
  for (int i = 0; i < 1000; ++i) EXPECT_TRUE(sampler(bits));
  EXPECT_EQ(bits.count(), 0U);
}

TEST(BernoulliExpTest, IntegerGammaEndsWithAFreeZeroStep) {
  // gamma = 2: two BernoulliExp(1) draws, then gamma − 2 = 0 draws nothing; the same bits as two BernoulliExp(1).
  ChaCha20Source a(3), b(3);
  CountingSource ca(a), cb(b);
  const BernoulliExp two(Rational(2)), one(Rational(1));
  for (int i = 0; i < 2000; ++i) {
    const bool first = one(cb);
    const bool both = first && one(cb);
    EXPECT_EQ(two(ca), both);
  }
  EXPECT_EQ(ca.count(), cb.count());
}

TEST(BernoulliExpTest, VonNeumannStepsUseLowestTerms) {
  // gamma = 1/2: K = 1 is Bernoulli(1/2) (1 bit), K = 2 is Bernoulli(1/4) (2 bits, no rejection).
  ChaCha20Source source(5), replay(5);
  CountingSource bits(source);
  const BernoulliExp sampler(Rational(1, 2));
  for (int i = 0; i < 500; ++i) {
    const std::uint64_t before = bits.count();
    const bool x = sampler(bits);
    // Replay by hand.
    unsigned long K = 1;
    std::uint64_t used = 0;
    for (;;) {
      const Integer den = Integer(2) * K;
      const unsigned k = bit_length(Integer(den - 1));
      Integer u;
      do {
        u = k == 0 ? Integer(0) : Integer(replay.next_bits(k));
        used += k;
      } while (u >= den);
      if (!(u < 1)) break;
      ++K;
    }
    EXPECT_EQ(x, K % 2 == 1);
    EXPECT_EQ(bits.count() - before, used);
  }
}

// Exact binomial test at alpha = 1e-6 against a certified enclosure of e^{−gamma}.
void expect_frequency(const Rational& gamma, std::uint64_t seed, std::uint64_t n) {
  ChaCha20Source bits(seed);
  const BernoulliExp sampler(gamma);
  std::uint64_t k = 0;
  for (std::uint64_t i = 0; i < n; ++i) k += sampler(bits) ? 1 : 0;
  const Interval p = exp_neg(gamma, 128);
  const double lo = std::nextafter(p.lower().convert_to<double>(), 0.0);
  const double hi = std::nextafter(p.upper().convert_to<double>(), 1.0);
  const auto test = verify::stats::binomial_test(k, n, {lo, hi});
  EXPECT_GT(test.p_value, 1e-6) << "gamma = " << to_string(gamma) << ", k = " << k << " of " << n;
}

TEST(BernoulliExpTest, FrequencyMatchesExpMinusGammaOnFixedSeed) {
  expect_frequency(Rational(1, 2), 21, 60000);
  expect_frequency(Rational(1), 22, 60000);
  expect_frequency(Rational(5, 2), 23, 60000);
  expect_frequency(Rational(7), 24, 60000);
  expect_frequency(Rational(1, 65537), 25, 60000);
  expect_frequency(Rational(1000003, 1000000), 26, 30000);
}

}  // namespace
}  // namespace dpb::ref
