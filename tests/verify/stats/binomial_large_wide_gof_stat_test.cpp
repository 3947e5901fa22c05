// The law of BinomialLarge beyond 2^64 (issue 20): Bin(n, 1/2) and Bin(n, 1/4) at n = 10^21 + 1 and n = 2^80 by a
// Kolmogorov–Smirnov test against the normal approximation, with explicit error terms, plus a negative control.
//
// Statistic: D = sup_x |F̂_N(x) − Φ((x − np)/σ)|, σ² = np(1−p), over the N sampled values (the supremum of the
// step function F̂_N minus a nondecreasing function is attained at a sample value or just before one; both are
// evaluated: F̂ at x and at x − 1, for the distinct sorted values).
// Error terms, all explicit:
//   - DKW with Massart's constant (Massart 1990, Ann. Probab. 18(3)): P(sup_x |F̂_N − F| > t) ≤ 2e^{−2Nt²} for any
//     law F (discrete included); t = sqrt(ln(2/α)/(2N)), α = 10^-7 per test;
//   - Berry–Esseen for i.i.d. Bernoulli(p) sums (Shevtsova 2011, arXiv:1111.6554: C ≤ 0.4748):
//     sup_x |F(x) − Φ((x − np)/σ)| ≤ 0.4748·ρ/(σ_1³√n), ρ/σ_1³ = (p² + (1−p)²)/sqrt(p(1−p)) (1 at p = 1/2, 1.444 at
//     p = 1/4): below 3·10^-11 at these n;
//   - Φ in long double (erfcl, a few ulps): 10^-9 allowed.
// Reject iff D > t + BE + 10^-9; under the true law the false-rejection probability is ≤ α. The control adds
// ⌈σ/8⌉ to every draw (sup |Φ(z) − Φ(z − 1/8)| ≈ 0.0498, against t + ... ≈ 0.0093 at N = 10^5): it must be rejected.
// Draws: the optimized build (fast::BinomialLargeWide); tests/optimized/samplers/binomial_large_wide_cross_test.cpp
// ties it to the reference bit for bit.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <tuple>
#include <vector>

#include "optimized/samplers/binomial_large.hpp"
#include "reference/bits/chacha20.hpp"

namespace dpb {
namespace {

using fast::detail::u128;
__extension__ typedef __int128 i128;

constexpr double kAlpha = 1e-7;
constexpr std::size_t kDraws = 100000;

struct Verdict {
  long double D;
  long double threshold;
};

// p = 1/q (q ∈ {2, 4}). z(x) = (q·x − n)/(q·σ), q·σ = sqrt(n (q − 1)).
Verdict ks_against_normal(std::vector<u128> x, const Integer& n_integer, unsigned q) {
  const long double nd = n_integer.convert_to<long double>();
  const long double q_sigma = std::sqrt(nd * static_cast<long double>(q - 1));
  const Integer high = n_integer >> 64;
  const u128 nn = (static_cast<u128>(to_uint64(high)) << 64) | static_cast<u128>(to_uint64(Integer(n_integer - (high << 64))));
  auto Phi = [&](u128 v) {
    const i128 d = static_cast<i128>(q) * static_cast<i128>(v) - static_cast<i128>(nn);  // |d| < 2^83: exact
    const long double z = static_cast<long double>(d) / q_sigma;
    return 0.5L * std::erfc(-z / std::sqrt(2.0L));
  };
  std::sort(x.begin(), x.end());
  const auto N = static_cast<long double>(x.size());
  long double D = 0;
  for (std::size_t i = 0; i < x.size();) {
    std::size_t k = i;
    while (k < x.size() && x[k] == x[i]) ++k;  // x[i..k) equal: F̂(x[i] − 1) = i/N, F̂(x[i]) = k/N
    D = std::max(D, std::fabs(static_cast<long double>(k) / N - Phi(x[i])));
    D = std::max(D, std::fabs(static_cast<long double>(i) / N - Phi(x[i] - 1)));
    i = k;
  }
  const long double p = 1.0L / q;
  const long double be = 0.4748L * (p * p + (1 - p) * (1 - p)) / std::sqrt(p * (1 - p)) / std::sqrt(nd);
  const long double t = std::sqrt(std::log(2.0L / kAlpha) / (2.0L * N));
  return {D, t + be + 1e-9L};
}

std::vector<u128> draws(const Integer& n, const Rational& p, std::uint64_t seed, u128 shift) {
  const fast::BinomialLargeWide sampler(n, p);
  ChaCha20Source bits(seed);
  std::vector<u128> out(kDraws);
  for (auto& v : out) v = sampler.draw(bits) + shift;
  return out;
}

TEST(BinomialLargeWideGofTest, MatchesTheNormalApproximationWithinExplicitBoundsBeyond2To64) {
  for (const auto& [n, q, seed] : {std::tuple{Integer("1000000000000000000001"), 2U, 901ULL},
                                   std::tuple{Integer("1000000000000000000001"), 4U, 902ULL},
                                   std::tuple{Integer(1) << 80, 2U, 903ULL},
                                   std::tuple{Integer(1) << 80, 4U, 904ULL}}) {
    const Verdict v = ks_against_normal(draws(n, Rational(1, q), seed, 0), n, q);
    EXPECT_LE(v.D, v.threshold) << "n " << n << " p 1/" << q;
    EXPECT_GT(v.threshold, 0.0L);
  }
}

TEST(BinomialLargeWideGofTest, ShiftedControlIsRejected) {
  for (const auto& [n, q, seed] : {std::tuple{Integer("1000000000000000000001"), 2U, 911ULL},
                                   std::tuple{Integer(1) << 80, 4U, 912ULL}}) {
    const long double sigma = std::sqrt(n.convert_to<long double>() * (q - 1)) / q;
    const auto shift = static_cast<u128>(std::ceil(sigma / 8));
    const Verdict v = ks_against_normal(draws(n, Rational(1, q), seed, shift), n, q);
    EXPECT_GT(v.D, v.threshold) << "n " << n << " p 1/" << q;
  }
}

}  // namespace
}  // namespace dpb
