// Audit targets of seed 003's learners (Sarmasarkar 2026, "Shuffle and Joint Differential Privacy for Generalized
// Linear Contextual Bandits", arXiv:2602.00417; docs/audit.md "Seed 003's learners"): shuffle-glm (Alg. 1, scaled
// profile), jdp-glm (Alg. 2, theorem profile) and the non-private b-glincb (Sawarni et al. 2024, Alg. 1 — ShuffleGLM's
// template; negative control, audited against a nominal ε). Same pattern as targets_001_learners.hpp.
//
// Instance (fixed, small; logistic link, d = 2, K = 2, q = 1, θ* = 0, rewards from a tape, not drawn): the two probe
// directions u = (1/2, 1/2), v = (1/2, −1/2) (equal norms). A two-arm probe has the arm set {u, v} and reward 0;
// a one-direction probe has {u, u} or {v, v} (alternating, so the probes of a batch are balanced between u and v;
// an odd one out gets {(1/2, 0), (1/2, 0)}) and reward 0. The changed user's arm set is {φ, φ} with reward y (it
// plays φ whatever its design or criterion).
//   * shuffle-glm: ε = 4, δ = 1/100, M = 8, T = 76, γ = 0 (an input of the scaled profile: elimination iff
//     ⟨y − x, θ̂₁⟩ > 0), κ = 8, κ* = 4, S = 2. The scaled schedule is [69, 7]: one release (V and θ̂₁ of batch 1's 69
//     users), the 7 users of batch 2 act on it. (The theorem profile's B₁, Eq. 6, is in the billions: no batch ends
//     at any T an audit can run; the scaled profile's B₁ = ⌈(64α)^{2/3}⌉ is < T from T = 67 at M = 8 only.) At ε = 4
//     P_GD runs T_it = 8 iterations on batch 1 (at ε ≤ 2 its T_it is 0 at n = 69: θ̂₁ = 0 reads no data and, with K =
//     d = 2, the later users' actions would not depend on the data at all — the G-optimal design of two independent
//     arms is uniform whatever their scaling). Batch 1's users are one-direction probes, batch 2's two-arm probes.
//   * jdp-glm: theorem profile, ε = 1, δ = 1/100 (ζ = δ/2), κ = 10, κ* = 4, S = 2, T = 16. Criterion I fires at every
//     round at this T (docs/learners.md "jdp-glm"), so each user plays argmax ‖x‖_{V_t⁻¹} (ties to the lowest index),
//     and with u, v of equal norm that is decided by the off-diagonal of the V tree's prefix (data + noise): every
//     user but the changed one is a two-arm probe.
//   * b-glincb: λ = 1, γ = 0, κ = 8, S = 2, M = 3, T = 24: schedule [5, 9, 10]; batch 1 one-direction probes, later
//     users two-arm probes. Its estimates are exact MLEs, so the changed user's φ·y decides every later elimination.
//     (Smaller than shuffle-glm's instance: a run of its exact MLEs and scaled designs costs ≈ 1.7 ms at T = 76.)
//
// Relation (spec 003 §2.4, Def. B.4: user t's datum is (X_t, r_t), one user replaced): ref::contextual(d = 2, grid 1);
// a record (k₀, k₁, k_y) ∈ {0, 1}³ stands for φ = ((2k₀ − 1)/2, (2k₁ − 1)/2) and y = k_y. Candidates: the StatDP
// patterns, every vertex of the change cube and 6 seeded random pairs (reference/privacy/relations.hpp) at the named
// positions and random rounds. Batch learners: every user of the released batch enters the release symmetrically
// (P₂ shuffles, P_GD sums; the MLE sums), so the change's round within batch 1 does not change the view's law: pairs
// are merged by (batch, records); a change in a never-released batch (the last) or, for jdp-glm, at round T (no later
// user) leaves the view's law unchanged (counted, not sampled). Ordered by the change of φ's off-diagonal φ₀φ₁ (the
// only part of φφᵀ that separates u from v), then of φ·y; the canonical pair is φ = u vs v, y = 1, at round 1.
//
// View (whole output, issue 11 §3): the actions (arm index) of the users who act after the change can reach them —
// rounds max(p, B₁) + 1..T for the batch learners (batch-1 users after p act on nothing released), p + 1..T for
// jdp-glm — at most 62 of them, as a bit mask; likelihood-ratio-ranked events. A coarser
// view than all actions, so ε_lb stays a valid lower bound.
//
// Build: the optimized learners (fast::shuffle_glm, fast::jdp_glm, fast::b_glincb) with their audit hooks
// (reward_tape; noise_divisor), for the sampling volume; their decisions equal the reference's (cross-checked,
// tests/verify/crosscheck/).
//
// White box: none. The certified upper bound is the ledger's (claims 003.<learner>.ledger;
// verify/claims/claims_audit.cpp runs the same check at these sizes).
//
// Leaky twins (TargetOptions::noise_divisor k > 1, tests only): shuffle-glm with ⌈b/k⌉ noise bits per user in P₂
// and P_GD; jdp-glm with both trees at σ/k (rounded up onto 2^−32); the claim and the ledger stay the specified
// calibration's. jdp-glm's twin is caught (k = 10⁵); shuffle-glm's is NOT at this size (k = 10⁹, ε_lb ≈ −0.4): one
// user moves P_GD's mean gradient by ≈ 8·10⁻⁴ of a level (g = 17 levels over 2L, L ≈ 2661 from the regulariser) and
// a step by far less than the iterate grid ½, so without the calibrated noise θ̂₁ stays 0 (docs/audit.md; tested in
// targets_003_learners_test.cpp).
#pragma once

#include <cstdint>
#include <string>

#include "verify/audit/targets.hpp"

namespace dpb::verify::audit {

bool is_seed003_learner_target(const std::string& name);

// The instance's sizes (the claims' grid text and their ledgers use them).
struct Seed003LearnerSizes {
  std::uint32_t d = 2, K = 2;
  unsigned q = 1;
  std::uint64_t T = 0;
  std::uint32_t M = 0;  // shuffle-glm, b-glincb: batches; jdp-glm: 0
  Rational eps, delta;  // the audited (ε, δ)
};
Seed003LearnerSizes seed003_learner_sizes(const std::string& name);

// ParameterError (function "audit") naming the option for options the targets do not take (--horizon, a
// leak_factor, reuse_noise, a noise_divisor for the non-private b-glincb, delta other than the instance's).
PreparedTarget prepare_seed003_learner(const TargetInfo& info, const TargetOptions& options, std::uint64_t seed);

}  // namespace dpb::verify::audit
