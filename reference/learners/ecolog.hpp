// ECOLog (Faury, Abeille, Jun & Calauzènes, "Jointly Efficient and Optimal Algorithms for Logistic Bandits",
// AISTATS 2022, arXiv:2201.01985), the non-private logistic baseline of seed 003's Figure 1(a) (Sarmasarkar 2026,
// arXiv:2602.00417, App. A; spec 003 §7.1, §8). Logistic only: probit is refused (ParameterError naming `link`).
// docs/learners.md "ecolog" lists each line and what is simplified; docs/decisions.md "ecolog" says what was defined
// from memory (the paper is not in the search corpus) and where each constant comes from.
//
// The learner (θ_1 = 0, W_1 = λI; round t on the arm set X_t):
//   action   x_t = argmax_{x∈X_t} h(⟨x, θ_t⟩) + γ_t·‖x‖_{W_t⁻¹}, ties to the lowest index,
//            h = identity (`paper`: the optimistic index over the ellipsoid {‖θ − θ_t‖_{W_t} ≤ γ_t}, μ increasing) or
//            h = μ (`baseline-code`: the authors' public code, logbexp/algorithms/ecolog.py, compute_optimistic_reward);
//   radius   γ_t² = 2λS² + (1 + S)²·(√λ/2 + (2/√λ)·log(2·√(1 + t/(4λ))/δ)) (the authors' code, update_ucb_bonus, without
//            its data-dependent term; docs/decisions.md "ecolog");
//   update   θ_{t+1} = argmin_θ ℓ(r_t, ⟨x_t, θ⟩) + ½‖θ − θ_t‖²_{W_t} (the one-step problem, unconstrained), i.e.
//            θ_{t+1} = θ_t − (μ(z) − r_t)·W_t⁻¹x_t with z = ⟨x_t, θ_{t+1}⟩ the unique root of
//            z + g·(μ(z) − r_t) = c,  c = ⟨x_t, θ_t⟩,  g = ‖x_t‖²_{W_t⁻¹}   (strictly increasing in z);
//            equivalently θ_{t+1} = θ_t + ((z − c)/g)·W_t⁻¹x_t;
//   design   W_{t+1} = W_t + μ̇(⟨x_t, θ_{t+1}⟩)·x_t x_tᵀ (the weight at the updated estimate).
//
// Exact definition on grids (both builds compute exactly this; G = kEcologGridBits, fixed): the root is replaced by
// z̃ = ⌊z⌋ on 2^−G (the largest grid point m with m + g(μ(m) − r) ≤ c, found by certified bisection; equality only at
// m = 0, where μ(0) = ½ is exact), θ_{t+1} = round(θ_t + ((z̃ − c)/g)·W_t⁻¹x_t) coordinatewise to the nearest point of
// 2^−G (ties up; exact rationals), the weight w_t = ⌊μ̇(z̃)⌋ on 2^−G (floor_scaled; μ̇(0) = ¼ exact). So θ_t, z̃ and
// the weights are dyadic, N = 2^{G+2q}·W_t is an integer matrix (λ must be a multiple of 2^−(G+2q)), and
// ‖x‖²_{W⁻¹} and W⁻¹x are exact by Bareiss. A zero context (g = 0) leaves θ unchanged (z = c = 0).
// The argmax compares arms pairwise: exactly when one arm's centre and ‖x‖²_{W⁻¹} are both ≥ the other's, otherwise on
// the sign of the index difference (a CertifiedReal refined up to kGlmPrecisionCap bits, then GlmUndecided).
//
// Rewards: round t of run r reads ChaCha20Source(seed, glm_reward_stream(r, t)) (docs/bits.md §8).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "reference/environments/glm_instance.hpp"
#include "reference/learners/internal/bareiss.hpp"
#include "reference/learners/round_hook.hpp"

namespace dpb::ref {

inline constexpr unsigned kEcologGridBits = 32;  // G: θ, z̃ and the weights on 2^−G

enum class EcologProfile { paper, baseline_code };

std::string_view ecolog_profile_name(EcologProfile profile);  // "paper", "baseline-code"
// "paper"/"theorem" and "baseline-code"/"paper-code" (the command line's names); ParameterError naming `profile`.
EcologProfile parse_ecolog_profile(std::string_view name);

struct EcologParams {
  std::uint64_t T = 0;
  EcologProfile profile = EcologProfile::paper;
  std::optional<Rational> lambda;    // λ > 0, ≤ 2^20, a multiple of 2^−(G+2q); absent: 1 (the authors' code)
  Rational delta = Rational(1, 50);  // δ in (0, 1)
};

// ParameterError naming ecolog: the link (logistic only), T in [1, 2^24], λ, δ as above.
void validate_ecolog(const EcologParams& params, Link link, unsigned q);

struct EcologConstants {
  EcologProfile profile = EcologProfile::paper;
  std::uint32_t d = 0;
  unsigned q = 0;
  Rational S, lambda, delta;
};
EcologConstants ecolog_constants(const EcologParams& params, const GlmInstance& instance);

// An enclosure of γ_t (t ≥ 1) at `prec` bits.
Interval ecolog_radius(const EcologConstants& k, std::uint64_t t, mpfr_prec_t prec);

// The exact state before round t: N = 2^{G+2q}·W_t (d×d, row-major) and θ_t's numerators on 2^−G.
struct EcologState {
  std::vector<Integer> N;
  std::vector<Integer> theta;
};

struct EcologDecision {
  std::uint32_t action = 0;
  bool exact = false;        // every pairwise comparison decided exactly (no enclosure needed)
  unsigned certified = 0;    // comparisons decided on enclosures
};

struct EcologStep {
  Integer z;                 // z̃·2^G
  Integer weight;            // w_t·2^G
  unsigned bisection = 0;    // sign evaluations of the root's bisection
};

class EcologCertifier {
 public:
  explicit EcologCertifier(EcologConstants constants);

  const EcologConstants& constants() const { return k_; }
  const EcologState& state() const { return s_; }
  // Replaces the state (the optimized build's exact state before a deferred decision or step).
  void set_state(EcologState state);

  // Round t's action on `arms` (K·d numerators on 2^−q).
  EcologDecision decide(std::span<const std::int64_t> arms, std::uint32_t K, std::uint64_t t);
  // After playing x (d numerators on 2^−q) with reward y ∈ {0, 1}: θ_{t+1}, the weight and W_{t+1}.
  EcologStep update(std::span<const std::int64_t> x, int y);

  // The exact pieces of one update (for tests): the grid root z̃·2^G of z + g(μ(z) − y) = c (g > 0) and the rounded
  // θ_{t+1} numerators from θ_t (numerators), z̃·2^G, c, g and v = W⁻¹x.
  static Integer grid_root(const Rational& c, const Rational& g, int y, unsigned* evaluations = nullptr);
  static std::vector<Integer> next_theta(const std::vector<Integer>& theta, const Integer& z, const Rational& c,
                                         const Rational& g, const std::vector<Rational>& v);

 private:
  const internal::BareissResult& factor();

  EcologConstants k_;
  EcologState s_;
  internal::BareissResult br_;
  bool fresh_ = false;  // br_ is N's
};

struct EcologTrajectory {
  std::vector<std::uint32_t> actions;
  std::vector<int> rewards;
  std::vector<Integer> z;           // z̃_t·2^G per round
  std::vector<Integer> weights;     // w_t·2^G per round
  std::uint64_t exact_decisions = 0, certified_comparisons = 0, bisection_evaluations = 0;
  std::vector<Integer> theta;       // θ_{T+1}'s numerators on 2^−G
  Rational lambda;
  Interval pseudo_regret;
};

// One run (run index `run` selects the reward streams) on `instance` (logistic).
EcologTrajectory ecolog(const EcologParams& params, const GlmInstance& instance, std::uint64_t seed, std::uint64_t run,
                        RoundHook on_round = {});

}  // namespace dpb::ref
