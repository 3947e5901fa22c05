// The `003.shuffle-glm.ledger` claim (issues 11 §3 and 20; docs/privacy-003.md "Ledger of ShuffleGLM"): the privacy
// loss of ShuffleGLM's WHOLE output (Sarmasarkar 2026, arXiv:2602.00417, Alg. 1, Thm 5.1;
// reference/learners/shuffle_glm.hpp), composed per user by the privacy ledger (reference/privacy/ledger.hpp) over the
// releases one run of the reference learner made: every released batch's P₂ call (V on batch 1, H_k after) and its
// P_GD call, as the implementation runs them, against the (ε, δ) it was calibrated for.
//
// Laws (each call's existing certified guarantee, reference/privacy/release_law.hpp's approx_dp, composed by the
// basic theorem): P₂ at Eq. 127's (g, b) for (ε/2, δ/2, n = B_k, d) — P_Vec's certified ε̃ at δ/2 on the matrix
// instance with ‖X‖_F ≤ Δ (the clipped weights make that exact; claim 003.v4's bound,
// verify/certified/seed003_p2.hpp); P_GD — calibrate_pgd's composed (ε_total, δ_total) of its T_it steps (advanced
// composition with directed rounding, claim 003.pgd.privacy's accountant; it composes Lemma S.1's per-step statement
// for P₁, labelled). Users: the run's schedule, checked: each user of a released batch in exactly its batch's two
// calls, the last batch's users in none.
//
// Verdict: holds iff the ledger's (ε, δ) ≤ (ε, δ) claimed; otherwise inconclusive (no lower bound is computed).
#pragma once

#include <cstdint>
#include <string>

#include "reference/core/rational.hpp"
#include "reference/learners/shuffle_glm.hpp"
#include "verify/claims/claim.hpp"

namespace dpb::verify::privacy_checks {

struct Ledger003Options {
  Rational eps{1}, delta{1, 100};          // the claim (Thm 5.1: ε ∈ (0, 5), δ ∈ (0, 1/2))
  std::optional<Rational> calibration_eps;  // negative control: the learner calibrated for another ε
  std::uint64_t T = 300;
  std::uint32_t d = 2, K = 4;
  std::uint32_t M = 0;  // batches (0: ⌊log₂ log₂ T⌋); the whole-output audit's configuration sets 8
};

// The run: probit link, §7's sphere generator, q = 12, 300 arm sets, S = 2, κ* = 4, κ = 16, γ = 64 (the golden
// vectors' second setting, docs/vectors.md §20); instance from ChaCha20(seed, 0), run 0.
ref::ShuffleGlmTrajectory run_ledger_003(const Ledger003Options& options, std::uint64_t seed);
// The verdict on a trajectory (tests hand it tampered ones).
Outcome assess_ledger_003(const ref::ShuffleGlmTrajectory& trajectory, const Ledger003Options& options);
Outcome check_ledger_003(const RunOptions& run, const Ledger003Options& options = {});

}  // namespace dpb::verify::privacy_checks
