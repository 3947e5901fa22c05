// Claims of seed 003's P_GD (Sarmasarkar, "Shuffle and Joint Differential Privacy for Generalized Linear Contextual
// Bandits", 2026, arXiv:2602.00417, App. T, Algorithm 7; spec 003 §6 G3, §3.3–3.4; docs/protocol-003.md "P_GD",
// docs/privacy-003.md "P_GD"). The checkers are in verify/certified/seed003_pgd.hpp, each with a negative control in
// tests/verify/certified/seed003_pgd_test.cpp; 003.g2 (statistical) in verify/statistical/seed003_pgd_excess.hpp with
// its controls in tests/verify/statistical/seed003_pgd_excess_stat_test.cpp. Called from register_claims_003 (claims_003.cpp). 003.g1 (the
// per-step budget arithmetic) is in claims_003_math.cpp.
#include "reference/protocols/calibration_003_pgd.hpp"
#include "reference/protocols/p_gd.hpp"
#include "verify/certified/seed003_pgd.hpp"
#include "verify/claims/registry.hpp"
#include "verify/statistical/seed003_pgd_excess.hpp"

namespace dpb::verify {

void register_claims_003_pgd(Registry& registry) {
  using namespace certified;
  registry.add(Claim{
      "003.g3",
      "P_GD's iterates θ_t (t ≤ T_it) and its output θ̄ = (1/T_it)Σθ_t lie in Θ (the S-ball, or the ellipsoid "
      "‖θ − θ̂_o‖_V ≤ γ√κ): projection, rounding to the grid 2^−q toward the centre and the shrink loop, decided "
      "exactly",
      {"003", "App. T, Alg. 7, §6 G3", "Euclidean projection onto Θ; Alg. 2's ellipsoid (Sec. 6)"},
      Method::certified,
      "balls S ∈ {1/2, 2} and two ellipsoids (diagonal V, correlated V with V₁₂ = 19/20) × links logistic, probit × "
      "η ∈ {1/2, 8} × 3 seeds (n = 6, d = 2, T_it = 6, grid 2^−6), and the iterate rule on a 21×21 lattice per Θ "
      "(grid 2^−3)",
      Verdict::holds,
      [](const RunOptions&) {
        return check_g3([](const ref::PgdParams& p, std::size_t n, std::size_t d) { return ref::PGd(p, n, d); });
      }});
  registry.add(Claim{
      "003.pgd.privacy",
      "P_GD's composed budget, from Lemma S.1's per-step (ε_step, δ_step) = (ε/(2√(2T_it ln(1/δ))), δ/(T_it+1)) by "
      "advanced composition (δ′ = δ/(T_it+1)), is within (ε/2, δ/2) per batch for Alg. 1, and Alg. 2's calls at "
      "(ε_o, δ_o) compose to within (ε/3, δ/3) (Lemma I.6); the per-step input is the lemma's statement (labelled)",
      {"003", "App. T, §3.3; §3.4, Lemma I.6", "Alg. 7 privacy; Dwork–Roth Thm 3.20"},
      Method::certified,
      "Alg. 1: ε ∈ {1/2, 1, 4} × δ ∈ {10⁻², 10⁻⁵} × n ∈ {10³, 10⁵, 10⁷} × d ∈ {1, 3, 10}; Alg. 2: ε ∈ {1, 4} × δ ∈ "
      "{10⁻², 10⁻⁵} × calls c ∈ {1, 10, 100} × n ∈ {10⁴, 10⁶}, d = 3 (MPFI enclosures of the composition; the "
      "corrected ε_step with ln((T_it+1)/δ) beside)",
      Verdict::inconclusive,
      [](const RunOptions&) { return check_pgd_privacy(ref::calibrate_pgd); }});
  registry.add(in_family("pgd-excess-003", Claim{
      "003.g2",
      "P_GD's released average iterate θ̄ has excess empirical risk L(θ̄) − min_Θ L <= Lemma T.2's bound D²/(2ηT) + "
      "ηL²/2 + ηdTL²ln²(d²T/δ)/(2n²ε²) + η ln(2T/ζ)√d L√(L²ln²(d²T/δ)/(2n²Tε²)) (O(·) constants 1, ln) with "
      "probability >= 1 − ζ, ζ = 1/20 (at T_it = ε²n²/(d ln³(nd/δ)) the first two terms are (5/4)DL√d "
      "ln^{3/2}(nd/δ)/(εn)); and the excess decays in εn: OLS slope of ln(excess) on ln(εn) <= −1/2 on the grid",
      {"003", "App. T, Alg. 7, Lemma T.2, Eq. 128", "§6 G2; §9 items 9, 10 (the √d Eq. 128 omits)"},
      Method::statistical,
      "optimized P_GD (bit-identical to the reference) on seeded logistic data (θ* = 2e₁), S-ball S = 16, R = 1, "
      "λ_max = 0, δ = 10⁻⁵: n ∈ {250, 500, 1000, 2000} × d ∈ {2, 4} at ε = 1, and ε ∈ {1/2, 1, 2, 4, 8} at n = 500, "
      "d = 2; 6 runs per point (full: 60); min_Θ L by Newton/KKT in double with its Frank–Wolfe gap added; exact "
      "binomial tests per point and pooled, Student-t slope tests per series, Holm",
      Verdict::holds,
      [](const RunOptions& o) { return statistical::check_g2(o); }}));
  registry.find("003.pgd.privacy")->stored_report = "003.pgd.privacy.json";
}

}  // namespace dpb::verify
