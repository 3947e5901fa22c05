// The release laws of seed 001's learners (Chowdhury & Zhou, "Shuffle Private Linear Contextual Bandits", ICML 2022,
// arXiv:2202.05567; Algorithm 1 with P_Amp, P_Vec, the local Gaussian randomizer, and the tree of the JDP baseline;
// reference/learners/shuffle_private_linucb.hpp), as the privacy ledger composes them (reference/privacy/ledger.hpp;
// issue 11 §3, issue 18; docs/privacy-001.md §11 "Ledgers of seed 001").
//
// A release of a batch learner is one batch's analyzer output (ũ_m, Ṽ_m) — both parts, jointly: every calibration
// below certifies the PAIR (the joint sensitivity or the joint bound), so a batch is one release and its two parts are
// never summed as two (errata, "Joint, not summed"). The observation unit is a user (= a round, 0-based). Each law
// is the mechanism's EXISTING certified guarantee, not re-derived here:
//   * linucb-ldp: each user's message R_Amp(φy, φφᵀ) is a Gaussian mechanism with σ̄ (Cor. B.3 / Prop. F.1) and
//     joint ℓ₂ sensitivity 2√2 (docs/privacy-001.md §4; claim 001.amp.ldp): gaussian(σ̄², Δ² = 8). A batch release
//     holds B messages, each user's data in its own only, so the batch's law for one user is the message's.
//   * linucb-sdp-amp: the shuffled view of the batch (Def. 2.3): Lemma B.4's (ε̃, δ̃) at R_Amp's (ε₀, δ₀) =
//     (ε√(B/ln(2/δ)), δ/B), δ′ = δ/2 — calibrate_001("p-amp")'s eps_tilde_upper, delta_tilde_upper (claims
//     001.thm3.2.privacy, 001.lemma-b4): approx_dp(ε̃, δ̃). Where Lemma B.4's precondition fails (or ε is outside
//     Thm 3.2's range) the only certified guarantee is the one message's (the view is its post-processing):
//     gaussian(σ̄², 8).
//   * linucb-sdp-vec: the per-label counts of the batch (Thm 3.5; docs/privacy-001.md §6; claim 001.thm3.5.privacy):
//     P_Vec's certified ε̃ at δ (truncated Rényi moments of the joint worst change of one user over BOTH instances,
//     Mironov's conversion at δ − tail): approx_dp(ε̃, δ).
//   * linucb-jdp: one node of the tree over the batches' Grams of z = (φ, y) (Prop. F.3; claim 001.tree.privacy):
//     a Gaussian mechanism with σ_node and ℓ₂ sensitivity Δ_z = 4 per node (a leaf is in one node per level):
//     gaussian(σ_node², 16). The prefixes, the broadcasts and every other user's action are post-processing of the
//     nodes (the Billboard lemma, Hsu et al. 2016).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "reference/core/rational.hpp"
#include "reference/privacy/ledger.hpp"
#include "reference/privacy/release_law.hpp"

namespace dpb::ref {

struct Law001 {
  ReleaseLaw law;
  std::string how;  // which certified guarantee the law is (for reports)
};

// gaussian(σ̄², 8): one R_Amp message (ParameterError naming sigma_bar unless > 0).
Law001 ldp_message_law(const Rational& sigma_bar);
// P_Amp's batch at Thm 3.2's calibration for (ε, δ, B) with the sampler's σ̄ (the FMT bound when it applies, else the
// one message). ParameterError as calibrate_001 ("p-amp") for ε ≤ 0, δ ∉ (0, 1], B < 1.
Law001 p_amp_batch_law(const Rational& eps, const Rational& delta, const Integer& B, const Rational& sigma_bar);
// P_Vec's batch of B users at (g, b), p = ¼, r = 2Δ, dimension d, certified at δ (the windows' tail budget δ/1000,
// as claim 001.thm3.5.privacy). ParameterError naming delta when the windows' tails exceed δ (no ε at that δ).
Law001 p_vec_batch_law(const Integer& g, const Integer& b, const Integer& B, const Integer& d, const Rational& delta);
// gaussian(σ_node², 16): one tree node.
Law001 tree_node_law(const Rational& sigma_node);

}  // namespace dpb::ref

namespace dpb::ref {

// User-level composition of seed 001's returning users (issue 18; spec 001 §3.4, §3.7; docs/privacy-001.md §12
// "Returning users"), over the releases a trajectory recorded (ledger_entries of LinUcbTrajectory::releases; unit
// round: user t's observation is t − 1):
//   Batches — linucb-sdp-amp, linucb-sdp-vec with users = returning (Thms E.3, E.5): one person may be a user of
//     every batch, at most one per batch, so a person's data enter at most `k` = M = ⌊T/B⌋ releases, each at most once.
//     The person is charged the k worst releases of the trajectory: approx_dp laws by advanced composition (Dwork–Roth
//     Thm 3.20, the route the calibration assumes) at ε = the largest charged ε, δ′ = δ/2: (√(2k ln(2/δ))ε +
//     kε(e^ε − 1), k·max δ + δ/2); gaussian laws by the exact Gaussian composition μ² = Σ Δ²/σ² of the k largest
//     Δ²/σ² (Dong–Roth–Su, Cor. 3.3), ε at δ from the exact profile.
//   Rounds — linucb-jdp with users = returning (Prop. 4.3): a person is at most `k` = M₀ rounds, which may share
//     tree nodes. All laws gaussian with one σ per law; round i enters releases of total μ_i² = Σ Δ²/σ² (one round's
//     change moves each node containing it by at most Δ); by the triangle inequality the person's change of the whole
//     (whitened) node vector is at most Σ_i μ_i over their k rounds, and (Σ μ_i)² ≤ k Σ μ_i² (Cauchy–Schwarz): μ² =
//     k × the sum of the k largest μ_i², an exact rational; ε at δ from the exact profile.
// The result: eps_upper (rounded up, grid 2^−24 for Gaussian), delta (the composed δ: δ for Gaussian), and for
// Gaussian compositions gaussian_mu2 (so that δ(ε) at the claim can be decided exactly). ParameterError naming k (< 1),
// entries (empty or a law out of range), delta (outside (0, 1)), laws (a family other than approx_dp or gaussian, a
// mix of both, or approx_dp in the rounds mode).
enum class UserLevelMode { Batches, Rounds };
struct UserLevel001 {
  Rational eps_upper, delta;
  std::optional<Rational> gaussian_mu2;
  std::uint64_t charged = 0;               // releases (batches) or rounds (rounds) charged
  std::vector<std::uint64_t> worst;        // the charged releases (batches) or observations (rounds), worst first
  std::string conversion;
};
UserLevel001 compose_user_level_001(std::span<const ReleaseLaw> laws, std::span<const LedgerEntry> entries,
                                    std::uint64_t k, const Rational& delta, UserLevelMode mode);

}  // namespace dpb::ref
