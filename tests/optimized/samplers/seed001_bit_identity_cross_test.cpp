// The samplers added for seed 001 against their optimized twins on one seeded ChaCha20 stream: identical values and
// identical bit counts, draw by draw. RoundedNormal: 10^5 draws for each (σ̄, r), including parameters whose
// rounding often leaves the 128-bit fast path (large c with a large denominator) and hands over to the reference.
// BinomialLarge: fewer draws (the reference decides every trial with certified arithmetic, ≈ 20–60 µs).
#include <gtest/gtest.h>

#include <string>
#include <tuple>

#include "optimized/samplers/binomial_large.hpp"
#include "optimized/samplers/rounded_normal.hpp"
#include "reference/samplers/binomial_large.hpp"
#include "reference/samplers/rounded_normal.hpp"
#include "tests/support/bit_identity.hpp"

namespace dpb {
namespace {

using test::expect_bit_identical;

TEST(Seed001BitIdentityCrossTest, RoundedNormal) {
  for (const auto& [sigma, r, seed] :
       {std::tuple{Rational(1), 0L, 701ULL}, std::tuple{Rational(3, 2), 2L, 702ULL},
        std::tuple{Rational(25, 2), 16L, 703ULL}, std::tuple{Rational(1, 1000), 3L, 704ULL},
        std::tuple{Rational(1234567, 1000), 20L, 705ULL},
        // c = (2^40 − 1)/(2^31 − 1)·2^7 ≈ 2^16 with a 31-bit denominator: many decisions overflow 128 bits.
        std::tuple{Rational((Integer(1) << 40) - 1, (Integer(1) << 31) - 1), 7L, 706ULL},
        // c just below 2^48.
        std::tuple{Rational((Integer(1) << 48) - 1, Integer(1) << 10), 10L, 707ULL}}) {
    const ref::RoundedNormal reference(sigma, Integer(r));
    const fast::RoundedNormal fast(sigma, Integer(r));
    expect_bit_identical(reference, fast, seed, "normal(sigma=" + to_string(sigma) + ", r=" + std::to_string(r) + ")",
                         100000, 20);
  }
}

TEST(Seed001BitIdentityCrossTest, BinomialLarge) {
  for (const auto& [n, p, seed, draws] :
       {std::tuple{Integer(0), Rational(1, 2), 711ULL, 2000ULL}, std::tuple{Integer(1), Rational(1, 4), 712ULL, 2000ULL},
        std::tuple{Integer(1001), Rational(1, 2), 713ULL, 5000ULL},
        std::tuple{Integer(10000000000LL), Rational(1, 4), 714ULL, 3000ULL},
        std::tuple{Integer("9223372036854775807"), Rational(1, 2), 715ULL, 3000ULL}}) {
    const ref::BinomialLarge reference(n, p);
    const fast::BinomialLarge fast(n, p);
    expect_bit_identical(reference, fast, seed, "binomial-large(n=" + to_string(n) + ", p=" + to_string(p) + ")",
                         draws, 1);
  }
}

}  // namespace
}  // namespace dpb
