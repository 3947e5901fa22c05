// The samplers added for seed 001 against their optimized twins on one seeded ChaCha20 stream: identical values and
// identical bit counts, draw by draw. RoundedNormal: 10^5 draws for each (σ̄, r), including parameters whose
// rounding takes the checked 128-bit path with a division (large c with a large denominator); and streams forced to
// need more than 62 digits, on which the optimized build hands over to the reference (counted).
// BinomialLarge: fewer draws (the reference decides every trial with certified arithmetic, ≈ 20–60 µs).
#include <gtest/gtest.h>

#include <string>
#include <tuple>

#include "optimized/samplers/binomial_large.hpp"
#include "reference/bits/bit_source.hpp"
#include "reference/bits/chacha20.hpp"
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
        // c = (2^40 − 1)/(2^31 − 1)·2^7 ≈ 2^16 with a 31-bit denominator: the checked 128-bit path with a division.
        std::tuple{Rational((Integer(1) << 40) - 1, (Integer(1) << 31) - 1), 7L, 706ULL},
        // c just below 2^48.
        std::tuple{Rational((Integer(1) << 48) - 1, Integer(1) << 10), 10L, 707ULL}}) {
    const ref::RoundedNormal reference(sigma, Integer(r));
    const fast::RoundedNormal fast(sigma, Integer(r));
    auto& counters = fast::detail::rounded_normal_counters();
    counters = {};
    expect_bit_identical(reference, fast, seed, "normal(sigma=" + to_string(sigma) + ", r=" + std::to_string(r) + ")",
                         100000, 20);
    // Every fast draw's rounding is counted once, on the fast path or as a hand-over to the reference.
    EXPECT_EQ(counters.fast + counters.handovers, 100000U) << to_string(sigma);
    // A random stream needs more than 62 digits (a hand-over) with probability about c·2^−62 per draw: never at
    // c = 1, a few times in 10^5 draws at c ≈ 2^48 (the rounding starts with 48 digits).
    if (seed == 701ULL) {
      EXPECT_EQ(counters.handovers, 0U);
    }
    if (seed == 707ULL) {
      EXPECT_GT(counters.handovers, 0U);
    }
  }
}

// A ChaCha20 stream whose bits [start, start + 160) are all ones. When the window opens while Karney's comparisons
// are drawing U's digits after a 0, the comparison of two u-rands reads ones for both and U ends with about 80
// known digits 0 1 … 1: more than the 62 the fast rounding decides with, so the optimized build must hand over to
// the reference (at c = 1 a random stream needs that with probability about 2^−62 per draw). Fewer than 128
// digits, so the u-rand fits.
class OnesWindowSource {
 public:
  OnesWindowSource(std::uint64_t seed, std::uint64_t start) : inner_(seed), start_(start) {}
  bool next_bit() { return next_bits(1) != 0; }
  std::uint64_t next_bits(unsigned k) {
    std::uint64_t out = 0;
    for (unsigned i = 0; i < k; ++i, ++position_) {
      const bool ones = position_ >= start_ && position_ < start_ + 160;
      const bool b = inner_.next_bit();
      out = (out << 1) | static_cast<std::uint64_t>(ones || b);
    }
    return out;
  }

 private:
  ChaCha20Source inner_;
  std::uint64_t start_, position_ = 0;
};

TEST(Seed001BitIdentityCrossTest, RoundedNormalHandsOverToTheReferenceAndCountsIt) {
  const ref::RoundedNormal reference(Rational(1), Integer(0));
  const fast::RoundedNormal fast(Rational(1), Integer(0));
  auto& counters = fast::detail::rounded_normal_counters();
  counters = {};
  for (std::uint64_t start = 0; start < 400; ++start) {
    OnesWindowSource ref_inner(731, start), fast_inner(731, start);
    CountingSource ref_bits(ref_inner), fast_bits(fast_inner);
    for (int draw = 0; draw < 3; ++draw) {
      const Integer x = reference(ref_bits);
      const std::int64_t y = fast(fast_bits);
      ASSERT_EQ(x, Integer(y)) << "window at bit " << start << ", draw " << draw;
      ASSERT_EQ(ref_bits.count(), fast_bits.count()) << "window at bit " << start << ", draw " << draw;
    }
  }
  EXPECT_EQ(counters.fast + counters.handovers, 1200U);
  EXPECT_GT(counters.handovers, 0U);  // some windows start where the rounding needs > 62 digits
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
