// Local randomizer R of seed 000, optimized build of reference/protocols/local_randomizer.hpp:
//   x̂ = ⌊x g⌋ + Bernoulli(x g − ⌊x g⌋),  η from the variant's per-user law,  y = (x̂ + (η mod m)) mod m.
// The reference computes (x̂ + η) mod m directly; here η is reduced first so that no sum of an arbitrary int64 η
// can overflow: (x̂ + (η mod m)) mod m = (x̂ + η) mod m, with x̂ <= g < m and η mod m < m, so x̂ + (η mod m) < 2m
// (proofs/000.message-bv64.smt2). Same bits as the reference: the rounding first, then the noise.
#pragma once

#include <cstdint>

#include "optimized/protocols/modular.hpp"
#include "optimized/protocols/noise_sampler.hpp"
#include "optimized/protocols/reward.hpp"
#include "reference/bits/bit_source.hpp"
#include "reference/protocols/calibration.hpp"

namespace dpb::fast {

struct UserReport {
  std::int64_t x_hat = 0;
  std::int64_t noise = 0;
  std::uint64_t message = 0;
};

class LocalRandomizer {
 public:
  // Precondition: c.m <= ref::kMaxModulus (calibrate() guarantees it; Protocol checks it again).
  explicit LocalRandomizer(const ref::Calibration& c)
      : g_(to_uint64(c.g)), m_(to_uint64(c.m)), noise_(c.per_user_noise) {}

  template <BitSource B>
  UserReport operator()(const Reward& x, B& bits) {
    UserReport r;
    r.x_hat = encode(x, g_, bits);
    r.noise = noise_(bits);
    r.message = add_mod(static_cast<std::uint64_t>(r.x_hat), residue(r.noise, m_), m_);
    return r;
  }

  std::uint64_t g() const { return g_; }
  std::uint64_t m() const { return m_; }

 private:
  std::uint64_t g_, m_;
  NoiseSampler noise_;
};

}  // namespace dpb::fast
