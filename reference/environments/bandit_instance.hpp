// Stochastic K-armed bandit instances and the papers' instance generators.
//
// Spec: Chowdhury & Zhou 2023 (arXiv:2206.05772), §7 and App. J, and the authors' code (synthetic Gaussian instances, K
// = 10, means U[0.25, 0.75] "easy" / U[0.45, 0.55] "hard", rewards N(μ, 0.1²) clipped to [0, 1]); Hu, Huang & Mehta
// 2021 (arXiv:2102.07929), §6 (K = 5, three mean settings of Sajed & Sheffet 2019, Bernoulli rewards — our assumption:
// the paper does not state the reward law). Beta arms are offered for experiments of our own.
//
// Every reward is a multiple of 1/G for the instance's reward grid G (Bernoulli: G = 1), so rewards are exact
// rationals and the optimized build can hold them as integers. Privacy never depends on the environment, so the
// Gaussian and Beta laws are exact discrete proxies of the continuous ones (docs/decisions.md § environments):
//  * ClippedGaussian(μ, σ, G): reward = clamp(Y, 0, G)/G with Y ~ N_Z(μG, σ²G²), the discrete Gaussian, sampled
//    exactly — by CKS20 (the default; seed 000's instances) or by certified inversion (GaussianMethod::Inversion,
//    the same law with other bits, about ten times faster in the optimized build: seed 004's Problem 2; docs/
//    decisions.md). Before clipping, its mean is μG up to a relative error below e^{−2π²σ²G²} (negligible).
//  * Beta(α, β), integers α, β >= 1: reward = U_(α)/G, the α-th smallest of α + β − 1 i.i.d. uniform integers on
//    {0, …, G}: the discrete analogue of the order-statistic representation of Beta(α, β).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "reference/bits/bit_source.hpp"
#include "reference/core/rational.hpp"

namespace dpb::ref {

enum class ArmKind { Bernoulli, ClippedGaussian, Beta };
enum class GaussianMethod { Cks20, Inversion };  // how a ClippedGaussian arm's discrete Gaussian is drawn

std::string arm_kind_name(ArmKind kind);  // "bernoulli", "gaussian", "beta"

struct ArmLaw {
  ArmKind kind = ArmKind::Bernoulli;
  Rational mean;        // Bernoulli: p. ClippedGaussian: μ before clipping. Beta: the proxy's exact mean.
  Rational sigma;       // ClippedGaussian only
  Integer alpha, beta;  // Beta only
  GaussianMethod method = GaussianMethod::Cks20;  // ClippedGaussian only
};

class BanditInstance {
 public:
  // Validation: K >= 1 arms, means in [0, 1], sigma > 0, 1 <= grid <= 2^30, 1 <= α, β and α + β <= 64.
  static BanditInstance bernoulli(const std::vector<Rational>& means);
  static BanditInstance clipped_gaussian(const std::vector<Rational>& means, const Rational& sigma = Rational(1, 10),
                                         const Integer& grid = 1000, GaussianMethod method = GaussianMethod::Cks20);
  static BanditInstance beta(const std::vector<std::pair<Integer, Integer>>& alpha_beta, const Integer& grid = 1000);

  std::uint32_t arms() const { return static_cast<std::uint32_t>(laws_.size()); }
  const ArmLaw& law(std::uint32_t arm) const { return laws_.at(arm); }
  ArmKind kind() const { return kind_; }
  // Rewards are multiples of 1/grid().
  std::int64_t grid() const { return grid_; }
  // The means that define the pseudo-regret (Δ_a = max μ − μ_a). For ClippedGaussian these are the nominal means
  // μ before clipping (as in the authors' code); clipping is monotone in μ, so it keeps the order of the arms.
  const std::vector<Rational>& means() const { return means_; }
  std::uint32_t best_arm() const;  // lowest index among the largest means
  Rational gap(std::uint32_t arm) const;
  std::string describe() const;

 private:
  ArmKind kind_ = ArmKind::Bernoulli;
  std::int64_t grid_ = 1;
  std::vector<ArmLaw> laws_;
  std::vector<Rational> means_;
};

// The exact mean of the Beta proxy: E[U_(α)]/G.
Rational beta_proxy_mean(const Integer& alpha, const Integer& beta, const Integer& grid);

// Seed 000 generators: K means drawn uniformly from the midpoint grid {lo + (hi − lo)(u + 1/2)/2^20 : u < 2^20},
// u being the next 20 bits of the stream (first bit most significant), arm by arm.
enum class Seed000Difficulty { Easy, Hard };  // U[1/4, 3/4] and U[9/20, 11/20]
template <BitSource B>
std::vector<Rational> seed000_means(Seed000Difficulty difficulty, std::uint32_t K, B& bits) {
  const Rational lo = difficulty == Seed000Difficulty::Easy ? Rational(1, 4) : Rational(9, 20);
  const Rational width = difficulty == Seed000Difficulty::Easy ? Rational(1, 2) : Rational(1, 10);
  std::vector<Rational> means;
  means.reserve(K);
  for (std::uint32_t a = 0; a < K; ++a) {
    const Integer u = static_cast<std::uint64_t>(bits.next_bits(20));
    means.push_back(lo + width * Rational(2 * u + 1, Integer(1) << 21));
  }
  return means;
}
// The instance of seed 000 (§7, App. J): clipped Gaussian arms with σ = 1/10 (validates K >= 1).
template <BitSource B>
BanditInstance seed000_instance(Seed000Difficulty difficulty, std::uint32_t K, B& bits) {
  return BanditInstance::clipped_gaussian(seed000_means(difficulty, K, bits));
}

// Seed 002 (§6) settings 1, 2, 3 (K = 5): (0.75, 0.70×4), (0.75, 0.625, 0.5, 0.375, 0.25), (0.75, 0.15×4).
std::vector<Rational> seed002_means(int setting);
BanditInstance seed002_instance(int setting);  // Bernoulli arms

}  // namespace dpb::ref
