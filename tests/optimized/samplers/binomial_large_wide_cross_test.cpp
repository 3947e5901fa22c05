// BinomialLarge beyond 2^63 − 1 (issue 20): ref::BinomialLarge against fast::BinomialLargeWide on one seeded
// ChaCha20 stream, draw by draw (same values, same bit counts), from 2^63 to the limit 2^80, p = 1/2 and 1/4; and
// fast::BinomialLargeWide against fast::BinomialLarge where both apply.
#include <gtest/gtest.h>

#include <string>
#include <tuple>

#include "optimized/samplers/binomial_large.hpp"
#include "reference/samplers/binomial_large.hpp"
#include "tests/support/bit_identity.hpp"

namespace dpb {
namespace {

using test::expect_bit_identical;

TEST(BinomialLargeWideCrossTest, ReferenceAndOptimizedAgreeBeyond2To63) {
  for (const auto& [n, p, seed] :
       {std::tuple{Integer("9223372036854775808"), Rational(1, 2), 811ULL},
        std::tuple{Integer("18446744073709551617"), Rational(1, 4), 812ULL},  // 2^64 + 1
        std::tuple{Integer("1000000000000000000000"), Rational(1, 2), 813ULL},
        std::tuple{Integer("1000000000000000000001"), Rational(1, 4), 814ULL},
        std::tuple{Integer(1) << 80, Rational(1, 2), 815ULL},
        std::tuple{Integer((Integer(1) << 80) - 1), Rational(1, 4), 816ULL}}) {
    const ref::BinomialLarge reference(n, p);
    const fast::BinomialLargeWide fast(n, p);
    expect_bit_identical(reference, fast, seed, "binomial-large(n=" + to_string(n) + ", p=" + to_string(p) + ")",
                         150, 1);
  }
}

TEST(BinomialLargeWideCrossTest, WideAndNarrowOptimizedAgree) {
  for (const auto& [n, p, seed] : {std::tuple{Integer(1001), Rational(1, 4), 821ULL},
                                   std::tuple{Integer("9223372036854775807"), Rational(1, 2), 822ULL}}) {
    const fast::BinomialLargeWide wide(n, p);
    const fast::BinomialLarge narrow(n, p);
    expect_bit_identical([&](auto& bits) { return wide(bits); },
                         [&](auto& bits) { return Integer(narrow(bits)); }, seed, "wide vs narrow", 20000, 1);
  }
}

}  // namespace
}  // namespace dpb
