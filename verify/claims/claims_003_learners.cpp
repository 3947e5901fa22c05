// Claims on seed 003's learners (Sarmasarkar, "Shuffle and Joint Differential Privacy for Generalized Linear
// Contextual Bandits", 2026, arXiv:2602.00417; Sec. 6, Alg. 2, Thm 6.2, Lemma I.7; spec 003 §5.3, §6; issue 21
// "Claims"): the joint-DP learner's ledger (verify/privacy_checks/ledger_003_jdp_checks.hpp; docs/privacy-003.md
// "Ledger of jdp-glm") and its trajectory counters, theorem profile (verify/learner_checks/jdp_glm_counters.hpp;
// family counters-003, registered in all_claims.cpp). Called from register_claims_003 (claims_003.cpp).
#include "verify/claims/registry.hpp"
#include "verify/learner_checks/jdp_glm_counters.hpp"
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
