// Claims of seed 003's P₂, the matrix P_Vec of ShuffleGLM (Sarmasarkar, "Shuffle and Joint Differential Privacy for
// Generalized Linear Contextual Bandits", 2026, arXiv:2602.00417, App. S, Algorithms 4–6, Eq. 127, Lemma S.2; spec 003
// §6 V1–V5; docs/protocol-003.md "P₂: the matrix P_Vec", docs/privacy-003.md "P₂ (matrix P_Vec): `003.v4`").
// The checkers are in verify/certified/seed003_p2.hpp, each with a negative control in
// tests/verify/certified/seed003_p2_test.cpp. Called from register_claims_003 (claims_003.cpp).
#include "reference/protocols/calibration_003_p2.hpp"
#include "reference/protocols/p_vec.hpp"
#include "verify/certified/proof_files.hpp"
#include "verify/certified/seed003_p2.hpp"
#include "verify/claims/registry.hpp"
#include "verify/statistical/p2_count_law.hpp"

namespace dpb::verify {

void register_claims_003_p2(Registry& registry) {
  using namespace certified;
  registry.add(Claim{
      "003.v1",
      "P₂ is exactly unbiased: E[o] = Σ_u X_u for the whole symmetric d×d output, o_(i,j) = (r/g)(Σ_(i,j) − b·n/4) − "
      "n·Δ on the upper triangle and o_(j,i) = o_(i,j), for every ‖X_u‖_F ≤ Δ, both encodings r ∈ {2Δ, Δ}",
      {"003", "App. S, §6 V1", "Algorithms 4–6 (R₂, S₂, A₂), Lemma S.2 (unbiased)"},
      Method::certified,
      "d ∈ {1,2,3} × n ∈ {1,2,3} × (g, b) ∈ {(4,0),(4,3),(5,2)} × Δ ∈ {1, 1/4} × r ∈ {2Δ, Δ}, users w·xxᵀ (exact "
      "laws); and proofs/003.p2-debias.*.smt2 (Z3, QF_NRA: the de-bias for any g, r = kΔ, n, b with the mirror, the "
      "Frobenius clip's entry range; the printed Δ/g scale at r = 2Δ is the sat mutant)",
      Verdict::holds,
      [](const RunOptions&) {
        Outcome exact = check_p2_unbiased(ref::pvec_analyze);
        const Outcome proof = check_proof_files("003.p2-debias.");
        exact.verdict = combine(exact.verdict, proof.verdict);
        exact.key_figure += "; " + proof.key_figure;
        exact.evidence["z3"] = proof.evidence;
        return exact;
      }});
  registry.add(Claim{
      "003.v2",
      "Var(o_(i,j)) = (r/g)²[Σ_u f_u(1 − f_u) + n·b·3/16] ≤ (r/g)²(n/4 + 3nb/16), f_u = frac((x_u + Δ)g/r); at Eq. "
      "127's (g, b) the binomial part is 45 000·r²·ln²(4(d²+1)/δ)/ε² (+ at most (r/g)²·3n/16 from the ceiling) and "
      "the rounding part ≤ r²/16 (the spec's constants are r = Δ; the default r = 2Δ multiplies them by 4)",
      {"003", "App. S, §6 V2", "Eq. 127, Lemma S.2 (error proxy)"},
      Method::certified,
      "the grid of 003.v1 (exact laws, every label) and Eq. 127 at ε ∈ {1/2, 1, 15} × δ ∈ {10⁻², 10⁻⁵} × n ∈ "
      "{100, 1000, 10⁶} × d ∈ {1, 3, 10} × r ∈ {2Δ, Δ} (MPFI, decided exactly)",
      Verdict::holds,
      [](const RunOptions&) { return check_p2_variance(pvec_variance_formula); }});
  registry.add(Claim{
      "003.v3",
      "each output entry's error is sub-Gaussian with proxy (r/g)²·n(b + 1)/4, independent across upper-triangle "
      "labels, the output exactly symmetric; at Eq. 127's (g, b) the proxy is ≤ 6·10⁴ r² ln²(4(d²+1)/δ)/ε² + r²/8",
      {"003", "App. S, §6 V3", "Lemmas S.1, S.2 (O(Δ² log²(d²/δ)/ε²))"},
      Method::certified,
      "seed 001's P_Vec grid (every P₂ label is one) × λ·r/g ∈ {±1/8, ±1/2, ±2, ±8} (exact laws, MPFI); Eq. 127 at "
      "the calibration grid of 003.v2",
      Verdict::holds,
      [](const RunOptions&) { return check_p2_subgaussian(p2_proxy); }});
  registry.add(Claim{
      "003.v5",
      "a message of g + b bits holds x̂ + γ₂ ones: max over the support of x̂ + γ₂ ≤ g + b for every ‖X‖_F ≤ Δ, "
      "for both encodings (r = 2Δ: holds; r = Δ as printed: x̂ reaches 2g)",
      {"003", "App. S, §6 V5, §9", "Algorithm 4 (R*: (g + b) bits)"},
      Method::certified,
      "Eq. 127's (g, b) at the calibration grid of 003.v2 × r ∈ {2Δ, Δ}, worst input X = Δ·e₁e₁ᵀ (support maximum)",
      Verdict::violated,
      [](const RunOptions&) {
        return check_p2_message_length([](ref::PVecRange, const Integer& g, const Integer& b) { return g + b; });
      }});
  registry.add(Claim{
      "003.v4",
      "P₂ at Eq. 127's (g, b) (p = 1/4, r = 2Δ) is (ε, δ)-shuffle DP for user matrices ‖X‖_F ≤ Δ: the shuffled "
      "view (the d(d+1)/2 upper-triangle counts, each Σ x̂ + Bin(n·b, ¼)), joint ℓ₂-constrained worst change of one "
      "user; certified ε̃ at δ and δ̃ at ε per point, time per neighbour relation reported; the paper-whp rule's "
      "witness (‖w·xxᵀ‖_F > 1/κ*) and its loss beside",
      {"003", "App. S, §6 V4", "Lemma S.2 (privacy), Eq. 127; P₁ is 001.thm3.5.privacy"},
      Method::certified,
      "ε ∈ {1/2, 15} × δ ∈ {10⁻⁵, 10⁻²} × n ∈ {16, 100} × d ∈ {1, 4} (full: ε ∈ {0.1, 1, 15} × δ ∈ {10⁻⁵, "
      "10⁻², 0.4} × n ∈ {100, 10³} × d ∈ {1, 3, 10}, r = Δ beside); truncated Rényi at α ∈ {2, …, "
      "2^24}; labelled certified",
      Verdict::holds,
      [](const RunOptions& o) {
        return check_p2_privacy([](const Rational& e, const Rational& d, const Integer& n,
                                   const Integer& dim) { return ref::eq127_g_b(e, d, n, dim); },
                                o.suite);
      }});
  registry.add(in_family(
      "sampled-laws",
      Claim{
          "003.p2.count-law",
          "the count is sufficient: P₂'s per-label counts have one law on the count path (Σ_u x̂_u + Bin(n·b, ¼) per "
          "label) and on the literal bit-multiset path (every message of g + b bits with x̂ + Bin(b, ¼) ones, all bits "
          "shuffled, then counted), the exact law (rounding ⊛ Bin(b, ¼))^{⊛n}",
          {"003", "App. S, §3.2", "Algorithms 4–6 (sufficient statistic), spec §10 (two back-ends)"},
          Method::statistical,
          "3 cases (d, n, g, b, r) ∈ {(2,2,4,3,2Δ), (2,3,5,6,Δ), (1,4,4,2,2Δ)} × every label × 200 batches per path "
          "(full: 10 000); Pearson χ² against the exact law and the two-sample test, Holm at the claim's α",
          Verdict::holds,
          [](const RunOptions& o) { return statistical::check_p2_count_law(statistical::p2_count_path, o); }}));
  registry.find("003.v5")->stored_report = "003.v5.json";
}

}  // namespace dpb::verify
