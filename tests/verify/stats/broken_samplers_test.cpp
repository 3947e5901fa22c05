// Unit tests of the negative controls' plumbing (tests/support/broken_samplers.hpp); their statistical failure is
// asserted by sampler_gof_stat_test.cpp.
#include "tests/support/broken_samplers.hpp"

#include <gtest/gtest.h>

#include "reference/bits/chacha20.hpp"

namespace dpb::test {
namespace {

// A source of all-one bits.
struct Ones {
  bool next_bit() { return true; }
  std::uint64_t next_bits(unsigned k) { return k == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << k) - 1; }
};

TEST(BrokenSamplersTest, LostBitSourceZeroesEvery64thBit) {
  Ones ones;
  std::uint64_t position = 0;
  LostBitSource<Ones> lossy(ones, position);
  EXPECT_EQ(lossy.next_bits(60), (std::uint64_t{1} << 60) - 1);  // positions 0..59
  EXPECT_EQ(lossy.next_bits(5), 0b11101U);                        // positions 60..64: 63 is stuck at 0
  for (int i = 65; i < 127; ++i) EXPECT_TRUE(lossy.next_bit()) << i;
  EXPECT_FALSE(lossy.next_bit());                                 // position 127
  EXPECT_EQ(lossy.next_bits(64), ~std::uint64_t{0} - 1);          // positions 128..191: 191 is the last bit
  EXPECT_EQ(position, 192U);
}

TEST(BrokenSamplersTest, LostBitPositionPersistsAcrossDraws) {
  BernoulliLostBit b(Rational(1, 3));
  ChaCha20Source bits(1, 0);
  for (int i = 0; i < 1000; ++i) b(bits);
  EXPECT_GT(bits.bits_consumed(), 1000U);
}

TEST(BrokenSamplersTest, TruncatedLaplaceStaysWithinItsBound) {
  TruncatedDiscreteLaplace t(Rational(3), 5);
  ChaCha20Source bits(2, 0);
  for (int i = 0; i < 10000; ++i) {
    const auto x = t(bits);
    ASSERT_LE(x, 5);
    ASSERT_GE(x, -5);
  }
}

}  // namespace
}  // namespace dpb::test
