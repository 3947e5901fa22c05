// Deliberately wrong samplers: the negative controls of the goodness-of-fit battery (docs/architecture.md §8;
// tests/verify/stats/sampler_gof_stat_test.cpp). Each is a functor templated on the BitSource, like the real
// samplers, and each is tested against the certified law of the sampler it imitates — which it does NOT follow.
// The battery must reject every one of them at the same α as it accepts the real samplers; docs/statistics.md
// gives the power of the battery against each.
//
// They are built on the optimized samplers (dpb::fast) so that they can be run at the battery's full sample size.
// operator() is non-const throughout (some inner samplers cache tables; the lost-bit wrapper keeps a position).
#pragma once

#include <cstdint>

#include "optimized/samplers/bernoulli.hpp"
#include "optimized/samplers/discrete_gaussian.hpp"
#include "optimized/samplers/discrete_laplace.hpp"
#include "optimized/samplers/geometric.hpp"
#include "optimized/samplers/poisson.hpp"
#include "optimized/samplers/polya.hpp"
#include "optimized/samplers/skellam.hpp"
#include "reference/bits/bit_source.hpp"
#include "reference/core/rational.hpp"

namespace dpb::test {

// Serves the bits of `inner` but forces every 64th bit of the stream it has served to 0 (stream positions 63,
// 127, 191, … counted from 0 over the wrapper's lifetime; `position` keeps the count across wrappers).
template <BitSource B>
class LostBitSource {
 public:
  LostBitSource(B& inner, std::uint64_t& position) : inner_(inner), position_(position) {}
  bool next_bit() { return next_bits(1) != 0; }
  std::uint64_t next_bits(unsigned k) {
    std::uint64_t v = inner_.next_bits(k);
    // The k bits occupy positions position_ … position_ + k − 1; the first one is bit k − 1 of v.
    for (std::uint64_t p = position_ + (63 - position_ % 64); p < position_ + k; p += 64)
      v &= ~(std::uint64_t{1} << (k - 1 - (p - position_)));
    position_ += k;
    return v;
  }

 private:
  B& inner_;
  std::uint64_t& position_;
};

// Lap_Z(scale · 101/100) in place of Lap_Z(scale): a 1% error in the scale.
class DiscreteLaplaceScaleOff {
 public:
  explicit DiscreteLaplaceScaleOff(const Rational& scale);
  template <BitSource B>
  std::int64_t operator()(B& bits) {
    return inner_(bits);
  }

 private:
  fast::DiscreteLaplace inner_;
};

// N_Z(mu + shift, sigma2) in place of N_Z(mu, sigma2).
class DiscreteGaussianShiftedMean {
 public:
  DiscreteGaussianShiftedMean(const Rational& sigma2, const Rational& mu, const Rational& shift);
  template <BitSource B>
  std::int64_t operator()(B& bits) {
    return inner_(bits);
  }

 private:
  fast::DiscreteGaussian inner_;
};

// Lap_Z(scale) with its tails cut: a draw with |x| > bound is thrown away and drawn again (the battery uses the
// 0.999 quantile as the bound, so the mass beyond it, ≈ 1e-3 on each side, moves to the centre).
class TruncatedDiscreteLaplace {
 public:
  TruncatedDiscreteLaplace(const Rational& scale, std::int64_t bound);
  template <BitSource B>
  std::int64_t operator()(B& bits) {
    for (;;) {
      const std::int64_t x = inner_(bits);
      if (x <= bound_ && x >= -bound_) return x;
    }
  }

 private:
  fast::DiscreteLaplace inner_;
  std::int64_t bound_;
};

// Poisson(mean · 102/100) in place of Poisson(mean): a 2% error in the rate.
class PoissonMeanOff {
 public:
  explicit PoissonMeanOff(const Rational& mean);
  template <BitSource B>
  std::int64_t operator()(B& bits) {
    return inner_(bits);
  }

 private:
  fast::Poisson inner_;
};

// P[k] ∝ e^{−k/(scale+1)} in place of e^{−k/scale}: the classic off-by-one in the geometric's rate.
class GeometricScaleOff {
 public:
  explicit GeometricScaleOff(const Rational& scale);
  template <BitSource B>
  std::int64_t operator()(B& bits) {
    return inner_(bits);
  }

 private:
  fast::Geometric inner_;
};

// Bernoulli(p) reading its bits through LostBitSource (every 64th bit of its stream stuck at 0). For p = 1/3 the
// sampler draws 2-bit uniforms and rejects 3; one attempt in 32 has its low bit stuck, so P[true] becomes
// (31/4 + 1/2) / (31/4 + 1/2 + 31/2 + 1/2) = 33/97 ≈ 0.3402 instead of 1/3.
// (Dropping a bit between draws instead would leave the law unchanged — the bits stay i.i.d. fair — so it is
// not a negative control for a goodness-of-fit test; the bit-identity crosschecks catch it.)
class BernoulliLostBit {
 public:
  explicit BernoulliLostBit(const Rational& p);
  template <BitSource B>
  bool operator()(B& bits) {
    LostBitSource<B> lossy(bits, position_);
    return inner_(lossy);
  }

 private:
  fast::Bernoulli inner_;
  std::uint64_t position_ = 0;
};

// Pólya(r · 105/100, scale) in place of Pólya(r, scale).
class PolyaShapeOff {
 public:
  PolyaShapeOff(const Rational& r, const Rational& scale);
  template <BitSource B>
  std::int64_t operator()(B& bits) {
    return inner_(bits);
  }

 private:
  fast::Polya inner_;
};

// Skellam with variance · 103/100 in place of Sk(0, variance).
class SkellamVarianceOff {
 public:
  explicit SkellamVarianceOff(const Rational& variance);
  template <BitSource B>
  std::int64_t operator()(B& bits) {
    return inner_(bits);
  }

 private:
  fast::Skellam inner_;
};

}  // namespace dpb::test
