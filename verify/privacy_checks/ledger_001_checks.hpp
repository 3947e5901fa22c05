// The `001.<learner>.ledger` claims (issues 11 §3 and 18; docs/privacy-001.md §11 "Ledgers of seed 001"): the
// privacy loss of seed 001's private learners' WHOLE output (Chowdhury & Zhou, ICML 2022, arXiv:2202.05567,
// Algorithm 1; reference/learners/shuffle_private_linucb.hpp), composed per user by the privacy ledger
// (reference/privacy/ledger.hpp) over the releases a run of the reference learner actually made
// (LinUcbOptions::record_ledger; laws: reference/privacy/release_law_001.hpp), against the (ε, δ) the learner was
// calibrated for.
//
// Unique users (spec 001 §2.1): checked on the trajectory, not assumed — every user of an aggregated batch is counted
// in the releases that cover it; the batch learners must put each in exactly one, the trailing partial batch in none;
// the tree's users are in at most m = ⌈log₂ M⌉ + 1 nodes. The ledger composes whatever the trajectory holds, so a
// trajectory with a user in two batches composes two releases for that user.
//
// Verdicts (errata, "Privacy verdicts"; issue 11 "Ledger above the claim"): `holds` iff the ledger's certified
// (ε_up, δ_up) ≤ the claim's (for a Gaussian composition also: the certified δ(ε) at the claim's ε ≤ δ); a release
// without noise is `violated` (ε = ∞); otherwise `inconclusive` with both bounds and what would decide it (no
// certified lower bound of the shuffled views' δ(ε) at the claim is computed above it: the released sum's, reported
// for P_Amp, is far below).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "reference/core/rational.hpp"
#include "reference/learners/shuffle_private_linucb.hpp"
#include "verify/claims/claim.hpp"

namespace dpb::verify::privacy_checks {

// linucb-sdp-amp, linucb-sdp-vec, linucb-ldp, linucb-jdp (theorem profile; B is a parameter of each, not a separate
// learner).
const std::vector<std::string>& ledger_001_learners();

struct Ledger001Options {
  Rational eps{1, 2}, delta{1, 100000};      // the claim, and the learner's calibration unless calibration_eps
  std::optional<Rational> calibration_eps;   // negative controls: the learner calibrated for another ε
  std::uint64_t T = 0, B = 0;                // the run (T rounds, batches of B: M = ⌊T/B⌋ aggregations)
  std::uint32_t d = 2, K = 4;                // §6.1's generator, features on 2^−q
  unsigned q = 8;
  // Returning users (issue 18; docs/privacy-001.md §12): the learner calibrated with users = returning and the ledger
  // composed at user level (ref::compose_user_level_001: a person in every batch, k = M = ⌊T/B⌋, for sdp-amp and
  // sdp-vec; a person in M₀ rounds for linucb-jdp).
  ref::UserModel users = ref::UserModel::Unique;
  std::optional<std::uint64_t> m0;  // linucb-jdp, returning: M₀ (default ⌈T^{1/3}⌉)
};
// The claims' sizes (quick = full: one reference run each, B ∤ T so that a trailing batch exists):
//   sdp-amp  ε = 1/10, δ = 10⁻⁵, B = 400, T = 837 (Lemma B.4 applies: the errata's point of 001.lemma-b4)
//   sdp-vec  ε = 1,    δ = 10⁻⁵, B = 20,  T = 67
//   ldp      ε = 1/2,  δ = 10⁻⁵, B = 20,  T = 67
//   jdp      ε = 1/2,  δ = 10⁻⁵, B = 10,  T = 85 (M = 8 leaves, m = 4 levels: leaf 1 in 4 nodes)
// ParameterError naming `learner` outside ledger_001_learners().
Ledger001Options ledger_001_defaults(const std::string& learner);

// The returning-user claims' sizes (001.linucb-sdp-amp.returning.ledger, 001.linucb-sdp-vec.returning.ledger,
// 001.linucb-jdp.user-level.ledger; ε = 1/2 < 1 as Thm E.2 needs, δ = 10⁻⁵):
//   sdp-amp  B = 400, T = 837 (M = 2 aggregations, calibrated for ⌈T/B⌉ = 3; Lemma B.4 applies per batch)
//   sdp-vec  B = 20,  T = 67  (M = 3, calibrated for 4)
//   jdp      B = 10,  T = 85  (M = 8 leaves, M₀ = ⌈85^{1/3}⌉ = 5 rounds per person)
// ParameterError naming `learner` for linucb-ldp (no returning-user calibration) or an unknown name.
Ledger001Options ledger_001_returning_defaults(const std::string& learner);

// One reference run with the ledger recorded (instance: seed001_instance on ChaCha20(seed, 0); rewards on stream 2;
// noise on stream 1).
ref::LinUcbTrajectory run_ledger_001(const std::string& learner, const Ledger001Options& options, std::uint64_t seed);

// The verdict on a trajectory (tests hand it tampered ones).
Outcome assess_ledger_001(const std::string& learner, const ref::LinUcbTrajectory& trajectory,
                          const Ledger001Options& options);

Outcome check_ledger_001(const std::string& learner, const RunOptions& run, const Ledger001Options& options);

}  // namespace dpb::verify::privacy_checks
