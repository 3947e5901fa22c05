// Bit identity of the two builds at the edges of the parameter ranges (issue 13 §4), where the optimized build's
// fixed-width fast paths are most likely to defer or overflow: Poisson means 10⁴–10⁶, Skellam variances 10⁶ and 1/100,
// Pólya scale 10³–10⁴ and r ≤ 10⁻⁴, discrete Laplace scale 1/1000, discrete Gaussian σ² < 1/4 (rejection) and
// σ² ≫ 110 (inversion, past its table). 10⁴–10⁵ draws each on one seeded ChaCha20 stream: identical values and bit
// counts, draw by draw (tests/support/bit_identity.hpp).
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <tuple>

#include "optimized/samplers/discrete_gaussian.hpp"
#include "optimized/samplers/discrete_gaussian_inversion.hpp"
#include "optimized/samplers/discrete_laplace.hpp"
#include "optimized/samplers/poisson.hpp"
#include "optimized/samplers/polya.hpp"
#include "optimized/samplers/skellam.hpp"
#include "reference/bits/chacha20.hpp"
#include "reference/samplers/discrete_gaussian.hpp"
#include "reference/samplers/discrete_gaussian_inversion.hpp"
#include "reference/samplers/discrete_laplace.hpp"
#include "reference/samplers/poisson.hpp"
#include "reference/samplers/polya.hpp"
#include "reference/samplers/skellam.hpp"
#include "tests/support/bit_identity.hpp"

namespace dpb {
namespace {

using test::expect_bit_identical;

TEST(EdgeParametersCrossTest, PoissonLargeMeans) {
  for (const auto& [mean, draws] : {std::pair{Rational(10000), 100000ULL}, std::pair{Rational(100000), 30000ULL},
                                    std::pair{Rational(1000000), 10000ULL}}) {
    ref::Poisson reference(mean);
    fast::Poisson fast(mean);
    expect_bit_identical(reference, fast, 1301, "poisson(mean=" + to_string(mean) + ")", draws);
  }
}

// Beyond λ ≈ 7·10⁸, e^{−λ} is below MPFR's default exponent range (issue 11 §5): both builds must still sample, alike,
// with every draw within λ ± 10√λ (a sanity bound: P[|X − λ| > 10√λ] < 10⁻²¹ by Chernoff).
TEST(EdgeParametersCrossTest, PoissonMeansBeyondTheDefaultExponentRange) {
  for (const Rational& mean : {Rational(800000000)}) {
    ref::Poisson reference(mean);
    fast::Poisson fast(mean);
    expect_bit_identical(reference, fast, 1308, "poisson(mean=" + to_string(mean) + ")", 2);
    ChaCha20Source bits(1309);
    const double m = mean.convert_to<double>();
    const double x = reference(bits).convert_to<double>();  // test arithmetic
    EXPECT_LT(std::abs(x - m), 10 * std::sqrt(m)) << x;
  }
}

TEST(EdgeParametersCrossTest, SkellamExtremeVariances) {
  for (const auto& [var, draws] : {std::pair{Rational(1000000), 10000ULL}, std::pair{Rational(1, 100), 100000ULL}}) {
    ref::Skellam reference(var);
    fast::Skellam fast(var);
    expect_bit_identical(reference, fast, 1302, "skellam(var=" + to_string(var) + ")", draws);
  }
}

TEST(EdgeParametersCrossTest, PolyaLargeScaleAndTinyShape) {
  for (const auto& [r, scale] : {std::tuple{Rational(1, 2), Rational(1000)}, std::tuple{Rational(1, 16), Rational(10000)},
                                 std::tuple{Rational(1, 10000), Rational(10)}, std::tuple{Rational(1, 100000), Rational(1000)}}) {
    ref::Polya reference(r, scale);
    fast::Polya fast(r, scale);
    expect_bit_identical(reference, fast, 1303, "polya(r=" + to_string(r) + ", scale=" + to_string(scale) + ")", 30000);
    ref::PolyaDifference ref_diff(r, scale);
    fast::PolyaDifference fast_diff(r, scale);
    expect_bit_identical(ref_diff, fast_diff, 1304,
                         "polya-difference(r=" + to_string(r) + ", scale=" + to_string(scale) + ")", 30000);
  }
}

TEST(EdgeParametersCrossTest, DiscreteLaplaceTinyScale) {
  expect_bit_identical(ref::DiscreteLaplace(Rational(1, 1000)), fast::DiscreteLaplace(Rational(1, 1000)), 1305,
                       "dlaplace(scale=1/1000)", 100000);
}

TEST(EdgeParametersCrossTest, DiscreteGaussianSmallAndLargeVariances) {
  for (const Rational& s2 : {Rational(1, 10), Rational(1, 1000)})
    expect_bit_identical(ref::DiscreteGaussian(s2), fast::DiscreteGaussian(s2), 1306,
                         "dgauss(sigma2=" + to_string(s2) + ")", 100000);
  for (const Rational& s2 : {Rational(1, 10), Rational(10000), Rational(1000000)}) {
    ref::DiscreteGaussianInversion reference(s2);
    fast::DiscreteGaussianInversion fast(s2);
    expect_bit_identical(reference, fast, 1307, "dgauss-inversion(sigma2=" + to_string(s2) + ")", 20000);
  }
}

}  // namespace
}  // namespace dpb
