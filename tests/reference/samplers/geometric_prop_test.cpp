#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cmath>
#include <set>

#include "reference/bits/chacha20.hpp"
#include "reference/samplers/geometric.hpp"

namespace dpb::ref {
namespace {

// No holes in the support: every k in [0, k_max] occurs in n draws, where k_max is the largest k with
// n·P[X = k] >= 40, so each such k is missed with probability <= e^{−40} (the plan uses doubles; tests only).
RC_GTEST_PROP(GeometricPropTest, SupportHasNoHolesNearZero, ()) {
  const long num = *rc::gen::inRange<long>(1, 200), den = *rc::gen::inRange<long>(1, 40);
  const Rational scale(num, den);
  const int n = 3000;
  const double beta = std::exp(-1.0 / scale.convert_to<double>());
  int k_max = 0;
  while (n * (1 - beta) * std::pow(beta, k_max + 1) >= 40) ++k_max;
  ChaCha20Source bits(*rc::gen::arbitrary<std::uint64_t>());
  const Geometric g(scale);
  std::set<long> seen;
  for (int i = 0; i < n; ++i) {
    const Integer x = g(bits);
    RC_ASSERT(x >= 0);
    if (x <= k_max) seen.insert(x.convert_to<long>());
  }
  RC_ASSERT(seen.size() == static_cast<std::size_t>(k_max + 1));
}

}  // namespace
}  // namespace dpb::ref
