// The optimized build draws the same bits and returns the same values as the reference (docs/architecture.md §3):
// for every CKS20-family sampler and several parameter sets, 10^6 draws (fewer for the slow overflow-fallback sets)
// on two ChaCha20 streams with one seed, comparing every value and the running bit count after every draw.
#include <gtest/gtest.h>

#include <cstdint>
#include <sstream>
#include <string>

#include "optimized/samplers/bernoulli.hpp"
#include "optimized/samplers/bernoulli_exp.hpp"
#include "optimized/samplers/binomial.hpp"
#include "optimized/samplers/discrete_gaussian.hpp"
#include "optimized/samplers/discrete_laplace.hpp"
#include "optimized/samplers/geometric.hpp"
#include "optimized/samplers/rounding.hpp"
#include "reference/bits/chacha20.hpp"
#include "reference/samplers/bernoulli.hpp"
#include "reference/samplers/bernoulli_exp.hpp"
#include "reference/samplers/binomial.hpp"
#include "reference/samplers/discrete_gaussian.hpp"
#include "reference/samplers/discrete_laplace.hpp"
#include "reference/samplers/geometric.hpp"
#include "reference/samplers/rounding.hpp"
#include "tests/support/bit_identity.hpp"

namespace dpb {
namespace {

constexpr std::uint64_t kDraws = 1000000;

template <class Ref, class Fast>
void expect_bit_identical(const Ref& reference, const Fast& optimized, const std::string& label,
                          std::uint64_t draws = kDraws) {
  test::expect_bit_identical(reference, optimized, 20261121, label, draws);
}

TEST(BitIdentityCrossTest, Bernoulli) {
  for (const Rational& p : {Rational(1, 3), Rational(500001, 1000003), Rational(1, Integer(1) << 40)})
    expect_bit_identical(ref::Bernoulli(p), fast::Bernoulli(p), "Bernoulli(" + to_string(p) + ")");
}

TEST(BitIdentityCrossTest, BernoulliExp) {
  for (const Rational& gamma : {Rational(5, 2), Rational(1, 65537), Rational(7)})
    expect_bit_identical(ref::BernoulliExp(gamma), fast::BernoulliExp(gamma),
                         "BernoulliExp(" + to_string(gamma) + ")");
  // A 62-bit denominator: the von Neumann steps need uniform draws below 2^64 and above (128-bit path).
  const Rational wide(Integer((Integer(1) << 62) - 1), Integer(1) << 62);
  expect_bit_identical(ref::BernoulliExp(wide), fast::BernoulliExp(wide), "BernoulliExp(" + to_string(wide) + ")",
                       kDraws / 10);
}

TEST(BitIdentityCrossTest, Geometric) {
  for (const Rational& scale : {Rational(1, 3), Rational(7, 2), Rational(1000)})
    expect_bit_identical(ref::Geometric(scale), fast::Geometric(scale), "Geometric(" + to_string(scale) + ")");
  const Rational widest(Integer(1) << 48, 3);  // t = 2^48: 49-bit uniform draws
  expect_bit_identical(ref::Geometric(widest), fast::Geometric(widest), "Geometric(" + to_string(widest) + ")",
                       kDraws / 10);
}

TEST(BitIdentityCrossTest, DiscreteLaplace) {
  for (const Rational& scale : {Rational(1, 3), Rational(3), Rational(1000)})
    expect_bit_identical(ref::DiscreteLaplace(scale), fast::DiscreteLaplace(scale),
                         "DiscreteLaplace(" + to_string(scale) + ")");
}

TEST(BitIdentityCrossTest, DiscreteGaussian) {
  expect_bit_identical(ref::DiscreteGaussian(Rational(100)), fast::DiscreteGaussian(Rational(100)),
                       "DiscreteGaussian(100)");
  expect_bit_identical(ref::DiscreteGaussian(Rational(1, 4)), fast::DiscreteGaussian(Rational(1, 4)),
                       "DiscreteGaussian(1/4)");
  expect_bit_identical(ref::DiscreteGaussian(Rational(7, 3), Rational(1, 2)),
                       fast::DiscreteGaussian(Rational(7, 3), Rational(1, 2)), "DiscreteGaussian(7/3, mu = 1/2)");
}

TEST(BitIdentityCrossTest, DiscreteGaussianOverflowFallbacks) {
  // D = 2 a b d² t² ≈ 2^126.5: N = D·bias(Y) overflows 128 bits when bias(Y) >= ~2.8, i.e. for a few percent of
  // the candidates, whose acceptance step then runs in the reference's rationals.
  const Integer b = 1000003;
  const Rational sigma2(Integer(100 * b + 1), b), mu(Integer(1), Integer("68719476731"));
  expect_bit_identical(ref::DiscreteGaussian(sigma2, mu), fast::DiscreteGaussian(sigma2, mu),
                       "DiscreteGaussian(" + to_string(sigma2) + ", mu = " + to_string(mu) + ")", kDraws / 20);
  // D does not fit 128 bits at all: every acceptance step in the reference's rationals.
  const Rational huge_sigma2(Integer("9000000000000000000"), 7), tiny_mu(1, Integer("9000000000000000001"));
  expect_bit_identical(ref::DiscreteGaussian(huge_sigma2, tiny_mu), fast::DiscreteGaussian(huge_sigma2, tiny_mu),
                       "DiscreteGaussian(9e18/7, mu = 1/(9e18 + 1))", kDraws / 100);
}

TEST(BitIdentityCrossTest, Binomial) {
  expect_bit_identical(ref::Binomial(Integer(50), Rational(1, 3)), fast::Binomial(Integer(50), Rational(1, 3)),
                       "Binomial(50, 1/3)");
  expect_bit_identical(ref::Binomial(Integer(7), Rational(999, 1000)), fast::Binomial(Integer(7), Rational(999, 1000)),
                       "Binomial(7, 999/1000)", kDraws / 4);
}

TEST(BitIdentityCrossTest, RandomizedRounding) {
  expect_bit_identical(ref::RandomizedRounding(Rational(3, 7), Integer(100)),
                       fast::RandomizedRounding(Rational(3, 7), Integer(100)), "RandomizedRounding(3/7, 100)");
  expect_bit_identical(ref::RandomizedRounding(Rational(-3, 7), Integer(100)),
                       fast::RandomizedRounding(Rational(-3, 7), Integer(100)), "RandomizedRounding(-3/7, 100)");
}

}  // namespace
}  // namespace dpb
