// Randomized rounding floor(x g) + Bernoulli(x g − floor(x g)), optimized build: as in
// reference/samplers/rounding.hpp, drawing the same bits. Everything but the Bernoulli draw is computed at
// construction; x's numerator and denominator, g, and floor(x g) + 1 must fit int64.
#pragma once

#include <cstdint>

#include "reference/bits/bit_source.hpp"
#include "reference/core/errors.hpp"
#include "reference/core/rational.hpp"
#include "reference/samplers/rounding.hpp"
#include "optimized/samplers/bernoulli.hpp"

namespace dpb::fast {

class RandomizedRounding {
 public:
  RandomizedRounding(const Rational& x, const Integer& g) {
    const ref::RandomizedRounding checked(x, g);  // the reference's checks and messages
    const auto xq = detail::require_fits_int64(x, "RandomizedRounding", "x");
    g_ = detail::require_fits_int64(g, "RandomizedRounding", "g");
    x_num_ = xq.num;
    x_den_ = xq.den;
    const Rational xg = x * g;
    const Integer low = floor(xg);
    if (!fits_int64(Integer(low + 1)) || !fits_int64(low))
      throw_parameter_error("RandomizedRounding", "x",
                            "such that floor(x g) + 1 fits the optimized build's 64-bit integers", to_string(x));
    floor_xg_ = to_int64(low);
    const Rational frac = xg - low;  // in lowest terms, denominator <= den(x)
    up_num_ = to_uint64(boost::multiprecision::numerator(frac));
    up_den_ = to_uint64(boost::multiprecision::denominator(frac));
  }

  Rational x() const { return Rational(Integer(x_num_), Integer(x_den_)); }
  Integer g() const { return Integer(g_); }

  template <BitSource B>
  std::int64_t operator()(B& bits) const {
    return floor_xg_ + (detail::bernoulli_u64(bits, up_num_, up_den_) ? 1 : 0);
  }

 private:
  std::int64_t x_num_ = 0;
  std::uint64_t x_den_ = 1;
  std::int64_t g_ = 1;
  std::int64_t floor_xg_ = 0;
  std::uint64_t up_num_ = 0, up_den_ = 1;  // x g − floor(x g) in lowest terms
};

}  // namespace dpb::fast
