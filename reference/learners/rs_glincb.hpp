// RS-GLinCB (Sawarni, Das, Barman & Sinha, "Generalized Linear Bandits with Limited Adaptivity", NeurIPS 2024,
// arXiv:2404.06831, Alg. 2, "rarely switching GLinCB"), the non-private template of seed 003's Alg. 2 (Sarmasarkar
// 2026, arXiv:2602.00417, Sec. 6; spec 003 §3.4, §8; baseline "RS-GLinUCB" of Sec. 8, Table 2), exact.
// docs/learners.md "GLM learners" lists what is simplified.
//
// Round t on the arm set X_t (reference/environments/glm_instance.hpp), R = 1:
//   V = λI + Σ_{s∈T_o} x_s x_sᵀ                                            (exploration design)
//   H_t = λI + Σ_{s<t, s∉T_o} μ̇(⟨x_s, θ̂_o(s)⟩)/e · x_s x_sᵀ                (θ̂_o(s): the θ̂_o in force at round s)
//   Criterion I:  max_{x∈X_t} ‖x‖²_{V⁻¹} ≥ 1/(γ²κR²)  →  play argmax_x ‖x‖_{V⁻¹}, t joins T_o,
//                 θ̂_o = argmin Σ_{s∈T_o} ℓ(θ; x_s, r_s) + (λ/2)‖θ‖²
//   otherwise:    Criterion II: det(H_t) > 2·det(H_τ)  →  τ = t, θ̂_τ = argmin Σ_{s<t, s∉T_o} ℓ + (λ/2)‖θ‖²
//                 keep x ∈ X_t with UCB_o(x) ≥ max_z LCB_o(z), where UCB_o/LCB_o = ⟨x, θ̂_o⟩ ± γ√κ‖x‖_{V⁻¹}
//                 play argmax over the kept arms of ⟨x, θ̂_τ⟩ + β‖x‖_{H_τ⁻¹}
// with θ̂_o = θ̂_τ = 0, H_τ = λI before the first fit / switch (spec 003 §9 item 30), ties to the lowest index.
// Simplifications against the paper: the projection of θ̂_τ onto {‖θ − θ̂_o‖_V ≤ γ√κ} is skipped, γ, κ, β are
// parameters (the paper's γ, β carry unspecified constants; an upper bound on κ is what the algorithm needs).
//
// Certified decisions. Criterion I and the exploration argmax are exact: ‖x‖²_{V⁻¹} = fᵀ adj(N) f / det(N) with
// N = 4^q·V an integer matrix (Bareiss). θ̂_o and θ̂_τ are Krawczyk-certified boxes (reference/glm/mle.hpp); the H
// weights are enclosed by μ̇ over ⟨x, box⟩ divided by an enclosure of e; det(H) and ‖x‖²_{H⁻¹} come from an interval
// Cholesky factor. Criterion II, each elimination test (UCB_o(x) − LCB_o(z) ≥ 0 on ⟨x − z, θ̂_o⟩) and the UCB argmax
// (differences ⟨x_c − x_a, θ̂_τ⟩ + β(‖x_c‖ − ‖x_a‖)) are decided when the enclosure excludes the boundary; otherwise
// every enclosure is recomputed at twice the precision, up to kGlmPrecisionCap bits, then GlmUndecided (the run
// ends loudly). Arms with the features of an earlier arm share its fate (ties to the lowest index).
//
// The decision at a round is a function of the history (contexts, rewards, T_o, switch rounds) alone, so the
// optimized build (optimized/learners/rs_glincb.hpp) hands an undecided round to RsGlincbCertifier::decide on its
// own copy of the history. Rewards: round t of run r reads ChaCha20Source(seed, glm_reward_stream(r, t)).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "reference/environments/glm_instance.hpp"
#include "reference/glm/mle.hpp"
#include "reference/learners/round_hook.hpp"

namespace dpb::ref {

struct RsGlincbParams {
  std::uint64_t T = 0;
  Rational lambda = Rational(1);    // > 0, a multiple of 4^−q (V's numerators are integers)
  Rational gamma = Rational(1, 2);  // > 0: Criterion I threshold 1/(γ²κR²), elimination width γ√κ
  Rational kappa = Rational(1);     // >= 1: the upper bound on κ the learner is given
  Rational beta = Rational(1, 2);   // >= 0: the UCB width β
};

// ParameterError naming rs_glincb: T in [1, 2^24], λ as above and <= 2^20, γ in (0, 2^20], κ in [1, 2^40],
// β in [0, 2^20].
void validate_rs_glincb(const RsGlincbParams& params, unsigned q);

// 1/(γ²κR²) with R = 1.
Rational rs_glincb_threshold(const RsGlincbParams& params);

// What a decision depends on: the observations, which rounds are in T_o, and the switch rounds.
struct RsGlincbHistory {
  Link link = Link::logistic;
  std::uint32_t d = 0;
  unsigned q = 0;
  Rational lambda = Rational(1);
  std::vector<std::int64_t> x;          // n·d numerators on 2^−q
  std::vector<int> r;                   // n rewards
  std::vector<std::uint8_t> explore;    // round s ∈ T_o
  std::vector<std::uint32_t> o_count;   // |T_o| before round s: θ̂_o(s) is fitted on the first o_count T_o rounds
  std::vector<std::uint64_t> switches;  // the rounds (1-based) at which Criterion II fired
  std::uint32_t n_o = 0;

  RsGlincbHistory(Link link, std::uint32_t d, unsigned q, const Rational& lambda);
  std::uint64_t rounds() const { return r.size(); }
  // Appends round rounds() + 1; `switched` records a Criterion II switch at it.
  void add(std::span<const std::int64_t> x, int r, bool explore, bool switched);
};

struct RsGlincbDecision {
  std::uint32_t action = 0;
  bool explore = false;   // Criterion I fired
  bool switched = false;  // Criterion II fired
  std::vector<Interval> theta_tau;  // the new θ̂_τ box when switched
  unsigned refinements = 0;
};

// Interval caches over a history, kept across rounds and rebuilt at a higher precision when a decision needs it.
class RsGlincbCertifier {
 public:
  explicit RsGlincbCertifier(const RsGlincbParams& params);
  // The certified decision of round h.rounds() + 1 on `arms` (K·d numerators on 2^−q); h must extend the history
  // of earlier calls (the caches are synchronised lazily).
  RsGlincbDecision decide(const RsGlincbHistory& h, std::span<const std::int64_t> arms, std::uint32_t K);
  mpfr_prec_t precision() const { return prec_; }

 private:
  void reset(mpfr_prec_t prec);
  void sync(const RsGlincbHistory& h);
  const MleBox& o_box(const RsGlincbHistory& h, std::uint32_t k);
  MleBox fit_exploit(const RsGlincbHistory& h, std::uint64_t before, const std::vector<Rational>& start);
  Interval weight(const RsGlincbHistory& h, std::uint64_t s);
  void add_to_h(const RsGlincbHistory& h, std::uint64_t s);

  RsGlincbParams params_;
  Rational threshold_;
  mpfr_prec_t prec_;
  std::vector<Integer> N_;                // 4^q·V over the rounds synced
  std::uint64_t n_rounds_ = 0;            // rounds folded into N_
  std::vector<Interval> H_;               // H over the rounds synced into it
  std::uint64_t h_rounds_ = 0;
  std::vector<std::optional<MleBox>> o_boxes_;  // index k: θ̂_o on the first k T_o rounds
  std::vector<Rational> o_start_, tau_start_;
  std::optional<MleBox> tau_box_;         // θ̂_τ of the last switch
  std::vector<Interval> tau_L_;           // Cholesky factor of H_τ
  std::optional<Interval> tau_det_;
  std::uint64_t tau_round_ = 0;           // the last switch round the τ caches hold (0: none)
};

struct RsGlincbTrajectory {
  std::vector<std::uint32_t> actions;
  std::vector<int> rewards;
  std::vector<std::uint8_t> explore;
  std::vector<std::uint64_t> switches;
  std::vector<std::vector<Interval>> theta_tau;  // the box fitted at each switch
  std::uint64_t refinements = 0;
  Interval pseudo_regret;
};

// One run (run index `run` selects the reward streams) on `instance`.
RsGlincbTrajectory rs_glincb(const RsGlincbParams& params, const GlmInstance& instance, std::uint64_t seed,
                             std::uint64_t run, RoundHook on_round = {});

}  // namespace dpb::ref
