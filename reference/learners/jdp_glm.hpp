// Joint-DP GLM bandit (Sarmasarkar 2026, "Shuffle and Joint Differential Privacy for Generalized Linear Contextual
// Bandits", arXiv:2602.00417, Sec. 6, Alg. 2; spec 003 §3.4–3.6, §9 items 21, 26, 28–30), reference build, profile
// `theorem`: RS-GLinCB's round (reference/learners/rs_glincb.hpp) with V and H released by two symmetric-matrix
// Gaussian trees (reference/protocols/tree_mechanism.hpp, symmetrisation `half`, Lemma I.4) and θ̂_o, θ̂_τ from P_GD
// (reference/protocols/p_gd.hpp). Constants from `calibrate jdp-glm` (calibration_003_glm.hpp), rounded UP:
//   λ, λ_max: ⌈·⌉ (integers); γ, β: ⌈·2^32⌉·2^−32; σ_V = tree_sigma_V_corrected, σ_H = tree_sigma (⌈·2^32⌉·2^−32);
//   count1 = k₁, count2 = k₂ (the printed count2, not item 28's); per-call (ε_o, δ_o) = theta_o_*_call, theta_tau_*_call.
// Round t (R = 1; threshold τ₁ = 1/(γ²κ) exact with the rounded γ):
//   V_t = λI + V-tree prefix after t − 1 leaves, H_t = λI + H-tree prefix (exact rationals on 2^−r, r = 2q + 32);
//   Criterion I: V_t not PD, or max_x ‖x‖²_{V_t⁻¹} ≥ τ₁ (exact, Bareiss) → play argmax ‖x‖_{V⁻¹} (V not PD: argmax
//     ‖x‖₂; ties lowest index); V leaf xxᵀ, H leaf 0; if count1 < cutoff: θ̂_o = P_GD on T_o (ball ‖θ‖ ≤ S,
//     reg λ_max/|T_o|), count1++.
//   D_t = max(D_{t−1}, det H_t) at every round (exact; D_0 = λ^d, item 30);
//   else (no Criterion I): Criterion II: D_t > 2·D_τ and count2 < cutoff → τ = t, D_τ = D_t,
//     θ̂_τ = P_GD on [t−1]∖T_o (ellipsoid {‖θ − θ̂_o‖²_V ≤ γ²κ}, reg λ_max/n; n = 0: θ̂_τ = θ̂_o), then, when
//     ‖θ̂_τ‖ > S, θ̂_τ is moved onto the S-ball by P_GD's ball rule (counted: `tau_projected`); H_τ = H_t.
//     H_τ not PD: the round counts as Criterion I (above; counted `not_pd`), no elimination.
//     Elimination with θ̂_o, V_t (rs_round eliminate), UCB argmax with θ̂_τ, H_τ (rs_round ucb_argmax, certified,
//     refined up to kGlmPrecisionCap); H leaf w·xxᵀ with w = min(⌊μ̇(⟨x,θ̂_o⟩)/e·2^32⌋, ⌊2^32/κ*⌋)·2^−32 (so
//     ‖w xxᵀ‖_F ≤ 1/κ*, the H tree's clip, exactly), V leaf 0.
// Initial values: θ̂_o = θ̂_τ = 0, H_τ = λI (item 30). δ ≤ ζ is refused (Thm 6.2 needs δ > ζ); ζ defaults to δ/2.
// The probit link is outside Def. 4.1 (F1) and labelled so in the trajectory.
// Streams: rewards as rs-glincb; V tree ChaCha20Source(seed, glm_instance_stream(r) + 2^39 + 2^37), H tree the next
// stream, the j-th P_GD call (0-based, θ̂_o and θ̂_τ calls in round order) the stream 2 + j after the V tree's.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "reference/environments/glm_instance.hpp"
#include "reference/learners/internal/dp_sgd_code.hpp"
#include "reference/learners/round_hook.hpp"
#include "reference/protocols/p_gd.hpp"

namespace dpb::ref {

// Which algorithm runs: Alg. 2 as the paper states it (`theorem`), or what the authors' code runs (`paper-code`,
// spec 003 §7.3; reference/learners/jdp_glm_paper_code.cpp, whose header says what it does), in the code's first
// commit or the later one (`later`: count cutoffs, Criterion II and the DP-SGD calibration of the later commit).
enum class JdpProfile { Theorem, PaperCode };
enum class JdpCodeVersion { First, Later };

struct JdpGlmParams {
  JdpProfile profile = JdpProfile::Theorem;
  JdpCodeVersion code_version = JdpCodeVersion::First;  // paper-code only
  std::uint64_t T = 0;
  Rational eps = Rational(1), delta = Rational(1, 100);
  std::optional<Rational> zeta;  // default δ/2
  Rational kappa = Rational(8), kappa_star = Rational(4);
  Rational S = Rational(2);
  Rational beta_constant = Rational(1), gamma_constant = Rational(1);
  // Tests only, outside the theorem: replaces Eq. 19's λ (λ_max, σ and the rest unchanged) so that a small run
  // reaches Criterion II (with the theorem's λ, det H doubles only after thousands of rounds).
  std::optional<Integer> lambda_override;
};

// The learner's constants, rounded up as in the header.
struct JdpGlmConstants {
  Integer lambda, lambda_max;
  Rational gamma, beta, threshold, sigma_V, sigma_H, zeta;
  Integer count1, count2;
  Rational eps_o, delta_o, eps_tau, delta_tau;
  unsigned grid_bits = 0;  // r = 2q + 32
};

inline constexpr unsigned kJdpWeightBits = 32;

// paper-code's constants (spec 003 §7.3), from `calibrate jdp-glm --profile paper-code`, rounded UP to 2^−32 where
// irrational (λ, γ, β, the tree σs), exact otherwise; ζ defaults to δ (the authors' runs).
struct JdpGlmPaperConstants {
  Rational lambda, gamma, beta, threshold, sigma_V, sigma_H, zeta;
  Integer count1, count2;  // first commit: ⌊dR²κγ² ln T/20000⌋ (may be 0), ⌊log₂(λ_max/λ_min + T/(κ*²λ_min d))⌋
  Rational eps_o, delta_o, eps_tau, delta_tau;  // per_step_budget_auto(ε/3, δ/3, cutoff)
  unsigned grid_bits = 0;                       // r = 2q + 32
  JdpCodeVersion version = JdpCodeVersion::First;
};

// The code's PSD projection (eigenvalue floor 10⁻¹²) is implemented as "λI + prefix − 10⁻¹²I is positive definite
// (exact), so the projection is the identity"; when that fails the reference stops with this error.
class JdpPsdProjectionBinds : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// ParameterError naming jdp_glm (T in [16, 2^24], q in [1, 15], S in (0, 64], ζ in (0, 1)).
JdpGlmPaperConstants jdp_glm_paper_constants(const JdpGlmParams& params, Link link, std::uint32_t d, unsigned q);

// ParameterError naming jdp_glm (T in [16, 2^24], q in [1, 15], S in (0, 64], ζ in (0, δ)); calibrate's for the rest.
JdpGlmConstants jdp_glm_constants(const JdpGlmParams& params, Link link, std::uint32_t d, unsigned q);
std::uint64_t jdp_glm_stream(std::uint64_t run, std::uint64_t k);  // k = 0: V tree, 1: H tree, 2 + j: P_GD call j

struct JdpGlmTrajectory {
  JdpGlmConstants constants;                   // theorem profile only
  std::optional<JdpGlmPaperConstants> paper;   // paper-code profile only
  std::vector<Rational> sgd_sigma;             // paper-code: the DP-SGD noise multiplier per call
  std::uint64_t psd_checks = 0;                // paper-code: matrices certified λ_min > 10⁻¹² (projection = identity)
  std::string link_label;                 // "logistic" or "probit (outside Def. 4.1 (F1))"
  std::vector<std::uint32_t> actions;
  std::vector<int> rewards;
  std::vector<std::uint8_t> explore;      // Criterion I (or a non-PD round)
  std::vector<std::uint64_t> switches;    // Criterion II rounds
  std::vector<Integer> weights;           // per exploitation round: w·2^32
  std::vector<std::vector<Rational>> theta_o, theta_tau;  // after each call (paper-code: θ̂_w, θ̂_τ)
  std::vector<Integer> pgd_iterations;    // T_it per call, in call order (paper-code: DP-SGD steps per call)
  std::uint64_t count1 = 0, count2 = 0;
  std::uint64_t not_pd = 0, tau_projected = 0, refinements = 0;
  std::vector<std::uint64_t> v_not_pd, h_not_pd;  // rounds whose noisy V (resp. H_τ) was not positive definite
  std::vector<Integer> release_V, release_H;      // the trees' last releases (numerators on 2^−r, LabelSet order)
  std::uint64_t bits_V = 0, bits_H = 0, bits_pgd = 0;  // bits drawn by the trees and by all P_GD calls
  Interval pseudo_regret;
};

// The pieces of a round, shared with the optimized build's deferrals (optimized/learners/jdp_glm.hpp): each is the
// reference's exact (or certified) decision on exact inputs.
namespace jdp_internal {
// λI + release·2^−r as rationals (row-major d×d; an empty release is 0).
std::vector<Rational> matrix(const std::vector<Integer>& release, std::uint32_t d, const Integer& lambda, unsigned r);
// det of a d×d rational matrix, exact.
Rational det(std::vector<Rational> A, std::uint32_t d);
// Criterion I on V_t: V not PD (Bareiss) → explore with argmax ‖x‖₂; else s[a] = ‖x_a‖²_{V⁻¹} exactly and explore
// iff max s ≥ threshold (argmax s, ties to the lowest index).
struct CriterionI {
  bool v_pd = true, explore = false;
  std::uint32_t action = 0;
  std::vector<Rational> s;  // K zeros when V is not PD
};
CriterionI criterion_i(const JdpGlmConstants& k, std::span<const std::int64_t> arms, std::uint32_t K, std::uint32_t d,
                       unsigned q, const std::vector<Rational>& V);
// Lines 9–10 with θ̂_o, V (through s) and θ̂_τ, H_τ: H_τ not PD (exact) → h_pd = false and action = argmax s;
// else elimination, then the UCB argmax (certified, refined up to kGlmPrecisionCap; GlmUndecided beyond); with
// θ̂_τ = 0 the argmax is exact (on ‖x‖² when H_τ = λI, else on fᵀ adj(2^r H_τ) f), ties to the lowest index.
struct Exploit {
  bool h_pd = true;
  std::uint32_t action = 0;
  std::uint64_t refinements = 0;
};
Exploit exploit(const JdpGlmConstants& k, const Rational& kappa, std::span<const std::int64_t> arms, std::uint32_t K,
                std::uint32_t d, unsigned q, const std::vector<Rational>& s, const std::vector<Rational>& theta_o,
                const std::vector<Rational>& theta_tau, const std::vector<Rational>& H_tau, std::uint64_t t);
// The H leaf's weight numerator min(⌊μ̇(⟨x, θ̂_o⟩)/e·2^32⌋, wcap), x = f·2^−q (certified floor).
Integer weight(Link link, std::span<const std::int64_t> f, unsigned q, const std::vector<Rational>& theta_o,
               const Integer& wcap);
// P_GD's parameters for one call on n users over `domain` at (ε, δ) (calibrate_pgd at n; T_it in *iterations).
PgdParams pgd_params(const JdpGlmParams& params, const JdpGlmConstants& k, Link link, unsigned q, std::uint32_t d,
                     std::size_t n, PgdDomain domain, const Rational& eps, const Rational& delta, Integer* iterations);
// θ̂_τ outside the S-ball is moved onto it by P_GD's ball rule; true when moved.
bool clip_tau(std::vector<Rational>& theta, const Rational& S, Link link, unsigned q, std::uint32_t d);
}  // namespace jdp_internal

// Runs params.profile (paper-code: jdp_glm_paper_code).
JdpGlmTrajectory jdp_glm(const JdpGlmParams& params, const GlmInstance& instance, std::uint64_t seed, std::uint64_t run,
                         RoundHook on_round = {});
JdpGlmTrajectory jdp_glm_paper_code(const JdpGlmParams& params, const GlmInstance& instance, std::uint64_t seed,
                                    std::uint64_t run, RoundHook on_round = {});

namespace jdp_internal {
// paper-code pieces shared with tests and the optimized build: λI + release·2^−r for a rational λ; the exact test
// that A − 10⁻¹²I is positive definite; the V leaf xxᵀ/(1 + s) truncated toward 0 onto 2^−r (numerators, LabelSet
// order; x = f·2^−q, s = ‖x‖²_{V⁻¹}).
std::vector<Rational> matrix_rational(const std::vector<Integer>& release, std::uint32_t d, const Rational& lambda,
                                      unsigned r);
bool above_psd_floor(const std::vector<Rational>& A, std::uint32_t d);
std::vector<Integer> scaled_v_leaf(std::span<const std::int64_t> f, unsigned q, const Rational& s, unsigned r);
// The exploitation round: elimination with θ̂_w, V (s = ‖x‖²_{V⁻¹}, width² γ²κ), then argmax ⟨x, c⟩ + β‖x‖_{H_τ⁻¹}
// over the kept arms, c = (θ̂_w + θ̂_τ)/2 given as `centre`, H_τ PD (checked by the caller); certified, refined up
// to kGlmPrecisionCap (GlmUndecided beyond; counted in *refinements); ties to the lowest index.
std::uint32_t exploit_paper_code(const JdpGlmPaperConstants& k, const Rational& kappa,
                                 std::span<const std::int64_t> arms, std::uint32_t K, std::uint32_t d, unsigned q,
                                 const std::vector<Rational>& s, const std::vector<Rational>& theta_w,
                                 const std::vector<Rational>& centre, const std::vector<Rational>& H_tau,
                                 std::uint64_t t, std::uint64_t& refinements);
// The H leaf's weight numerator ⌊μ̇(⟨x, θ̂_w⟩)/e·2^32⌋ (no clip; 0 when |⟨x, θ̂_w⟩| > 4096, where it is 0 exactly).
Integer weight_paper_code(Link link, std::span<const std::int64_t> f, unsigned q, const std::vector<Rational>& theta_w);
// Criterion II of the later commit (spec 003 §7.3): λ_max(P^{−1/2} C P^{−1/2}) > 21/20 + 5/(8√d) with P = H_τ (PD)
// and C = H_t, exact: for irrational √d by PD tests of c_lo·P − C and c_hi·P − C on nested rational enclosures of
// the threshold (GlmUndecided past 2^−4096); for a square d by the principal minors of c·P − C.
bool criterion_ii_later(const std::vector<Rational>& P, const std::vector<Rational>& C, std::uint32_t d);
// The DP-SGD call's settings and σ for a code version at the call's (ε, δ) on n samples: first commit 50 epochs and
// calibrate_dp_sgd_sigma; later commit dp_sgd_later_epochs(ε) and calibrate_dp_sgd_sigma_later.
internal::DpSgdSettings sgd_settings(JdpCodeVersion version, const Rational& eps);
Rational sgd_sigma(JdpCodeVersion version, const Rational& eps, const Rational& delta, std::uint64_t n);
// First commit: a call whose per-call ε is certainly at or below its formula's floor ln(1/δ)/62 has no σ; refused
// (ParameterError naming jdp_glm's 'eps', the value the user gave, the call's ε and the floor; issue 21), before the
// search. Both builds call it before sgd_sigma. The later commit: nothing (its search names its own floor).
void check_sgd_floor(JdpCodeVersion version, const Rational& eps_call, const Rational& delta_call,
                     const Rational& eps_user);
}  // namespace jdp_internal

}  // namespace dpb::ref
