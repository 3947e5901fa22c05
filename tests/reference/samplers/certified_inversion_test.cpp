// The exact inversion samplers (Poisson, Skellam, Pólya, Pólya difference): validation, the chunk rule on
// crafted tapes (a first chunk that straddles F(k) forces more chunks), bits per draw, and a sanity check of
// the means (the goodness-of-fit battery lives elsewhere).
#include <gtest/gtest.h>

#include <functional>

#include "tests/support/chernoff.hpp"

#include <cmath>

#include "reference/bits/chacha20.hpp"
#include "reference/bits/tape.hpp"
#include "reference/core/errors.hpp"
#include "reference/pmf/poisson.hpp"
#include "reference/pmf/polya.hpp"
#include "reference/pmf/polya_difference.hpp"
#include "reference/pmf/skellam.hpp"
#include "reference/samplers/poisson.hpp"
#include "reference/samplers/polya.hpp"
#include "reference/samplers/skellam.hpp"

namespace dpb::ref {
namespace {

template <class F>
void expect_rejects(F&& make, const std::string& function, const std::string& parameter) {
  try {
    make();
    ADD_FAILURE() << function << " accepted a bad '" << parameter << "'";
  } catch (const ParameterError& e) {
    EXPECT_NE(std::string(e.what()).find(function + ": parameter '" + parameter + "'"), std::string::npos)
        << e.what();
  }
}

TEST(CertifiedInversionTest, MakeRejectsBadParameters) {
  expect_rejects([] { Poisson s(Rational(0)); }, "Poisson", "mean");
  expect_rejects([] { Poisson s(Rational(-3)); }, "Poisson", "mean");
  expect_rejects([] { Poisson s(Rational(Integer("10000000000000"))); }, "Poisson", "mean");
  expect_rejects([] { Skellam s(Rational(0)); }, "Skellam", "variance");
  expect_rejects([] { Polya s(Rational(0), Rational(1)); }, "Polya", "r");
  expect_rejects([] { Polya s(Rational(1), Rational(-1)); }, "Polya", "scale");
  expect_rejects([] { PolyaDifference s(Rational(-1), Rational(1)); }, "PolyaDifference", "r");
  expect_rejects([] { PolyaDifference s(Rational(1), Rational(0)); }, "PolyaDifference", "scale");
}

// The first `chunks` 64-bit words of the binary expansion of F(k) (F irrational: no ties).
std::vector<std::uint64_t> expansion(const CertifiedDistribution& d, long k, unsigned chunks) {
  const Interval f = d.cdf(Integer(k), 64 * chunks + 128);
  const Integer lo = floor(Rational(f.lower() * (Integer(1) << (64 * chunks))));
  EXPECT_EQ(lo, floor(Rational(f.upper() * (Integer(1) << (64 * chunks)))));
  std::vector<std::uint64_t> words(chunks);
  Integer rest = lo;
  for (unsigned i = chunks; i-- > 0;) {
    words[i] = to_uint64(Integer(rest & Integer(~std::uint64_t{0})));
    rest >>= 64;
  }
  return words;
}

Tape tape_of(const std::vector<std::uint64_t>& words) {
  Tape t;
  for (auto w : words) t.append(w, 64);
  return t;
}

TEST(CertifiedInversionTest, StraddlingChunksAreResolvedByLaterChunks) {
  const Rational mean(10);
  const PoissonPmf pmf(mean);
  for (long k : {0L, 7L, 10L, 25L}) {
    const auto w = expansion(pmf, k, 2);
    // U agrees with F(k) on 128 bits: I_1 and I_2 contain F(k); the third chunk decides.
    for (const auto& [third, expected] : {std::pair{std::uint64_t{0}, k}, std::pair{~std::uint64_t{0}, k + 1}}) {
      const Tape t = tape_of({w[0], w[1], third});
      TapeSource bits(t);
      Poisson sampler(mean);
      EXPECT_EQ(sampler(bits), expected) << "k=" << k;
      EXPECT_EQ(bits.position(), 192U);
    }
    // The second chunk alone decides when it differs from F(k)'s.
    if (w[1] > 0) {
      const Tape t = tape_of({w[0], w[1] - 1});
      TapeSource bits(t);
      Poisson sampler(mean);
      EXPECT_EQ(sampler(bits), k);
      EXPECT_EQ(bits.position(), 128U);
    }
    if (w[1] < ~std::uint64_t{0}) {
      const Tape t = tape_of({w[0], w[1] + 1});
      TapeSource bits(t);
      Poisson sampler(mean);
      EXPECT_EQ(sampler(bits), k + 1);
      EXPECT_EQ(bits.position(), 128U);
    }
  }
}

TEST(CertifiedInversionTest, ExtremeFirstChunksAreDecided) {
  // u = 0: Poisson(50) has F(0) = e^{−50} ≈ 2^{−72.1}, so I_1 = [0, 2^{−64}) straddles F(0) and I_2 lies below it:
  // the draw is 0 after 128 bits (and the table, which starts at the mode 50, is walked down to 0).
  {
    const Tape t = tape_of({0, 0});
    TapeSource bits(t);
    Poisson sampler(Rational(50));
    EXPECT_EQ(sampler(bits), 0);
    EXPECT_EQ(bits.position(), 128U);
  }
  // u = 2^64 − 1: I_1 = [1 − 2^{−64}, 1) holds every F(k) beyond some point, so a second chunk is always read.
  const PoissonPmf poisson_pmf(Rational(50));
  const PolyaPmf polya_pmf(Rational(1, 1024), Rational(5));
  const Tape t = tape_of({~std::uint64_t{0}, 0});
  TapeSource a(t), b(t);
  Poisson poisson(Rational(50));
  Polya polya(Rational(1, 1024), Rational(5));
  const Integer x = poisson(a), y = polya(b);
  EXPECT_EQ(a.position(), 128U);
  EXPECT_EQ(b.position(), 128U);
  // F(k−1) ≤ U < F(k) with U ∈ [1 − 2^{−64}, 1 − 2^{−64} + 2^{−128}).
  const Rational u = 1 - Rational(1, Integer(1) << 64), v = u + Rational(1, Integer(1) << 128);
  EXPECT_TRUE(poisson_pmf.cdf(x, 256).certainly_greater(Rational(v - Rational(1, Integer(1) << 200))));
  EXPECT_TRUE(poisson_pmf.cdf(Integer(x - 1), 256).certainly_less(u));
  EXPECT_TRUE(polya_pmf.cdf(y, 256).certainly_greater(Rational(v - Rational(1, Integer(1) << 200))));
  EXPECT_TRUE(polya_pmf.cdf(Integer(y - 1), 256).certainly_less(u));
}

TEST(CertifiedInversionTest, TypicalDrawsReadOneChunk) {
  ChaCha20Source source(11);
  CountingSource bits(source);
  Poisson poisson(Rational(10));
  Skellam skellam(Rational(100));
  PolyaDifference diff(Rational(1, 3), Rational(4));
  for (int i = 0; i < 1000; ++i) poisson(bits);
  EXPECT_EQ(bits.count(), 64'000U);
  bits.reset();
  for (int i = 0; i < 1000; ++i) skellam(bits);
  EXPECT_EQ(bits.count(), 128'000U);
  bits.reset();
  for (int i = 0; i < 1000; ++i) diff(bits);
  EXPECT_EQ(bits.count(), 128'000U);
}

// The sample mean against E X by an exact Chernoff test at α = 10^{−6} (tests/support/chernoff.hpp) with each law's
// centred cumulant generating function: Poisson(μ) K(λ) = μ(e^λ − 1 − λ); Skellam(σ²) = Poisson(σ²/2) −
// Poisson(σ²/2), K(λ) = σ²(cosh λ − 1); Pólya(r, β) K(λ) = r ln((1 − β)/(1 − βe^λ)) − λμ (λ < ln(1/β)); a Pólya
// difference is the sum of K(λ) and K(−λ) of its Pólya. Fixed seeds; a shifted mean is rejected (negative control).
template <class S>
void expect_mean(S& sampler, const CertifiedDistribution& d, std::uint64_t seed, int n,
                 const std::function<double(double)>& cgf, double lambda_max) {
  ChaCha20Source bits(seed);
  Integer sum = 0;
  for (int i = 0; i < n; ++i) sum += sampler(bits);
  const double mean = Rational(sum, Integer(n)).convert_to<double>();  // test-only arithmetic
  const double expected = d.mean(64).midpoint_for_report();          // report-only
  const double sd = std::sqrt(d.variance(64).midpoint_for_report());  // report-only
  const auto N = static_cast<std::uint64_t>(n);
  EXPECT_TRUE(test::chernoff_mean_ok(mean, expected, cgf, lambda_max, N)) << d.describe() << " mean " << mean;
  EXPECT_FALSE(test::chernoff_mean_ok(mean, expected + 8 * sd / std::sqrt(n), cgf, lambda_max, N))
      << "negative control: " << d.describe();
}

std::function<double(double)> polya_cgf(double r, double scale) {
  const double b = std::exp(-1 / scale), mu = r * b / (1 - b);
  return [r, b, mu](double l) { return r * (std::log(1 - b) - std::log(1 - b * std::exp(l))) - l * mu; };
}

TEST(CertifiedInversionTest, SampleMeansMatchAtAlphaOneInAMillion) {
  const auto poisson = [](double mu) { return [mu](double l) { return mu * (std::expm1(l) - l); }; };
  Poisson p10(Rational(10)), p3(Rational(1, 3));
  expect_mean(p10, PoissonPmf(Rational(10)), 1, 100'000, poisson(10), 5);
  expect_mean(p3, PoissonPmf(Rational(1, 3)), 2, 100'000, poisson(1.0 / 3), 5);
  Skellam s100(Rational(100));
  expect_mean(s100, SkellamPmf(Rational(100)), 3, 100'000, [](double l) { return 100 * (std::cosh(l) - 1); }, 5);
  Polya q(Rational(1, 8), Rational(10)), tiny(Rational(1, 1024), Rational(5));
  expect_mean(q, PolyaPmf(Rational(1, 8), Rational(10)), 4, 100'000, polya_cgf(1.0 / 8, 10), 1.0 / 10);
  expect_mean(tiny, PolyaPmf(Rational(1, 1024), Rational(5)), 5, 100'000, polya_cgf(1.0 / 1024, 5), 1.0 / 5);
  PolyaDifference d(Rational(1, 3), Rational(4));
  const auto half = polya_cgf(1.0 / 3, 4);
  expect_mean(d, PolyaDifferencePmf(Rational(1, 3), Rational(4)), 6, 100'000,
              [half](double l) { return half(l) + half(-l); }, 1.0 / 4);
}

TEST(CertifiedInversionTest, TinyShapeWithLargeScaleWorks) {
  ChaCha20Source bits(7);
  Polya q(Rational(1, 1024), Rational(20000));
  Integer nonzero = 0, largest = 0;
  for (int i = 0; i < 20'000; ++i) {
    const Integer x = q(bits);
    if (x > 0) ++nonzero;
    if (x > largest) largest = x;
  }
  // P[X > 0] = 1 − (1 − β)^{1/1024} ≈ 0.0096 for β = e^{−1/20000}: about 193 of 20000 (sd 14).
  EXPECT_GT(nonzero, 120);
  EXPECT_LT(nonzero, 300);
  EXPECT_GT(largest, 10'000);
}

}  // namespace
}  // namespace dpb::ref
