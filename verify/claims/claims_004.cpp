// Claims of seed 004 (Rio, Barlier, Colin & Soare, "Multi-Agent Best Arm Identification with Private
// Communications", ICML 2023, PMLR 202; docs/architecture.md §11): the learners' calibrations and the invariants of
// their runs (issue 15). Checkers: verify/learner_checks/seed004_checks.hpp; negative controls:
// tests/verify/learner_checks/seed004_checks_test.cpp and tests/verify/crosscheck/seed004_reduction_cross_test.cpp.
#include "reference/learners/mase.hpp"
#include "verify/certified/proof_files.hpp"
#include "verify/claims/registry.hpp"
#include "verify/certified/prop52_bound.hpp"
#include "verify/certified/seed004_certified.hpp"
#include "verify/learner_checks/seed004_checks.hpp"
#include "verify/privacy_checks/dp_mase_checks.hpp"
#include "verify/privacy_checks/eta_privacy_checks.hpp"
#include "verify/statistical/seed004_failure.hpp"
#include "verify/statistical/seed004_lemma_a1.hpp"
#include "verify/statistical/seed004_prop53.hpp"
#include "verify/statistical/seed004_sampled.hpp"
#include "verify/statistical/seed004_voting.hpp"

namespace dpb::verify {

void register_claims_004(Registry& registry) {
  namespace L = learner_checks;
  registry.add(Claim{
      "004.eta-xi",
      "η_ξ = max{0, 1 − (1−η)/(1−ξ)^(K−1)} (eq. 12): (1 − η_ξ)(1 − ξ)^(K−1) = 1 − η when η_ξ > 0; η_ξ = 0 exactly "
      "from ξ* = 1 − (1−η)^(1/(K−1)); decreasing in ξ; §7.4's values",
      {"004", "§5.2, §7.4", "Prop 5.1, eq. (12)"},
      Method::certified,
      "η ∈ {1/2, 3/4, 9/10} × K ∈ 2..16 × ξ ∈ {0, 1/100, 1/20, 1/10, 1/5, 1/4, 1/2, 9/10} (full: + i/100); exact "
      "rationals, ξ* by MPFI at 256 bits; §7.4 at η = 9/10, K = 10",
      Verdict::holds,
      [](const RunOptions& o) { return L::check_eta_xi(ref::eta_xi, o.suite == Suite::full); }});
  registry.add(Claim{
      "004.eta-xi.z3",
      "eq. 12 on nonlinear reals: (1 − η_ξ)(1 − ξ)^(K−1) = 1 − η when η_ξ > 0, 0 < η_ξ ≤ η, η_ξ ≤ 0 iff "
      "(1 − ξ)^(K−1) ≤ 1 − η; η_ξ decreasing in ξ (induction over K, and K = 16 written out)",
      {"004", "§5.2", "Prop 5.1, eq. (12)"},
      Method::proof,
      "proofs/004.eta-xi.*.smt2 (Z3, QF_NRA; unsat = proved)",
      Verdict::holds,
      [](const RunOptions&) { return certified::check_proof_files("004.eta-xi."); }});
  registry.add(Claim{
      "004.vote-threshold",
      "M = the smallest integer with ρ^M ≤ δ: ρ^M ≤ δ < ρ^(M−1) and M = ⌈ln δ/ln ρ⌉ (= ln δ/ln ρ when ρ^M = δ)",
      {"004", "§4.3, §5.2, §7.4", "Props 4.2, 5.2 (M = log δ/log β, log δ/log η_ξ)"},
      Method::certified,
      "ρ, δ ∈ {1/100, 1/20, 1/10, 1/8, 1/4, 3/10, 1/3, 1/2, 2/3, 4/5, 9/10, 99/100}² (full: + i/100); exact "
      "rationals and certified logarithms; §7.4's table at δ = 1/20",
      Verdict::holds,
      [](const RunOptions& o) { return L::check_vote_threshold(ref::smallest_power_below, o.suite == Suite::full); }});
  registry.add(Claim{
      "004.dp-se.constants",
      "DP-SE's epoch length R(e) = 1 + ⌊max{32·4^e·ln(8|S|e²/β), 8·2^e·ln(4|S|e²/β)/ε}⌋ gives h_e ≤ 2^−e/8 and "
      "c_e ≤ 2^−e/8, so 2(h_e + c_e) ≤ 2^−e−1; and Σ_e |S|·2·β/(4|S|e²) < β (V3)",
      {"004", "§4.2", "Sajed & Sheffet's DP-SE constants (V3)"},
      Method::certified,
      "|S| ∈ 1..10 × e ∈ 1..30 × ε ∈ {1/20, 1/10, 1/4, 1/2} (full: + 1/100, 1, 2) × β ∈ {3/10, 1/2, 4/5}; MPFI at "
      "256 bits against the reference's R(e); the union bound by the rational bound Σ 1/e² ≤ 7/4",
      Verdict::holds,
      [](const RunOptions& o) {
        return certified::check_dp_se_constants(ref::dp_se_epoch_length, o.suite == Suite::full);
      }});
  registry.add(Claim{
      "004.se.confidence",
      "SE's radius α(t) = √(ln(cKt²/β)/t): P(|μ̂_k(t) − μ_k| > α(t)) ≤ 2β/(cKt²) (§4.1; Hoeffding gives the "
      "stronger 2(β/(cKt²))², spec E9)",
      {"004", "§4.1", "eq. (1) and its confidence statement"},
      Method::certified,
      "Bernoulli μ ∈ {7/10, 1/2, 3/10, 1/10} (P1), K = 10, c = 1, β ∈ {1/2, 1/4}; t ∈ 1..100 ∪ {250, 500, 1000, "
      "2000} (full: 1..2000); exact binomial tails enclosed by MPFI at 256 bits",
      Verdict::holds,
      [](const RunOptions& o) { return certified::check_se_confidence(Rational(1), o.suite == Suite::full); }});
  registry.add(Claim{
      "004.identities",
      "V4: 1 − I_ξ(α+1, M) = P(Bin(M+α, 1−ξ) ≥ M) = P(Bin(M+α, ξ) ≤ α) (= (1−ξ)^M at α = 0); V5: P(Bin(T, p) ≤ k) = "
      "I_{1−p}(T−k, k+1); V6: P(Poisson(λ) ≥ s) = 1 − Q(s, λ) for integer s ≥ 1, Q(s, ·) decreasing (so Q^{−1}(s, ·) "
      "is); V8: Lemma A.1's T* = (√(½ln(1/δ)) + √(½ln(1/δ) + 4pT(η)))²/(4p²) solves "
      "pT − √(T ln(1/δ)/2) − T(η) = 0 and equals its expanded form",
      {"004", "§5.2, §5.3, App. A", "eqs. (9), (16)–(18), (22), Lemma A.1"},
      Method::certified,
      "V4: ξ ∈ {0, 1/20, 1/10, 1/5, 1/2} × M ≤ 12 × α ≤ 8 (full: 30, 20); V5: p ∈ {1/10, 3/10, 1/2, 7/10} × T ≤ 24 "
      "(full: 60) × k < T; exact rationals, I from its integral; V8: p ∈ {1/64, 1/16, 1/4, 1/2} × δ ∈ {1/20, 1/4} × "
      "T(η) ∈ {100, 1733, 10⁴}, MPFI at 256 bits; V6: s ≤ 20 (full: 60) × λ ∈ {1/10, 1/2, 1, 3, 10, 25}, the Poisson "
      "sum by MPFI against Q from its integral (MPFR gamma_inc, directed), 256 bits",
      Verdict::holds,
      [](const RunOptions& o) {
        return certified::check_identities(certified::incomplete_beta, Rational(8), o.suite == Suite::full);
      }});
  registry.add(Claim{
      "004.reduction.dp-se",
      "DP-MASE with N = 1 and M = 0 eliminates as dp-se: on one reward tape and one noise stream, the same "
      "eliminations (arm, epoch) and the same releases (arm, epoch, pulls, exact value)",
      {"004", "§4.2–4.3", "Alg. 2 with one agent = Sajed & Sheffet's DP-SE"},
      Method::crosscheck,
      "P1 (Bernoulli, K = 10), β = 1/2, ε = 1/2, q = 1; both builds; quick: 3 runs each, full: 20",
      Verdict::holds,
      L::check_reduction_dp_se});
  registry.add(Claim{
      "004.reduction.feraud",
      "corrupted elimination at ξ = 0 is Decentralized Elimination (Féraud et al. 2019) bit for bit: identical "
      "outcome records on the same streams",
      {"004", "§4.4, §5", "V12"},
      Method::crosscheck,
      "P1, δ = 1/4, η = 1/2 (M = 2), N ∈ {4, 16}, uniform P_N; quick: 3 runs each, full: 20",
      Verdict::holds,
      L::check_reduction_feraud});
  registry.add(Claim{
      "004.messages",
      "V22: each agent sends at most K − 1 messages, one per (agent, arm); λ_k = the sent messages against k ≤ N "
      "(masks only delete votes); a global elimination follows a vote with λ_k past the test; the returned arm is "
      "the one left; both builds record the same run",
      {"004", "§3.1, Alg. 1–3", "Assumption 3.4"},
      Method::crosscheck,
      "mase, dp-mase, corrupted-elimination (ξ = 1/20), decentralized-elimination, central-se × P1, δ = 1/4, "
      "β = η = 1/2; quick: N ∈ {4, 16}, 2 runs capped at 2000·N rounds; full: N ∈ {4, 16, 64}, 20 complete runs "
      "(the cross-check at N = 64)",
      Verdict::holds,
      L::check_messages});
  registry.add(Claim{
      "004.dp-mase.forgetful",
      "DP-MASE: each reward is in exactly one release = its epoch's sum + one fresh Lap_Z(G·q/ε) draw (replayed), "
      "ranges consecutive and disjoint of length R(e); votes only at epoch ends — what Prop 4.1's parallel "
      "composition needs",
      {"004", "§4.3", "Prop 4.1 (proof)"},
      Method::certified,
      "P1, δ = 1/4, β = 1/2, ε = 1/2, N ∈ {4, 8}; quick: 2 complete runs each, full: 10",
      Verdict::holds,
      L::check_dp_mase_forgetful});
  registry.add(Claim{
      "004.votes.proofs",
      "with one vote per (agent, arm) and the strict test λ_k > M, a global elimination needs M + 1 distinct agents "
      "(not so for ≥: a mutant); the optimized engine's 64-bit counters cannot overflow for N ≤ 2^20, K ≤ 2^18, "
      "G ≤ 2^21, rounds ≤ 2^40",
      {"004", "§4.1, Alg. 1–3", "vote threshold (E7)"},
      Method::proof,
      "proofs/004.votes.*.smt2 (Z3, QF_LIA; lemmas unsat, the mutant sat)",
      Verdict::holds,
      [](const RunOptions&) { return certified::check_proof_files("004.votes."); }});
  registry.add(in_family("sampled-laws", Claim{
      "004.mask.sampled",
      "CE's masks: P(ν = 1) = 1 − ξ, one ν per (agent, arm), independent across arms (V11)",
      {"004", "§5, App. B.2 Alg. 4", "V11"},
      Method::statistical,
      "CE on a sure instance (K = 5, means 1, 0, 0, 0, 0), N = 16, every vote needed, η = 1/2, ξ = 1/10; quick: 200 "
      "runs (12800 masks), full: 2000; exact binomial tests of the ν = 1 count and of disjoint pairs both dropped "
      "(ξ²), Holm at the claim's α",
      Verdict::holds,
      statistical::check_mask_sampled}));
  registry.add(in_family("sampled-laws", Claim{
      "004.agent-law.sampled",
      "the agents drawn follow P_N: uniform, or P^γ(n) ∝ (n + 1 + α)^−γ (exact inversion), renormalized over the "
      "unfinished agents (a finished agent drawn is redrawn, §4.7 item 7)",
      {"004", "§3.1, App. C.4", "Assumption 3.3"},
      Method::statistical,
      "activation counts with nobody finished: uniform N = 8; P^γ N = 8, γ = 4/5, α = 0; P^γ N = 16, γ = 1/2, "
      "α = 3/2; quick: 40000 rounds each, full: 10⁶; renormalization: the order of first activations when every "
      "agent finishes at once (24 orders, N = 4, γ = 4/5; quick 10⁴ runs, full 10⁵); Pearson χ² with exact "
      "critical values against certified probabilities, Holm at the claim's α",
      Verdict::holds,
      statistical::check_agent_law_sampled}));
  registry.add(in_family("sampled-laws", Claim{
      "004.epoch-sum.binomial",
      "the optimized DP-MASE's binomial epoch sums: an arm's sum over R(e) pulls drawn as ONE Binomial(R(e), μ) "
      "(BinomialSplit: the uniforms below μ counted along μ's binary expansion) follows Bin(R(e), μ), the law of "
      "R(e) Bernoulli(μ) rewards",
      {"004", "§4.3, App. B.1 Alg. 4", "DP-MASE's epoch sums (issue 15's optimized option)"},
      Method::statistical,
      "P1's means μ ∈ {7/10, 1/2, 3/10, 1/10} at R(1) (K = 10, β = ε = 1/2): quick 10⁵ sums each, full 10⁶; "
      "full also μ = 7/10 at R = 2^20 + 1 (rejection half-steps), 2000 sums; support, Pearson χ² and G with exact "
      "critical values, 0.99/0.999 tails against the certified Bin(R, μ), Holm at the claim's α",
      Verdict::holds,
      statistical::check_epoch_sum_binomial}));
  // Issue 16 §1: Prop. 4.1, white box (docs/privacy-004.md §3). The ledger claim 004.dp-mase.ledger is in
  // claims_ledger.cpp, the black-box audit 004.dp-mase.privacy in claims_audit.cpp.
  registry.add(Claim{
      "004.dp-mase.epoch-law",
      "one DP-MASE epoch's eliminated set k(e) = {i : max_j μ̃_j − μ̃_i > 2(h_e + c_e)}, μ̃_i = μ̂_i + Lap(1/(εR(e))), "
      "is ε-DP under one reward of the epoch changed (Prop. 4.1's Q_{e_n}): P(k(e) = S | D) ≤ e^ε P(k(e) = S | D′) "
      "for every S (V13)",
      {"004", "§4.3, §6, App. A", "Prop. 4.1 (V13)"},
      Method::certified,
      "β = 1/2, G = q = 1, |𝒦_n| ∈ {2, 3}, e = 1 (full: e ∈ {1, 2}), ε = 1/2 (full: ε ∈ {1/2, 1}); the exact law "
      "of k(e) (certified, MPFI) for every pair of the searched family: |𝒦_n| = 2 every gap within θ ± 60t, "
      "|𝒦_n| = 3 a grid of gaps around the tie and θ, the changed reward 1 → 0 in the top arm or another",
      Verdict::holds,
      [](const RunOptions& o) { return privacy_checks::check_dp_mase_epoch_law(o); }});
  // Issue 16 §3 (errata: holds iff every CP upper bound <= δ, violated iff some lower bound > δ; undecided runs fail).
  registry.add(in_family("failure-probabilities", Claim{
      "004.prop4.2.failure",
      "DP-MASE with M = ⌈log δ/log β⌉ (λ_k > M) fails to return the best arm with probability ≤ δ (V16)",
      {"004", "§4.3, §6", "Prop. 4.2"},
      Method::statistical,
      "quick: P1, uniform agents, N = 16, δ = 1/4, ε = 1/2, β = 1/2, 300 runs; full: every DP-MASE point of "
      "Figs 1–6 (004-fig1, -fig3, -fig5, -fig6: P1 and P2, uniform and P^γ agents, N = 64 … 1024, δ = 1/20), 500 "
      "runs each; one-sided Clopper–Pearson at the claim's α over the grid (Bonferroni); undecided runs count as "
      "failures",
      Verdict::holds,
      statistical::check_prop42_failure}));
  registry.add(in_family("failure-probabilities", Claim{
      "004.prop5.2.failure",
      "CORRUPTED ELIMINATION with M = ⌈log δ/log η_ξ⌉ fails to return the best arm with probability ≤ δ (V17)",
      {"004", "§5.2, §6", "Prop. 5.2"},
      Method::statistical,
      "quick: P1, uniform agents, N = 16, δ = 1/4, η = 9/10, ξ ∈ {0, 1/10}, 300 runs; full: every CORRUPTED "
      "ELIMINATION and Decentralized Elimination (= ξ = 0) point of Figs 1–6 (004-fig1, -fig2, -fig3, -fig6: P1 and "
      "P2, uniform and P^γ agents, N = 64 … 1024, δ = 1/20), 500 runs each; one-sided Clopper–Pearson at the "
      "claim's α over the grid (Bonferroni); undecided runs count as failures",
      Verdict::holds,
      statistical::check_prop52_failure}));
  // Issue 16 §2: (ϵ, η)-privacy (Def. 3.7) as an adversary game (docs/privacy-004.md §7). Expected `violated`: the
  // proof's P(A) = 1 − η_ξ is a floor, not a ceiling — real local routines find the best arm far more often, and an
  // adversary that sees part of the messages already beats 1 − η (docs/findings.md).
  registry.add(in_family("eta-privacy-audits", Claim{
      "004.prop5.1.eta-privacy",
      "CORRUPTED ELIMINATION with η_ξ = max{0, 1 − (1 − η)/(1 − ξ)^(K−1)} is (ϵ, η)-private: an adversary that "
      "knows the algorithm and sees agent n's corrupted messages M^ξ_n names an ϵ-optimal arm with probability at "
      "most (1 − η_ξ)(1 − ξ)^(K−1) = 1 − η, for every agent n (Def. 3.7, V15)",
      {"004", "§5.2", "Prop. 5.1, eq. (12), Def. 3.7"},
      Method::audit,
      "P1, labels permuted uniformly per run, ϵ = 0 (the best arm only), adversaries unvoted, complete, timed, "
      "learned, watched agents 0, N/2, N − 1; quick: N = 16, δ = 1/4, η = 9/10, ξ = 1/20, 100 runs; full: "
      "η ∈ {1/2, 7/10, 9/10} × ξ ∈ {0, 1/20, 1/10} with η_ξ > 0 × N ∈ {64, 256} × uniform and P^γ (γ = 4/5), "
      "δ = 1/20, 200 runs each; one-sided Clopper–Pearson, Bonferroni over every (setting, agent, adversary)",
      Verdict::violated,
      privacy_checks::check_prop51_eta_privacy}));
  registry.add(in_family("eta-privacy-audits", Claim{
      "004.feraud.eta-privacy",
      "Decentralized Elimination (Féraud et al. 2019; CORRUPTED ELIMINATION at ξ = 0) with local confidence 1 − η "
      "is (ϵ, η)-private: an adversary seeing agent n's messages names an ϵ-optimal arm with probability at most "
      "1 − η (§5.1)",
      {"004", "§5.1", "Féraud et al.'s (ϵ, η)-privacy, Def. 3.7"},
      Method::audit,
      "P1, labels permuted uniformly per run, ϵ = 0, the four adversaries, watched agents 0, N/2, N − 1; quick: "
      "N = 16, δ = 1/4, η = 9/10, 60 runs; full: η ∈ {1/2, 7/10, 9/10} × N ∈ {64, 256} × uniform and P^γ, "
      "δ = 1/20, 200 runs each; one-sided Clopper–Pearson, Bonferroni over every (setting, agent, adversary)",
      Verdict::violated,
      privacy_checks::check_feraud_eta_privacy}));
  // Issue 16 §3: the voting argument (E1) and the local routines' failure levels (V18).
  registry.add(in_family("failure-probabilities", Claim{
      "004.voting-independence",
      "a global failure needs M independent local failures, so P(fail) ≤ ρ^M (the argument of Props 4.2 and 5.2; "
      "spec E1): MASE with the coin routine at ρ, N ≥ 2M + 1 — the exact race P(Bin(2M + 1, ρ) ≥ M + 1) and E1's "
      "union bound P(Bin(N, ρ) ≥ M + 1) beside",
      {"004", "§4.3, §5.2, App. B", "Props 4.2, 5.2 (E1)"},
      Method::statistical,
      "P1, δ = 1/4 gives M; coin at its first activation; quick: (ρ, N) ∈ {(1/2, 8), (1/4, 8)}, 1000 runs; full: "
      "+ (1/2, 64), (1/10, 16), (3/10, 32), 4000 runs; one-sided Clopper–Pearson against ρ^M at α/2 (Bonferroni), "
      "the exact race by an exact binomial test at α/2 (a rejection makes the verdict inconclusive)",
      Verdict::violated,
      statistical::check_voting_independence}));
  registry.add(in_family("failure-probabilities", Claim{
      "004.local-failure",
      "each agent's local routine eliminates the best arm with probability at most its level: β (DP-SE in DP-MASE), "
      "η_ξ (SE in CORRUPTED ELIMINATION) (V18; the levels the failure and privacy proofs use)",
      {"004", "§4.3, §5.2", "V18"},
      Method::statistical,
      "P1, uniform agents, agent 0 per run (independent runs); quick: N = 16, δ = 1/4, CE (η = 9/10, ξ = 1/10) and "
      "DP-MASE (β = 1/2, ε = 1/2), 60 runs; full: N = 64, δ = 1/20, CE, DE (η = 9/10), DP-MASE, 300 runs; "
      "one-sided Clopper–Pearson against the level, Bonferroni over the settings",
      Verdict::holds,
      statistical::check_local_failure}));
  // Issue 16 §3: Lemma A.1's explicit T and Prop. 4.3 (errata: the probability the bound holds with and the rule;
  // verify/statistical/seed004_lemma_a1.hpp; docs/decisions.md).
  registry.add(in_family("failure-probabilities", Claim{
      "004.lemma-a1.bound",
      "with probability at least P_A1 = (1 − δ)(1 − I_{1−p*}(T − T(η), 1 + T(η)))^M, Féraud's scheme stops within "
      "T_A1 = (1/(4p*²))(√(½ ln(1/δ)) + √(½ ln(1/δ) + 4p*·T(η)))² rounds (Lemma A.1 with V8's closed form; T(η) the "
      "measured 19/20-quantile of one agent's stopping time run alone, p* = 1/N, P_A1 at T = ⌈T_A1⌉ (E5))",
      {"004", "App. A", "Lemma A.1 (V8, V19)"},
      Method::statistical,
      "P1, uniform agents, Decentralized Elimination at η = 1/2; quick: N = 16, δ = 1/4, 100 runs (T(η) from 100 "
      "alone runs); full: + N = 64, δ = 1/20, 400 runs (400 alone; CP-lower ≥ 19/20 needs more than 322); one-sided Clopper–Pearson on P(rounds ≤ T_A1) "
      "at the claim's α over the grid (Bonferroni): holds iff every lower bound ≥ sup P_A1, violated iff some upper "
      "bound < inf P_A1",
      Verdict::holds,
      statistical::check_lemma_a1_bound}));
  registry.add(in_family("failure-probabilities", Claim{
      "004.prop4.3",
      "with probability at least (1 − δ)(1 − I_{1−p*}(T − T(β), 1 + T(β)))^M, DP-MASE stops within Lemma A.1's T_A1 "
      "with T(η) := T(β) (Prop. 4.3 via Lemma A.1; T(β) the measured 19/20-quantile of one DP-SE agent run alone)",
      {"004", "§4.3, App. A", "Prop. 4.3 (V19)"},
      Method::statistical,
      "P1, uniform agents, β = 1/2, ε = 1/2; quick: N = 16, δ = 1/4, 60 runs (T(β) from 60 alone runs); full: + "
      "N = 64, δ = 1/20, 400 runs (400 alone); the rule of 004.lemma-a1.bound",
      Verdict::holds,
      statistical::check_prop43}));
  // Issue 16 §3: Prop. 5.3's Poissonized approximation (certified T̂ + statistical quantile; docs/decisions.md).
  registry.add(in_family("failure-probabilities", Claim{
      "004.prop5.3.approx",
      "with probability α, CORRUPTED ELIMINATION (uniform agents) needs about T̂(α) = N·Q⁻¹(T(η_ξ), 1 − α^{1/M}) "
      "rounds: the measured α-quantile of rounds lies within a factor 2 of T̂(α), α ∈ {1/2, 19/20} (V7, V20; E4)",
      {"004", "§5.3, App. C.2", "Prop. 5.3 (V20)"},
      Method::statistical,
      "P1, η = 9/10, δ = 1/20, T(η_ξ) as V20 (1733 at ξ = 0, 1755 at ξ = 1/10), T̂ certified (MPFI bisection, "
      "Boost's gamma_q_inv within 1e-12 tested); quick: N = 64, ξ = 1/10, 30 runs; full: N ∈ {64, 256} × ξ ∈ {0, "
      "1/20, 1/10}, 400 runs; quick tests α = 1/2 only; one-sided Clopper–Pearson on F(T̂/2) and F(2T̂) at the claim's α/(2m); ratio reported",
      Verdict::holds,
      statistical::check_prop53_approx}));
  // Issue 16 §3: the use the paper makes of T̂ (§5.3, App. C.2: the figures' trends in η and ξ explained by it).
  // Expected `violated`: T̂ falls with η while the rounds rise (docs/findings.md).
  registry.add(in_family("trends-004", Claim{
      "004.prop5.3.direction",
      "Prop. 5.3's T̂ explains the figures (§5.3, App. C.2): T̂(1/2) moves with η (ξ = 0) and with ξ (η = 9/10) as "
      "CORRUPTED ELIMINATION's measured rounds do",
      {"004", "§5.3, App. C.2", "Prop. 5.3"},
      Method::trend,
      "P1, uniform agents; adjacent pairs of each sweep, T̂(1/2) certified, paired rounds (shared streams), exact sign "
      "test in T̂'s direction, Holm; quick: N = 16, δ = 1/4, η ∈ {1/2, 9/10} (ξ = 0) and ξ ∈ {0, 1/10} (η = 9/10), "
      "24 runs; full: N ∈ {64, 256}, δ = 1/20, η ∈ {1/10, 3/10, 1/2, 7/10, 9/10} (ξ = 0) and ξ ∈ {0, 1/20, 1/10} "
      "(η = 9/10), 30 runs",
      Verdict::violated,
      statistical::check_prop53_direction}));
  registry.find("004.prop5.3.direction")->stored_report = "004.prop5.3.direction.json";
  registry.add(Claim{
      "004.prop5.2.bound",
      "CORRUPTED ELIMINATION fails with probability at most B(ξ) = min_{α∈ℕ} (1 − I_ξ(α+1, M))·δ·η_ξ^α (as printed); "
      "E2's union form Σ_α η_ξ^(M+α)(1 − I_ξ(α+1, M)) beside",
      {"004", "§5.2, App. B", "Prop. 5.2, eqs. (14)–(20) (E2)"},
      Method::certified,
      "K = 10, η = 9/10, ξ ∈ {0, 1/20, 1/10}, δ ∈ {1/20, 1/4}; B_A = min over α ≤ A (quick A = 64, full A = 200) "
      "exactly (rationals), B(ξ) ≤ δ·η_ξ^A; the failure probability of CE with the coin routine at ρ = η_ξ bounded "
      "below exactly by (η_ξ(1 − ξ))^(M+1)",
      Verdict::violated,
      certified::check_prop52_bound});
  // Expectations other than `holds` rest on stored reports (testdata/evidence/) and docs/findings.md.
  for (const char* id :
       {"004.prop5.1.eta-privacy", "004.feraud.eta-privacy", "004.voting-independence", "004.prop5.2.bound"})
    registry.find(id)->stored_report = std::string(id) + ".json";
}

}  // namespace dpb::verify
