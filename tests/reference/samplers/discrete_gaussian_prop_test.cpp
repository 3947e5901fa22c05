#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "reference/bits/chacha20.hpp"
#include "reference/samplers/discrete_gaussian.hpp"

namespace dpb::ref {
namespace {

rc::Gen<Rational> positive_rational() {
  return rc::gen::apply([](long num, long den) { return Rational(num, den); }, rc::gen::inRange<long>(1, 100000),
                        rc::gen::inRange<long>(1, 1000));
}

// bias(y) >= 0 for every y (the acceptance probability e^{−bias} is a probability), and it is 0 exactly where the
// real minimiser y* = f + σ²/t is an integer.
RC_GTEST_PROP(DiscreteGaussianPropTest, BiasIsNonNegative, ()) {
  const Rational sigma2 = *positive_rational();
  const Rational mu(*rc::gen::inRange<long>(-5000, 5000), *rc::gen::inRange<long>(1, 100));
  const DiscreteGaussian d(sigma2, mu);
  for (int i = 0; i < 50; ++i) {
    const Integer y = *rc::gen::inRange<long>(-1000000, 1000000);
    RC_ASSERT(d.bias(y) >= 0);
  }
  const Rational star = (mu - floor(mu)) + sigma2 / d.t();
  if (denominator(star) == 1) RC_ASSERT(d.bias(numerator(star)) == 0);
}

// The same property where it bites: inputs built so that y* is an integer (random inputs almost never are). With
// t = ⌊√⌊σ²⌋⌋ + 1 fixed, σ² = (t − 1 − f)·t lies in [(t − 1)², t²) whenever 0 ≤ f ≤ (t − 1)/t, so the sampler's t is
// that t and y* = f + σ²/t = t − 1: bias(t − 1) = 0, and bias > 0 at its integer neighbours (unless they tie).
RC_GTEST_PROP(DiscreteGaussianPropTest, BiasVanishesAtAnIntegerMinimiser, ()) {
  const long t = *rc::gen::inRange<long>(2, 2000);
  const long den = *rc::gen::inRange<long>(1, 1000);
  const long num = *rc::gen::inRange<long>(0, (t - 1) * den / t + 1);  // f = num/den ∈ [0, (t − 1)/t]
  const Rational f(num, den);
  RC_PRE(f <= Rational(t - 1, t));
  const long whole = *rc::gen::inRange<long>(-1000, 1000);
  const Rational sigma2 = (Rational(t - 1) - f) * t;
  const DiscreteGaussian d(sigma2, Rational(whole) + f);
  RC_ASSERT(d.t() == Integer(t));
  const Integer star(t - 1);
  RC_ASSERT(d.bias(star) == 0);
  RC_ASSERT(d.bias(star + 1) >= 0);
  RC_ASSERT(d.bias(star - 1) >= 0);
  RC_ASSERT(d.bias(star + 1) > 0 || d.bias(star - 1) > 0);
}

RC_GTEST_PROP(DiscreteGaussianPropTest, IntegerMuIsAShiftOnSameBits, ()) {
  const Rational sigma2 = *positive_rational() / 100;
  const long mu = *rc::gen::inRange<long>(-1000000, 1000000);
  const std::uint64_t seed = *rc::gen::arbitrary<std::uint64_t>();
  ChaCha20Source a(seed), b(seed);
  const DiscreteGaussian shifted(sigma2, Rational(mu)), centered(sigma2);
  for (int i = 0; i < 20; ++i) RC_ASSERT(shifted(a) == centered(b) + mu);
}

}  // namespace
}  // namespace dpb::ref
