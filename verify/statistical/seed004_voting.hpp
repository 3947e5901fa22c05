// Seed 004's voting claims (issue 16 §3; errata, issue 16):
//   `004.voting-independence` (E1): Props 4.2/5.2 argue that a global failure needs M independent local failures,
//     hence P(fail) ≤ ρ^M. MASE with the coin routine at ρ (each agent, at its first activation, eliminates only the
//     best arm w.p. ρ, else every other arm) and N ≥ 2M + 1 agents is a race: the run stops as soon as one side has
//     M + 1 votes, so P(fail) = P(Bin(2M + 1, ρ) ≥ M + 1) exactly. The measured failure rate is compared with ρ^M
//     (the verdict: one-sided Clopper–Pearson, as the failure claims) and with the exact race (an exact binomial
//     test, which must not reject: otherwise the verdict is `inconclusive`, the engine disagreeing with its model);
//     E1's union bound P(Bin(N, ρ) ≥ M + 1) is reported beside.
//   `004.local-failure` (V18): agent 0's local failure (it eliminated the best arm, masked or not) against the local
//     routine's level (β for DP-MASE, η_ξ for CE), one agent per run so that the runs are independent.
#pragma once

#include <cstdint>

#include "reference/core/rational.hpp"
#include "verify/claims/claim.hpp"

namespace dpb::verify::statistical {

// P(Bin(n, p) ≥ k), exactly.
Rational binomial_at_least(std::uint64_t n, std::uint64_t k, const Rational& p);

Outcome check_voting_independence(const RunOptions& options);
Outcome check_local_failure(const RunOptions& options);

}  // namespace dpb::verify::statistical
