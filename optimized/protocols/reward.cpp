#include "optimized/protocols/reward.hpp"

#include "reference/core/errors.hpp"

namespace dpb::fast {

Reward to_reward(const Rational& x, const char* function) {
  if (x < 0 || x > 1) throw_parameter_error(function, "x", "in [0, 1]", to_string(x));
  const Integer num = boost::multiprecision::numerator(x), den = boost::multiprecision::denominator(x);
  if (!fits_uint64(num) || !fits_uint64(den))
    throw_parameter_error(function, "x", "a fraction whose numerator and denominator fit 64 bits", to_string(x));
  return {to_uint64(num), to_uint64(den)};
}

}  // namespace dpb::fast
