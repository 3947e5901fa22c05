// Discrete Gaussian N_Z(mu, sigma2) with certified inversion steps (the `inversion` method; the default CKS20
// method is reference/samplers/discrete_gaussian.hpp). Same law, different bits.
//
// CKS20 Algorithm 3's rejection scheme with the non-integer-mu extension of discrete_gaussian.hpp, unchanged in
// its law: the proposal scale t = ⌊√⌊σ²⌋⌋ + 1 and the rejection exponent bias(Y) are DiscreteGaussian's. Only the
// two random steps are drawn differently:
//   loop { Y = DiscreteLaplaceInversion(t); if bernoulli_exp_by_chunks(e^{−bias(Y)}) return ⌊mu⌋ + Y }
// i.e. the proposal by inversion (discrete_laplace_inversion.hpp) and the acceptance by comparing a lazily drawn
// uniform with e^{−bias(Y)} (internal/exp_chunks.hpp): typically 64 + 64 bits per trial. Each step has exactly the
// law CKS20's does (Lap_Z(t), Bernoulli(e^{−bias(Y)})), so the proof of Algorithm 3 applies (docs/samplers.md).
// The optimized twin (optimized/samplers/discrete_gaussian_inversion.hpp) is bit-identical.
//
// Thread-safety: the proposal's CDF table is cached, so operator() is not const; one sampler object per thread.
#pragma once

#include <cstdint>
#include <map>

#include "reference/bits/bit_source.hpp"
#include "reference/core/rational.hpp"
#include "reference/samplers/discrete_gaussian.hpp"
#include "reference/samplers/discrete_laplace_inversion.hpp"
#include "reference/samplers/internal/exp_chunks.hpp"

namespace dpb::ref {

class DiscreteGaussianInversion {
 public:
  // Throws ParameterError naming DiscreteGaussianInversion unless 0 < sigma2 ≤ 2^60 (mu any rational).
  explicit DiscreteGaussianInversion(const Rational& sigma2, const Rational& mu = Rational(0));

  const Rational& sigma2() const { return cks_.sigma2(); }
  const Rational& mu() const { return cks_.mu(); }
  const Integer& t() const { return cks_.t(); }
  // The rejection exponent of DiscreteGaussian (CKS20 with the non-integer-mu extension).
  Rational bias(const Integer& Y) const { return cks_.bias(Y); }

  template <BitSource B>
  Integer operator()(B& bits) {
    for (;;) {
      Integer Y = proposal_(bits);
      if (internal::bernoulli_exp_by_chunks(acceptance(Y), bits)) return floor_mu_ + Y;
    }
  }

  // e^{−bias(Y)} with its 128-bit enclosure, cached per candidate (the cache holds the candidates seen so far).
  const internal::ExpNeg& acceptance(const Integer& Y) {
    auto it = acceptance_.find(Y);
    if (it == acceptance_.end()) it = acceptance_.emplace(Y, internal::ExpNeg(cks_.bias(Y))).first;
    return it->second;
  }
  DiscreteLaplaceInversion& proposal() { return proposal_; }

 private:
  DiscreteGaussian cks_;  // t, bias, validation of mu
  Integer floor_mu_;
  DiscreteLaplaceInversion proposal_;
  std::map<Integer, internal::ExpNeg> acceptance_;
};

}  // namespace dpb::ref
