// `004.prop5.2.bound` (issue 16 §3; spec 004 §6 Prop. 5.2 and E2): CORRUPTED ELIMINATION's printed failure bound
// B(ξ) = min over α ∈ ℕ of (1 − I_ξ(α+1, M))·δ·η_ξ^α, evaluated exactly as printed, against a certified lower bound
// on the failure probability of a small instance.
//
// As printed the minimum over α ∈ ℕ is not attained: each term is at most δ·η_ξ^α → 0, so B(ξ) = inf = 0 (the
// checker evaluates B_A = min over α ≤ A exactly and the bound B_A ≤ δ·η_ξ^A). The small instance: CE whose local
// routine is the coin at its nominal level ρ = η_ξ (each agent, at its first activation, eliminates only the best
// arm w.p. η_ξ — the proof's local failure — else every other arm), masks ν ~ Bernoulli(1 − ξ), the strict test
// (M + 1 votes): if the first M + 1 agents to be activated all fail and all their votes are sent, the best arm is
// eliminated before any other arm has a vote, so P(fail) ≥ (η_ξ(1 − ξ))^(M+1) > 0 = B(ξ), exactly: `violated`.
// E2's union form Σ_{α ≥ 0} η_ξ^(M+α)(1 − I_ξ(α+1, M)) is enclosed beside (partial sum plus the tail bound
// η_ξ^(M+A+1)/(1 − η_ξ)).
#pragma once

#include "verify/claims/claim.hpp"

namespace dpb::verify::certified {

Outcome check_prop52_bound(const RunOptions& options);

}  // namespace dpb::verify::certified
