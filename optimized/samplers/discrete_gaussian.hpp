// Discrete Gaussian N_Z(mu, sigma2), optimized build: CKS20 Algorithm 3 with the non-integer-mu extension, as in
// reference/samplers/discrete_gaussian.hpp, on machine integers, drawing the same bits.
//
// With sigma2 = a/b, f = mu − floor(mu) = c/d (all in lowest terms) and the proposal scale t, the reference's
// acceptance exponent bias(Y) is N/D with
//   D = 2 a b d² t²,
//   N = (|Y| d b t − c b t − a d)²                 for Y >= 0,
//   N = (|Y| d b t + c b t − a d)² + 4 a b c d t   for Y < 0,
// (multiply out (Y − f − sigma2/t)²/(2 sigma2) and (|Y| + f − sigma2/t)²/(2 sigma2) + 2f/t). For f = 0 (c = 0,
// d = 1) both are CKS20's (|Y| b t − a)² / (2 a b t²). The constants are computed once in 128 bits; N is computed
// per draw with overflow checks. If a constant or N does not fit 128 bits, that draw's acceptance step is taken
// by the reference code (ref::BernoulliExp of the reference's bias(Y)): the same bits and the same law.
// Parameter range: the numerators and denominators of sigma2 and mu fit int64, and |floor(mu)| <= 2^62. An output
// outside int64 then needs |Y| >= 2^62 with sigma < 2^32 (probability below e^{−2^29}); std::overflow_error is
// thrown if it ever happens (nothing is wrapped).
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>

#include "reference/bits/bit_source.hpp"
#include "reference/core/errors.hpp"
#include "reference/core/rational.hpp"
#include "reference/samplers/bernoulli_exp.hpp"
#include "reference/samplers/discrete_gaussian.hpp"
#include "optimized/samplers/bernoulli_exp.hpp"
#include "optimized/samplers/discrete_laplace.hpp"

namespace dpb::fast {

class DiscreteGaussian {
 public:
  explicit DiscreteGaussian(const Rational& sigma2, const Rational& mu = Rational(0))
      : ref_(sigma2, mu),  // the reference's checks and messages
        laplace_(Rational(ref_.t())) {
    const auto s = detail::require_fits_int64(sigma2, "DiscreteGaussian", "sigma2");
    const auto m = detail::require_fits_int64(mu, "DiscreteGaussian", "mu");
    const Integer floor_mu = floor(mu);
    if (boost::multiprecision::abs(floor_mu) > (Integer(1) << 62))
      throw_parameter_error("DiscreteGaussian", "mu", "at most 2^62 in absolute value in the optimized build",
                            to_string(mu));
    floor_mu_ = to_int64(floor_mu);
    const Integer a(s.num), b(s.den), d(m.den), c = boost::multiprecision::numerator(Rational(mu - floor_mu));
    const Integer& t = ref_.t();
    const auto P = to_u128(d * b * t), Q = to_u128(c * b * t), R = to_u128(a * d), QR = to_u128(c * b * t + a * d),
               X = to_u128(4 * a * b * c * d * t), D = to_u128(2 * a * b * d * d * t * t);
    exact_only_ = !(P && Q && R && QR && X && D);
    if (!exact_only_) {
      P_ = *P;
      Q_ = *Q;
      R_ = *R;
      QR_ = *QR;
      X_ = *X;
      D_ = *D;
    }
  }

  const Rational& sigma2() const { return ref_.sigma2(); }
  const Rational& mu() const { return ref_.mu(); }
  const Integer& t() const { return ref_.t(); }

  template <BitSource B>
  std::int64_t operator()(B& bits) const {
    for (;;) {
      const std::int64_t Y = laplace_(bits);
      if (accept(bits, Y)) {
        std::int64_t x;
        if (__builtin_add_overflow(floor_mu_, Y, &x))
          throw std::overflow_error("fast::DiscreteGaussian: sample exceeds the 64-bit range");
        return x;
      }
    }
  }

 private:
  using u128 = detail::u128;

  static std::optional<u128> to_u128(const Integer& z) {
    if (z < 0 || bit_length(z) > 128) return std::nullopt;
    return (static_cast<u128>(to_uint64(Integer(z >> 64))) << 64) | to_uint64(Integer(z & ~std::uint64_t{0}));
  }

  // Bernoulli(e^{−bias(Y)}), bias(Y) = N/D as in the header comment.
  template <BitSource B>
  bool accept(B& bits, std::int64_t Y) const {
    if (!exact_only_) {
      // |linear part| = | |Y| d b t + (Y < 0 ? c b t : 0) − (Y < 0 ? a d : c b t + a d) |, then N = that² (+ X).
      const bool negative = Y < 0;
      const u128 abs_y = negative ? static_cast<std::uint64_t>(0) - static_cast<std::uint64_t>(Y)
                                  : static_cast<std::uint64_t>(Y);
      u128 A, N;
      bool overflow = __builtin_mul_overflow(abs_y, P_, &A);
      overflow |= __builtin_add_overflow(A, negative ? Q_ : u128{0}, &A);
      const u128 subtrahend = negative ? R_ : QR_;
      const u128 diff = A >= subtrahend ? A - subtrahend : subtrahend - A;
      if (!overflow && detail::fits_u64(diff) &&
          !__builtin_add_overflow(diff * diff, negative ? X_ : u128{0}, &N))
        return detail::bernoulli_exp_u128(bits, N, D_);
    }
    return ref::BernoulliExp(ref_.bias(Integer(Y)))(bits);  // this step in the reference's rationals
  }

  ref::DiscreteGaussian ref_;
  DiscreteLaplace laplace_;
  std::int64_t floor_mu_ = 0;
  bool exact_only_ = true;
  u128 P_ = 0, Q_ = 0, R_ = 0, QR_ = 0, X_ = 0, D_ = 1;
};

}  // namespace dpb::fast
