// Trajectory counters of the joint-DP GLM learner, theorem profile (Sarmasarkar 2026, "Shuffle and Joint Differential
// Privacy for Generalized Linear Contextual Bandits", arXiv:2602.00417, Sec. 6, App. I–P; spec 003 §5.3, §6 T9;
// reference/learners/jdp_glm.hpp; issue 21 "Claims"). Each statement holds with high probability, so each is a
// statistical claim: the runs in which the event fails are counted and compared with the lemma's failure probability
// p₀ by one-sided Clopper–Pearson bounds at the claim's α (exact binomial): `holds` iff the upper bound ≤ p₀,
// `violated` iff the lower bound > p₀, otherwise `inconclusive` (also when no run had anything to check: never a
// vacuous `holds`).
//
// Every event is decided exactly on the run's own quantities. The trees are replayed here on the learner's streams
// (jdp_glm_stream(run, 0/1)) from the recorded leaves (x xᵀ on Criterion-I rounds, w·x xᵀ with the recorded weights
// otherwise), so V_t, H_t and their noise N = release − Σ leaves are exact integers on 2^−r:
//   lemma-p2.to-bound  |T_o| ≤ 8dR²κγ² ln T (Lemma P.2; decided as |T_o| < count1 = ⌈8dR²κγ² ln T⌉, conservative);
//                      p₀ = ζ/8 (Lemma P.2: the caps hold w.p. ≥ 1 − ζ/8). When T < count1 no run can fail
//                      (|T_o| ≤ T): `holds` surely, the runs' count reported beside.
//   lemma-p2.caps      neither cap is hit: |T_o| ≤ count1 (every Criterion-I round updated θ̂_o) and count2 <
//                      count2_cutoff (no switch refused); p₀ = ζ/8.
//   lemma-o4.switches  T9: the number m of Criterion-II switches satisfies m ≤ d log₂(2 + 2TL²/(λd)) with L² = 1/κ*
//                      (the clipped H leaf w x xᵀ = (√w x)(√w x)ᵀ, ‖√w x‖² ≤ 1/κ*), decided exactly as
//                      2^m ≤ (2 + 2T/(κ*λd))^d; p₀ = ζ/8 (it rests on Assumption I.1's event).
//   assumption-i1      for every t: λ_min I ⪯ V_t − Σ_{T_o} x xᵀ ⪯ λ_max I and the same for H_t − Σ w x xᵀ, with
//                      λ_min = 4√dλ/(4√d+1), λ_max = (4√d+2)λ/(4√d+1) (Eq. 19): ‖N‖₂ ≤ λ/(4√d+1). d = 4 makes that
//                      λ/9, decided as λ·2^r I ± 9N ≻ 0 by exact Bareiss pivots (strict: conservative); p₀ = ζ/8.
//   lemma-l3.confidence Lemma L.3 / K.1: at every round ‖θ̂_o − θ*‖²_{V_t} ≤ γ²κ (the elimination width γ√κ‖x‖_{V⁻¹}
//                      contains θ* for every x), exact rationals; p₀ = ζ/8.
//   cor-m1             Cor. M.1 (Lemma L.4): at every exploitation round ‖θ̂_τ − θ*‖²_{H_τ} ≤ β² (the UCB width
//                      β‖x‖_{H_τ⁻¹}), exact; p₀ = ζ/8.
//   lemma-m2           Lemma M.2: at every exploitation round ⟨x_t* − x_t, θ*⟩ ≤ 4/R (exact, z on 4^−q) and x_t*
//                      survives the elimination with θ̂_o, V_t (rs_round's certified test); p₀ = ζ/2 (it rests on
//                      Assumptions I.1, I.2, Lemmas K.1 and L.4, each ζ/8).
// Controls (tests/verify/learner_checks/jdp_glm_counters_test.cpp) scale each bound down until it must fail.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "reference/core/rational.hpp"
#include "verify/claims/claim.hpp"

namespace dpb::verify::learner_checks {

struct JdpCounterOptions {
  std::uint64_t runs = 12;
  std::uint64_t T = 32;
  std::uint32_t d = 4, K = 4;
  Rational eps{1}, delta{2, 5};  // ζ = δ/2 = 1/5: p₀ = ζ/8 = 1/40
  Rational gamma_constant{1};    // Eq. 21's c (theorem: 1)
  std::optional<Integer> lambda_override;  // tests only (outside the theorem)
  // Controls: each multiplies its bound (1 = the lemma's).
  Rational to_scale{1}, switch_scale{1}, i1_scale{1}, width_scale{1}, gap_scale{1};
};

struct JdpEventCount {
  std::uint64_t runs = 0;     // runs in which the event had something to check
  std::uint64_t failed = 0;   // runs in which it failed
  std::uint64_t checks = 0;   // rounds (or runs) checked in all
};

struct JdpCounts {
  JdpEventCount to_bound, caps, switches, i1, l3_width, m1_width, m2;
  std::uint64_t runs = 0, explore_rounds = 0, exploit_rounds = 0, switch_total = 0, not_pd = 0;
  std::uint64_t max_to = 0, max_switches = 0;
  bool to_sure = false;  // T < P.2's bound: |T_o| ≤ T cannot exceed it (the event holds surely)
  Rational zeta, lambda, gamma, beta, count1, count2, threshold;
};

// The runs: logistic link, the authors' generator, q = 10, T arm sets, S = 2, κ* = 4, κ = 10; the instance from
// ChaCha20(seed, 0), runs 0..runs−1 of the reference learner.
JdpCounts count_jdp_events(const JdpCounterOptions& options, std::uint64_t seed);

// The verdict of one event ("lemma-p2.to-bound", "lemma-p2.caps", "lemma-o4.switches", "assumption-i1",
// "lemma-l3.confidence", "cor-m1", "lemma-m2") on the counts, at `alpha`.
Outcome assess_jdp_event(const JdpCounts& counts, const std::string& event, double alpha,
                         const JdpCounterOptions& options);
// The claim's checker: quick 12 runs at T = 32, full 700 runs; the counts are shared by the claims of one (suite,
// seed) through a cache behind a mutex.
Outcome check_jdp_event(const std::string& event, const RunOptions& run);

}  // namespace dpb::verify::learner_checks
