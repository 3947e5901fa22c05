// Bernoulli(exp(−gamma)) for a rational gamma >= 0, exact in the random-bit model.
//
// Spec: CKS20 (Canonne, Kamath, Steinke 2020), Algorithm 1 (§5.1). docs/samplers.md § bernoulli_exp has the proof.
//   gamma ∈ [0, 1] (von Neumann): K = 1; loop { if !Bernoulli(gamma/K) break; K = K + 1 }; return K odd.
//     P[K > k] = gamma^k/k!, so P[K odd] = Σ_{k≥0} (gamma^{2k}/(2k)! − gamma^{2k+1}/(2k+1)!) = e^{−gamma}.
//   gamma > 1: repeat floor(gamma) times { if !BernoulliExp(1) return false }; return BernoulliExp(gamma − floor(gamma)),
//     since e^{−gamma} = (e^{−1})^{floor(gamma)} · e^{−(gamma − floor(gamma))} and the draws are independent.
#pragma once

#include "reference/bits/bit_source.hpp"
#include "reference/core/rational.hpp"
#include "reference/samplers/bernoulli.hpp"

namespace dpb::ref {

class BernoulliExp {
 public:
  explicit BernoulliExp(const Rational& gamma) : gamma_(require_nonnegative(gamma, "BernoulliExp", "gamma")) {}

  const Rational& gamma() const { return gamma_; }

  template <BitSource B>
  bool operator()(B& bits) const {
    if (gamma_ <= 1) return von_neumann(bits, gamma_);
    const Integer whole = floor(gamma_);
    for (Integer i = 0; i < whole; ++i)
      if (!von_neumann(bits, Rational(1))) return false;
    return von_neumann(bits, Rational(gamma_ - whole));
  }

  // Algorithm 1's loop for gamma ∈ [0, 1]. K counts the Bernoulli(gamma/K) successes plus one.
  template <BitSource B>
  static bool von_neumann(B& bits, const Rational& gamma) {
    unsigned long K = 1;
    for (;;) {
      if (!Bernoulli(gamma / K)(bits)) break;
      ++K;
    }
    return K % 2 == 1;
  }

 private:
  Rational gamma_;
};

}  // namespace dpb::ref
