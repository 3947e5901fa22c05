// Unit tests of the optimized protocol's validation (optimized/protocols/protocol.hpp): the 64-bit range check at
// construction, batch size and reward checks, and the encoder's bits matching the reference's.
#include "optimized/protocols/protocol.hpp"

#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <vector>

#include "reference/bits/chacha20.hpp"
#include "reference/core/errors.hpp"
#include "reference/samplers/rounding.hpp"

namespace dpb::fast {
namespace {

ref::Calibration dist_dp(long n) {
  ref::CalibrationInput in;
  in.eps = Rational(1);
  in.n = n;
  in.horizon = 1000;
  return ref::calibrate(ref::Variant::DistDP, in);
}

std::string message(const std::function<void()>& f) {
  try {
    f();
  } catch (const ParameterError& e) {
    return e.what();
  }
  return "";
}

TEST(FastProtocolTest, ConstructionRefusesModulusBeyond2To62) {
  ref::Calibration c = dist_dp(10);
  c.m = ref::kMaxModulus + 1;
  const std::string msg = message([&] { Protocol p(c); });
  EXPECT_NE(msg.find("Protocol: parameter 'm'"), std::string::npos) << msg;
  c.m = ref::kMaxModulus;
  c.threshold = c.m - c.tau - 1;
  EXPECT_NO_THROW(Protocol p(c));
}

TEST(FastProtocolTest, RejectsWrongBatchSizeAndInvalidRewards) {
  Protocol p(dist_dp(4));
  ChaCha20Source bits(1, 0);
  std::vector<Reward> x(3, Reward{1, 2});
  EXPECT_NE(message([&] { p.run(std::span<const Reward>(x), bits); }).find("parameter 'x'"), std::string::npos);
  x.assign(4, Reward{1, 2});
  x[2] = Reward{3, 2};
  EXPECT_NE(message([&] { p.run(std::span<const Reward>(x), bits); }).find("got 3/2"), std::string::npos);
  x[2] = Reward{0, 0};
  EXPECT_NE(message([&] { p.decode_batch(std::span<const Reward>(x), bits); }).find("got 0/0"), std::string::npos);
  EXPECT_NE(message([] { to_reward(Rational(-1, 3)); }).find("parameter 'x' must be in [0, 1], got -1/3"),
            std::string::npos);
}

TEST(FastProtocolTest, EncodeDrawsTheReferenceRoundingBits) {
  for (std::uint64_t g : {1ULL, 7ULL, 32ULL, 1000003ULL})
    for (const Rational& x : {Rational(0), Rational(1), Rational(1, 3), Rational(5, 6), Rational(999, 1000),
                              Rational(123456789, 987654321)}) {
      ChaCha20Source a(9, g), b(9, g);
      const ref::RandomizedRounding r(x, Integer(g));
      for (int i = 0; i < 50; ++i) ASSERT_EQ(Integer(encode(to_reward(x), g, a)), r(b)) << x << " g=" << g;
      EXPECT_EQ(a.bits_consumed(), b.bits_consumed());
    }
}

}  // namespace
}  // namespace dpb::fast
