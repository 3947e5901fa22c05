// The audit claims' checker (verify/claims/claims_audit.cpp), exposed for the negative controls that run it on
// leaky twins (tests/verify/claims/audit_claims_leaky_stat_test.cpp).
#pragma once

#include <cstdint>
#include <string>

#include "reference/core/rational.hpp"
#include "verify/claims/claim.hpp"

namespace dpb::verify {

// Audits learner `target` at claimed ε = eps over its neighbouring relation (neighbour search: quick 8 pairs
// screened at 500 runs per side, 2 kept at 5000; full 32 screened at 10^4, 3 kept at 10^5; 4x the final runs for the
// whole output) at confidence
// 1 − o.alpha, the learner running at leak_factor·ε (1: as specified). Verdict rule (docs/audit.md, "Audit claims"):
// `violated` when the audit's ε_lb exceeds the claimed ε (VIOLATION), or when a searched pair's exact law gives a
// certified lower bound on the privacy loss of the audited decision above the claimed ε (white box; pure claims);
// `holds` when not violated, the learner's ledger (privacy_checks::check_ledger: a certified upper bound on the whole
// output's privacy loss) holds within the claimed ε (pure claims), and the audit shows no MODEL-MISMATCH; otherwise
// `inconclusive` — a black-box audit alone can only refute. The evidence says whether the audit was
// TIGHT or WEAK, and for WEAK the samples per side that would settle it.
// `whole_output`: the view is the whole output up to a longer stop (TargetOptions::whole_output; the
// `<seed>.<learner>.whole-output` claims).
// `arms`, `joint_view`: multi-agent targets (seed 004, TargetOptions::arms and joint_view).
// `reuse_noise`: the other leaky twin, every second release reusing the previous one's noise
// (TargetOptions::reuse_noise); its ledger (which models fresh noise) is not consulted, so it is never `holds`.
// Seed 001's learners (audit/targets_001_learners.hpp: linucb-sdp-amp, linucb-sdp-vec, linucb-ldp, linucb-jdp): the view
// is always the whole output, δ = 10⁻⁵, quick 5000 / full 10⁵ final runs per side; the ledger consulted is
// privacy_checks::check_ledger_001 at the audited configuration ((ε, δ), d = 2, K = 2, q = 4, B = 4, T = 14), whose
// `holds` is an (ε, δ) bound within the claim. `noise_divisor`: their leaky twin (TargetOptions::noise_divisor).
Outcome learner_audit_outcome(const std::string& target, const Rational& eps, const RunOptions& o,
                              const Rational& leak_factor = Rational(1), bool whole_output = false,
                              std::uint32_t arms = 2, bool joint_view = false, bool reuse_noise = false,
                              const Rational& noise_divisor = Rational(1));
// `004.dp-mase.privacy` (issue 16 §1): learner_audit_outcome on the dp-mase target (N = 2, --votes 1, watched agent
// 0) for every case — quick: K = 3, views agent and joint, at ε; full: ε ∈ {1/2, 1} × K = 3 × both views, and
// ε = 1/2, K = 2, agent view (`eps` ignored) — combined: violated if any case is, holds if every case holds, else inconclusive.
Outcome dp_mase_audit_outcome(const Rational& eps, const RunOptions& o, const Rational& leak_factor = Rational(1));

}  // namespace dpb::verify
