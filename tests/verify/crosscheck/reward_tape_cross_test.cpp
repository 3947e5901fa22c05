// The optimized reward-tape generator draws the same bits as the reference's and fills the same table, for every
// arm law (Bernoulli, clipped discrete Gaussian, Beta proxy).
#include <gtest/gtest.h>

#include "optimized/environments/reward_tape.hpp"
#include "reference/bits/chacha20.hpp"
#include "reference/environments/reward_tape.hpp"

namespace dpb {
namespace {

void expect_same_tape(const ref::BanditInstance& instance, std::uint64_t length, std::uint64_t seed) {
  const ref::RewardTape a = ref::make_reward_tape(instance, length, seed);
  const ref::RewardTape b = fast::make_reward_tape(instance, length, seed);
  ASSERT_EQ(a.arms(), b.arms());
  ASSERT_EQ(a.grid(), b.grid());
  for (std::uint32_t arm = 0; arm < a.arms(); ++arm)
    for (std::uint64_t n = 0; n < length; ++n) ASSERT_EQ(a.units(arm, n), b.units(arm, n)) << arm << " " << n;
}

TEST(RewardTapeCrossTest, BernoulliTapesAreIdentical) {
  expect_same_tape(ref::seed002_instance(2), 2000, 1);
  expect_same_tape(
      ref::BanditInstance::bernoulli({Rational(1, 3), Rational(123456, 1000003), Rational(0), Rational(1)}), 1000, 2);
}

TEST(RewardTapeCrossTest, ClippedGaussianTapesAreIdentical) {
  ChaCha20Source bits(4);
  expect_same_tape(ref::seed000_instance(ref::Seed000Difficulty::Easy, 4, bits), 300, 3);
  expect_same_tape(ref::BanditInstance::clipped_gaussian({Rational(1, 20), Rational(19, 20)}, Rational(1, 5), 37), 300,
                   4);
}

TEST(RewardTapeCrossTest, BetaTapesAreIdentical) {
  expect_same_tape(ref::BanditInstance::beta({{1, 1}, {2, 5}, {7, 3}}, 50), 300, 5);
}

}  // namespace
}  // namespace dpb
