// Seed 004's privacy claims for DP-MASE (issue 16 §1; docs/privacy-004.md):
//   * `004.dp-mase.epoch-law` (certified): the exact law of one epoch's eliminated set k(e)
//     (verify/audit/decision_law_dp_mase.hpp) for |𝒦_n| ∈ {2, 3}, its pure ε maximised over a searched family of
//     neighbouring pairs (the changed reward in the top arm or another, 0 ↔ 1, the epoch's sums across a window
//     around the threshold and the tie), against the claimed ε.
//   * the recorded-run part of `004.dp-mase.ledger` (ledger_checks.cpp): the ledger of real runs' releases.
//
// Verdict of the epoch law (errata, issue 11: a searched maximum is a lower bound): `violated` iff the certified
// lower end of some searched pair's ε exceeds the claim; `holds` iff not violated and the upper bound — the changed
// reward enters exactly one release of the epoch, Lap_Z(t) with sensitivity G·q, so k(e), a function of the epoch's
// releases, has pure ε ≤ G·q/t (post-processing; docs/privacy-004.md §3) — is within the claim; otherwise
// `inconclusive` with both.
#pragma once

#include <cstdint>
#include <vector>

#include "reference/core/rational.hpp"
#include "reference/learners/mase.hpp"
#include "reference/privacy/ledger.hpp"
#include "verify/claims/claim.hpp"

namespace dpb::verify::privacy_checks {

struct EpochLawOptions {
  // The claimed ε values (quick: {1/2}; full: {1/2, 1} — set by check_dp_mase_epoch_law from the suite when empty).
  std::vector<Rational> eps;
  // Leaky twin (negative controls): the noise scale divided by `leak` (the learner runs at leak·ε), the epoch's
  // lengths and thresholds and the claim unchanged. 1 = as specified.
  Rational leak{1};
};

Outcome check_dp_mase_epoch_law(const RunOptions& run, const EpochLawOptions& options = {});

// The ledger entries of a DP-MASE outcome recorded with MultiAgentConfig::record_ledger: each EpochRelease covers
// agent n's pulls [first, first + count) of its arm, stream n·K + arm.
std::vector<ref::LedgerEntry> dp_mase_ledger_entries(const ref::MultiAgentOutcome& out, std::uint32_t arms);

}  // namespace dpb::verify::privacy_checks
