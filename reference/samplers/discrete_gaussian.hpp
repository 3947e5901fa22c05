// Discrete Gaussian N_Z(mu, sigma2): P[x] ∝ e^{−(x − mu)²/(2 sigma2)}, x ∈ Z, for rationals sigma2 > 0 and mu.
//
// Spec: CKS20 (Canonne, Kamath, Steinke 2020), Algorithm 3; Chowdhury & Zhou 2023, arXiv:2206.05772, Def 11.
// docs/samplers.md has the proofs.
// Symbols: sigma2 = σ², t the scale of the discrete Laplace proposal, Y the candidate, mu = floor(mu) + f.
//   t = floor(sqrt(floor(sigma2))) + 1                                           (CKS20's choice; any t >= 1 is exact)
//   loop { Y = Lap_Z(t); if BernoulliExp(bias(Y)) return floor(mu) + Y }
// Integer mu (f = 0), CKS20 unchanged: bias(Y) = (|Y| − σ²/t)² / (2σ²).
// Non-integer mu (0 < f < 1): the target of Y is ∝ e^{−(y − f)²/(2σ²)}; bias(y) = (y − f)²/(2σ²) − |y|/t − C with
//   C = min over real y of (y − f)²/(2σ²) − |y|/t = −σ²/(2t²) − f/t (attained at y = f + σ²/t); completing squares,
//   bias(y) = (y − f − σ²/t)²/(2σ²)                 for y >= 0,
//   bias(y) = (|y| + f − σ²/t)²/(2σ²) + 2f/t        for y < 0,
// both >= 0, and with f = 0 both reduce to CKS20's expression.
#pragma once

#include "reference/bits/bit_source.hpp"
#include "reference/core/rational.hpp"
#include "reference/samplers/bernoulli_exp.hpp"
#include "reference/samplers/discrete_laplace.hpp"

namespace dpb::ref {

class DiscreteGaussian {
 public:
  explicit DiscreteGaussian(const Rational& sigma2, const Rational& mu = Rational(0))
      : sigma2_(require_positive(sigma2, "DiscreteGaussian", "sigma2")),
        mu_(mu),
        t_(floor_sqrt(floor(sigma2_)) + 1),
        floor_mu_(floor(mu_)),
        f_(mu_ - floor_mu_),
        sigma2_over_t_(sigma2_ / t_),
        two_sigma2_(2 * sigma2_),
        two_f_over_t_(2 * f_ / t_),
        laplace_(Rational(t_)) {}

  const Rational& sigma2() const { return sigma2_; }
  const Rational& mu() const { return mu_; }
  // The scale of the discrete Laplace proposal.
  const Integer& t() const { return t_; }

  template <BitSource B>
  Integer operator()(B& bits) const {
    for (;;) {
      Integer Y = laplace_(bits);
      if (BernoulliExp(bias(Y))(bits)) return floor_mu_ + Y;
    }
  }

  // The rejection exponent: the candidate Y is accepted with probability e^{−bias(Y)}; bias(Y) >= 0.
  Rational bias(const Integer& Y) const {
    if (f_ == 0) {
      Rational d = Rational(boost::multiprecision::abs(Y)) - sigma2_over_t_;  // CKS20, Algorithm 3
      return d * d / two_sigma2_;
    }
    if (Y >= 0) {
      Rational d = Rational(Y) - f_ - sigma2_over_t_;
      return d * d / two_sigma2_;
    }
    Rational d = Rational(-Y) + f_ - sigma2_over_t_;
    return d * d / two_sigma2_ + two_f_over_t_;
  }

 private:
  Rational sigma2_, mu_;
  Integer t_, floor_mu_;
  Rational f_;  // mu − floor(mu) ∈ [0, 1)
  Rational sigma2_over_t_, two_sigma2_, two_f_over_t_;
  DiscreteLaplace laplace_;
};

}  // namespace dpb::ref
