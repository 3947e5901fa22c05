// Geometric(scale), optimized build: CKS20 Algorithm 2 as in reference/samplers/geometric.hpp, on machine integers,
// drawing the same bits. 1/scale = s/t in lowest terms; s, t < 2^63.
// Overflow: U + t·V < 2^63 + 2^63·2^64 < 2^128 (V counts BernoulliExp(1) successes in a 64-bit counter). The
// result must fit int64; the scale is capped at 2^48 so that a larger result has probability below e^{−2^15}, and
// an std::overflow_error is thrown if it nevertheless happens (nothing is ever wrapped).
#pragma once

#include <cstdint>
#include <stdexcept>

#include "reference/bits/bit_source.hpp"
#include "reference/bits/uniform.hpp"
#include "reference/core/errors.hpp"
#include "reference/core/rational.hpp"
#include "optimized/samplers/bernoulli.hpp"
#include "optimized/samplers/bernoulli_exp.hpp"

namespace dpb::fast {
namespace detail {

// The scale check shared by Geometric and DiscreteLaplace.
inline Fraction64 require_geometric_scale(const Rational& scale, std::string_view function) {
  const auto q = require_fits_int64(require_positive(scale, function, "scale"), function, "scale");
  if (scale > Rational(Integer(1) << 48))
    throw_parameter_error(function, "scale", "<= 2^48 in the optimized build (its outputs are 64-bit integers)",
                          to_string(scale));
  return q;
}

}  // namespace detail

class Geometric {
 public:
  explicit Geometric(const Rational& scale) {
    const auto q = detail::require_geometric_scale(scale, "Geometric");
    t_ = static_cast<std::uint64_t>(q.num);
    s_ = q.den;
  }

  Rational scale() const { return Rational(Integer(t_), Integer(s_)); }

  template <BitSource B>
  std::int64_t operator()(B& bits) const {
    std::uint64_t U;
    for (;;) {
      U = uniform_below_u64(bits, t_);
      const std::uint64_t g = detail::gcd_u64(U, t_);  // U/t in lowest terms, as Rational(U, t) in the reference
      if (detail::von_neumann_u64(bits, U / g, t_ / g)) break;
    }
    std::uint64_t V = 0;
    while (detail::exp_minus_one(bits)) ++V;
    const detail::u128 n = U + static_cast<detail::u128>(t_) * V;
    if (detail::fits_u64(n)) {  // the usual case: one 64-bit division (or none)
      const std::uint64_t k = s_ == 1 ? static_cast<std::uint64_t>(n) : static_cast<std::uint64_t>(n) / s_;
      if (k <= detail::kInt64Max) return static_cast<std::int64_t>(k);
    } else if (n / s_ <= detail::kInt64Max) {
      return static_cast<std::int64_t>(n / s_);
    }
    throw std::overflow_error("fast::Geometric: sample exceeds the 64-bit range");
  }

 private:
  std::uint64_t s_ = 1, t_ = 1;  // 1/scale = s/t in lowest terms (CKS20's names)
};

}  // namespace dpb::fast
