// Identity tests that need no floating-point reference (docs/samplers.md § bernoulli_exp): e^{−(a+b)} = e^{−a}·e^{−b}.
// Catches rational-arithmetic bugs of the kind that biased OpenDP's sampler (opendp#2638).
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <boost/math/distributions/hypergeometric.hpp>

#include "reference/bits/chacha20.hpp"
#include "reference/samplers/bernoulli_exp.hpp"

namespace dpb::ref {
namespace {

// Fisher's exact test (two-sided, doubling the smaller tail) of "the success probabilities are equal" for x of n
// and y of n successes: conditionally on x + y, x is hypergeometric, whatever the common probability.
double fisher_exact_p_value(unsigned x, unsigned y, unsigned n) {
  const unsigned total = x + y;
  if (total == 0 || total == 2 * n) return 1;
  const boost::math::hypergeometric_distribution<double> law(total, n, 2 * n);
  const double low = boost::math::cdf(law, x);
  const unsigned smallest = total > n ? total - n : 0;  // the support of x is [smallest, min(total, n)]
  const double high = x <= smallest ? 1.0 : boost::math::cdf(boost::math::complement(law, x - 1));
  return std::min(1.0, 2 * std::min(low, high));
}

rc::Gen<Rational> small_rational() {
  return rc::gen::apply(
      [](long num, long den) { return Rational(num, den); }, rc::gen::inRange<long>(0, 3000),
      rc::gen::oneOf(rc::gen::inRange<long>(1, 1000), rc::gen::element(65537L, 1000003L, 1L << 30)));
}

// α per case = 1e-6 / 200 (Bonferroni over the 200 cases CI runs), so the whole property has α <= 1e-6.
constexpr double kAlphaPerCase = 1e-6 / 200;
constexpr unsigned kDraws = 4000;

RC_GTEST_PROP(BernoulliExpPropTest, SumOfExponentsHasLawOfConjunction, ()) {
  const Rational a = *small_rational() / 1000;
  const Rational b = *small_rational() / 1000;
  const std::uint64_t seed = *rc::gen::arbitrary<std::uint64_t>();
  ChaCha20Source bits(seed);
  const BernoulliExp sum(Rational(a + b)), first(a), second(b);
  unsigned x = 0, y = 0;
  for (unsigned i = 0; i < kDraws; ++i) {
    x += sum(bits) ? 1 : 0;
    const bool both = first(bits) && second(bits);
    y += both ? 1 : 0;
  }
  const double p = fisher_exact_p_value(x, y, kDraws);
  RC_ASSERT(p > kAlphaPerCase);
}

RC_GTEST_PROP(BernoulliExpPropTest, IntegerMultipleHasLawOfRepeatedConjunction, ()) {
  // e^{−m a} = (e^{−a})^m (OpenDP's scaling identity), m = 2..13.
  const Rational a = *small_rational() / 3000;
  const unsigned m = *rc::gen::inRange(2U, 14U);
  ChaCha20Source bits(*rc::gen::arbitrary<std::uint64_t>());
  const BernoulliExp scaled(Rational(a * m)), single(a);
  unsigned x = 0, y = 0;
  for (unsigned i = 0; i < kDraws; ++i) {
    x += scaled(bits) ? 1 : 0;
    bool all = true;
    for (unsigned j = 0; j < m && all; ++j) all = single(bits);
    y += all ? 1 : 0;
  }
  RC_ASSERT(fisher_exact_p_value(x, y, kDraws) > kAlphaPerCase);
}

TEST(BernoulliExpPropTest, FisherTestRejectsDifferentProbabilities) {
  // Negative control of the comparison itself: 2000 vs 1600 successes of 4000 is far beyond alpha.
  EXPECT_LT(fisher_exact_p_value(2000, 1600, kDraws), 1e-12);
  EXPECT_GT(fisher_exact_p_value(2000, 1990, kDraws), 0.1);
  EXPECT_GT(fisher_exact_p_value(3998, 4000, kDraws), 0.1);  // at the edge of the support
  EXPECT_GT(fisher_exact_p_value(0, 3, kDraws), 0.1);
}

}  // namespace
}  // namespace dpb::ref
