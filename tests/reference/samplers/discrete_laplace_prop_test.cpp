#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cmath>
#include <set>

#include "reference/bits/chacha20.hpp"
#include "reference/samplers/discrete_laplace.hpp"

namespace dpb::ref {
namespace {

// No holes in the support: every x in [−k_max, k_max] occurs in n draws, where k_max is the largest k with
// n·P[X = k] >= 40 (each such x is missed with probability <= e^{−40}; the plan uses doubles, tests only).
RC_GTEST_PROP(DiscreteLaplacePropTest, SupportHasNoHolesAroundZero, ()) {
  const long num = *rc::gen::inRange<long>(1, 200), den = *rc::gen::inRange<long>(1, 40);
  const Rational scale(num, den);
  const int n = 3000;
  const double beta = std::exp(-1.0 / scale.convert_to<double>());
  const double p0 = (1 - beta) / (1 + beta);
  int k_max = 0;
  while (n * p0 * std::pow(beta, k_max + 1) >= 40) ++k_max;
  ChaCha20Source bits(*rc::gen::arbitrary<std::uint64_t>());
  const DiscreteLaplace d(scale);
  std::set<long> seen;
  for (int i = 0; i < n; ++i) {
    const Integer x = d(bits);
    if (abs(x) <= k_max) seen.insert(x.convert_to<long>());
  }
  RC_ASSERT(seen.size() == static_cast<std::size_t>(2 * k_max + 1));
}

}  // namespace
}  // namespace dpb::ref
