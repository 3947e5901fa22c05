// The `003.jdp-glm.ledger` claim (issues 11 §3 and 21; docs/privacy-003.md "Ledger of jdp-glm"): the privacy loss of
// everything the joint-DP GLM learner releases to other users (Sarmasarkar 2026, "Shuffle and Joint Differential
// Privacy for Generalized Linear Contextual Bandits", arXiv:2602.00417, Sec. 6, Alg. 2, Thm 6.2, Lemma I.7;
// reference/learners/jdp_glm.hpp, theorem profile), composed per user over one run of the reference learner.
//
// What other users see (JDP, Def. B.4) is their own actions: functions of their own contexts and of the broadcast
// (V_t, H_t, θ̂_o, θ̂_τ). The ledger charges a superset of that broadcast, as the implementation runs it:
//   * the trees: every complete node of BOTH matrix trees (the prefix releases are sums of them, claim 003.t1). User
//     t's data enter them only through leaf t, which lies in the nodes (h, j) with j·2^h < t ≤ (j+1)·2^h ≤ T. One
//     node pair (V node, H node at the same position) is one Gaussian release of squared sensitivity
//     s² = c·max(2/σ_V², 2/(κ*²σ_H²), 1/σ_V² + 1/(κ*²σ_H²)) per unit variance (c = 1 for the `half`
//     symmetrisation; the V leaf xxᵀ ↔ x′x′ᵀ, the clipped H leaf w·xxᵀ ↔ w′·x′x′ᵀ with w ≤ 1/κ*, or the leaf moving
//     between the trees: docs/privacy-003.md "The matrix trees"; the same case in every node holding the leaf, so
//     the joint change is one Gaussian of μ² = Σ_nodes s², not a sum of per-tree worst cases). σ_V, σ_H are the
//     learner's rounded-up nominal σ (the sampler's per-entry σ̄ is at least that). Composed per user by the
//     ledger's exact Gaussian composition (reference/privacy/ledger.hpp), ε at δ_trees from the exact profile.
//   * the switching set T_o: the Criterion-I indicators read only V_t, i.e. they are post-processing of the V
//     nodes charged above — so no separate switching budget is needed, and Lemma 6.1's (ε/3, δ/6) (claim
//     003.lemma6.1.switching, violated at the uncorrected V tree) is NOT used: the learner runs the corrected V tree.
//   * the P_GD calls (θ̂_o at every Criterion-I round while count1 < cutoff, θ̂_τ at every switch with data), in the
//     run's order (the trajectory's pgd_iterations, reconstructed and checked). A call whose T_it is 0 at its n and
//     at n ± 1 (the changed user may enter or leave its data set) returns θ₀ without reading the data: loss 0,
//     exactly. A call with T_it > 0 is charged calibrate_pgd's (ε_total, δ_total) (003.pgd.privacy's accountant) to
//     EVERY user of an earlier or equal round (membership may differ between neighbours); that per-call law is a
//     replace-one law at fixed n, so it covers a membership change only under Lemma I.7's conditioning on T_o∖{i}:
//     then the verdict is at best "holds, conditional on Lemma I.7" (said in the key figure).
// Total: basic composition of the trees' (ε_trees, δ_trees) and the calls' per-user sums (maximum over users),
// δ_trees = δ − (the calls' largest per-user δ).
//
// Verdict: holds iff the total (ε, δ) ≤ the claim; otherwise inconclusive (no certified lower bound is computed).
// The run's structure is checked first (every weight at most the clip ⌊2^32/κ*⌋, the calls as reconstructed).
#pragma once

#include <cstdint>
#include <optional>

#include "reference/core/rational.hpp"
#include "reference/learners/jdp_glm.hpp"
#include "verify/claims/claim.hpp"

namespace dpb::verify::privacy_checks {

struct LedgerJdpOptions {
  Rational eps{1}, delta{1, 100};           // the claim (Thm 6.2: (ε, δ)-JDP, δ > ζ = δ/2)
  std::optional<Rational> calibration_eps;  // negative control: the learner calibrated for another ε
  std::uint64_t T = 64;
  std::uint32_t d = 2, K = 4;
  Rational gamma_constant{1};  // Eq. 21's c (1: the theorem profile; tests use 10^−6 to reach exploitation rounds)
  std::optional<Integer> lambda_override;  // tests only (outside the theorem), as JdpGlmParams
};

// The run: logistic link, the authors' generator, q = 12, T arm sets, S = 2, κ* = 4, κ = 10 (≥ 1/μ̇(2) ≈ 9.52, the
// largest κ of an instance with ‖θ*‖ = 2 and ‖x‖ ≤ 1); instance from ChaCha20(seed, 0), run 0.
ref::JdpGlmParams ledger_jdp_params(const LedgerJdpOptions& options);
ref::JdpGlmTrajectory run_ledger_jdp(const LedgerJdpOptions& options, std::uint64_t seed);
// The verdict on a trajectory (tests hand it tampered ones).
Outcome assess_ledger_jdp(const ref::JdpGlmTrajectory& trajectory, const LedgerJdpOptions& options);
Outcome check_ledger_jdp(const RunOptions& run, const LedgerJdpOptions& options = {});

}  // namespace dpb::verify::privacy_checks
