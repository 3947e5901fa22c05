// Local randomizer R of seed 000 (Algorithm 1 lines 18–22; Algorithm 2 for the central model, Algorithm 4 for the
// local model): encode x ∈ [0, 1] with precision g by unbiased randomized rounding, add the variant's per-user
// noise, reduce to the non-negative remainder mod m.
//
//   x̂ = ⌊x g⌋ + Bernoulli(x g − ⌊x g⌋) ∈ {0, …, g}      (encoder in R; reference/samplers/rounding.hpp)
//   η ~ the variant's per-user law (calibration.hpp: Pólya difference, Skellam, discrete Gaussian, Lap_Z, none)
//   y = (x̂ + η) mod m ∈ {0, …, m − 1}
//
// Bits: the rounding's Bernoulli first, then the noise. Claims: 000.decode relies on x̂ ∈ [0, g]
// (proofs/000.encode.smt2).
#pragma once

#include "reference/bits/bit_source.hpp"
#include "reference/core/errors.hpp"
#include "reference/core/rational.hpp"
#include "reference/protocols/calibration.hpp"
#include "reference/protocols/modular.hpp"
#include "reference/protocols/noise_sampler.hpp"
#include "reference/samplers/rounding.hpp"

namespace dpb::ref {

struct UserReport {
  Integer x_hat;    // the encoded reward
  Integer noise;    // η
  Integer message;  // y = (x̂ + η) mod m
};

class LocalRandomizer {
 public:
  explicit LocalRandomizer(const Calibration& c) : g_(c.g), m_(c.m), noise_(c.per_user_noise) {}

  // x must lie in [0, 1] (ParameterError naming LocalRandomizer, parameter x, otherwise).
  template <BitSource B>
  UserReport operator()(const Rational& x, B& bits) {
    UserReport r;
    r.x_hat = encode(x, bits);
    r.noise = noise_(bits);
    r.message = residue(Integer(r.x_hat + r.noise), m_);
    return r;
  }

  // Only the encoding step (the aggregate path encodes each user, then draws the batch's noise at once).
  template <BitSource B>
  Integer encode(const Rational& x, B& bits) const {
    if (x < 0 || x > 1) throw_parameter_error("LocalRandomizer", "x", "in [0, 1]", to_string(x));
    return RandomizedRounding(x, g_)(bits);
  }

  const Integer& g() const { return g_; }
  const Integer& m() const { return m_; }

 private:
  Integer g_, m_;
  NoiseSampler noise_;
};

}  // namespace dpb::ref
