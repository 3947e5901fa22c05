// BinomialSplit against its optimized twin on one seeded ChaCha20 stream: identical values and bit counts, draw
// by draw, on both sides of the counting range (kCountBelow), up to n = 2^63 − 1, for dyadic and non-dyadic p and a
// denominator above 2^62 (the optimized build runs the reference's loop there); and the DP-MASE engine's
// binomial_epoch_sum is that sampler.
#include <gtest/gtest.h>

#include <string>
#include <tuple>

#include "optimized/learners/mase.hpp"
#include "optimized/samplers/binomial_split.hpp"
#include "reference/samplers/binomial_split.hpp"
#include "tests/support/bit_identity.hpp"

namespace dpb {
namespace {

TEST(BinomialSplitCrossTest, BothBuildsDrawTheSameBits) {
  const Rational wide(Integer(1), (Integer(1) << 62) + 1);  // denominator above 2^62
  const Integer C = Integer(ref::BinomialSplit::kCountBelow);
  for (const auto& [n, p, seed, draws] :
       {std::tuple{Integer(1), Rational(7, 10), 801ULL, 20000ULL}, std::tuple{Integer(650), Rational(1, 10), 802ULL, 20000ULL},
        std::tuple{Integer(650), Rational(1, 2), 803ULL, 20000ULL}, std::tuple{Integer(3333), Rational(1, 3), 804ULL, 5000ULL},
        std::tuple{Integer(1000), Rational(3, 1024), 805ULL, 5000ULL}, std::tuple{Integer(C), Rational(7, 10), 806ULL, 20ULL},
        std::tuple{Integer(C + 1), Rational(7, 10), 807ULL, 20ULL}, std::tuple{Integer(1000), wide, 808ULL, 200ULL},
        std::tuple{Integer(10000000000LL), Rational(2, 3), 809ULL, 5ULL},
        std::tuple{Integer("9223372036854775807"), Rational(1, 2), 810ULL, 5ULL}}) {
    const ref::BinomialSplit reference(n, p);
    const fast::BinomialSplit fast(n, p);
    test::expect_bit_identical(reference, fast, seed,
                               "binomial-split(n=" + to_string(n) + ", p=" + to_string(p) + ")", draws, 1);
  }
}

TEST(BinomialSplitCrossTest, TheEngineEpochSumIsTheSampler) {
  for (const Rational& mean : {Rational(7, 10), Rational(1, 10), Rational(1, 2)}) {
    ChaCha20Source a(811, 3), b(811, 3);
    CountingSource ca(a);
    const ref::BinomialSplit s(Integer(650), mean);
    for (int i = 0; i < 1000; ++i) EXPECT_EQ(Integer(fast::binomial_epoch_sum(b, 650, mean)), s(ca));
    EXPECT_EQ(a.next_bits(64), b.next_bits(64));  // the same position in the stream
  }
}

}  // namespace
}  // namespace dpb
