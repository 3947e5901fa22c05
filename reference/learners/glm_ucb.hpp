// GLM-UCB (Filippi, Cappé, Garivier & Szepesvári, "Parametric Bandits: The Generalized Linear Case", NeurIPS 2010,
// Algorithm 1), a non-private baseline of seed 003 (Sarmasarkar 2026, arXiv:2602.00417, Sec. 8, Table 2; spec 003
// §8), exact. docs/learners.md "GLM learners" lists what is simplified.
//
// Round t on the arm set X_t of the instance (reference/environments/glm_instance.hpp):
//   V_t = λI + Σ_{s<t} x_s x_sᵀ,   θ̂_t = argmin_θ Σ_{s<t} [b(⟨x_s,θ⟩) − r_s⟨x_s,θ⟩] + (λ/2)‖θ‖²
//   a_t = argmax_a μ(⟨x_a, θ̂_t⟩) + ρ(t)·‖x_a‖_{V_t⁻¹}     (Filippi et al.'s index, Alg. 1 line 5)
// with ties to the lowest index. The width is by default Filippi et al.'s (Theorem 1):
//   ρ(t) = (2·k_μ·κ_F·R / c_μ)·√(2d·log t)·√(log(2dT/δ)),   κ_F = √(3 + 2·log(1 + 2m²/λ₀)),
// with R = 1 (Bernoulli rewards), m = 1 (‖x‖ ≤ 1), λ₀ = λ (V_t ⪰ λI stands in for the initial design), k_μ = sup μ̇
// = μ̇(0), c_μ = inf_{‖x‖≤1,‖θ‖≤S} μ̇(⟨x,θ⟩) = μ̇(S) and δ = `delta` (default 1/50, the spec's δ); it is the
// multiplier of the baseline code the RS-GLinCB authors ship (whose probit branch has the √(log t) factor and whose
// logistic branch omits it; we keep the theorem's √(log t) for both). ρ(1) = 0. `rho` set: a constant width instead.
// Simplifications against the paper: θ̂ is regularised by λ (the paper solves the unregularised likelihood
// equation after an initial exploration that makes V invertible; λI plays that role, and θ̂_1 = 0), and the
// projection of θ̂ onto Θ (Alg. 1 line 4) is skipped.
//
// Certified decisions: ‖x‖²_{V⁻¹} = fᵀ adj(N) f / det(N) exactly (N = 4^q·V an integer matrix, f = 2^q·x; Bareiss,
// reference/learners/internal/bareiss.hpp); θ̂ is a Krawczyk-certified box (reference/glm/mle.hpp); μ over the box's
// z-interval is [μ(lo), μ(hi)] (μ increasing). The argmax is decided when the candidate's lower bound exceeds every
// other arm's upper bound; arms with the same features as an earlier arm have the same index and are skipped (ties
// to the lowest index); otherwise the box is recomputed at twice the precision, up to kGlmPrecisionCap bits, then
// GlmUndecided (counted nowhere: it ends the run loudly). With no data θ̂ = 0 exactly and the index is
// ½ + ρ√(s_a): compared exactly on s_a.
//
// Rewards: round t of run r reads ChaCha20Source(seed, glm_reward_stream(r, t)) (docs/bits.md §8).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "reference/environments/glm_instance.hpp"
#include "reference/glm/mle.hpp"
#include "reference/learners/round_hook.hpp"

namespace dpb::ref {

struct GlmUcbParams {
  std::uint64_t T = 0;
  Rational lambda = Rational(1);  // > 0, with λ·4^q an integer (V's numerators are integers)
  std::optional<Rational> rho;    // a constant width in [0, 2^20]; absent: Filippi et al.'s ρ(t) (above)
  Rational delta = Rational(1, 50);  // Filippi et al.'s δ in (0, 1) (the default width only)
};

// ParameterError naming glm_ucb: T in [1, 2^24], λ, ρ, δ as above.
void validate_glm_ucb(const GlmUcbParams& params, unsigned q);

// The width ρ(t) at round t ≥ 1 enclosed at `prec` bits (a thin interval for a constant ρ), for the link and the
// instance's d and S.
Interval glm_ucb_rho(const GlmUcbParams& params, Link link, std::uint32_t d, const Rational& S, std::uint64_t t,
                     mpfr_prec_t prec);
// Filippi's factor C = (2·k_μ·κ_F·R/c_μ)·√(2d)·√(log(2dT/δ)), so that ρ(t) = C·√(log t) (precondition: no constant).
Interval glm_ucb_rho_factor(const GlmUcbParams& params, Link link, std::uint32_t d, const Rational& S,
                            mpfr_prec_t prec);
// A text for reports: the constant ("1/2") or "filippi(delta=1/50)".
std::string glm_ucb_rho_name(const GlmUcbParams& params);

// The exact state a decision needs: the observations and N = 4^q·V (d×d integers).
struct GlmUcbState {
  GlmData data;
  std::vector<Integer> N;
  std::vector<Rational> center;  // θ₀ of the last certified fit (the next fit's start)
  MleWarm warm;                  // the last pass's ∇L, ∇²L at its point (one_pass_mle); invalid: full fits only
  GlmUcbState(Link link, std::uint32_t d, unsigned q, const Rational& lambda);
  void add(std::span<const std::int64_t> x, int r);
};

struct GlmUcbDecision {
  std::uint32_t action = 0;
  std::vector<Interval> theta;  // the certified box used (thin zeros with no data)
  mpfr_prec_t prec = 0;
  unsigned refinements = 0;     // precision doublings the argmax needed
  unsigned passes = 0;          // passes over the data (one when the one-pass box decides)
  bool full_fit = false;        // the one-pass box did not decide: certified_mle was run
};

// The certified action at round t for the arms (K·d numerators on 2^−q) given the state (the instance's radius S
// enters the default width); `state.center` is updated. Both builds take their decisions through this function (the
// optimized build when its bound cannot decide).
GlmUcbDecision glm_ucb_certified_action(GlmUcbState& state, std::span<const std::int64_t> arms, std::uint32_t K,
                                        const GlmUcbParams& params, const Rational& S, std::uint64_t t);

struct GlmUcbTrajectory {
  std::vector<std::uint32_t> actions;
  std::vector<std::vector<Interval>> theta;  // the box used at each round
  std::vector<int> rewards;
  std::uint64_t refinements = 0;
  std::uint64_t passes = 0, full_fits = 0;  // passes over the data; rounds that needed the full fit
  Interval pseudo_regret;
};

// One run (run index `run` selects the reward streams) on `instance`.
GlmUcbTrajectory glm_ucb(const GlmUcbParams& params, const GlmInstance& instance, std::uint64_t seed, std::uint64_t run,
                         RoundHook on_round = {});

}  // namespace dpb::ref
