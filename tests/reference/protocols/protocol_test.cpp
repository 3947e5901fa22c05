// Unit tests of the reference protocol (reference/protocols/protocol.hpp) and its parts: R, the three S, A, the
// transcript, the aggregate path, and validation.
#include "reference/protocols/protocol.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "reference/bits/chacha20.hpp"
#include "reference/core/errors.hpp"

namespace dpb::ref {
namespace {

Calibration calibration(Variant v, const char* eps, long n, long T, std::optional<Rational> s = std::nullopt) {
  CalibrationInput in;
  in.eps = *try_parse_rational(eps);
  in.n = n;
  in.horizon = T;
  in.s = s;
  return calibrate(v, in);
}

std::vector<Rational> rewards(long n) {
  std::vector<Rational> x;
  for (long i = 0; i < n; ++i) x.emplace_back(i % 7, 6);  // 0, 1/6, …, 1
  return x;
}

void expect_consistent(const Transcript& t) {
  const long n = static_cast<long>(t.x.size());
  ASSERT_EQ(static_cast<long>(t.x_hat.size()), n);
  Integer x_hat_sum = 0;
  for (long i = 0; i < n; ++i) {
    const Integer fl = floor(Rational(t.x[static_cast<std::size_t>(i)] * t.g));
    EXPECT_TRUE(t.x_hat[static_cast<std::size_t>(i)] == fl || t.x_hat[static_cast<std::size_t>(i)] == fl + 1);
    EXPECT_GE(t.x_hat[static_cast<std::size_t>(i)], 0);
    EXPECT_LE(t.x_hat[static_cast<std::size_t>(i)], t.g);
    x_hat_sum += t.x_hat[static_cast<std::size_t>(i)];
  }
  for (const Integer& y : t.messages) {
    EXPECT_GE(y, 0);
    EXPECT_LT(y, t.m);
  }
  EXPECT_EQ(t.y_hat, residue(Integer(x_hat_sum + t.noise_sum), t.m));
  const Integer S = x_hat_sum + t.noise_sum + t.analyzer_noise;
  if (boost::multiprecision::abs(Integer(t.noise_sum + t.analyzer_noise)) <= t.tau) {
    EXPECT_EQ(t.decoded, S);
    EXPECT_EQ(t.z, Rational(S, t.g));
  } else {
    EXPECT_EQ(residue(t.decoded, t.m), residue(S, t.m));
  }
}

TEST(ProtocolTest, EveryVariantAndSecureSumDecodesTheNoisySum) {
  for (Variant v : {Variant::DistDP, Variant::DistRDP, Variant::DistCDP, Variant::Shuffle, Variant::Central,
                    Variant::Local}) {
    const bool has_s = v == Variant::DistRDP || v == Variant::DistCDP;
    Calibration c = calibration(v, "1/2", 12, 1000, has_s ? std::optional<Rational>(Rational(2)) : std::nullopt);
    const auto x = rewards(12);
    std::optional<Integer> y_hat;
    for (SecureSumKind s : {SecureSumKind::Modular, SecureSumKind::Masked, SecureSumKind::ShuffledShares}) {
      Protocol p(c, {s, NoisePath::PerUser, 3});
      ChaCha20Source bits(7, static_cast<std::uint64_t>(v));
      Transcript t = p.run(x, bits);
      expect_consistent(t);
      // R runs before S, so every S sees the same messages and outputs the same ŷ.
      if (y_hat) {
        EXPECT_EQ(t.y_hat, *y_hat) << variant_name(v) << " " << secure_sum_name(s);
      }
      y_hat = t.y_hat;
      if (s == SecureSumKind::Masked) {
        EXPECT_EQ(t.masks.size(), 12U * 11U / 2U);
        EXPECT_EQ(modular_sum(t.masked_messages, t.m), modular_sum(t.messages, t.m));
      }
      if (s == SecureSumKind::ShuffledShares) {
        EXPECT_EQ(t.shares.size(), 36U);
        EXPECT_EQ(modular_sum(t.shuffled_shares, t.m), modular_sum(t.messages, t.m));
        std::vector<Integer> a = t.shares, b = t.shuffled_shares;
        std::sort(a.begin(), a.end());
        std::sort(b.begin(), b.end());
        EXPECT_EQ(a, b);  // a permutation
      }
    }
  }
}

TEST(ProtocolTest, AggregatePathDecodesTheNoisySum) {
  for (Variant v : {Variant::DistDP, Variant::DistRDP, Variant::DistCDP, Variant::Shuffle, Variant::Central,
                    Variant::Local}) {
    const bool has_s = v == Variant::DistRDP || v == Variant::DistCDP;
    Calibration c = calibration(v, "1/2", 12, 1000, has_s ? std::optional<Rational>(Rational(2)) : std::nullopt);
    Protocol p(c, {SecureSumKind::Modular, NoisePath::Aggregate, 3});
    ChaCha20Source bits(11, 0);
    Transcript t = p.run(rewards(12), bits);
    EXPECT_TRUE(t.noise.empty());
    EXPECT_TRUE(t.messages.empty());
    expect_consistent(t);
  }
}

TEST(ProtocolTest, CentralAddsNoiseInTheAnalyzerOnly) {
  Calibration c = calibration(Variant::Central, "1/2", 12, 1000);
  Protocol p(c);
  ChaCha20Source bits(3, 0);
  Transcript t = p.run(rewards(12), bits);
  EXPECT_TRUE(t.noise.empty());
  EXPECT_EQ(t.noise_sum, 0);
  Integer x_hat_sum = 0;
  for (const Integer& v : t.x_hat) x_hat_sum += v;
  for (std::size_t i = 0; i < t.messages.size(); ++i) EXPECT_EQ(t.messages[i], t.x_hat[i]);  // Algorithm 2
  EXPECT_EQ(t.y_analyzed, residue(Integer(t.y_hat + t.analyzer_noise), t.m));
}

TEST(ProtocolTest, SameSeedSameTranscript) {
  Calibration c = calibration(Variant::DistDP, "1", 10, 1000);
  Protocol p1(c, {SecureSumKind::Masked}), p2(c, {SecureSumKind::Masked});
  ChaCha20Source a(5, 1), b(5, 1);
  EXPECT_EQ(p1.run(rewards(10), a), p2.run(rewards(10), b));
}

TEST(ProtocolTest, RejectsWrongBatchSizeRewardOutsideUnitIntervalAndZeroShares) {
  Calibration c = calibration(Variant::DistDP, "1", 10, 1000);
  Protocol p(c);
  ChaCha20Source bits(1, 0);
  try {
    p.run(rewards(9), bits);
    FAIL();
  } catch (const ParameterError& e) {
    EXPECT_NE(std::string(e.what()).find("Protocol::run: parameter 'x'"), std::string::npos) << e.what();
  }
  auto x = rewards(10);
  x[3] = Rational(3, 2);
  try {
    p.run(x, bits);
    FAIL();
  } catch (const ParameterError& e) {
    EXPECT_NE(std::string(e.what()).find("parameter 'x' must be in [0, 1], got 3/2"), std::string::npos) << e.what();
  }
  EXPECT_THROW(Protocol(c, {SecureSumKind::ShuffledShares, NoisePath::PerUser, 0}), ParameterError);
}

TEST(ProtocolTest, ResidueIsNonNegativeForNegativeValues) {
  EXPECT_EQ(residue(Integer(-1), Integer(5)), 4);
  EXPECT_EQ(residue(Integer(-5), Integer(5)), 0);
  EXPECT_EQ(residue(Integer(-6), Integer(5)), 4);
  EXPECT_EQ(residue(Integer(12), Integer(5)), 2);
}

}  // namespace
}  // namespace dpb::ref
