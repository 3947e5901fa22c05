// B-GLinCB (Sawarni, Das, Barman & Sinha, "Generalized Linear Bandits with Limited Adaptivity", NeurIPS 2024,
// arXiv:2404.06831, Alg. 1 "B-GLinCB"), the non-private template of seed 003's ShuffleGLM (Sarmasarkar 2026,
// arXiv:2602.00417, Alg. 1; spec 003 §3.1, §8), exact. docs/learners.md "b-glincb" lists the equation each step
// implements and what is simplified.
//
// Batches B_1..B_M of consecutive rounds (the schedule below, the last one cut at T). Round t of batch k:
//   k = 1 (warm-up): x_t ~ π^G(X_t), the G-optimal design of the arm set (reference/glm/g_optimal_design.hpp);
//   k ≥ 2: X_t loses, for j = 1..k−1 in turn, every x with UCB_j(x) < max_{y∈X_t} LCB_j(y), where
//     UCB_j/LCB_j(x) = ⟨x,θ̂_j⟩ ± w_j‖x‖_{M_j⁻¹}, M_1 = V, M_j = H_j, w_1 = γ√κ, w_j = γ (j ≥ 2; `widths = sqrt_kappa`:
//     γ√κ for every j; spec 003 §9 item 8), then x_t ~ π^G(X̃_t) on the scaled survivors x̃ = √c(x)·x,
//     c(x) = μ̇(⟨x,θ̂_1⟩)/β(x), β(x) = exp(min(2S, γ√κ‖x‖_{V⁻¹})) (R = 1: Bernoulli rewards).
// After batch k (not after the last): V = λI + Σ_{B_1} x xᵀ (k = 1) or H_k = λI + Σ_{B_k} ĉ_t x_t x_tᵀ (k ≥ 2),
// and θ̂_k = the λ-regularised MLE of batch k's observations alone, rounded to the grid 2^−24.
//
// Exactness: θ̂_k is the certified MLE box (reference/glm/mle.hpp) rounded to the nearest multiple of 2^−24 —
// decided on the box, refined up to kGlmPrecisionCap bits, else GlmUndecided (loud); so every estimate is an exact
// dyadic and the elimination test D > w(‖x‖ + ‖y‖) (D = ⟨y − x, θ̂_j⟩) is decided in rationals:
// D > 0 and (w = 0 or E = D²/w² − s_x − s_y > 0 with E² > 4 s_x s_y), s = ‖·‖²_{M_j⁻¹} exact (Bareiss). H_k's
// weight is ĉ_t = ⌊c(x_t)·2^32⌋/2^32 (certified floor), so H_k is exact too. The design's sampling is exact
// (sample_design). Ties to the lowest index wherever an order matters (the design's rounding).
//
// The batched core (GlmBroadcast and the round functions below) takes the round's action from the broadcast of
// the earlier batches, the user's own arm set and the user's own bits only (the Billboard lemma's premise): B-GLinCB
// fills the broadcast with exact sums and MLEs; ShuffleGLM would fill it with P₂ releases and P_GD estimates.
//
// Bits (docs/bits.md §8): round t of run r samples the design from ChaCha20Source(seed, glm_design_stream(r, t)) =
// 2^40·(r + 1) + 2^39 + t and its reward from glm_reward_stream(r, t).
#pragma once

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "reference/bits/chacha20.hpp"
#include "reference/environments/glm_instance.hpp"
#include "reference/glm/g_optimal_design.hpp"
#include "reference/glm/mle.hpp"
#include "reference/learners/round_hook.hpp"

namespace dpb::ref {

enum class GlmWidths { paper, sqrt_kappa };
std::string_view glm_widths_name(GlmWidths w);
GlmWidths parse_glm_widths(std::string_view name);  // "paper" | "sqrt-kappa"; else ParameterError naming widths

inline constexpr unsigned kGlmThetaBits = 24;   // θ̂_k on the grid 2^−24
inline constexpr unsigned kGlmWeightBits = 32;  // H_k's weights on the grid 2^−32

struct BGlincbParams {
  std::uint64_t T = 0;
  std::uint32_t M = 0;                 // 0: ⌊log₂ log₂ T⌋ (the paper's M ≤ log log T)
  Rational lambda = Rational(1);       // (0, 2^20], a multiple of 2^−32
  Rational gamma = Rational(1, 2);     // [0, 2^20]
  Rational kappa = Rational(4);        // [1, 2^40]: the learner's upper bound on κ
  Rational S = Rational(2);            // (0, 64]: β's cap 2S
  GlmWidths widths = GlmWidths::paper;
};

// ParameterError naming b_glincb: T in [4, 2^24], M in [2, 8] (M < 2 has no batch after the warm-up), λ, γ, κ, S
// as above, q <= 16.
void validate_b_glincb(const BGlincbParams& params, unsigned q);
std::uint32_t b_glincb_batches(const BGlincbParams& params);  // M (the default resolved)

// ⌈T^e⌉ for a rational e > 0, exactly (the least c with c^den >= T^num).
Integer ceil_rational_power(const Integer& T, const Rational& e);
// The batch sizes (scaled profile of Eq. 6–7, docs/decisions.md "b-glincb schedule"): α = T^{1/(2(1−2^{1−M}))},
// B_1 = ⌈α^{2/3}⌉ (Eq. 6's B_1 with its factor √κ e^{3S} d² γ²/S set to 1), B_k = ⌈α^{2−2^{2−k}}⌉ for k ≥ 2 (B_M = T);
// the batches run in order, the last one cut at T (sizes returned are the users each batch really gets; batches
// that would start after T are left out).
std::vector<std::uint64_t> b_glincb_schedule(std::uint64_t T, std::uint32_t M);

std::uint64_t glm_design_stream(std::uint64_t run, std::uint64_t t);

// ---- the batched core --------------------------------------------------------------------------------------------

// One earlier batch's broadcast: θ̂_j (exact) and its matrix M_j = N/(den·2^shift), with the width². A released
// (noisy) matrix may fail to be positive definite: `usable` is then false and the estimate takes no part in
// elimination (and, for V, β(x) takes its cap e^{2S}) — counted by the caller.
struct GlmBatchEstimate {
  std::vector<Rational> theta;
  std::vector<Integer> N;
  unsigned shift = 0;
  Integer den{1};              // > 0
  bool usable = true;
  Rational width2;             // w_j²: γ²κ or γ²
  Integer det;                 // of N (finish())
  std::vector<Integer> adj;    // of N (finish())
  void finish(std::uint32_t d);  // Bareiss; std::logic_error when N is not positive definite
  bool try_finish(std::uint32_t d);  // Bareiss; sets and returns `usable` (N positive definite)
  // ‖x‖²_{M_j⁻¹} for x = f·2^−q, exact.
  Rational s(const std::int64_t* f, std::uint32_t d, unsigned q) const;
};

struct GlmBroadcast {
  Link link = Link::logistic;
  std::uint32_t d = 0;
  unsigned q = 0;
  Rational S;
  Rational beta_width2;                     // (γ√κ)²: β's width, with V = estimates[0]'s matrix
  std::vector<GlmBatchEstimate> estimates;  // batches 1..k−1
};

// Does y eliminate x under estimate j (UCB_j(x) < LCB_j(y))? Exact; s_x, s_y = ‖·‖²_{M_j⁻¹}.
bool glm_eliminates(const GlmBatchEstimate& e, const std::int64_t* fx, const std::int64_t* fy, const Rational& s_x,
                    const Rational& s_y, std::uint32_t d, unsigned q);
// Lines 11–12: the arms (indices into the K arms, ascending) left after elimination with every estimate.
std::vector<std::uint32_t> glm_survivors(const GlmBroadcast& b, std::span<const std::int64_t> arms, std::uint32_t K);
// Line 13: c(x) = μ̇(⟨x,θ̂_1⟩)/β(x) (exact when it is: β = 1 and μ̇ exact).
CertifiedReal glm_scale(const GlmBroadcast& b, const std::int64_t* f);
// The arms as the design's ArmSet (rationals f·2^−q), all or the listed ones.
ArmSet glm_arm_set(std::span<const std::int64_t> arms, std::uint32_t d, unsigned q,
                   const std::vector<std::uint32_t>& which);
// ĉ·2^bits = ⌊c·2^bits⌋.
Integer glm_weight(const CertifiedReal& c, unsigned bits = kGlmWeightBits);
// The MLE of the data rounded to 2^−kGlmThetaBits (nearest), decided on certified boxes; `refinements` counts the
// precision doublings.
std::vector<Rational> glm_rounded_mle(const GlmData& data, unsigned* refinements = nullptr);

// ---- the learner -------------------------------------------------------------------------------------------------

struct BGlincbTrajectory {
  std::vector<std::uint64_t> schedule;          // users per batch
  std::vector<std::uint32_t> actions;
  std::vector<int> rewards;
  std::vector<std::uint32_t> survivors;         // arms left after elimination (K in the warm-up)
  std::vector<Integer> weights;                 // ĉ_t·2^32 (2^32 in the warm-up: weight 1)
  std::vector<std::vector<Rational>> theta;     // θ̂_1..θ̂_{M'−1} (M' batches run; the last one's is never used)
  std::uint64_t refinements = 0;
  Interval pseudo_regret;
};

BGlincbTrajectory b_glincb(const BGlincbParams& params, const GlmInstance& instance, std::uint64_t seed,
                           std::uint64_t run, RoundHook on_round = {});

}  // namespace dpb::ref
