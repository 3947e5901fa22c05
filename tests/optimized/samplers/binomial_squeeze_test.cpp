// The squeeze of the optimized BinomialLarge (optimized/samplers/internal/binomial_squeeze.hpp) against the
// reference's certified decision (HalfBinomialRejection::decide) on many (n, j, b, chunk) triples, including the
// adversarial chunk that contains a(j, b) — found independently of both, from the exact rational a or a 256-bit
// MPFI enclosure of ln a by ln Γ — and its neighbours: the squeeze may abstain, but when it decides it must agree,
// at the chunk containing a it must abstain, and the certified rule must accept just below a and reject just
// above. Then the fallback path on a hand-made tape whose first chunk is that chunk, and the fallback rate.
#include "optimized/samplers/internal/binomial_squeeze.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <optional>
#include <vector>

#include <mpfi.h>
#include <mpfr.h>

#include "optimized/samplers/binomial_large.hpp"
#include "reference/bits/chacha20.hpp"
#include "reference/bits/tape.hpp"
#include "reference/core/interval.hpp"
#include "reference/pmf/internal/certified_math.hpp"
#include "reference/samplers/binomial_large.hpp"

namespace dpb {
namespace {

using fast::detail::u128;
using ref::internal::log_factorial;
__extension__ typedef __int128 i128;

u128 to_u128(const Integer& x) {
  const Integer high = x >> 64;
  return (static_cast<u128>(to_uint64(high)) << 64) | static_cast<u128>(to_uint64(Integer(x - (high << 64))));
}

// floor(a·2^64) for a = 2^b·C(n, m+j)/C(n, m): exactly for |j| ≤ 4096, else from a 256-bit enclosure of ln a (ln Γ,
// docs/pmf.md), nullopt when the enclosure straddles a multiple of 2^-64 (never seen).
std::optional<Integer> chunk_containing_a(const Integer& n, const Integer& j, unsigned long b) {
  const Integer m = n / 2;
  if (j >= -4096 && j <= 4096) {  // a as an exact rational (2^b·Π of |j| ratios)
    const Rational a = ref::internal::HalfBinomialRejection(n).exact_acceptance(j, b);
    return Integer(floor(Rational(a * (Integer(1) << 64))));
  }
  const mpfr_prec_t prec = 256 + 2 * static_cast<mpfr_prec_t>(bit_length(n));
  Interval ln2(prec);
  mpfi_const_log2(ln2.get());
  const Interval ln_a = ln2.mul(Rational(Integer(b))) + log_factorial(m, prec) + log_factorial(Integer(n - m), prec) -
                        log_factorial(Integer(m + j), prec) - log_factorial(Integer(n - m - j), prec);
  Interval a = ln_a.exp();
  mpfr_t lo, hi;
  mpfr_inits2(prec, lo, hi, static_cast<mpfr_ptr>(nullptr));
  mpfi_get_left(lo, a.get());
  mpfi_get_right(hi, a.get());
  mpfr_mul_2ui(lo, lo, 64, MPFR_RNDD);
  mpfr_mul_2ui(hi, hi, 64, MPFR_RNDU);
  mpz_t zl, zh;
  mpz_inits(zl, zh, nullptr);
  mpfr_get_z(zl, lo, MPFR_RNDD);
  mpfr_get_z(zh, hi, MPFR_RNDD);
  const bool same = mpz_cmp(zl, zh) == 0;
  Integer c(zl);
  mpz_clears(zl, zh, nullptr);
  mpfr_clears(lo, hi, static_cast<mpfr_ptr>(nullptr));
  if (!same) return std::nullopt;
  return c;
}

struct Case {
  Integer n;
  Integer j;
  unsigned long b;
};

// Offsets j of the proposal (block b, offset u, sign) for n, drawn from a seeded stream; only those with m + j in
// [0, n] and a < 1.
std::vector<Case> cases(const Integer& n, int count, std::uint64_t seed) {
  const ref::internal::HalfBinomialRejection law(n);
  ChaCha20Source bits(seed);
  std::vector<Case> out;
  for (int t = 0; t < 50 * count && static_cast<int>(out.size()) < count; ++t) {
    unsigned long b = 0;
    while (b < 6 && !bits.next_bit()) ++b;
    const Integer u = uniform_below(bits, law.w());
    const bool negative = bits.next_bit();
    const Integer j = negative ? Integer(-(Integer(b) * law.w() + u + 1)) : Integer(Integer(b) * law.w() + u);
    if (law.m() + j < 0 || law.m() + j > n || law.certain(j, b)) continue;
    out.push_back({n, j, b});
  }
  return out;
}

std::vector<Integer> sizes() {
  return {Integer(2),           Integer(3),
          Integer(10),          Integer(1001),
          Integer(123456),      Integer(32769),  // m = 2^14: the first size of the series path
          Integer(10000000000LL), Integer("9223372036854775807"),
          Integer("1000000000000000000"), Integer("1000000000000000000001"),
          Integer(1) << 80};
}

TEST(BinomialSqueezeTest, DecisionsAgreeWithTheCertifiedRuleAndAbstainAtTheChunkOfA) {
  ChaCha20Source bits(4242);
  int boundary = 0, decided = 0, far = 0;
  for (const Integer& n : sizes()) {
    const ref::internal::HalfBinomialRejection law(n);
    for (const Case& c : cases(n, 12, 17 + static_cast<std::uint64_t>(bit_length(n)))) {
      const auto star = chunk_containing_a(n, c.j, c.b);
      ASSERT_TRUE(star.has_value()) << "n " << n << " j " << c.j;
      std::vector<Integer> chunks = {*star, *star - 1, *star + 1, *star - 4096, *star + 4096, Integer(0),
                                     (Integer(1) << 64) - 1, Integer(bits.next_bits(64)), Integer(bits.next_bits(64))};
      for (const Integer& chunk : chunks) {
        if (chunk < 0 || chunk >= (Integer(1) << 64)) continue;
        const auto s = fast::detail::binomial_squeeze(to_u128(n), static_cast<i128>(c.j.convert_to<long long>()),
                                                      c.b, to_uint64(chunk));
        const auto certified = law.decide(c.j, c.b, chunk, 1);
        // The certified rule itself against the independent enclosure: the chunk just below a accepts, the chunk
        // just above rejects.
        if (chunk == *star - 1) {
          EXPECT_EQ(certified, std::optional<bool>(true)) << "n " << n << " j " << c.j;
        }
        if (chunk == *star + 1) {
          EXPECT_EQ(certified, std::optional<bool>(false)) << "n " << n << " j " << c.j;
        }
        if (s) {
          ++decided;
          EXPECT_EQ(certified, s) << "n " << n << " j " << c.j << " b " << c.b << " chunk " << chunk;
        }
        // Far from a (|chunk − ⌊a·2^64⌋| > 2^32: U's chunk at distance > 2^-32 from a, against an error bound
        // below 2^-34 for these sizes) the squeeze must decide.
        if (boost::multiprecision::abs(Integer(chunk - *star)) > (Integer(1) << 32)) {
          ++far;
          EXPECT_TRUE(s.has_value()) << "n " << n << " j " << c.j << " b " << c.b << " chunk " << chunk;
        }
        if (chunk == *star && !certified) {
          ++boundary;
          EXPECT_FALSE(s.has_value()) << "n " << n << " j " << c.j << " b " << c.b;
        }
      }
    }
  }
  EXPECT_GE(boundary, 100);  // a dyadic a (n = 2, j = −1) is decided at its own chunk: most cases are not dyadic
  EXPECT_GE(far, 300);
  EXPECT_GE(decided, far);
}

// A tape: b zero bits and a one (block b), the offset u in bit_length(w − 1) bits, the sign, then the given first
// chunk and 16 random chunks (for the certified rule and the next trials).
Tape proposal_tape(unsigned long b, const Integer& u, const Integer& w, bool negative, const Integer& chunk,
                   std::uint64_t seed) {
  Tape t;
  for (unsigned long i = 0; i < b; ++i) t.append(0, 1);
  t.append(1, 1);
  const unsigned k = bit_length(Integer(w - 1));
  for (unsigned done = 0; done < k; done += 32) {
    const unsigned piece = std::min(32U, k - done);
    t.append(((u >> (k - done - piece)) & ((Integer(1) << piece) - 1)).convert_to<std::uint64_t>(), piece);
  }
  t.append(negative ? 1 : 0, 1);
  t.append(to_uint64(chunk), 64);
  ChaCha20Source rest(seed);
  for (int i = 0; i < 4096; ++i) t.append(rest.next_bits(64), 64);
  return t;
}

TEST(BinomialSqueezeTest, TheChunkContainingAGoesToTheCertifiedRuleWithTheSameBitsAndValue) {
  int tried = 0;
  for (const Integer& n : {Integer(1001), Integer(10000000000LL), Integer("1000000000000000000001")}) {
    const ref::internal::HalfBinomialRejection law(n);
    for (const Case& c : cases(n, 4, 99)) {
      const auto star = chunk_containing_a(n, c.j, c.b);
      ASSERT_TRUE(star.has_value());
      if (law.decide(c.j, c.b, *star, 1)) continue;  // a at a chunk boundary: nothing to fall back on
      const Integer J = c.j < 0 ? Integer(-c.j) : c.j;
      const bool negative = c.j < 0;
      const Integer off = negative ? Integer(J - 1) : J;  // b·w + u
      const Integer u = off - Integer(c.b) * law.w();
      const Tape tape = proposal_tape(c.b, u, law.w(), negative, *star, 5 + tried);
      TapeSource ref_bits(tape), fast_bits(tape);
      const Integer x = law(ref_bits);
      auto& counters = fast::detail::binomial_squeeze_counters();
      const std::uint64_t before = counters.fallbacks;
      const u128 y = fast::BinomialLarge::draw_half(to_u128(n), fast_bits);
      EXPECT_GE(counters.fallbacks, before + 1) << "n " << n << " j " << c.j;
      EXPECT_EQ(x, fast::detail::to_integer(y)) << "n " << n << " j " << c.j;
      EXPECT_EQ(ref_bits.position(), fast_bits.position()) << "n " << n << " j " << c.j;
      ++tried;
    }
  }
  EXPECT_GE(tried, 8);
}

TEST(BinomialSqueezeTest, FallbacksAreRare) {
  // Bound on the fallback probability per trial (docs/samplers.md): about 2^-30 or less at every n here (2·rel + 2^-64
  // with rel ≤ 2^-35 on the series path, ≤ 2^-36 on the product path); ≈ 4.5·10^4 trials per n should see none.
  for (const Integer& n : {Integer(1000), Integer(10000000000LL), Integer("1000000000000000000000")}) {
    auto& counters = fast::detail::binomial_squeeze_counters();
    counters = {};
    ChaCha20Source bits(31);
    const fast::BinomialLargeWide sampler(n, Rational(1, 2));
    for (int i = 0; i < 20000; ++i) sampler.draw(bits);
    EXPECT_GE(counters.decided, 20000U) << n;
    EXPECT_EQ(counters.fallbacks, 0U) << n;
  }
}

}  // namespace
}  // namespace dpb
