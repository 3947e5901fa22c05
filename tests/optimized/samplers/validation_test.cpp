// The optimized samplers reject what the reference rejects, with the same messages, and refuse by name what only
// the 64-bit build cannot represent.
#include <gtest/gtest.h>

#include <functional>
#include <string>

#include "optimized/samplers/bernoulli.hpp"
#include "optimized/samplers/bernoulli_exp.hpp"
#include "optimized/samplers/binomial.hpp"
#include "optimized/samplers/discrete_gaussian.hpp"
#include "optimized/samplers/discrete_laplace.hpp"
#include "optimized/samplers/geometric.hpp"
#include "optimized/samplers/rounding.hpp"
#include "reference/core/errors.hpp"
#include "tests/support/parameter_errors.hpp"

namespace dpb::fast {
namespace {

const std::string kFits = "must be a rational whose numerator and denominator fit the optimized build's 64-bit "
                          "integers, got ";
const Integer kTwo64 = Integer(1) << 64;

TEST(FastValidationTest, RejectsWhatTheReferenceRejectsWithItsMessages) {
  test::expect_error_message([] { Bernoulli(Rational(3, 2)); }, "Bernoulli: parameter 'p' must be in [0, 1], got 3/2");
  test::expect_error_message([] { BernoulliExp(Rational(-1)); }, "BernoulliExp: parameter 'gamma' must be >= 0, got -1");
  test::expect_error_message([] { Geometric(Rational(0)); }, "Geometric: parameter 'scale' must be > 0, got 0");
  test::expect_error_message([] { DiscreteLaplace(Rational(-1)); },
                         "DiscreteLaplace: parameter 'scale' must be > 0, got -1");
  test::expect_error_message([] { DiscreteGaussian(Rational(0)); },
                         "DiscreteGaussian: parameter 'sigma2' must be > 0, got 0");
  test::expect_error_message([] { Binomial(Integer(-1), Rational(1, 2)); }, "Binomial: parameter 'n' must be >= 0, got -1");
  test::expect_error_message([] { Binomial(Integer(3), Rational(2)); }, "Binomial: parameter 'p' must be in [0, 1], got 2");
  test::expect_error_message([] { RandomizedRounding(Rational(1, 2), Integer(0)); },
                         "RandomizedRounding: parameter 'g' must be > 0, got 0");
}

TEST(FastValidationTest, RefusesParametersBeyondSixtyFourBits) {
  const Rational tiny(Integer(1), kTwo64);
  test::expect_error_message([&] { Bernoulli{tiny}; }, "Bernoulli: parameter 'p' " + kFits + "1/18446744073709551616");
  test::expect_error_message([&] { BernoulliExp{tiny}; },
                         "BernoulliExp: parameter 'gamma' " + kFits + "1/18446744073709551616");
  test::expect_error_message([&] { Geometric{tiny}; }, "Geometric: parameter 'scale' " + kFits + "1/18446744073709551616");
  test::expect_error_message([&] { DiscreteLaplace{tiny}; },
                         "DiscreteLaplace: parameter 'scale' " + kFits + "1/18446744073709551616");
  test::expect_error_message([&] { DiscreteGaussian{tiny}; },
                         "DiscreteGaussian: parameter 'sigma2' " + kFits + "1/18446744073709551616");
  test::expect_error_message([&] { DiscreteGaussian(Rational(1), tiny); },
                         "DiscreteGaussian: parameter 'mu' " + kFits + "1/18446744073709551616");
  test::expect_error_message([&] { Binomial(Integer(3), tiny); }, "Binomial: parameter 'p' " + kFits + "1/18446744073709551616");
  test::expect_error_message([&] { RandomizedRounding(tiny, Integer(3)); },
                         "RandomizedRounding: parameter 'x' " + kFits + "1/18446744073709551616");
  test::expect_error_message([&] { RandomizedRounding(Rational(1, 2), kTwo64); },
                         "RandomizedRounding: parameter 'g' must be an integer that fits the optimized build's 64-bit "
                         "integers, got 18446744073709551616");
}

TEST(FastValidationTest, RefusesRangesWhoseOutputsWouldOverflow) {
  const Rational big(Integer(1) << 48);
  EXPECT_NO_THROW(Geometric{big});
  test::expect_error_message([&] { Geometric(Rational(big + 1)); },
                         "Geometric: parameter 'scale' must be <= 2^48 in the optimized build (its outputs are 64-bit "
                         "integers), got 281474976710657");
  test::expect_error_message([&] { DiscreteLaplace(Rational(big + 1)); },
                         "DiscreteLaplace: parameter 'scale' must be <= 2^48 in the optimized build (its outputs are "
                         "64-bit integers), got 281474976710657");
  const Rational far(Integer((Integer(1) << 62) + 1));
  test::expect_error_message([&] { DiscreteGaussian(Rational(1), far); },
                         "DiscreteGaussian: parameter 'mu' must be at most 2^62 in absolute value in the optimized "
                         "build, got 4611686018427387905");
  test::expect_error_message([&] { RandomizedRounding(Rational(Integer(1) << 62), Integer(2)); },
                         "RandomizedRounding: parameter 'x' must be such that floor(x g) + 1 fits the optimized "
                         "build's 64-bit integers, got 4611686018427387904");
}

TEST(FastValidationTest, AccessorsReturnTheParameters) {
  EXPECT_EQ(Bernoulli(Rational(2, 6)).p(), Rational(1, 3));
  EXPECT_EQ(BernoulliExp(Rational(5, 2)).gamma(), Rational(5, 2));
  EXPECT_EQ(Geometric(Rational(7, 2)).scale(), Rational(7, 2));
  EXPECT_EQ(DiscreteLaplace(Rational(1, 3)).scale(), Rational(1, 3));
  const DiscreteGaussian g(Rational(7, 3), Rational(-1, 2));
  EXPECT_EQ(g.sigma2(), Rational(7, 3));
  EXPECT_EQ(g.mu(), Rational(-1, 2));
  EXPECT_EQ(g.t(), 2);
  EXPECT_EQ(Binomial(Integer(50), Rational(1, 3)).n(), 50);
  EXPECT_EQ(Binomial(Integer(50), Rational(1, 3)).p(), Rational(1, 3));
  EXPECT_EQ(RandomizedRounding(Rational(3, 7), Integer(100)).x(), Rational(3, 7));
  EXPECT_EQ(RandomizedRounding(Rational(3, 7), Integer(100)).g(), 100);
}

}  // namespace
}  // namespace dpb::fast
