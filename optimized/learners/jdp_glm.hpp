// Joint-DP GLM bandit in the optimized build (twin of reference/learners/jdp_glm.hpp; Sarmasarkar 2026, "Shuffle and
// Joint Differential Privacy for Generalized Linear Contextual Bandits", arXiv:2602.00417, Sec. 6, Alg. 2; spec 003
// §3.4–3.6), profile `theorem`. Same constants (ref::jdp_glm_constants), same streams, same bits drawn, same tree
// releases, same P_GD calls and estimates, same Criterion I/II events and actions; docs/learners.md "jdp-glm".
//
// Releases: both trees on fast::TreeMechanism (int64 leaves, 128-bit sums, no allocation per round) when
// fast::RoundedNormal::wide admits σ·2^r (c <= 2^100: the 2^−62 trees of contexts on 2^−15 included, issue 21);
// otherwise on the reference's tree (same bits; `tree_reference`).
// P_GD: fast::PGd with the reference's per-call calibration (its own certified deferrals in `pgd_deferrals`).
//
// Decisions in double (Eigen), each with a certified error bound; anything the bound cannot separate from its
// boundary is the reference's exact or certified decision on the exact inputs (ref::jdp_internal), counted:
//   * PD: M = λI + Data + Noise with Data ⪰ 0 known exactly (the twin keeps Σ leaves), Noise = release − Data exact in
//     128 bits, so λ_min(M) >= μ := λ − ‖Noise‖_F (rounded down). μ > 0 certifies M ≻ 0; otherwise V's Criterion I
//     (Bareiss), det H (exact elimination) or H_τ's PD test (exact LDLᵀ) is the reference's (`pd_deferrals`).
//   * ‖x‖²_{M⁻¹} from a Cholesky solve y: |s − xᵀy| <= (‖x‖/μ)·(‖x − M̂y‖ + (γ_{d+1} + 2.01u)‖|M̂||y|‖ + γ_{d+1}‖x‖)
//     + γ_d|x|ᵀ|y| (M̂ the rounded M, |M − M̂| <= 2.01u|M̂|), doubled.
//   * log det H: 2Σ log L_ii with |log det M − log det LLᵀ| <= d·η/(μ − η), η = 2.01u‖M̂‖_F + γ_{d+1}‖L‖²_F (Weyl),
//     plus the logs' rounding. The running maximum D = max_{s<=t} det H_s and D_τ are kept as log-intervals with the
//     release attaining them; a near tie for the maximum, or a Criterion II test the intervals cannot decide, is
//     decided on exact determinants (`det_deferrals`, `criterion_ii_deferrals`).
//   * Criterion I, the exploration argmax, every elimination test, the UCB argmax: as optimized/learners/rs_glincb.hpp
//     with the bounds above; otherwise the round's remaining decisions are the reference's (`criterion_i_deferrals`,
//     `exploit_deferrals`).
//   * elimination pre-test: a pair (a, z)'s test is v ± e against 0 with v = fl(⟨x_a − x_z, θ̂_o⟩) + width·(√s_a + √s_z).
//     From per-arm P_a = fl(⟨x_a, θ̂_o⟩) and A_a = fl(⟨|x_a|, |θ̂_o|⟩) (O(K d) a round instead of O(K² d)):
//     B = (A_a + A_z)(1 + 4γ_{d+2}) bounds ⟨|x_a − x_z|, |θ̂_o|⟩ exactly and as computed, |v − v'| <= Δ for
//     v' = (P_a − P_z) + width·(√s_a + √s_z), Δ = 1.01(3γ_d B + 3u|P_a − P_z|) + 3u|v'| + 2u·width·(√s_a + √s_z), and
//     the computed e <= E, e's formula with B for ⟨|dx|, |θ̂_o|⟩ and |P_a − P_z| + 3γ_d B + … for |ip|, times 1 + 64u.
//     v' + Δ + E < 0 (with 4u of slack for its own rounding) implies the full test eliminates a; v' − Δ − E > 0
//     implies it passes; otherwise the full test runs. Before a row's pairs, the row test (jdp_small.hpp
//     row_terms): v − e >= α_a + β_z with α, β functions of one arm, so α_a + min_z β_z > 0 passes the whole row in
//     O(1) (O(K) a round instead of O(K²) when θ̂_o is small against width·√s, e.g. θ̂_o = 0: every theorem-profile
//     run at the benchmark's sizes). Decisions, deferrals and counters are the full test's (`elimination_rows_decided`,
//     `elimination_pretest_decided` / `_open` count them; JdpGlmFastOptions::no_elimination_pretest turns both off,
//     tests/optimized/learners/jdp_glm_cross_test.cpp compares both, jdp_small_test.cpp checks both against the
//     full test on random and near-tie inputs).
// Linear algebra: Cholesky factors, quadratic forms and log det on optimized/learners/internal/jdp_small.hpp (no
// allocation per round); the bounds above hold for any order of the inner products.
//   * the H weight ⌊μ̇(⟨x, θ̂_o⟩)/e·2^32⌋ ∧ wcap: double with the μ̇ error of optimized/glm/link.hpp and |μ̈| <= 1/4;
//     a floor within the bound is the reference's certified floor (`weight_deferrals`).
// `deferrals` counts rounds in which any decision was the reference's.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "optimized/environments/glm_instance.hpp"
#include "reference/learners/jdp_glm.hpp"

namespace dpb::fast {

struct JdpGlmFastOptions {
  std::uint64_t force_defer_every = 0;  // tests: every k-th round's decisions are all the reference's (0: none)
  bool fault_criterion_i = false;       // control: Criterion I decided in double is flipped
  bool fault_criterion_ii = false;      // control: Criterion II decided in double is flipped
  bool no_elimination_pretest = false;  // tests: every elimination pair by its full bounded test (no pre-test)
  // Audits only (verify/audit/targets_003_learners.hpp; both profiles): round t's reward is reward_tape[t − 1] ∈
  // {0, 1} instead of the environment's draw (empty: drawn), and the leaky twin's noise: both trees at σ_V/k, σ_H/k
  // (each rounded up onto 2^−32; the constants reported and everything else as calibrated; paper-code also runs
  // every DP-SGD call at σ/k). 1: as specified.
  std::span<const int> reward_tape;
  Integer noise_divisor{1};
  // Audits only: ref::jdp_glm_constants(params, link, d, q) computed once by the caller for many runs of the same
  // configuration (the certified calibration is most of a 16-round run's cost); null: computed here. The caller
  // guarantees it is that function's value for these arguments.
  const ref::JdpGlmConstants* constants = nullptr;
  // The same for the paper-code profile: ref::jdp_glm_paper_constants(params, link, d, q) (null: computed here).
  const ref::JdpGlmPaperConstants* paper_constants = nullptr;
};

struct JdpGlmFastTrajectory {
  ref::JdpGlmConstants constants;                  // theorem profile only
  std::optional<ref::JdpGlmPaperConstants> paper;  // paper-code profile only
  std::string link_label;
  std::vector<std::uint32_t> actions;
  std::vector<int> rewards;
  std::vector<std::uint8_t> explore;
  std::vector<std::uint64_t> switches;
  std::vector<Integer> weights;  // per exploitation round: w·2^32
  std::vector<std::vector<Rational>> theta_o, theta_tau;
  std::vector<Integer> pgd_iterations;
  std::uint64_t count1 = 0, count2 = 0;
  std::uint64_t not_pd = 0, tau_projected = 0;
  std::vector<std::uint64_t> v_not_pd, h_not_pd;
  std::vector<Integer> release_V, release_H;
  std::uint64_t bits_V = 0, bits_H = 0, bits_pgd = 0;
  bool tree_reference = false;  // the trees ran on the reference's tree (fast::RoundedNormal::wide refused σ·2^r)
  std::uint64_t deferrals = 0;  // rounds with at least one reference decision
  std::uint64_t criterion_i_deferrals = 0, pd_deferrals = 0, det_deferrals = 0, criterion_ii_deferrals = 0,
                exploit_deferrals = 0, weight_deferrals = 0, pgd_deferrals = 0, reward_deferrals = 0;
  std::uint64_t pgd_reference_calls = 0;  // P_GD calls outside fast::PGd's range, run by the reference's P_GD
  // Elimination rows (arm a against all others, lines 9–10) the row test passed whole; pairs of the other rows the
  // O(1) pair pre-test decided (of which: a eliminated), and those it left to the full bounded test (theorem profile).
  std::uint64_t elimination_rows_decided = 0;
  std::uint64_t elimination_pretest_decided = 0, elimination_pretest_eliminated = 0, elimination_pretest_open = 0;
  double pgd_seconds = 0;  // time spent in P_GD calls, calibration included (report-only, for the benchmark)
  double pseudo_regret = 0, pseudo_regret_error = 0;
  // paper-code only (optimized/learners/jdp_glm_paper_code.cpp): the DP-SGD noise multiplier per call; matrices
  // certified above the PSD floor (2T on a completed run) and how many of those tests were exact; exploration rounds
  // whose V leaf xxᵀ/(1 + s) was computed from the exact s (every one: by design, not a deferral); DP-SGD scalars the
  // reference decided (fast::DpSgd::deferrals) and DP-SGD calls run on the reference's DpSgd (fast::RoundedNormal::wide's
  // range refused the call's noise).
  std::vector<Rational> sgd_sigma;
  std::uint64_t psd_checks = 0, psd_deferrals = 0, exact_v_leaves = 0, sgd_deferrals = 0, sgd_reference_calls = 0;
};

// Runs params.profile (paper-code: jdp_glm_paper_code).
JdpGlmFastTrajectory jdp_glm(const ref::JdpGlmParams& params, const GlmEnvironment& env, std::uint64_t seed,
                             std::uint64_t run, const JdpGlmFastOptions& options = {});
// The paper-code profile (twin of ref::jdp_glm_paper_code; optimized/learners/jdp_glm_paper_code.cpp says what is
// decided in double and what defers).
JdpGlmFastTrajectory jdp_glm_paper_code(const ref::JdpGlmParams& params, const GlmEnvironment& env,
                                        std::uint64_t seed, std::uint64_t run, const JdpGlmFastOptions& options = {});

}  // namespace dpb::fast
