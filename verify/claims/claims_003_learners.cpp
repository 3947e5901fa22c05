// Claims on seed 003's learners (Sarmasarkar, "Shuffle and Joint Differential Privacy for Generalized Linear
// Contextual Bandits", 2026, arXiv:2602.00417; Sec. 6, Alg. 2, Thm 6.2, Lemma I.7; spec 003 §5.3, §6; issue 21
// "Claims"): the joint-DP learner's ledger (verify/privacy_checks/ledger_003_jdp_checks.hpp; docs/privacy-003.md
// "Ledger of jdp-glm") and its trajectory counters, theorem profile (verify/learner_checks/jdp_glm_counters.hpp;
// family counters-003, registered in all_claims.cpp). Called from register_claims_003 (claims_003.cpp).
#include "verify/claims/registry.hpp"
#include "verify/learner_checks/jdp_glm_counters.hpp"
#include "verify/privacy_checks/dpsgd_accountant_003_checks.hpp"
#include "verify/privacy_checks/ledger_003_jdp_checks.hpp"

namespace dpb::verify {

namespace {

constexpr const char* kCounterGrid =
    "theorem profile, reference learner: eps = 1, delta = 2/5, zeta = 1/5, T = 32, d = 4, K = 4, logistic, authors' "
    "generator, S = 2, kappa* = 4, kappa = 10, c = C = 1; quick: 12 runs, full: 700 runs; each event decided "
    "exactly per round on the run's replayed trees; one-sided Clopper-Pearson against the lemma's p0";

void add_counter(Registry& registry, const std::string& event, const std::string& statement, Source source,
                 Verdict expected, std::optional<Verdict> expected_full) {
  Claim& c = registry.add(in_family("counters-003", Claim{"003." + event, statement, std::move(source),
                                                          Method::statistical, kCounterGrid, expected,
                                                          [event](const RunOptions& run) {
                                                            return learner_checks::check_jdp_event(event, run);
                                                          }}));
  c.expected_full = expected_full;
  if (expected != Verdict::holds || (expected_full && *expected_full != Verdict::holds))
    c.stored_report = c.id + ".json";
}

}  // namespace

void register_claims_003_learners(Registry& registry) {
  registry.add(Claim{
      "003.jdp-glm.ledger",
      "Alg. 2 is (eps, delta)-JDP (Thm 6.2): everything it releases to other users — every complete node of both "
      "matrix trees (one user's leaf, the joint Gaussian change), the switching set (post-processing of the V tree), "
      "every P_GD call as the run made it (T_it = 0 calls read no data) — composed per user within (eps, delta)",
      {"003", "Sec. 6, App. I, P", "Thm 6.2; Lemmas I.4, I.6, I.7"},
      Method::certified,
      "theorem profile, one run of the reference learner: eps = 1, delta = 1/100, zeta = delta/2, T = 64, d = 2, "
      "K = 4, logistic, authors' generator, S = 2, kappa* = 4, kappa = 10, c = C = 1 (exact Gaussian composition "
      "per user over the nodes holding its leaf)",
      Verdict::holds, [](const RunOptions& run) { return privacy_checks::check_ledger_jdp(run); }});
  {
    Claim& c = registry.add(Claim{
        "003.paper-code.dpsgd-accountant",
        "the code's formula upper-bounds that accountant: at the sigma the authors' DP-SGD formula calibrates for "
        "each per-call (eps_call, delta_call) of the paper-code jdp-glm (first commit: Poisson-form RDP; later "
        "commit: without-replacement RDP at multiplier sigma), the accountant valid for what the code does (disjoint "
        "batches per epoch, replace-one sensitivity 2C, no amplification, E epochs composed) gives eps <= eps_call",
        {"003", "Sec. 8, Remark A.1; spec 003 §7.3", "the code's per-call DP-SGD accountant"},
        Method::certified,
        "per-call budgets of the paper-code jdp-glm (both code versions) in the 003 experiments: theta_w calls at "
        "n = min(count1, 2048) and count1, theta_tau at min(T - 1, 2048) and T - 1; quick: 003-table2 S = 2, eps = "
        "4; full: every setting of 003-table2, 003-fig1-*, 003-kappa (delta = 1/50)",
        Verdict::violated, [](const RunOptions& run) { return privacy_checks::check_dpsgd_accountant(run); }});
    c.stored_report = c.id + ".json";
  }
  registry.add(Claim{
      "003.jdp-glm.paper-code.ledger",
      "the authors' variant (paper-code jdp-glm, both code versions) is (eps, delta)-JDP as the implementation runs "
      "it (the DP-SGD steps with the code's continuous Gaussian noise): both matrix trees (one user's leaf, the joint Gaussian change), every DP-SGD call at the accountant valid "
      "for what the code does, the switching set as post-processing — composed per user within (eps, delta)",
      {"003", "Sec. 6, 8; Remark A.1; spec 003 §7.3", "Thm 6.2 (the paper's claim, for the code's variant)"},
      Method::certified,
      "paper-code profile, one run of the reference learner per code version: eps = 8, delta = 1/50 (= zeta), "
      "T = 64, d = 2, K = 4, logistic, authors' generator, S = 2, kappa* = 4, kappa = 600; verdict on the bound over "
      "every run (the trees' nodes holding the user's leaf plus every DP-SGD call the cutoffs allow, exact Gaussian "
      "composition), the run's own calls reported",
      Verdict::holds, [](const RunOptions& run) { return privacy_checks::check_ledger_jdp_paper_code_both(run); }});
  // Trajectory counters (issue 21 "Claims"): each event's failure rate against the lemma's failure probability.
  add_counter(registry, "lemma-p2.to-bound",
              "Lemma P.2: |T_o| <= 8 d R^2 kappa gamma^2 log T with probability at least 1 - zeta/8",
              {"003", "App. P", "Lemma P.2; T9"}, Verdict::holds, std::nullopt);
  add_counter(registry, "lemma-p2.caps",
              "the caps are never hit (Lemma P.2, Remark A.1): no theta_o update refused at count1_cutoff and no "
              "Criterion-II switch refused at count2_cutoff, with probability at least 1 - zeta/8",
              {"003", "App. P, Remark A.1", "Lemma P.2"}, Verdict::inconclusive, Verdict::holds);
  add_counter(registry, "lemma-o4.switches",
              "T9 / Lemma O.4(a): the number of Criterion-II switches is at most d log2(2 + 2 T L^2/(lambda d)) "
              "(d >= 3) with probability at least 1 - zeta/8",
              {"003", "App. O", "Lemma O.4(a); T9"}, Verdict::inconclusive, Verdict::holds);
  add_counter(registry, "assumption-i1",
              "Assumption I.1 (Lemma I.4 with Eq. 19's lambda): with probability at least 1 - zeta/8, for all t, "
              "lambda_min I <= V_t - sum_{T_o} x x^T <= lambda_max I and lambda_min I <= H_t - sum w x x^T <= "
              "lambda_max I",
              {"003", "App. I", "Assumption I.1; Lemma I.4; Eq. 19, 49"}, Verdict::inconclusive, Verdict::holds);
  add_counter(registry, "lemma-l3.confidence",
              "Lemma L.3 / K.1: with probability at least 1 - zeta/8, ||theta_o - theta*||_{V_t} <= gamma sqrt(kappa) "
              "at every round (theta* inside every elimination width gamma sqrt(kappa) ||x||_{V^-1})",
              {"003", "App. K, L", "Lemmas K.1, L.3"}, Verdict::inconclusive, Verdict::holds);
  add_counter(registry, "cor-m1",
              "Cor. M.1 (Lemma L.4): with probability at least 1 - zeta/8, |<x, theta_tau - theta*>| <= beta "
              "||x||_{H_tau^-1} for every x at every exploitation round",
              {"003", "App. M", "Cor. M.1; Lemma L.4"}, Verdict::inconclusive, Verdict::inconclusive);
  add_counter(registry, "lemma-m2",
              "Lemma M.2: at every exploitation round the best arm survives the elimination and <x_t* - x_t, "
              "theta*> <= 4/R, with probability at least 1 - zeta/2",
              {"003", "App. M", "Lemma M.2"}, Verdict::inconclusive, Verdict::inconclusive);
}

}  // namespace dpb::verify
