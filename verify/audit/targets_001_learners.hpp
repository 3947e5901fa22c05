// Audit targets of seed 001's learners (Chowdhury & Zhou, ICML 2022, arXiv:2202.05567, Algorithm 1 and its
// baselines; reference/learners/shuffle_private_linucb.hpp; docs/audit.md "Seed 001's learners"): linucb-sdp-amp,
// linucb-sdp-vec, linucb-ldp, linucb-jdp and the non-private linucb (negative control, audited against a nominal ε).
//
// Instance (fixed, small: an audit at the default --samples takes seconds): the theorem profile, d = 2, K = 2, q = 4,
// B = 4, T = 14 — three aggregations (rounds 4, 8, 12) and two trailing users (13, 14) acting on the third broadcast.
// Every user other than the changed one is a probe with rewards 0 (so u_m is the changed user's φy plus the
// protocol's noise): the probe of round t has direction v = (1/2, 0), (0, 1/2), (1/2, 1/2), (1/2, −1/2) for
// (t − 1) mod 4 = 0..3; after the first aggregation its arms are v and −v, whose widths ‖±v‖_{V⁻¹} are equal, so it
// pulls arm 1 exactly when ⟨v, θ̂⟩ < 0 (ties to arm 0) — each later user reads the sign of one projection of θ̂.
// In the first batch (broadcast θ̂ = 0, where ±v would tie exactly) its arm 1 is the zero vector. The changed user's
// arm 0 is its record's context φ with reward y, its arm 1 the zero vector with reward 0.
//
// Relation (errata, issue 18 "Relation"; Def. D.3/D.4): one user's type — the context of every arm and the reward
// response to every action — replaced. ref::contextual(d = 2, grid 1): a record (k₀, k₁, k_y) ∈ {0, 1}³ stands for
// φ = ((2k₀ − 1)/2, (2k₁ − 1)/2) (‖φ‖ = 1/√2) and y = k_y. Candidates: the StatDP patterns, every vertex of the
// change cube and 6 seeded random pairs (reference/privacy/relations.hpp) at the named positions — round 1 (first
// batch), round B (the last user before an aggregation), round 2B + 1 (the last aggregated batch; only the trailing
// users act after its aggregation), round MB + 1 (the trailing batch: never aggregated, so the view's law does not
// change: counted, not sampled) — and at seeded random rounds. Pairs whose user contributes the same (φy, φφᵀ) on
// both sides (y = 0 and φ = ±φ′) leave the view's law unchanged (counted, not sampled); pairs with the same
// contributions at the same round are one pair. Ordered by the change of φy (‖Δ(φy)‖², then ‖Δ triu φφᵀ‖²), largest
// first; the canonical pair is round 1, φ = (1/2, 1/2) vs (−1/2, −1/2), y = 1.
//
// View (whole output, issue 11 §3): the actions of every user after the changed one (rounds p + 1..T for the change
// at round p), as a bit mask (bit i: round p + 1 + i pulled arm 1), audited with likelihood-ratio-ranked events
// (order_by_ratio). The changed user's own action is not in the view (JDP's and SDP's adversary sees the others'
// actions; the actions are functions of the broadcasts only — the Billboard lemma).
//
// Build: the optimized learner (fast::shuffle_private_linucb on a fast::LinUcbSetup built once per target: the
// reference's configuration ref::configure_linucb and the protocols), for the sampling volume; its decisions equal
// the reference's (cross-checked, tests/optimized/learners/).
//
// White box: none (the law of the action sequence is not computed). The certified upper bound is the ledger's
// (claims 001.<learner>.ledger; verify/claims/claims_audit.cpp runs the same check at this instance's sizes).
//
// Leaky twins (TargetOptions::noise_divisor k > 1, tests only): the learner runs with σ̄/k (sdp-amp, ldp), σ_node/k
// (jdp), each rounded up onto 2^−32, or ⌈b/k⌉ noise bits per user (sdp-vec), while β, λ, the claim and the ledger
// stay those of the specified calibration — the audit must report VIOLATION.
#pragma once

#include <cstdint>
#include <string>

#include "verify/audit/targets.hpp"

namespace dpb::verify::audit {

bool is_seed001_learner_target(const std::string& name);

// The instance's sizes (the claims' grid text and their ledgers use them).
struct Seed001LearnerSizes {
  std::uint32_t d = 2, K = 2;
  unsigned q = 4;
  std::uint64_t B = 4, T = 14;
};
Seed001LearnerSizes seed001_learner_sizes();

// ParameterError (function "audit") naming the option for options the targets do not take (--horizon, a
// leak_factor, reuse_noise, a noise_divisor for the non-private linucb, delta outside (0, 1)).
PreparedTarget prepare_seed001_learner(const TargetInfo& info, const TargetOptions& options, std::uint64_t seed);

}  // namespace dpb::verify::audit
