// The samplers added for seed 001 against their optimized twins on one seeded ChaCha20 stream: identical values and
// identical bit counts, draw by draw. RoundedNormal: 10^5 draws for each (σ̄, r), including parameters whose
// rounding takes the checked 128-bit path with a division (large c with a large denominator); and streams forced to
// need more than 62 digits, on which the optimized build hands over to the reference (counted).
// BinomialLarge: fewer draws (the reference decides every trial with certified arithmetic, ≈ 20–60 µs).
#include <gtest/gtest.h>

#include <cstdint>
#include <span>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "optimized/samplers/binomial_large.hpp"
#include "reference/bits/bit_source.hpp"
#include "reference/bits/chacha20.hpp"
#include "optimized/internal/wide_int.hpp"
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
      // m0 = 48: a rounding undecided at 48 digits (most, as c ≈ 2^48) leaves the digit recurrence for the
      // per-digit loop, so both branches of round_magnitude are compared with the reference here.
      EXPECT_GT(counters.digit_loop, 10000U);
    }
    if (seed == 703ULL) {
      EXPECT_EQ(counters.digit_loop, 0U);  // c ≈ 2^19.6: the digit recurrence decides every draw (k < 2^13, m ≤ 48)
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
  EXPECT_GT(counters.digit_loop, 0U);  // … and so more than the digit recurrence's 48
}

// A source with a chosen window of `width` bits (16 unless given) at bit `offset` of its stream and pseudo-random bits
// elsewhere (splitmix64); a ByteStreamBits, so the optimized sampler peeks its pending word and uses its attempt
// tables.
class SplicedSource : public ByteStreamBits<SplicedSource, 64> {
 public:
  SplicedSource(std::uint64_t seed, unsigned offset, std::uint32_t window, unsigned width = 16)
      : state_(seed), offset_(offset), window_(window), width_(width) {}
  void refill(std::span<std::uint8_t> out) {
    for (auto& b : out) b = static_cast<std::uint8_t>(next_random() >> 56);
    for (unsigned j = 0; j < width_; ++j) {  // the window's bits that fall in this refill's bytes
      const std::uint64_t p = offset_ + j;
      if (p / 8 < filled_ || p / 8 >= filled_ + out.size()) continue;
      const auto mask = static_cast<std::uint8_t>(1u << (7 - p % 8));
      auto& byte = out[static_cast<std::size_t>(p / 8 - filled_)];
      if (((window_ >> (width_ - 1 - j)) & 1u) != 0)
        byte |= mask;
      else
        byte &= static_cast<std::uint8_t>(~mask);
    }
    filled_ += out.size();
  }

 private:
  std::uint64_t next_random() {
    std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }
  std::uint64_t state_;
  unsigned offset_;
  std::uint32_t window_;
  unsigned width_;
  std::uint64_t filled_ = 0;  // bytes produced by earlier refills
};

// The optimized sampler's attempt tables (N1–N2 and, for k ≤ 1, N3–N4 decided from the next 12 bits, else the next
// 16) against the reference: every 16-bit window, inside the first word, across its end (bits 52–67: the cursor looks
// ahead into the next word) and across the end of the source's 64-byte buffer (bits 500–515: the cursor sees only 12
// of them, as it never refills, so an entry that read more falls back), then one more draw. Same value and same bit
// count each time; both tables and their step-by-step fallback (the step reads past the window, or past what the
// cursor sees) are exercised.
TEST(Seed001BitIdentityCrossTest, RoundedNormalAttemptTablesOnEvery16BitWindow) {
  const ref::RoundedNormal reference(Rational(5, 4), Integer(2));
  const fast::RoundedNormal fast(Rational(5, 4), Integer(2));
  auto& counters = fast::detail::rounded_normal_counters();
  counters = {};
  std::uint64_t draws = 0;
  for (const unsigned offset : {8u, 52u, 500u}) {
    for (std::uint32_t window = 0; window < (1u << 16); ++window) {
      const std::uint64_t seed = 7000 + window;
      SplicedSource ref_inner(seed, offset, window), fast_inner(seed, offset, window);
      CountingSource ref_bits(ref_inner), fast_bits(fast_inner);
      for (unsigned left = offset; left > 0;) {  // the window is the next 16 bits
        const unsigned take = left < 64 ? left : 64;
        ref_bits.next_bits(take);
        fast_bits.next_bits(take);
        left -= take;
      }
      for (int draw = 0; draw < 2; ++draw, ++draws) {
        const Integer x = reference(ref_bits);
        const std::int64_t y = fast(fast_bits);
        ASSERT_EQ(x, Integer(y)) << "window " << window << " at bit " << offset << ", draw " << draw;
        ASSERT_EQ(ref_bits.count(), fast_bits.count())
            << "window " << window << " at bit " << offset << ", draw " << draw;
      }
    }
  }
  EXPECT_GT(counters.slow_n1n2, 0U);  // the fallback ran …
  EXPECT_GT(counters.slow_n3, 0U);
  // … and the table decided attempts: were it never used, every draw would have at least one slow attempt.
  EXPECT_LT(counters.slow_n1n2, draws);
}

// Positions both sources at bit `offset` (the spliced window is then the next 16 bits).
void skip_to(CountingSource<SplicedSource>& a, CountingSource<SplicedSource>& b, unsigned offset) {
  for (unsigned left = offset; left > 0;) {
    const unsigned take = left < 64 ? left : 64;
    a.next_bits(take);
    b.next_bits(take);
    left -= take;
  }
}

// The optimized N1–N2 as runs of H trials (fast::detail::karney_n1n2_runs, the h_run table: the n1n2 tables'
// fallback) against the reference's N1 and N2 loops, run directly on every 16-bit window at the start of the step
// (not only on the windows the n1n2 tables leave to it), inside the source's first word, across its end (bits
// 52–67) and across the end of the source's buffer (bits 500–515: the cursor holds only 12 of them, so runs that
// read more are taken trial by trial). Same k, same outcome, same bit count.
TEST(Seed001BitIdentityCrossTest, RoundedNormalN1N2RunsOnEvery16BitWindow) {
  const fast::detail::AttemptTables& tables = fast::detail::attempt_tables();
  std::uint64_t passed_with_k_at_least_2 = 0;
  for (const unsigned offset : {8u, 52u, 500u}) {
    for (std::uint32_t window = 0; window < (1u << 16); ++window) {
      const std::uint64_t seed = 9000 + window;
      SplicedSource ref_inner(seed, offset, window), fast_inner(seed, offset, window);
      CountingSource ref_bits(ref_inner), fast_bits(fast_inner);
      skip_to(ref_bits, fast_bits, offset);
      unsigned long ref_k = 0;
      while (ref::internal::bernoulli_exp_half(ref_bits)) ++ref_k;
      bool ref_ok = true;
      const unsigned long trials = ref_k == 0 ? 0 : ref_k * (ref_k - 1);
      for (unsigned long i = 0; ref_ok && i < trials; ++i) ref_ok = ref::internal::bernoulli_exp_half(ref_bits);
      std::uint64_t k = 0;
      bool ok = false;
      {
        fast::detail::BitCursor<CountingSource<SplicedSource>> cursor(fast_bits);
        ok = fast::detail::karney_n1n2_runs(cursor, tables, k);
      }  // the cursor consumes what it served
      ASSERT_EQ(ref_k, k) << "window " << window << " at bit " << offset;
      ASSERT_EQ(ref_ok, ok) << "window " << window << " at bit " << offset;
      ASSERT_EQ(ref_bits.count(), fast_bits.count()) << "window " << window << " at bit " << offset;
      if (ok && k >= 2) ++passed_with_k_at_least_2;
    }
  }
  EXPECT_GT(passed_with_k_at_least_2, 1000U);  // N2's successes (skip_h_successes) ran, not only its failures
}

// One window of N3–N4 (a source whose `width` bits from `offset` are `window`): the fast path through the attempt
// tables against the reference's k + 1 runs of Algorithm B and N4's sign — same outcome, same bit count and, when the
// attempt is accepted (`accepted`), the same sign and digits of x.
::testing::AssertionResult n3n4_window_agrees(const fast::detail::AttemptTables& tables, unsigned long k,
                                              unsigned offset, std::uint64_t seed, std::uint32_t window,
                                              unsigned width, bool& accepted) {
  SplicedSource ref_inner(seed, offset, window, width), fast_inner(seed, offset, window, width);
  CountingSource ref_bits(ref_inner), fast_bits(fast_inner);
  skip_to(ref_bits, fast_bits, offset);
  ref::internal::URand ref_x;
  bool ref_ok = true;
  for (unsigned long i = 0; ref_ok && i <= k; ++i) ref_ok = ref::internal::karney_b(k, ref_x, ref_bits);
  const bool ref_negative = ref_ok && ref_bits.next_bit();
  fast::detail::URand128 x;
  bool negative = false;
  {
    fast::detail::BitCursor<CountingSource<SplicedSource>> cursor(fast_bits);
    accepted = fast::detail::karney_n3n4(cursor, tables, k, x, negative);
  }
  const std::string where =
      "k = " + std::to_string(k) + ", window " + std::to_string(window) + " at bit " + std::to_string(offset);
  if (ref_ok != accepted) return ::testing::AssertionFailure() << where << ": accepted " << accepted;
  if (ref_bits.count() != fast_bits.count())
    return ::testing::AssertionFailure() << where << ": bits " << fast_bits.count() << " vs " << ref_bits.count();
  if (!accepted) return ::testing::AssertionSuccess();
  if (ref_negative != negative) return ::testing::AssertionFailure() << where << ": sign";
  if (ref_x.m != x.m || ref_x.a != fast::detail::to_integer(x.a))
    return ::testing::AssertionFailure() << where << ": digits of x";
  return ::testing::AssertionSuccess();
}

// The optimized N3–N4 (fast::detail::karney_n3n4: the n3 tables for k ≤ 2, else Algorithm B step by step) against
// the reference's k + 1 runs of Algorithm B on a fresh u-rand and N4's sign bit, on every 16-bit window at the start
// of the step: k = 2 (the table added last) at the three positions of the test above, k = 0, 1 and 3 (no table: the
// step-by-step path) inside the first word. Same outcome, same sign and digits of x when accepted, same bit count.
TEST(Seed001BitIdentityCrossTest, RoundedNormalN3N4TablesOnEvery16BitWindow) {
  const fast::detail::AttemptTables& tables = fast::detail::attempt_tables();
  auto& counters = fast::detail::rounded_normal_counters();
  for (const auto& [k, offset] : {std::pair{2UL, 8u}, std::pair{2UL, 52u}, std::pair{2UL, 500u},
                                  std::pair{0UL, 8u}, std::pair{1UL, 8u}, std::pair{3UL, 8u}}) {
    counters = {};
    std::uint64_t accepted = 0;
    for (std::uint32_t window = 0; window < (1u << 16); ++window) {
      bool ok = false;
      ASSERT_TRUE(n3n4_window_agrees(tables, k, offset, 11000 + window, window, 16, ok));
      accepted += ok ? 1 : 0;
    }
    EXPECT_GT(accepted, 1000U) << "k = " << k;
    if (k <= 2) {
      // The tables decided most windows (at bit 500 the cursor holds 12 bits, so only the 12-bit level decides:
      // about half of the windows for k = 2) …
      EXPECT_LT(counters.slow_n3, offset == 500 ? 3u << 14 : 1u << 15) << "k = " << k << " at bit " << offset;
      EXPECT_GT(counters.slow_n3, 0U) << "k = " << k << " at bit " << offset;  // … and fell back on the rest
    } else {
      EXPECT_EQ(counters.slow_n3, 1u << 16);  // no table past k = 2
    }
  }
}

// The second level of the N3–N4 table (fast::detail::AttemptTables::n3_ext, k ≤ 1: 20 bits for the 16-bit windows the
// first level leaves undecided) against the reference's k + 1 runs of B and N4's sign, on every 20-bit window it
// extends, inside the source's first word and across its end (bits 52–71). Same outcome, sign, digits of x and bit
// count; the second level decided some of them and fell back on the others.
TEST(Seed001BitIdentityCrossTest, RoundedNormalN3N4SecondLevelOnEvery20BitWindow) {
  const fast::detail::AttemptTables& tables = fast::detail::attempt_tables();
  auto& counters = fast::detail::rounded_normal_counters();
  for (const auto& [k, offset] : {std::pair{0UL, 8u}, std::pair{1UL, 8u}, std::pair{1UL, 52u}}) {
    counters = {};
    std::uint64_t windows = 0;
    for (std::uint32_t prefix = 0; prefix < (1u << 16); ++prefix) {
      if ((tables.n3[k][prefix] & 31u) != 0) continue;  // decided by the first level
      for (std::uint32_t rest = 0; rest < 16; ++rest, ++windows) {
        const std::uint32_t window = (prefix << 4) | rest;
        bool ok = false;
        ASSERT_TRUE(n3n4_window_agrees(tables, k, offset, 17000 + window, window, 20, ok));
      }
    }
    EXPECT_EQ(windows, tables.n3_ext[k].size()) << "k = " << k;  // every second-level entry was compared
    EXPECT_GT(counters.slow_n3, 0U) << "k = " << k;              // step by step on the windows it leaves …
    EXPECT_LT(counters.slow_n3, windows * 3 / 4) << "k = " << k;  // … a minority: the level decided the rest
  }
}

// The wide path (issue 21): fast::RoundedNormal::wide(σ̄, r).sample_wide against the reference, value and bit count
// draw by draw, at c = σ̄·2^r from 2^50 to 2^100, σ̄ dyadic (cd a power of two: the rounding shifts) and not (cd odd:
// the 256-bit division). c ≤ 2^48 (narrow) goes through the 128-bit rounding: one such row too. Every wide rounding is
// counted once, decided on 256 bits (`wide`) or handed over; the last row has c's numerator near 2^125, so only
// m ≤ 108 digits decide on 256 bits while c ≈ 2^100 needs m ≥ 100: a few percent of its draws hand over.
TEST(Seed001BitIdentityCrossTest, RoundedNormalWidePath) {
  struct Row {
    Rational sigma;
    long r;
    std::uint64_t seed, draws;
    bool expect_handovers;
  };
  const Integer one(1);
  const std::vector<Row> rows = {
      {Rational(25, 2), 16, 740, 2000, false},                               // c ≈ 2^19.6 (narrow)
      {Rational(1), 50, 741, 3000, false},                                   // c = 2^50
      {Rational(one << 52, Integer(3)), 0, 742, 3000, false},               // c = 2^52/3
      {Rational(1), 62, 743, 3000, false},                                   // c = 2^62
      {Rational(7, 3), 62, 744, 3000, false},                                // c = 7·2^62/3
      {Rational(Integer(7363447594909LL), one << 32), 62, 745, 3000, false},  // seed 003's tree σ̄: c ≈ 2^72.7
      {Rational(one << 18), 62, 746, 3000, false},                           // c = 2^80
      {Rational(one << 20, Integer(3)), 61, 747, 3000, false},              // c = 2^81/3
      {Rational(one << 38), 62, 748, 3000, false},                           // c = 2^100, the largest admitted
      {Rational(one << 40, Integer(3)), 61, 749, 3000, false},              // c = 2^101/3
      {Rational((one << 63) - 1, (one << 25) + 1), 62, 750, 3000, true},      // c ≈ 2^100 − 2^75, cn ≈ 2^125
  };
  for (const Row& row : rows) {
    const ref::RoundedNormal reference(row.sigma, Integer(row.r));
    const fast::RoundedNormal fast = fast::RoundedNormal::wide(row.sigma, Integer(row.r));
    const std::string label = "wide normal(sigma=" + to_string(row.sigma) + ", r=" + std::to_string(row.r) + ")";
    EXPECT_EQ(fast.narrow(), reference.scale() <= Rational(one << 48)) << label;
    auto& counters = fast::detail::rounded_normal_counters();
    counters = {};
    expect_bit_identical(reference, [&](auto& bits) { return fast::from_i128(fast.sample_wide(bits)); }, row.seed,
                         label, row.draws, 20);
    EXPECT_EQ(counters.fast + counters.handovers, row.draws) << label;
    if (fast.narrow()) {
      EXPECT_EQ(counters.wide, 0U) << label;
    } else {
      EXPECT_EQ(counters.wide + counters.handovers, row.draws) << label;
      EXPECT_GT(counters.wide, 0U) << label;
    }
    if (row.expect_handovers) {
      EXPECT_GT(counters.handovers, 0U) << label;
    }
  }
}

// The wide path's range: c ≤ 2^100 admitted, c > 2^100 refused naming sigma; the int64 constructor keeps c ≤ 2^48, and
// operator() refuses a wide instance past 2^48 (its int64 output cannot hold the samples).
TEST(Seed001BitIdentityCrossTest, RoundedNormalWideRange) {
  const Integer one(1);
  EXPECT_NO_THROW(fast::RoundedNormal::wide(Rational(one << 38), Integer(62)));
  try {
    fast::RoundedNormal::wide(Rational((one << 38) + 1, Integer(1)), Integer(62));  // c = 2^100 + 2^62
    ADD_FAILURE() << "c > 2^100 admitted";
  } catch (const ParameterError& e) {
    EXPECT_NE(std::string(e.what()).find("parameter 'sigma'"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("2^100"), std::string::npos) << e.what();
  }
  EXPECT_THROW(fast::RoundedNormal(Rational(1), Integer(62)), ParameterError);  // c = 2^62: not for the int64 path
  EXPECT_THROW(fast::RoundedNormal::wide(Rational(1), Integer(63)), ParameterError);  // grid-bits as before
  EXPECT_TRUE(fast::RoundedNormal::wide(Rational(1), Integer(48)).narrow());
  const fast::RoundedNormal wide = fast::RoundedNormal::wide(Rational(1), Integer(49));
  EXPECT_FALSE(wide.narrow());
  ChaCha20Source bits(1);
  EXPECT_THROW(wide(bits), std::logic_error);
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
