// Claims of seed 000's App. I, returning users (issue 22): 000.v19, 000.remark8, 000.app-i.rdp-gain and the
// user-level ledgers 000.<learner>.returning.ledger. Checkers: verify/privacy_checks/returning_checks.hpp;
// docs/privacy-000.md §4.2.
#include "verify/claims/registry.hpp"
#include "verify/privacy_checks/returning_checks.hpp"

namespace dpb::verify {

void register_claims_000_returning(Registry& registry) {
  registry.add(Claim{
      "000.v19",
      "Returning users, approximate route: with ε_i = ε/(2√(2B log(1/δ′))), δ_i = δ/(2B), δ′ = δ/2, Bδ_i + δ′ = δ "
      "exactly and the B-fold advanced composition √(2B log(1/δ′)) ε_i + B ε_i (e^{ε_i} − 1) (Dwork–Roth Thm 3.20, "
      "not Cor. 3.21's ε < 1 form) is ≤ ε",
      {"000", "App. I, App. K", "V19; Theorem 7"},
      Method::certified,
      "ε ∈ {1/100, 1/10, 1/2, 9/10} × δ ∈ {1e-3, 1e-5, 1e-8} × B ∈ {1, 2, 10, 100, 10^4, 10^6} (full: ε up to 4, "
      "δ from 1e-2 to 1e-12, B up to 10^8)",
      Verdict::holds, [](const RunOptions& o) { return privacy_checks::check_v19(o.suite); }});
  registry.add(Claim{
      "000.remark8",
      "A numerical accountant is no looser than App. I's closed forms: the B-fold Rényi composition of a batch's "
      "curve converted by Lemma 10 is ≤ advanced composition of the batch's (ε, δ/(2B)) (and, for dist-cdp, ≤ "
      "Bρ + 2√(Bρ log(1/δ)))",
      {"000", "App. I", "Remark 8"},
      Method::certified,
      "dist-rdp, dist-cdp × batch ε ∈ {1/100, 1/10, 1/2} × B ∈ {1, 10, 1000} × δ = 1e-5, n = 100, T = 10^4 (full: "
      "B up to 10^5, δ ∈ {1e-3, 1e-5, 1e-9})",
      Verdict::holds, [](const RunOptions& o) { return privacy_checks::check_remark8(o.suite); }});
  registry.add(Claim{
      "000.app-i.rdp-gain",
      "The RDP route saves a factor Θ(log(B/δ)) in per-batch noise variance against the approximate route (shape: "
      "the computed ratio exceeds 1, grows with B/δ, and ratio/log(B/δ) stays within a factor 2 over the grid)",
      {"000", "App. I", "eqs. 14–15 (claimed gain log(B/δ))"},
      Method::certified,
      "dist-cdp, ε = 1/2, δ ∈ {1e-3, 1e-9} × B ∈ {10, 1000}, n = 1000, T = 10^6 (full: dist-rdp too, ε ∈ {1/2, 9/10}, "
      "δ ∈ {1e-3, 1e-6, 1e-9}, B ∈ {1, 10, 100, 1000})",
      Verdict::holds, [](const RunOptions& o) { return privacy_checks::check_rdp_gain(o.suite); }});
  const auto ledger = [&registry](const std::string& learner, const std::string& statement, Source source) {
    registry.add(Claim{"000." + learner + ".returning.ledger", statement, std::move(source), Method::certified,
                       "eps = 1/2, B = 8 batches per user, K = 2, T = 1024 (every batch size l(b) = 2^b), delta = "
                       "1e-5 (rdp route)",
                       Verdict::holds, [learner](const RunOptions&) {
                         return privacy_checks::check_returning_ledger(learner, {});
                       }});
  };
  ledger("dist-dp-se",
         "Algorithm 1 with Dist-DP batches at ε/B (pure route, Remark 9) is ε-DP at user level when a user enters at "
         "most B batches: the ledger charges the user's worst B batches (exact sum)",
         {"000", "App. I", "Assumption 2; Remark 9; Theorem 1"});
  ledger("dist-rdp-se",
         "Algorithm 1 with Dist-RDP batches at the rdp route's per-batch ε is (ε, δ)-DP at user level when a user "
         "enters at most B batches: the ledger composes the user's worst B batches' Lemma 3 curves (Lemma 10 at δ)",
         {"000", "App. I", "Assumption 2; Theorem 2; Lemma 3; Lemma 10"});
  ledger("dist-cdp-se",
         "Algorithm 1 with Dist-CDP batches at the rdp route's per-batch ε is (ε, δ)-DP at user level when a user "
         "enters at most B batches: the ledger composes the user's worst B batches' ρ of Lemma 4 (Lemma 10 at δ)",
         {"000", "App. I", "Assumption 2; Theorem 4; Lemma 4; Lemma 10"});
}

}  // namespace dpb::verify
