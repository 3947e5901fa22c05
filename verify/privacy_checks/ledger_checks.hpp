// The `<seed>.<learner>.ledger` claims (issue 11 §3; docs/privacy-000.md "Ledger"): the privacy loss of a private
// learner's whole output, composed per observation by the privacy ledger (reference/privacy/ledger.hpp) over the
// learner's release schedule up to the horizon (reference/learners/release_schedule.hpp), against the paper's claim.
//
// Verdicts (errata, issue 11): `holds` iff the whole-output ε (a certified upper bound) ≤ the claim; above it,
// `violated` only with a certified lower bound for the same observation above the claim, else `inconclusive` with
// both bounds. Lower bounds (docs/privacy-000.md "Ledger"):
//   * discrete-Laplace releases only: the sum is the exact pure ε of the joint view of the releases containing the
//     observation (independent noises; the observation's change moves every sum by Δ in the same direction; the
//     likelihood ratio attains e^{Δ/t} per release on a set of positive probability) — the upper bound is exact;
//   * Report-Noisy-Max (ftnl): the exact decision law of one RNM call with K = 2 gives
//     ε ≥ 2Δ/t − 2/(2^s − 2) for the last complete epoch s (derivation in the docs);
//   * protocol guarantees (shuffle) and Rényi/zCDP conversions have no lower bound here: `inconclusive` above.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "reference/core/rational.hpp"
#include "verify/claims/claim.hpp"

namespace dpb::verify::privacy_checks {

// The learners with a ledger claim: dp-se, dist-dp-se, dist-rdp-se, dist-cdp-se, shuffle-se, cdp-se, ldp-se
// (seed 000), anytime-lazy-ucb, hybrid-ucb, ftnl, naive-ftnl (seed 002), dp-mase (seed 004).
const std::vector<std::string>& ledger_learners();

struct LedgerCheckOptions {
  Rational eps{1, 2};    // the learner's (and the claim's) ε
  std::uint64_t horizon = 0;  // 0: T = 10^6 (both suites)
  // A leaky twin (negative controls, tests only): every noise scale divided by `leak` (pure guarantees times
  // `leak`, Skellam variances divided by leak², ρ times leak²), the claim unchanged.
  Rational leak{1};
  bool hybrid_levels_plus_one = false;  // hybrid-ucb with TreeScale::LevelsPlusOne (the corrected calibration)
  std::optional<Rational> ftnl_noise_multiplier;  // ftnl with c ≠ 1 (c = 2: the corrected calibration)
};

// ParameterError naming `learner` for a name outside ledger_learners().
Outcome check_ledger(const std::string& learner, const RunOptions& run, const LedgerCheckOptions& options = {});

}  // namespace dpb::verify::privacy_checks
