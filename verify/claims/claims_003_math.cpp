// Seed 003's certified "paper-math" claims (issue 20, part 5; Sarmasarkar, "Shuffle and Joint Differential Privacy
// for Generalized Linear Contextual Bandits", 2026, arXiv:2602.00417; spec §3.1, §3.3, §3.4, §5, §6 S1/S2/G1, §9
// items 3, 12, 20, 31, 33, 34): schedules, composition budgets, lemma constants and counterexamples to the
// lower-bound lemmas. Checkers: verify/certified/seed003_math.hpp; negative controls in
// tests/verify/certified/seed003_math_test.cpp; violated claims explained in docs/findings.md.
#include "verify/certified/seed003_math.hpp"
#include "verify/claims/registry.hpp"

namespace dpb::verify {

void register_claims_003_math(Registry& registry) {
  using namespace certified;
  registry.add(Claim{
      "003.s1",
      "Eq. 6's schedule fits in T: α = T^{1/(2(1−2^{1−M}))}, B_k = ⌈α^{2−2^{2−k}}⌉ (k ≥ 2), B_1 ≥ 1, Σ_k B_k ≤ T "
      "(beside: Thm E.1's α = T^{1/(2(1−2^{−M}))} and the spec's example values at T = 10⁶, M = 4)",
      {"003", "§3.1, Eq. 6; Thm E.1 / App. F", "spec S1, §9 item 3"},
      Method::certified,
      "T ∈ {10³, 10⁴, 10⁵, 10⁶, 10⁷, 10⁹} × M ∈ {2, …, 6} (exact integer roots)",
      Verdict::violated,
      [](const RunOptions&) { return check_s1(schedule_exponent); }});
  registry.add(Claim{
      "003.g1",
      "P_GD: ε_step = ε/(2√(2T_it ln(1/δ))), δ_step = δ/(T_it+1), advanced composition with δ′ = δ/(T_it+1): "
      "ε_step√(2T_it ln(1/δ′)) + T_it ε_step(e^{ε_step} − 1) ≤ ε and T_it δ_step + δ′ ≤ δ",
      {"003", "§3.3 / App. T, Alg. 7", "spec G1, §9 item 20"},
      Method::certified,
      "ε ∈ {1/10, 1/2, 1, 2} × δ ∈ {10⁻⁵, 10⁻³, 10⁻²} × T_it ∈ {10, 10², 10³, 10⁴, 10⁵} (MPFI, upper bounds)",
      Verdict::holds,
      [](const RunOptions&) { return check_g1(g1_eps_step); }});
  registry.add(Claim{
      "003.s2",
      "Alg. 2's optimizer calls: c calls at ε_o = ε/(6√(2c ln(4/δ))), δ_o = δ/(6c), advanced composition with δ′ = "
      "δ/6: ε_o√(2c ln(1/δ′)) + cε_o(e^{ε_o} − 1) ≤ ε/3 and cδ_o + δ′ ≤ δ/3",
      {"003", "§3.4, Alg. 2", "spec S2"},
      Method::certified,
      "ε ∈ {1/10, 1/2, 1, 2, 5, 10} × δ ∈ {10⁻⁵, 10⁻², 1/10} × c ∈ {1, 10, 10², 10⁴} (MPFI); the ε where it breaks "
      "(ε ≤ 200) reported beside",
      Verdict::holds,
      [](const RunOptions&) { return check_s2([](const Rational& d) { return d / 6; }); }});
  registry.add(Claim{
      "003.lemma-q3.kl",
      "KL(P‖Q) ≤ 2KL(P‖M) + 2KL(Q‖M), M = (P + Q)/2 (the step of Lemma Q.3's proof)",
      {"003", "App. Q, Lemma Q.3", "spec §9 item 33"},
      Method::certified,
      "disjoint supports (1,0)/(0,1); 2-point p, q ∈ {1/10, …, 9/10}; 3-point masses in {1/5, 2/5, 3/5} (MPFI)",
      Verdict::violated,
      [](const RunOptions&) { return check_lemma_q3_kl(q3_lhs, q3_rhs); }});
  registry.add(Claim{
      "003.lemma-q3.mi",
      "Σ_j I(V_j; X | V_{−j}) ≤ I(V; X) for V uniform on {±1}^d (the step Q.3 uses to reach Σ_j KL̄_j ≤ 4 I(V; X); "
      "the end-to-end inequality reported beside)",
      {"003", "App. Q, Lemma Q.3", "spec §9 item 33"},
      Method::certified,
      "d = 2, X = V₁V₂ through a binary symmetric channel with flip ∈ {0, 1/4, 1/10} (MPFI)",
      Verdict::violated,
      [](const RunOptions&) { return check_lemma_q3_mi(xor_channel, Rational(1)); }});
  registry.add(Claim{
      "003.lemma-q4.kl",
      "Output laws P, Q of an (ε, δ)-DP mechanism on neighbouring inputs have KL(P‖Q) ≤ C(ε² + δ ln(1/δ)) for a "
      "universal C (beside: the pure-DP form KL ≤ ε(e^ε − 1))",
      {"003", "App. Q, Lemma Q.4", "spec §9 item 34"},
      Method::certified,
      "witness ε = 0, δ = 1/100: P = (δ, 1−δ), Q = (0, 1); pure form on 2-point pairs with masses in {1/40, …, 39/40}, "
      "ε ∈ {1/10, 1/2, 1}",
      Verdict::violated,
      [](const RunOptions&) { return check_lemma_q4_kl(Rational(1, 100), pure_dp_kl_bound); }});
  registry.add(Claim{
      "003.lemma-e3",
      "X_i i.i.d. zero-mean sub-Gaussian (proxy σ²), n > 64 ln(2/δ): P(Σ_i (X_i² − EX_i²) > √(8σ⁴ ln(2/δ)/n)) ≤ δ",
      {"003", "App. E, Lemma E.3", "spec §9 item 12"},
      Method::certified,
      "X ∈ {−1, 0, 1} with P(±1) = 1/4 (σ² = 1) × δ ∈ {1/10, 1/100} × n ∈ {400, 1000, 4000} (exact binomial tails)",
      Verdict::violated,
      [](const RunOptions&) { return check_lemma_e3(lemma_e3_bound); }});
  registry.add(Claim{
      "003.lemma-m3.constant",
      "Lemma M.3's constant: the proof's chain (2β from Cor. M.1, times Lemma O.4(b)'s c(d) = 2√e(1+1/(4√d))/(1−1/(4√d))) "
      "gives ⟨x* − x, θ*⟩ ≤ 2√2 β‖x‖_{H_t^{-1}}",
      {"003", "App. M, Lemma M.3 (and Lemma O.4(b))", "spec §9 item 31"},
      Method::certified,
      "d ∈ {1, 2, 3, 4, 5, 8, 10, 16, 100, 10⁴} (MPFI; exact where equality can occur)",
      Verdict::violated,
      [](const RunOptions&) { return check_lemma_m3_constant(SqrtConstant{Rational(8), false}); }});
  for (const char* id : {"003.s1", "003.lemma-q3.kl", "003.lemma-q3.mi", "003.lemma-q4.kl", "003.lemma-e3",
                         "003.lemma-m3.constant"})
    registry.find(id)->stored_report = std::string(id) + ".json";
}

}  // namespace dpb::verify
