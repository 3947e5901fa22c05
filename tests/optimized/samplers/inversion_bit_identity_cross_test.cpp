// The `inversion` method of the discrete Laplace and the discrete Gaussian (dpb::ref / dpb::fast
// DiscreteLaplaceInversion and DiscreteGaussianInversion) against each other on one seeded ChaCha20 stream:
// identical values and identical bit counts, draw by draw, 10^6 draws per parameter set; and on crafted tapes whose
// chunks straddle a CDF value F(n) or an acceptance probability e^{−bias(Y)} (the fast path must defer), with the
// straddled values computed here from the closed forms, independently of the samplers' tables.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <utility>

#include "optimized/samplers/discrete_gaussian_inversion.hpp"
#include "optimized/samplers/discrete_laplace_inversion.hpp"
#include "tests/support/bit_identity.hpp"
#include "reference/bits/chacha20.hpp"
#include "reference/bits/tape.hpp"
#include "reference/core/interval.hpp"
#include "reference/samplers/discrete_gaussian_inversion.hpp"
#include "reference/samplers/discrete_laplace_inversion.hpp"

namespace dpb {
namespace {

using test::expect_bit_identical;
// At least one 64-bit chunk per draw (the inversion samplers read whole chunks).
constexpr std::uint64_t kDraws = 1'000'000, kChunk = 64;

TEST(InversionBitIdentityCrossTest, DiscreteLaplace) {
  for (const auto& [scale, seed] : {std::pair{Rational(1, 3), 501ULL}, std::pair{Rational(10), 502ULL},
                                    std::pair{Rational(7, 2), 503ULL}}) {
    ref::DiscreteLaplaceInversion reference(scale);
    fast::DiscreteLaplaceInversion fast(scale);
    expect_bit_identical(reference, fast, seed, "dlaplace-inversion(scale=" + to_string(scale) + ")", kDraws, kChunk);
  }
}

// Scale 10^5: the fast table stops at 2^17 entries, so draws beyond it (probability e^{−0.65}) defer to the
// reference; fewer draws (each deferral costs the reference's certified search).
TEST(InversionBitIdentityCrossTest, DiscreteLaplaceBeyondTheTable) {
  ref::DiscreteLaplaceInversion reference(Rational(100000));
  fast::DiscreteLaplaceInversion fast(Rational(100000));
  EXPECT_EQ(fast.table_size(), fast::DiscreteLaplaceInversion::kMaxTable);
  expect_bit_identical(reference, fast, 504, "dlaplace-inversion(scale=100000)", 20000, kChunk);
}

TEST(InversionBitIdentityCrossTest, DiscreteGaussian) {
  // sigma2 = 110: t = 11 and sigma2/t = 10, so bias(±10) = 0 (accepted without reading a chunk).
  for (const auto& [sigma2, mu, seed] :
       {std::tuple{Rational(100), Rational(0), 601ULL}, std::tuple{Rational(7, 3), Rational(1, 2), 602ULL},
        std::tuple{Rational(1, 4), Rational(0), 603ULL}, std::tuple{Rational(110), Rational(-5, 3), 604ULL}}) {
    ref::DiscreteGaussianInversion reference(sigma2, mu);
    fast::DiscreteGaussianInversion fast(sigma2, mu);
    expect_bit_identical(reference, fast, seed,
                         "dgauss-inversion(sigma2=" + to_string(sigma2) + ", mu=" + to_string(mu) + ")", kDraws, kChunk);
  }
}

// The first two 64-bit words of ⌊x·2^128⌋ for an enclosure of x at 320 bits (x is irrational, so for the cases
// used here the enclosure's lower end has the right leading words; the test compares builds, not this value).
std::pair<std::uint64_t, std::uint64_t> words_of(const Interval& x) {
  const Integer v = floor(Rational(x.lower() * (Integer(1) << 128)));
  return {to_uint64(Integer(v >> 64)), to_uint64(Integer(v & Integer(~std::uint64_t{0})))};
}

template <class Ref, class Fast>
void expect_same_on_tape(Ref& reference, Fast& fast, const Tape& t, const std::string& what) {
  TapeSource a(t), b(t);
  const Integer r = reference(a);
  const std::int64_t f = fast(b);
  EXPECT_EQ(r, f) << what;
  EXPECT_EQ(a.position(), b.position()) << what;
  EXPECT_GE(a.position(), 128U) << what;
}

// Laplace: first chunk ⌊F(n)·2^64⌋ with F(2m+1) = 1 − β^{m+1}, F(2m) = 1 − 2β^{m+1}/(1+β), β = e^{−1/scale}.
TEST(InversionBitIdentityCrossTest, StraddlingCdfChunksDeferToTheReference) {
  const Rational scale(7, 2);
  int checked = 0;
  for (long n = 0; n < 40; ++n) {
    const long m1 = n / 2 + 1;
    const Interval beta_pow = exp_neg(Rational(m1) / scale, 320);
    const Interval one(1L, 320);
    const Interval F = (n % 2 == 1) ? one - beta_pow
                                    : one - beta_pow.mul(Rational(2)) / (one + exp_neg(Rational(1) / scale, 320));
    const auto [w0, w1] = words_of(F);
    for (std::uint64_t second : {w1 - 1, w1 + 1, std::uint64_t{0}, ~std::uint64_t{0}}) {
      Tape t;
      t.append(w0, 64);
      t.append(second, 64);
      t.append(0x0123456789abcdefULL, 64);
      ref::DiscreteLaplaceInversion reference(scale);
      fast::DiscreteLaplaceInversion fast(scale);
      expect_same_on_tape(reference, fast, t, "dlaplace n=" + std::to_string(n));
      ++checked;
    }
  }
  EXPECT_EQ(checked, 160);
}

// Gaussian: a first chunk 0 draws the proposal Y = 0 (zigzag index 0: 0 < ⌊F(0)·2^64⌋); the second chunk is
// ⌊e^{−bias(0)}·2^64⌋, with bias(0) = (σ²/t)²/(2σ²) for mu = 0. σ² = 100: t = 11, bias(0) = 50/121.
TEST(InversionBitIdentityCrossTest, StraddlingAcceptanceChunksDeferToTheReference) {
  const auto [w0, w1] = words_of(exp_neg(Rational(50, 121), 320));
  int checked = 0;
  for (std::uint64_t third : {w1 - 1, w1 + 1, std::uint64_t{0}, ~std::uint64_t{0}}) {
    Tape t;
    t.append(0, 64);
    t.append(w0, 64);
    t.append(third, 64);
    for (int i = 0; i < 8; ++i) t.append(0x9e3779b97f4a7c15ULL * static_cast<std::uint64_t>(i + 1), 64);
    ref::DiscreteGaussianInversion reference(Rational(100));
    fast::DiscreteGaussianInversion fast(Rational(100));
    EXPECT_EQ(reference.bias(Integer(0)), Rational(50, 121));
    expect_same_on_tape(reference, fast, t, "dgauss third=" + std::to_string(third));
    ++checked;
  }
  EXPECT_EQ(checked, 4);
  // The straddling chunk is decided by the third chunk: w1 − 1 < w1 (accept, Y = 0), w1 + 1 > w1 (reject).
  Tape accept_tape;
  accept_tape.append(0, 64);
  accept_tape.append(w0, 64);
  accept_tape.append(w1 - 1, 64);
  TapeSource bits(accept_tape);
  ref::DiscreteGaussianInversion reference(Rational(100));
  EXPECT_EQ(reference(bits), 0);
  EXPECT_EQ(bits.position(), 192U);
}

}  // namespace
}  // namespace dpb
