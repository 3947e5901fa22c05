// The claims on the privacy of the seed-003 authors' code (jdp-glm --profile paper-code; Sarmasarkar 2026,
// arXiv:2602.00417, Sec. 8, Remark A.1; spec 003 §7.3; issue 21 "Claims"):
//
// `003.paper-code.dpsgd-accountant` — "the code's formula upper-bounds that accountant": for every per-call
// (ε_call, δ_call) the paper-code jdp-glm's budget split gives in the 003 experiments (003-table2, 003-fig1-logistic,
// 003-fig1-probit, 003-kappa; both code versions; θ̂_w calls at n <= count1, θ̂_τ calls at n <= T − 1; n <= 2048
// and n > 2048), take the σ the code's formula calibrates (first commit: its Poisson-form RDP, orders 2..63, z = σ;
// later commit: the without-replacement bound fed the noise multiplier σ as the code does, i.e. the learner's z = σ/2
// search halved) and compare the promised ε_call with the ε of the accountant valid for what the code does
// (reference/privacy/dpsgd_disjoint.hpp: μ² = 4E/σ², exact Gaussian profile at δ_call). Per row: `holds` when the
// valid ε's certified upper end is <= ε_call, `violated` when its certified lower end is > ε_call (the formula
// under-reports; certified: ε_call >= the formula's value at σ by the search). This is a comparison of two formulas;
// the valid accountant is an upper bound of the call's loss, so a `violated` row says the code's guarantee is not
// shown, not that the call leaks more (docs/findings.md). Reported per row: σ, the valid ε, the σ the valid
// accountant calibrates for (ε_call, δ_call) and the factor, and for the later commit the learner's own σ (z = σ/2).
//
// `003.jdp-glm.paper-code.ledger` — see check_ledger_jdp_paper_code below.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "reference/core/rational.hpp"
#include "reference/glm/link.hpp"
#include "reference/learners/jdp_glm.hpp"
#include "verify/claims/claim.hpp"

namespace dpb::verify::privacy_checks {

// One experiment setting of the grid (κ: the instance's, rounded as docs/experiments.md reports it).
struct PaperCodeSetting {
  std::string experiment;
  ref::Link link = ref::Link::logistic;
  std::uint32_t d = 3;
  std::uint64_t T = 5000;
  Rational S, kappa, kappa_star, eps, delta;
};
std::vector<PaperCodeSetting> dpsgd_accountant_settings(Suite suite);

// One DP-SGD call kind at one n, compared.
struct DpSgdAccountantRow {
  std::string version, call, experiment;
  Rational eps_call, delta_call;
  std::uint64_t n = 0, epochs = 0;
  Rational sigma_code;                 // the σ the code's formula calibrates
  Rational code_eps_upper;             // the code's formula at sigma_code (certified upper end; <= eps_call)
  Rational valid_eps_lower, valid_eps_upper;  // the valid accountant at sigma_code
  Rational sigma_valid;                // the least grid σ the valid accountant calibrates for (eps_call, delta_call)
  std::optional<Rational> sigma_learner;      // later commit: our learner's σ (z = σ/2)
  std::optional<Rational> learner_valid_eps_upper;
  Verdict verdict = Verdict::inconclusive;
};
DpSgdAccountantRow dpsgd_accountant_row(const std::string& version, const std::string& call,
                                        const std::string& experiment, const Rational& eps_call,
                                        const Rational& delta_call, std::uint64_t n);
// The claim's verdict over rows (tests hand it tampered rows): violated if any row is, holds if all do.
Outcome assess_dpsgd_accountant(const std::vector<DpSgdAccountantRow>& rows);
Outcome check_dpsgd_accountant(const RunOptions& run);

}  // namespace dpb::verify::privacy_checks

namespace dpb::verify::privacy_checks {

// `003.jdp-glm.paper-code.ledger` (issue 21 "Claims": "003.jdp-glm.paper-code.ledger for the authors' variant"):
// everything the paper-code jdp-glm releases to other users, composed per user as the implementation runs it, in
// the pattern of 003.jdp-glm.ledger (ledger_003_jdp_checks.hpp), one run of the reference learner per code version:
//   * both matrix trees (BinaryTreeMechanism(T, ε/3, δ/3, C), C = 1 and 1/κ*): every complete node holding the
//     user's leaf, one Gaussian per node pair of squared sensitivity max(2/σ_V², 2/(κ*²σ_H²), 1/σ_V² + 1/(κ*²σ_H²))
//     (the scaled V leaf xxᵀ/(1 + s) has ‖·‖_F <= 1 and nonnegative inner products, so the theorem ledger's cases
//     hold; the H weight μ̇/e <= 1/(4e) < 1/κ* for the logistic link at κ* = 4, checked on the run) — as the claim
//     003.tree.privacy.paper-code;
//   * every DP-SGD call the run made (θ̂_w at exploration rounds while count1 < cutoff, θ̂_τ at switches), at the
//     VALID accountant (reference/privacy/dpsgd_disjoint.hpp: μ² = 4E/σ² at the call's σ; for θ̂_w calls the largest
//     over the data set sizes n − 1, n, n + 1, since the changed user may enter or leave T_o), charged to every user
//     who may be in its data (θ̂_w at round r: users <= r; θ̂_τ at round r: users < r) — a replace-one law at fixed n,
//     so a membership change is covered only under Lemma I.7's conditioning: "holds, conditional on Lemma I.7";
//   * the switching set, the counters, the weights and every other user's action: post-processing.
// All Gaussian: one Gaussian per user of μ² = Σ (exact composition, compose_ledger), ε at the claim's δ. The
// verdict is on the bound over every run: each user charged the trees and every call the cutoffs allow (count1 θ̂_w,
// count2 θ̂_τ; T <= 2048, so σ does not depend on n); the run's own ledger is reported beside it.
// Verdict: holds iff (ε, δ) within the claim; otherwise inconclusive (an upper bound; no lower bound of what other
// users see is computed — the ledger charges a superset of it).
struct LedgerPaperCodeOptions {
  Rational eps{8}, delta{1, 50};     // the learner's calibration and the claim
  std::optional<Rational> claim_eps;  // negative controls: a claim other than the calibration's ε
  std::uint64_t T = 64;  // <= 2048: every call one batch per epoch
  std::uint32_t d = 2, K = 4;
  Rational kappa{600};   // a Criterion-I threshold that explorations reach within T (θ̂_w calls run)
  ref::JdpCodeVersion version = ref::JdpCodeVersion::First;
};
Outcome check_ledger_jdp_paper_code(const RunOptions& run, const LedgerPaperCodeOptions& options);
// Both code versions, the outcomes combined (the worse verdict; both reported).
Outcome check_ledger_jdp_paper_code_both(const RunOptions& run);

}  // namespace dpb::verify::privacy_checks
