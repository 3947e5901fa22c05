// Claims of seed 000's App. I, returning users (issue 22; reference/privacy/returning_users.hpp; docs/privacy-000.md
// §4.2):
//   000.v19            Bδ_i + δ′ = δ exactly and the Dwork–Roth Thm 3.20 total of B batches at (ε_i, δ_i) is ≤ ε
//                      (certified: holds iff every grid point's upper end ≤ ε; violated iff some lower end > ε or the
//                      δ identity fails).
//   000.remark8        the numerical accountant (B-fold Rényi composition, Lemma 10) is no looser than App. I's
//                      closed forms for the same batch: advanced composition of the batch's (ε at δ/(2B)) with δ′ =
//                      δ/2, and (dist-cdp) Bun–Steinke's Bρ + 2√(Bρ log(1/δ)). holds iff numerical upper ≤ closed
//                      lower everywhere; violated iff numerical lower > closed upper somewhere.
//   000.app-i.rdp-gain the per-batch variance of the approx route over that of the rdp route (exact: (ε_rdp/ε_approx)²
//                      in reward units) beside log(B/δ); a shape claim (verdict rule in check_rdp_gain).
//   000.<learner>.returning.ledger  (dist-dp-se: pure route; dist-rdp-se, dist-cdp-se: rdp route) the learner at the
//                      route's per-batch ε (the smallest over its batch sizes), whose user-level ledger (a user's worst B
//                      batches, compose_returning_user) is certified ≤ ε.
#pragma once

#include <string>
#include <vector>

#include "reference/core/rational.hpp"
#include "verify/claims/claim.hpp"

namespace dpb::verify::privacy_checks {

Outcome check_v19(Suite suite);
Outcome check_remark8(Suite suite);
Outcome check_rdp_gain(Suite suite);

// The learners with a returning-users ledger claim: dist-dp-se, dist-rdp-se, dist-cdp-se.
const std::vector<std::string>& returning_ledger_learners();
struct ReturningLedgerOptions {
  Rational eps{1, 2};
  Rational delta{1, 100000};  // rdp route only
  std::uint64_t B = 8;
  std::uint64_t horizon = 1024;
  // Negative control (tests only): the ledger charges `ledger_B` batches (0: B) — a user in more batches than the
  // calibration assumed.
  std::uint64_t ledger_B = 0;
};
// ParameterError naming `learner` for a name outside returning_ledger_learners().
Outcome check_returning_ledger(const std::string& learner, const ReturningLedgerOptions& options);

}  // namespace dpb::verify::privacy_checks
