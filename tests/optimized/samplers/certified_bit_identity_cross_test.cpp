// The optimized inversion samplers (dpb::fast Poisson, Skellam, Pólya, Pólya difference) against the reference on
// one seeded ChaCha20 stream each: identical values and identical bit counts, draw by draw, 10^6 draws per
// parameter set; and on crafted tapes whose first chunks straddle a CDF value (the fast path must defer).
#include <gtest/gtest.h>

#include <string>

#include "optimized/samplers/poisson.hpp"
#include "optimized/samplers/polya.hpp"
#include "optimized/samplers/skellam.hpp"
#include "tests/support/bit_identity.hpp"
#include "reference/bits/chacha20.hpp"
#include "reference/bits/tape.hpp"
#include "reference/pmf/poisson.hpp"
#include "reference/pmf/polya.hpp"
#include "reference/samplers/poisson.hpp"
#include "reference/samplers/polya.hpp"
#include "reference/samplers/skellam.hpp"

namespace dpb {
namespace {

using test::expect_bit_identical;

TEST(CertifiedBitIdentityCrossTest, Poisson) {
  for (const auto& [mean, seed] : {std::pair{Rational(10), 101ULL}, std::pair{Rational(1, 3), 102ULL}}) {
    ref::Poisson reference(mean);
    fast::Poisson fast(mean);
    expect_bit_identical(reference, fast, seed, "poisson(mean=" + to_string(mean) + ")");
  }
}

TEST(CertifiedBitIdentityCrossTest, Skellam) {
  for (const auto& [var, seed] : {std::pair{Rational(100), 201ULL}, std::pair{Rational(2), 202ULL}}) {
    ref::Skellam reference(var);
    fast::Skellam fast(var);
    expect_bit_identical(reference, fast, seed, "skellam(var=" + to_string(var) + ")");
  }
}

TEST(CertifiedBitIdentityCrossTest, Polya) {
  for (const auto& [r, scale, seed] : {std::tuple{Rational(1, 8), Rational(10), 301ULL},
                                       std::tuple{Rational(1, 1024), Rational(5), 302ULL}}) {
    ref::Polya reference(r, scale);
    fast::Polya fast(r, scale);
    expect_bit_identical(reference, fast, seed, "polya(r=" + to_string(r) + ", scale=" + to_string(scale) + ")");
  }
}

TEST(CertifiedBitIdentityCrossTest, PolyaDifference) {
  for (const auto& [r, scale, seed] : {std::tuple{Rational(1, 3), Rational(4), 401ULL},
                                       std::tuple{Rational(5, 2), Rational(3, 2), 402ULL}}) {
    ref::PolyaDifference reference(r, scale);
    fast::PolyaDifference fast(r, scale);
    expect_bit_identical(reference, fast, seed,
                         "polya-diff(r=" + to_string(r) + ", scale=" + to_string(scale) + ")");
  }
}

// Tapes whose first chunk is ⌊F(k)·2^64⌋ (so I_1 contains F(k)), followed by F(k)'s second word ± 1 or by extreme
// words: the fast path cannot decide, defers, and both builds must agree on the value and on the bits read.
TEST(CertifiedBitIdentityCrossTest, StraddlingFirstChunksDeferToTheReference) {
  const auto words_of = [](const ref::CertifiedDistribution& d, long k) {
    const Interval f = d.cdf(Integer(k), 320);
    const Integer x = floor(Rational(f.lower() * (Integer(1) << 128)));
    return std::pair{to_uint64(Integer(x >> 64)), to_uint64(Integer(x & Integer(~std::uint64_t{0})))};
  };
  const ref::PoissonPmf poisson_pmf(Rational(10));
  const ref::PolyaPmf polya_pmf(Rational(1, 1024), Rational(5));
  int checked = 0;
  for (long k = 0; k < 30; ++k) {
    for (int law = 0; law < 2; ++law) {
      const auto [w0, w1] = law == 0 ? words_of(poisson_pmf, k) : words_of(polya_pmf, k);
      for (std::uint64_t second : {w1 - 1, w1 + 1, std::uint64_t{0}, ~std::uint64_t{0}}) {
        Tape t;
        t.append(w0, 64);
        t.append(second, 64);
        t.append(0x0123456789abcdefULL, 64);
        t.append(0xfedcba9876543210ULL, 64);
        TapeSource a(t), b(t);
        Integer r;
        std::int64_t f;
        if (law == 0) {
          ref::Poisson reference(Rational(10));
          fast::Poisson fast(Rational(10));
          r = reference(a);
          f = fast(b);
        } else {
          ref::Polya reference(Rational(1, 1024), Rational(5));
          fast::Polya fast(Rational(1, 1024), Rational(5));
          r = reference(a);
          f = fast(b);
        }
        EXPECT_EQ(r, f) << "law " << law << " k=" << k;
        EXPECT_EQ(a.position(), b.position()) << "law " << law << " k=" << k;
        EXPECT_GE(a.position(), 128U);
        ++checked;
      }
    }
  }
  EXPECT_EQ(checked, 240);
}

}  // namespace
}  // namespace dpb
