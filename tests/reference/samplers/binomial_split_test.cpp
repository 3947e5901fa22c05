// BinomialSplit (reference and optimized): validation, p ∈ {0, 1} without bits, the algorithm on hand-made bit
// strings (the half steps count 1 bits; digits of p decide which part continues), and its law: exact for n = 1
// (Bernoulli(p) by p's expansion, enumerated over the bit strings that decide it) and the mean of the recursion.
// The law at real sizes is claim 004.epoch-sum.binomial (tests/verify/statistical/seed004_sampled_stat_test.cpp);
// bit identity of the two builds: tests/optimized/samplers/binomial_split_cross_test.cpp.
#include "reference/samplers/binomial_split.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "optimized/samplers/binomial_split.hpp"
#include "reference/bits/chacha20.hpp"
#include "reference/bits/tape.hpp"
#include "tests/support/parameter_errors.hpp"

namespace dpb::ref {
namespace {

TEST(BinomialSplitTest, ConstructorsRejectBadParametersNamingThem) {
  for (bool fast : {false, true}) {
    auto make = [fast](const Integer& n, const Rational& p) {
      if (fast)
        fast::BinomialSplit(n, p);
      else
        BinomialSplit(n, p);
    };
    test::expect_error_message([&] { make(Integer(-1), Rational(1, 2)); },
                               "BinomialSplit: parameter 'n' must be >= 0, got -1");
    test::expect_error_message([&] { make(Integer("9223372036854775808"), Rational(1, 2)); },
                               "BinomialSplit: parameter 'n' must be an integer in [0, 2^63 - 1], got 9223372036854775808");
    test::expect_error_message([&] { make(Integer(10), Rational(4, 3)); },
                               "BinomialSplit: parameter 'p' must be in [0, 1], got 4/3");
    test::expect_error_message([&] { make(Integer(10), Rational(-1, 3)); },
                               "BinomialSplit: parameter 'p' must be in [0, 1], got -1/3");
    EXPECT_NO_THROW(make(Integer("9223372036854775807"), Rational(1, 3)));
  }
}

TEST(BinomialSplitTest, CertainProbabilitiesReadNoBits) {
  ChaCha20Source s(1);
  CountingSource c(s);
  for (long n : {0L, 1L, 1000L}) {
    EXPECT_EQ(BinomialSplit(Integer(n), Rational(0))(c), 0);
    EXPECT_EQ(BinomialSplit(Integer(n), Rational(1))(c), n);
    EXPECT_EQ(fast::BinomialSplit(Integer(n), Rational(0))(c), 0);
    EXPECT_EQ(fast::BinomialSplit(Integer(n), Rational(1))(c), n);
  }
  EXPECT_EQ(c.count(), 0U);
}

// Bits as a tape, first bit first; `used` = bits read. Throws TapeExhausted when the draw needs more.
Integer run(const BinomialSplit& s, const std::string& bits, std::uint64_t* used = nullptr) {
  Tape t;
  for (char ch : bits) t.append(ch == '1' ? 1 : 0, 1);
  TapeSource tape(t);
  CountingSource c(tape);
  const Integer x = s(c);
  if (used) *used = c.count();
  return x;
}

TEST(BinomialSplitTest, FollowsTheDigitsOfP) {
  std::uint64_t used = 0;
  // p = 1/2 = 0.1: one half step over n bits; its 1 bits are the count.
  EXPECT_EQ(run(BinomialSplit(Integer(5), Rational(1, 2)), "10110", &used), 3);
  EXPECT_EQ(used, 5U);
  // p = 3/4 = 0.11: H1 = ones of 6 bits (4), then H2 = ones of the 2 others' bits.
  EXPECT_EQ(run(BinomialSplit(Integer(6), Rational(3, 4)), "111100" "01", &used), 5);
  EXPECT_EQ(used, 8U);
  // p = 1/4 = 0.01: digit 0 keeps the H1 = 3 ones of 4 bits, digit 1 counts the ones of their 3 bits.
  EXPECT_EQ(run(BinomialSplit(Integer(4), Rational(1, 4)), "1011" "110", &used), 2);
  EXPECT_EQ(used, 7U);
  // p = 1/3 = 0.0101…: 1 of 3 live after digit 0, digit 1 counts it or not, and so on until none is live.
  EXPECT_EQ(run(BinomialSplit(Integer(3), Rational(1, 3)), "100" "0" "1" "1", &used), 1);
  EXPECT_EQ(used, 6U);  // live: 3 → 1 (digit 0) → 1 (digit 1, counted 0) → 1 (digit 0) → counted (digit 1)
  // The half step reads 64-bit words, then the remainder: 70 live uniforms take a 64-bit word and 6 bits.
  std::string b(70, '0');
  b[0] = b[63] = b[64] = b[69] = '1';
  EXPECT_EQ(run(BinomialSplit(Integer(70), Rational(1, 2)), b, &used), 4);
  EXPECT_EQ(used, 70U);
}

TEST(BinomialSplitTest, OneTrialIsBernoulliOfTheExpansionExactly) {
  // n = 1: the draw is 1 iff the first digit where the coin's bits and p's differ has p's digit 1, so P(1) = p.
  // Every bit string that ends a draw exactly at its length len has probability 2^−len; summing them up to L bits
  // leaves an undecided mass below 2^−(L−1) (the coin agrees with p's first L digits).
  for (const Rational& p : {Rational(1, 3), Rational(7, 10), Rational(5, 8), Rational(1, 10)}) {
    const BinomialSplit s(Integer(1), p);
    const int L = 12;
    Rational P1 = 0, P = 0;
    for (int len = 1; len <= L; ++len)
      for (std::uint32_t x = 0; x < (1U << len); ++x) {
        std::string bits;
        for (int i = len - 1; i >= 0; --i) bits.push_back(((x >> i) & 1) ? '1' : '0');
        std::uint64_t used = 0;
        Integer v;
        try {
          v = run(s, bits, &used);
        } catch (const TapeExhausted&) {
          continue;
        }
        if (used != static_cast<std::uint64_t>(len)) continue;  // decided by a shorter prefix: counted there
        P += Rational(1, Integer(1) << len);
        if (v == 1) P1 += Rational(1, Integer(1) << len);
      }
    EXPECT_LE(P1, p) << to_string(p);
    EXPECT_GE(P1 + (1 - P), p) << to_string(p);
    EXPECT_LE(1 - P, Rational(1, Integer(1) << (L - 1))) << to_string(p);
    if (p == Rational(5, 8)) {
      EXPECT_EQ(P1, p);  // a dyadic p is decided within its 3 digits
    }
  }
}

TEST(BinomialSplitTest, SupportAndDeterminismAcrossTheCountingBoundary) {
  for (long n : {0L, 1L, 63L, 64L, 65L, 1000L, static_cast<long>(BinomialSplit::kCountBelow),
                 static_cast<long>(BinomialSplit::kCountBelow) + 1}) {
    const BinomialSplit s(Integer(n), Rational(7, 10));
    ChaCha20Source a(3), b(3);
    for (int i = 0; i < 5; ++i) {
      const Integer x = s(a);
      EXPECT_GE(x, 0);
      EXPECT_LE(x, n);
      EXPECT_EQ(x, s(b));
    }
  }
}

}  // namespace
}  // namespace dpb::ref
