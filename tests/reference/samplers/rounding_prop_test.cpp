#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "reference/bits/chacha20.hpp"
#include "reference/samplers/rounding.hpp"

namespace dpb::ref {
namespace {

RC_GTEST_PROP(RandomizedRoundingPropTest, OutputIsFloorOrFloorPlusOne, ()) {
  const Rational x(*rc::gen::inRange<long>(-100000, 100000), *rc::gen::inRange<long>(1, 100000));
  const Integer g = *rc::gen::inRange<long>(1, 1000000);
  ChaCha20Source source(*rc::gen::arbitrary<std::uint64_t>());
  CountingSource bits(source);
  const RandomizedRounding r(x, g);
  const Integer low = floor(Rational(x * g));
  const bool exact = denominator(Rational(x * g)) == 1;
  for (int i = 0; i < 20; ++i) {
    const Integer y = r(bits);
    if (exact) {
      RC_ASSERT(y == low);
    } else {
      RC_ASSERT(y == low || y == low + 1);
    }
  }
  if (exact) RC_ASSERT(bits.count() == 0U);
}

RC_GTEST_PROP(RandomizedRoundingPropTest, IntegerProductDrawsNoBits, ()) {
  // x = k/g' with g' dividing g: x g is an integer.
  const long divisor = *rc::gen::inRange<long>(1, 1000), factor = *rc::gen::inRange<long>(1, 1000);
  const Rational x(*rc::gen::inRange<long>(-100000, 100000), divisor);
  const Integer g = Integer(divisor) * factor;
  ChaCha20Source source(*rc::gen::arbitrary<std::uint64_t>());
  CountingSource bits(source);
  const RandomizedRounding r(x, g);
  for (int i = 0; i < 5; ++i) RC_ASSERT(r(bits) == x * g);
  RC_ASSERT(bits.count() == 0U);
}

}  // namespace
}  // namespace dpb::ref
