// BinomialLarge (reference and optimized): validation, support and determinism, the envelope a(j, b) ≤ 1 checked
// exactly, the certified acceptance decision against the exact rational one, and exact small laws by enumeration.
#include "reference/samplers/binomial_large.hpp"

#include <gtest/gtest.h>

#include <string>

#include "optimized/samplers/binomial_large.hpp"
#include "reference/bits/chacha20.hpp"
#include "reference/core/errors.hpp"
#include "tests/support/parameter_errors.hpp"

namespace dpb::ref {
namespace {

TEST(BinomialLargeTest, ConstructorsRejectBadParametersNamingThem) {
  const Integer above = (Integer(1) << 80) + 1;  // 1208925819614629174706177
  for (int build : {0, 1, 2}) {
    auto make = [build](const Integer& n, const Rational& p) {
      if (build == 1)
        fast::BinomialLarge(n, p);
      else if (build == 2)
        fast::BinomialLargeWide(n, p);
      else
        BinomialLarge(n, p);
    };
    test::expect_error_message([&] { make(Integer(-1), Rational(1, 2)); },
                   "BinomialLarge: parameter 'n' must be an integer in [0, 2^80], got -1");
    test::expect_error_message([&] { make(above, Rational(1, 2)); },
                   "BinomialLarge: parameter 'n' must be an integer in [0, 2^80], got 1208925819614629174706177");
    test::expect_error_message([&] { make(Integer(10), Rational(1, 3)); },
                   "BinomialLarge: parameter 'p' must be 1/2 or 1/4, got 1/3");
    EXPECT_NO_THROW(make(Integer("9223372036854775807"), Rational(1, 4)));
    if (build != 1) {
      EXPECT_NO_THROW(make(Integer(1) << 80, Rational(1, 4)));
    }
  }
  // The 64-bit optimized sampler refuses what its std::int64_t result cannot hold.
  test::expect_error_message([&] { fast::BinomialLarge(Integer("9223372036854775808"), Rational(1, 2)); },
                             "fast::BinomialLarge: parameter 'n' must be <= 2^63 - 1 (the 64-bit result; "
                             "BinomialLargeWide beyond), got 9223372036854775808");
}

TEST(BinomialLargeTest, SmallNStayInTheSupportAndBothBuildsAgree) {
  for (long n : {0L, 1L, 2L, 3L, 7L, 100L}) {
    for (const Rational& p : {Rational(1, 2), Rational(1, 4)}) {
      const BinomialLarge a(Integer(n), p);
      const fast::BinomialLarge b(Integer(n), p);
      ChaCha20Source s1(5 + n), s2(5 + n);
      CountingSource c1(s1), c2(s2);
      for (int i = 0; i < 300; ++i) {
        const Integer x = a(c1);
        EXPECT_GE(x, 0);
        EXPECT_LE(x, n);
        EXPECT_EQ(x, b(c2)) << n;
      }
      EXPECT_EQ(c1.count(), c2.count());
    }
  }
}

// The block of offset j: b = ⌊j/w⌋ for j ≥ 0 and ⌊(|j| − 1)/w⌋ for j < 0.
unsigned long block_of(const Integer& j, const Integer& w) {
  return (j >= 0 ? Integer(j / w) : Integer((-j - 1) / w)).convert_to<unsigned long>();
}

TEST(BinomialLargeTest, EnvelopeHoldsExactlyForEveryOffset) {
  for (long n = 0; n <= 160; ++n) {
    const internal::HalfBinomialRejection law{Integer(n)};
    for (Integer j = -law.m(); j <= n - law.m(); ++j) {
      const unsigned long b = block_of(j, law.w());
      const Rational a = law.exact_acceptance(j, b);
      EXPECT_LE(a, 1) << "n " << n << " j " << j;
      EXPECT_EQ(a == 1, law.certain(j, b)) << "n " << n << " j " << j;
    }
  }
}

TEST(BinomialLargeTest, CertifiedDecisionAgreesWithTheExactRational) {
  ChaCha20Source bits(99);
  for (long n : {9L, 10L, 1001L, 123456L}) {
    const internal::HalfBinomialRejection law{Integer(n)};
    for (int t = 0; t < 200; ++t) {
      const long span = n - law.m().convert_to<long>() + 1;
      const Integer j = Integer(static_cast<long>(bits.next_bits(20) % static_cast<unsigned long>(span)));
      const unsigned long b = block_of(j, law.w());
      if (law.certain(j, b)) continue;
      const Rational a = law.exact_acceptance(j, b);
      // A chunk just below a (the rule must accept), one just above (reject), and random chunks.
      const Integer below = floor(Rational(a * (Integer(1) << 64))) - 1;
      for (const Integer& u : {below, Integer(below + 2), Integer(bits.next_bits(64))}) {
        if (u < 0 || u >= (Integer(1) << 64)) continue;
        const auto d = law.decide(j, b, u, 1);
        const Rational lo(u, Integer(1) << 64), hi(Integer(u + 1), Integer(1) << 64);
        if (hi <= a)
          EXPECT_EQ(d, std::optional<bool>(true));
        else if (a <= lo)
          EXPECT_EQ(d, std::optional<bool>(false));
        else
          EXPECT_FALSE(d.has_value());
      }
    }
  }
}

TEST(BinomialLargeTest, DyadicAcceptanceAtAChunkBoundaryIsDecidedExactly) {
  // n = 2, m = 1: j = −1 has a = P(0)/P(1) = 1/2, a chunk boundary; the certified enclosure cannot separate it, the
  // exact rational does.
  const internal::HalfBinomialRejection law{Integer(2)};
  ASSERT_EQ(law.exact_acceptance(Integer(-1), 0), Rational(1, 2));
  const Integer half = Integer(1) << 63;
  EXPECT_EQ(law.decide(Integer(-1), 0, Integer(half - 1), 1), std::optional<bool>(true));  // [.., 1/2)
  EXPECT_EQ(law.decide(Integer(-1), 0, half, 1), std::optional<bool>(false));               // [1/2, ..)
}

}  // namespace
}  // namespace dpb::ref
