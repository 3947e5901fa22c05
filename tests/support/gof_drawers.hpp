// Shared pieces of the goodness-of-fit batteries (tests/verify/stats/*_gof_stat_test.cpp, docs/statistics.md): the
// battery's options, and "drawers" — a sampler built fresh from its arguments and drawn n times from
// ChaCha20Source(seed, stream), its outputs as int64.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "reference/bits/chacha20.hpp"
#include "reference/core/rational.hpp"
#include "verify/stats/gof.hpp"

namespace dpb::test {

using GofParams = std::map<std::string, Rational>;
using Drawer = std::function<std::vector<std::int64_t>(std::uint64_t seed, std::uint64_t stream, std::uint64_t n)>;

// Expected counts ≥ 20 per bin, at most 50 bins, exact binomial tests of the 0.99 and 0.999 tails.
inline verify::stats::GofOptions gof_battery_options() {
  verify::stats::GofOptions o;
  o.binning.min_expected = 20;
  o.binning.max_bins = 50;
  o.tail_levels = {0.99, 0.999};
  return o;
}

inline std::int64_t as_sample(bool b) { return b ? 1 : 0; }
inline std::int64_t as_sample(std::int64_t x) { return x; }
inline std::int64_t as_sample(const Integer& x) { return to_int64(x); }

// A fresh sampler built from `args` (non-const: inversion samplers cache tables) drawn n times.
template <class Sampler, class... Args>
Drawer drawer(Args... args) {
  return [=](std::uint64_t seed, std::uint64_t stream, std::uint64_t n) {
    Sampler sampler(args...);
    ChaCha20Source bits(seed, stream);
    std::vector<std::int64_t> out;
    out.reserve(n);
    for (std::uint64_t i = 0; i < n; ++i) out.push_back(as_sample(sampler(bits)));
    return out;
  };
}

}  // namespace dpb::test
