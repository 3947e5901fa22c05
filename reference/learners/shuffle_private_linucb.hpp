// Algorithm 1 of seed 001, "Shuffle Private LinUCB" (Chowdhury & Zhou, "Shuffle Private Linear Contextual
// Bandits", ICML 2022, arXiv:2202.05567, §3.1, App. A; spec 001 §3.1, §3.5–3.8), generic over the protocol, exact.
// docs/learners.md § seed 001; every open choice in docs/decisions.md § seed 001 learners.
//
// Batches of B users. Batch m (rounds t_{m−1}+1 .. t_m, t_m = mB) acts on the broadcast (θ̂_{m−1}, V_{m−1}) with
// radius β_{m−1}:
//   a_t = argmax_a ⟨x_a, θ̂⟩ + β·‖x_a‖_{V⁻¹}   (ties to the lowest arm),
// each user's (φ y, φ φᵀ) goes through the protocol, and at t = mB the analyzer's outputs are added:
// V_m = λI + Σ Ṽ, u_m = Σ ũ, θ̂_m = V_m⁻¹ u_m. A trailing partial batch is never aggregated. The protocols
// (variants, as named on the command line):
//   linucb          no noise (OFUL, Abbasi-Yadkori et al. 2011, batched; B = 1 is sequential)
//   linucb-sdp-amp  P_Amp (Algs 2–4): Gaussian R, two uniform permutations, exact sums; Thm 3.2's σ̄
//   linucb-sdp-vec  P_Vec (Algs 5–7): R̃ with r = 2Δ, Bin(b, ¼), per-label counts; Thm 3.5's g, b
//   linucb-ldp      R_Amp without a shuffler (Zheng et al. 2020; Prop. F.1, Cor. B.3): σ at (ε₀, δ₀) = (ε, δ)
//   linucb-jdp      the tree mechanism (Shariff–Sheffet 2018; Prop. F.3): one leaf per batch (the batch's Gram of
//                   z = (φ, y)), V_m = λI + the noisy prefix's φφᵀ block, u_m = its (φ, y) column
// An action depends only on the user's context and the broadcast: `select_action` takes a `Broadcast` and the
// context's features and nothing else (the Billboard lemma's premise, Hsu et al. 2016, enforced by the interface).
//
// Exact arithmetic: features and θ* on the grid 2^−q, label values and noise on 2^−r (r = 2q), λ on 2^−(r−1),
// β_m on 2^−32. V_m and u_m are integer numerators over ONE denominator D per run (LinUcbConfig::D), so they grow
// like log T. θ̂ is solved from V_m itself at every update by fraction-free elimination (internal/bareiss.hpp): with
// N = D·V_m, adj = adj(N), det = det(N), θ̂ = adj·(D·u_m)/det; positive definiteness is read off the exact pivots.
// Per arm, with f = 2^q·x (integers): Q = f·adj·(D u), S = fᵀ adj f, and
//   index·det·2^q·β_den = β_den·Q + √(β_num²·D·det·S),
// so two indices are compared exactly by sign_of_sum_of_roots (radical.hpp). O(d³) per update, O(K d²) per
// broadcast, on integers of O(d(r + log T)) bits.
//
// V_m not positive definite (the noise can do it): detected exactly, counted, and handled by a policy that uses
// released statistics only (PdPolicy): `skip` (default: keep the previous broadcast), `raise-lambda` (broadcast
// V_m + kλI, the least k in 1, 2, 4, … that is positive definite), `project` (broadcast V_m + sI, s the least
// multiple of 1/D with Gershgorin's bound min_i (V_ii + s − Σ_{j≠i} |V_ij|) >= λ_min: the exact stand-in for the
// projection onto {V ⪰ λ_min I}, whose eigenvalues are irrational). The statistics keep accumulating either way.
//
// Profile `theorem`: λ = max{1, 2Σ_N}
// rounded up, λ_min = λ/2, λ_max = 3λ/2 (non-private: λ = λ_min = λ_max = 1), and
//   β_m = √(2 ln(2/α) + d ln(1 + t_m/(d λ_min))) + √λ_max + ν,   ν = Σ_n/√λ_min,
// with Lemma A.4's constants explicit for sub-Gaussian noise of cumulative proxy s² per entry (s from the
// protocol, LinUcbConfig::noise_proxy) and rounding e per entry:
//   Σ_n = s(√d + √(2 ln(4M/α))) + √d·e,   Σ_N = √2·s(√(d(d+1)/2) + √(2 ln(4M/α))) + d·e
// (Hsu–Kakade–Zhang 2012 for the vector and the vector of the matrix's d(d+1)/2 free entries, ‖N‖ <= ‖N‖_F <=
// √2·‖triu N‖; each event at α/(4M) per batch, the self-normalized bound at α/2: total α). docs/learners.md.
// β_m, λ and ν are enclosed in MPFI and rounded up once per run (LinUcbConfig), the same values in both builds.
//
// Profile `paper-code`: the authors' code (spec 001 §6.2–6.3), made exact; NO privacy claim (privacy_note says so).
// Per variant a noise scale s and Γ (calibration_001's paper_code_* reals, n = T):
//   linucb  Γ = 1, λ = Λ = 10⁻⁴ (exact)
//   ldp     s = √(ln(2.5/δ))/ε, Γ = s√n√d; per-user Gaussian noise every round (B = 1 by default: model every round)
//   sdp-amp s = √(ln(2.5B/δ))/(ε√B), Γ = s√n√d; per-user noise, the model at t = mB
//   jdp     s = √(ln n)·ln(2.5/δ)/ε, Γ = s√(ln n)√d; the code's SIMULATION of the tree (no privacy claim): ⌊ln n⌋ + 1
//           node noises drawn before round 1; the broadcast after round t (the code's 0-indexed round t) is the exact
//           sums plus the first k = ⌊ln(1 + t)⌋ + 1 nodes (the initial broadcast: k = 1, zero sums)
//   sdp-vec g = max(2√B, d, 4), b = ⌊C·g²·ln²(d/δ)/(ε²B)⌋ (the truncation is our reading of numpy's binomial),
//           C = 1 at ε = 1/5 and 10 otherwise (the code's "tuned scale"; LinUcbParams::vec_scale overrides),
//           Γ = ¼·ln(d/δ)/(ε√B)·√n·√d; the randomizer ⌊w c⌋ + Ber(frac) + Bin(b, ¼) with c = g/L (L = √2) rounded up
//           onto 2^−20: P_Vec with range r = Δ = 2^20 and g_c = c·2^20 (an integer), so w = v + 2^20 and the count
//           carries the integer offset g_c that the analyzer removes exactly (the code's offset g = 2√B is not an
//           integer: only the randomized rounding's offset differs), the per-label count path.
// Gaussian noise: exact rounded Gaussians RoundedNormal(s̄, r) (s̄ = s rounded up onto 2^−32), the matrix part
// symmetrized as the code does, (N + Nᵀ)/2 of a full d×d draw (P_Amp's MatrixNoise::Symmetrized, grid 2^−(r+1)).
// λ = Λ = 2Γ rounded up onto 2^−(r−1) and the width computed once, the same for every batch:
//   β = cew = √Γ·√d + ½·√(d·ln((1 + nL²/Γ)·n))   (S = √d, R = ½, α = 1/n, L² = the largest ‖x_a‖², exact)
// rounded up onto 2^−32. Rewards: every arm's reward is drawn every round (common random numbers: the reward of arm
// a in round t is the tape's (a, t − 1), the same for every learner), and the realized regret r_t[best] − r_t[a_t]
// is reported beside the pseudo-regret.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "reference/core/rational.hpp"
#include "reference/environments/linear_instance.hpp"
#include "reference/environments/reward_tape.hpp"
#include "reference/learners/noise_source.hpp"
#include "reference/learners/trajectory.hpp"
#include "reference/protocols/calibration_001.hpp"
#include "reference/protocols/transcript.hpp"

namespace dpb::ref {

enum class LinUcbVariant { NonPrivate, SdpAmp, SdpVec, Ldp, Jdp };
enum class PdPolicy { Skip, RaiseLambda, Project };
// The user model of the privacy calibration (issue 18; spec 001 §3.4, §3.7): Unique — each user in one round (the
// unique-user theorems 3.2, 3.5, Prop. F.3); Returning — a user may come back: linucb-sdp-amp and linucb-sdp-vec are
// calibrated per batch at (ε_m, δ_m) of Thms E.3 / E.5 (one user in every one of the M = ⌈T/B⌉ batches, advanced
// composition; the calibration `calibrate p-amp|p-vec --returning` computes, ref::returning_split_001), linucb-jdp
// is the user-level JDP tree of Prop. 4.3 (a user in at most M₀ rounds: node std × M₀).
enum class UserModel { Unique, Returning };

std::string_view linucb_variant_name(LinUcbVariant v);  // linucb, linucb-sdp-amp, …
std::optional<LinUcbVariant> parse_linucb_variant(std::string_view name);
std::vector<std::string> linucb_variant_names();
std::string_view pd_policy_name(PdPolicy p);  // skip, raise-lambda, project
// ParameterError naming `function`'s parameter pd-policy for an unknown name.
PdPolicy parse_pd_policy(std::string_view name, std::string_view function);
// ParameterError naming `function`'s parameter profile for an unknown name ("theorem", "paper-code").
Profile001 parse_profile_001(std::string_view name, std::string_view function);
std::string_view user_model_name(UserModel u);  // unique, returning
// ParameterError naming `function`'s parameter users for an unknown name.
UserModel parse_user_model(std::string_view name, std::string_view function);
// ⌈T^{1/3}⌉, exact: the default M₀ of the user-level linucb-jdp (issue 18, Remark 4.4).
std::uint64_t default_rounds_per_user(std::uint64_t T);

struct LinUcbParams {
  LinUcbVariant variant = LinUcbVariant::NonPrivate;
  Profile001 profile = Profile001::Theorem;
  std::uint64_t T = 0;
  std::uint64_t B = 1;                  // batch size, 1 <= B <= T
  Rational eps{1}, delta{1, 10};        // the privacy target (ignored by linucb)
  std::optional<Rational> alpha;        // confidence, in (0, 1]; default 1/T
  PdPolicy pd_policy = PdPolicy::Skip;
  std::optional<Rational> lambda;       // overrides λ (tests of the PD policies); > 0
  // linucb-sdp-vec: Aggregate (default: each user's randomized rounding, then one Bin(B·b, ¼) per label — the same
  // law as R as written, claim 001.vec.paths-law, and B times fewer large binomials) or PerUser (R as written).
  NoisePath vec_noise_path = NoisePath::Aggregate;
  std::optional<Rational> vec_scale;    // paper-code sdp-vec: C (default 1 at ε = 1/5, else 10); > 0
  // Theorem profile only; Returning for linucb-sdp-amp, linucb-sdp-vec, linucb-jdp (ParameterError naming users
  // otherwise).
  UserModel users = UserModel::Unique;
  // linucb-jdp with users = Returning: M₀, the most rounds one user takes part in, in [1, T] (default ⌈T^{1/3}⌉);
  // ParameterError naming m0 when given otherwise or out of range.
  std::optional<std::uint64_t> m0;
};

// Everything derived once per run, shared by both builds (the optimized build calls configure_linucb).
struct LinUcbConfig {
  LinUcbVariant variant = LinUcbVariant::NonPrivate;
  std::uint32_t d = 0, K = 0;
  unsigned q = 0, r = 0;       // feature grid 2^−q, label/noise grid 2^−r (r = 2q)
  std::uint64_t T = 0, B = 1, M = 0;  // M = ⌊T/B⌋ aggregations
  Rational alpha;
  Rational lambda, lambda_min, lambda_max;
  Rational noise_proxy;         // s² per entry of the cumulative noise after M batches (0: non-private)
  Rational rounding;            // e per entry (an upper bound, exact)
  Rational sigma_n_upper, sigma_N_upper, nu_upper;  // Σ_n, Σ_N, ν rounded up (2^−32 grid), for reports
  std::vector<Rational> beta;   // β_m for m = 0..M, rounded up on the grid 2^−32
  Integer D;                    // the common denominator of V_m and u_m
  Rational sigma;               // σ̄ (sdp-amp, ldp) or σ_node (jdp)
  Integer g, b;                 // sdp-vec
  bool in_range = true;         // the privacy theorem's range holds
  std::string privacy_note;     // "(ε, δ)-SDP by Thm 3.2" or "outside Thm 3.2's range: no privacy guarantee"
  PdPolicy pd_policy = PdPolicy::Skip;
  NoisePath vec_noise_path = NoisePath::Aggregate;
  // The user model and what it calibrates: batch_eps, batch_delta = the (ε, δ) the protocol is calibrated at per
  // batch (unique: the target (ε, δ); returning sdp-*: (ε_m, δ_m) of ref::returning_split_001, over
  // calibration_batches = ⌈T/B⌉ batches); M0 = the rounds per user of the tree (unique: 1). Both builds' ledgers take
  // the batch laws at (batch_eps, batch_delta).
  UserModel users = UserModel::Unique;
  Rational batch_eps, batch_delta;
  std::uint64_t calibration_batches = 0;
  std::uint64_t M0 = 1;
  // Profile paper-code (header comment).
  Profile001 profile = Profile001::Theorem;
  Rational row_norm_sq{1};      // L², the largest ‖x_a‖² of the instance (the width's L)
  Rational gamma_upper;         // Γ rounded up onto 2^−32 (report)
  Rational vec_delta{1};        // P_Vec's Δ (theorem: 1; paper-code: 2^20, with range r = Δ)
  Rational vec_scale;           // paper-code sdp-vec: C
  std::uint32_t jdp_nodes = 0;  // paper-code jdp: ⌊ln T⌋ + 1 node noises
  std::vector<std::uint64_t> jdp_thresholds;  // ⌈e^j⌉, j = 1..⌊ln T⌋: ⌊ln(1 + t)⌋ = #{j : ⌈e^j⌉ <= 1 + t}
  bool realized_rewards = false;  // every arm's reward drawn every round (paper-code)
  // The paper-code jdp's number of nodes in the broadcast after round t (t = 0: the initial broadcast).
  std::uint32_t jdp_prefix(std::uint64_t t) const;
  // The protocol's output denominators scaled into D (V += num·(D/den)).
  Integer lambda_num() const;   // λ·D
};

// Validates (ParameterError naming shuffle_private_linucb: d, K, T, B, alpha, eps, delta, lambda, profile,
// vec-scale) and derives the configuration. d, K, q come from the instance (validated there); row_norm_sq is its
// largest ‖x_a‖² (the paper-code width's L²; the theorem profile needs <= 1).
LinUcbConfig configure_linucb(const LinUcbParams& params, std::uint32_t d, std::uint32_t K, unsigned q,
                              const Rational& row_norm_sq = Rational(1));
// The largest ‖x_a‖² of an instance (exact).
Rational max_row_norm_sq(const LinearInstance& instance);
// Builds the protocols a run of `cfg` builds before its first round (P_Amp, P_Vec, the tree, the paper-code jdp's
// node noises; the run and this check share the code), so that what their constructors refuse — a noise no sampler
// takes (P_Vec's b beyond 2^63 − 1, a σ̄ beyond the samplers' size bound) — is refused before any run. Throws the
// constructors' ParameterError (naming the protocol's or sampler's parameter: the caller names the user's option).
void check_linucb_protocols(const LinUcbConfig& cfg);

// The broadcast (θ̂, V) of one batch, with what the exact index needs: N = D·V (d×d), w = adj(N)·(D u) (so
// θ̂ = w/det), adj and det, and the radius β of the batch.
struct Broadcast {
  std::uint32_t d = 0;
  std::vector<Integer> N;    // D·V, row-major
  std::vector<Integer> adj;  // adj(N)
  Integer det;               // det(N) > 0
  std::vector<Integer> w;    // adj(N)·(D u)
  Integer D;
  Rational beta;
};

// The broadcast of (N, Du) when N is positive definite, else nullopt.
std::optional<Broadcast> make_broadcast(std::vector<Integer> N, const std::vector<Integer>& Du, const Integer& D,
                                        std::uint32_t d);

// The per-arm parts of the exact index for a context (K·d feature numerators on 2^−q): A_a = β_den·Q_a and
// X_a = β_num²·D·det·S_a, index_a ∝ A_a + √X_a.
struct ExactScores {
  std::vector<Integer> A, X;
};
ExactScores exact_scores(const Broadcast& broadcast, std::span<const std::int64_t> features, std::uint32_t K);
// argmax_a A_a + √X_a, exact, ties to the lowest index.
std::uint32_t exact_argmax(const ExactScores& scores);
// The action of a user: a function of the broadcast and the user's context only.
std::uint32_t select_action(const Broadcast& broadcast, std::span<const std::int64_t> features, std::uint32_t K);

// The PD policy applied to a statistic N = D·V_m that is not positive definite: the broadcast it yields (nullopt:
// keep the previous one) and its shift (raise-lambda: k; project: s·D). Both builds call this (it is rare).
struct PolicyResult {
  std::optional<Broadcast> broadcast;
  Integer shift;
};
PolicyResult apply_pd_policy(const LinUcbConfig& config, const std::vector<Integer>& N, const std::vector<Integer>& Du);

// One aggregation (t = mB).
struct LinUcbUpdate {
  std::uint64_t m = 0, t = 0;
  std::vector<Integer> V_num;  // D·V_m (d×d), the aggregated statistic, before any PD policy
  std::vector<Integer> u_num;  // D·u_m
  bool positive_definite = true;
  Integer policy_shift;            // raise-lambda: k (V + kλI); project: s·D (V + sI); 0 otherwise
  bool broadcast_changed = true;   // false: skip kept the previous broadcast
  std::vector<Rational> theta;     // the broadcast's θ̂ after this update
};

struct LinUcbTrajectory {
  std::uint64_t horizon = 0;
  std::vector<std::uint32_t> actions;   // actions[t − 1]
  std::vector<LinUcbUpdate> updates;
  std::uint64_t pd_failures = 0;
  std::vector<std::uint64_t> pulls;
  Rational pseudo_regret;          // Σ_t max_a μ_{t,a} − μ_{t,a_t}
  std::int64_t realized_regret = 0;  // Σ_t r_t[best_t] − r_t[a_t] (context tapes and paper-code: all arms drawn)
  std::uint64_t unaggregated = 0;  // users of the trailing partial batch (never aggregated)
  // Only with LinUcbOptions::record_ledger (theorem profile, private variants): the privacy ledger's input
  // (reference/privacy/ledger.hpp; docs/privacy-001.md §11). Users are observations of unit `round` (user t is
  // observation t − 1). Batch learners (sdp-amp, sdp-vec, ldp): one Release per aggregation, covering the users
  // actually in the aggregated batch (first = its first user's round − 1, count = its size; round = t_m, index = m);
  // linucb-jdp: one Release per tree node completed (its noise drawn), covering the users of its leaves (arm = the
  // node's level h, index = j). `value` is unused (the releases are vectors and matrices: `updates`). Laws:
  // reference/privacy/release_law_001.hpp.
  std::vector<Release> releases;
  std::vector<ReleaseLaw> laws;
  std::vector<std::string> law_notes;  // per law: which certified guarantee it is
};

struct LinUcbOptions {
  bool record_actions = true;
  bool record_updates = true;
  // Record the releases and their laws for the privacy ledger (off unless asked). ParameterError naming
  // record_ledger in the paper-code profile (no privacy claim, no certified law); the non-private linucb records its
  // noiseless releases with LawFamily::exact (ε = ∞).
  bool record_ledger = false;
  // Called once per round t = 1..T after its action and reward (round_hook.hpp; progress of one long run).
  RoundHook on_round;
};

// The learner on a fixed-arm instance: arm a's n-th pull's reward is the tape's (a, n) (a Bernoulli tape of the
// instance's means, grid 1); in the paper-code profile round t's rewards are the tape's (·, t − 1) (every arm drawn
// every round, the realized regret reported). Noise (and the protocol's shuffles) from `noise`.
LinUcbTrajectory shuffle_private_linucb(const LinUcbParams& params, const LinearInstance& instance,
                                        const RewardTape& tape, NoiseSource noise, const LinUcbOptions& options = {});
// The learner on time-varying contexts replayed from a tape (K fresh arms per round; reward of round t's arm a is the
// tape's (t, a)); the pseudo-regret against each round's best mean, and the realized regret.
LinUcbTrajectory shuffle_private_linucb(const LinUcbParams& params, const ContextTape& tape, NoiseSource noise,
                                        const LinUcbOptions& options = {});

}  // namespace dpb::ref
