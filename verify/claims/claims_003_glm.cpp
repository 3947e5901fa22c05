// Claims of seed 003's GLM layer (Sarmasarkar 2026, "Shuffle and Joint Differential Privacy for Generalized Linear
// Contextual Bandits", arXiv:2602.00417; spec 003 §6 "GLM facts" F1–F4): the checkers are in
// verify/certified/seed003_glm.hpp, each with a negative control in tests/verify/certified/seed003_glm_test.cpp.
#include "reference/glm/link.hpp"
#include "verify/certified/seed003_glm.hpp"
#include "verify/claims/registry.hpp"

namespace dpb::verify {

void register_claims_003_glm(Registry& registry) {
  using namespace certified;
  registry.add(Claim{
      "003.f1",
      "Lemma G.1 (self-concordance) with R = 1 for the links the paper uses: |μ̈(z)| ≤ R·μ̇(z) for all z — logistic "
      "(|μ̈| = μ̇|1 − 2μ|) and probit (μ̈ = −zφ, so |μ̈|/μ̇ = |z|), on the experiments' range |z| ≤ S = 3",
      {"003", "App. G", "Lemma G.1; used for probit in Sec. 8 (spec 003 §9.36, F1)"},
      Method::certified,
      "logistic and probit × z = k/16, |k| ≤ 48 (MPFI 128 bits, refined to 2048)",
      Verdict::violated,
      [](const RunOptions&) { return check_glm_f1(ref::mu_dot_enclosure, ref::mu_ddot_enclosure); }});
  registry.find("003.f1")->stored_report = "003.f1.json";
  registry.add(Claim{
      "003.t8",
      "under E_o (|⟨x, θ̂_o − θ*⟩| ≤ 1/R) and self-concordance with R = 1: μ̇(⟨x,θ̂_o⟩)/e ≤ μ̇(⟨x,θ*⟩) ≤ 1/κ*, so the "
      "H leaf μ̇(⟨x,θ̂_o⟩)/e·x xᵀ has norm ≤ 1/κ* — for the links the paper uses (logistic; probit in Sec. 8)",
      {"003", "App. L, Lemma L.1", "the H tree's sensitivity 1/κ* (T8; §9 item 14)"},
      Method::certified,
      "logistic and probit × z* = k/8, |k| ≤ 24 × z_hat = z* + j/8, 1 ≤ |j| ≤ 8, |z_hat| ≤ 3 (712 pairs per link; MPFI "
      "128 bits, refined to 2048); logistic for every real pair analytically (F1)",
      Verdict::violated,
      [](const RunOptions&) { return check_glm_t8(ref::mu_dot_enclosure); }});
  registry.find("003.t8")->stored_report = "003.t8.json";
  registry.add(Claim{
      "003.f2",
      "Lemma G.2 for logistic (R = 1): α(z₁,z₂) ≥ μ̇(z)/(1 + R|z₁−z₂|) for z ∈ {z₁,z₂}; μ̇(z₂)e^{−R|z₂−z₁|} ≤ μ̇(z₁) ≤ "
      "e^{R|z₂−z₁|}μ̇(z₂); α̃(z₁,z₂) ≥ μ̇(z₁)/(2 + R|z₁−z₂|), with α = (μ(z₂) − μ(z₁))/(z₂ − z₁) and α̃ = (b(z₂) − b(z₁) − "
      "(z₂ − z₁)μ(z₁))/(z₂ − z₁)² in closed form",
      {"003", "App. G", "Lemma G.2 (F2)"},
      Method::certified,
      "z₁ ≠ z₂ ∈ {k/4 : |k| ≤ 16} (1056 ordered pairs × 5 inequalities; MPFI 128 bits, refined to 2048)",
      Verdict::holds,
      [](const RunOptions&) { return check_glm_f2(logistic_alpha, logistic_alpha_tilde); }});
  registry.add(Claim{
      "003.f3",
      "κ̂ ≥ κ*: E_X[μ̇(⟨x*,θ*⟩)] ≤ max_{X, x∈X} μ̇(⟨x,θ*⟩), x* = argmax_{x∈X} μ(⟨x,θ*⟩), over a finite support of arm sets",
      {"003", "Sec. 4, Eq. 3–4", "κ̂ ≥ κ* (F3)"},
      Method::certified,
      "logistic and probit × d ∈ {3, 5} × S ∈ {2, 3}; 30 equally likely arm sets of K = 20 grid arms (2^−10) each",
      Verdict::holds,
      [](const RunOptions&) { return check_glm_f3(kappa_star_of_support); }});
  registry.add(Claim{
      "003.f4",
      "G-optimal design (Lemma 4.3): the computed design π on a finite X has max_{x∈X} xᵀ(Σ_y π_y y yᵀ)^{−1} x ≤ 2d (so "
      "also with εI added, every ε > 0); dyadic weights summing exactly to 1",
      {"003", "Sec. 4", "Lemma 4.3 (Ruan et al. 2021; Kiefer–Wolfowitz) (F4)"},
      Method::certified,
      "d ∈ {2, 3, 5} × K ∈ {d, 10, 20} × {grid arms (exact), √μ̇-scaled arms for logistic and probit with ‖θ‖ ≤ 3 "
      "(intervals)}",
      Verdict::holds,
      [](const RunOptions&) { return check_glm_f4(reference_design); }});
}

}  // namespace dpb::verify
