// The (ϵ, η)-privacy claims of seed 004 (issue 16 §2; docs/privacy-004.md §7): `004.prop5.1.eta-privacy`
// (CORRUPTED ELIMINATION, Prop. 5.1 with eq. (12)) and `004.feraud.eta-privacy` (ξ = 0: Féraud et al.'s
// Decentralized Elimination, §5.1), each an adversary audit (verify/audit/eta_privacy.hpp) over its grid, Bonferroni
// over every (setting, watched agent, adversary) of the grid at the claim's α.
#pragma once

#include "verify/claims/claim.hpp"

namespace dpb::verify::privacy_checks {

Outcome check_prop51_eta_privacy(const RunOptions& options);
Outcome check_feraud_eta_privacy(const RunOptions& options);

}  // namespace dpb::verify::privacy_checks
