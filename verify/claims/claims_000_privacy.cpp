// Claims of seed 000's privacy theorems (issue 4 item 6), checked against the exact law of the server's view
// (reference/privacy/, certified arithmetic). The checkers live in verify/privacy_checks/; docs/privacy-000.md
// explains the model, the worst-case neighbours and the results.
#include "verify/claims/registry.hpp"
#include "verify/privacy_checks/lemma3_check.hpp"
#include "verify/privacy_checks/view_checks.hpp"

namespace dpb::verify {

void register_claims_000_privacy(Registry& registry) {
  using privacy_checks::check_pure_theorem;
  using privacy_checks::pure_grid;
  using ref::Variant;
  registry.add(Claim{
      "000.thm1.privacy",
      "Dist-DP (Pólya noise, g = ⌈ε√n⌉, m = ng + 2τ + 1): the SecAgg view ŷ = (Σx̂_i + Ση_i) mod m satisfies "
      "max_z |log(P[ŷ=z|D]/P[ŷ=z|D′])| ≤ ε for all neighbours (one reward changed, randomized rounding included)",
      {"000", "§4, App. D.1", "Theorem 1"},
      Method::certified,
      "ε ∈ {1/10, 1/2, 1, 2} × n ∈ {1, 2, 5, 10}, T = 100 (full: ε up to 4, n up to 100, T ∈ {100, 10⁴}); "
      "all shifts d = 1..g",
      Verdict::holds,
      [](const RunOptions& o) { return check_pure_theorem(Variant::DistDP, pure_grid(Variant::DistDP, o.suite)); }});
  registry.add(Claim{
      "000.thm2.rdp",
      "Dist-RDP (Skellam, g = ⌈sε√n⌉): D_α(view(D) ‖ view(D′)) ≤ ε(α) = αε²/2 + min((2α−1)ε²/(4s²) + 3ε/(2s³), "
      "3ε²/(2s)) (as printed) for integer α ≥ 2; evidence also for the per-batch ε_n(α) and the Lemma-3 form (E3)",
      {"000", "§5, App. E.2", "Theorem 2"},
      Method::certified,
      "ε ∈ {1/10, 1/2, 1} × s ∈ {1, 10} × n ∈ {1, 2} × α ∈ {2, 3, 4, 8, 16, 32, 64}, T = 100 "
      "(full: ε up to 2, s ∈ {1, 2, 10}, n up to 8)",
      Verdict::holds,
      [](const RunOptions& o) { return privacy_checks::check_theorem2(privacy_checks::rdp_grid(o.suite)); }});
  registry.add(Claim{
      "000.lemma3",
      "D_α(Sk(Δ, σ²) ‖ Sk(0, σ²)) ≤ αΔ²/(2σ²) + min(((2α−1)Δ² + 6Δ)/(4σ⁴), 3Δ/(2σ²)) for integer α ≥ 2 "
      "(exact divergence on Z, certified window + tail bounds)",
      {"000", "App. E.2", "Lemma 3 (Agarwal–Kairouz–Liu 2021, Thm 3.5)"},
      Method::certified,
      "σ² ∈ {1/2, 1, 10, 50} × Δ ∈ {1, 2, 5} × α ∈ {2, 3, 10, 30} (full: σ² up to 1000, Δ up to 10, α up to 100)",
      Verdict::holds,
      [](const RunOptions& o) { return privacy_checks::check_lemma3(privacy_checks::lemma3_grid(o.suite)); }});
  registry.add(Claim{
      "000.thm3.privacy",
      "Shuffle (corrected noise Pólya(1/n, e^{−ε′/g}), ε′ = ε/2, docs/decisions.md): the modular sum's exact LLR is "
      "≤ ε − 2ε̃ = ε/2, so 2ε̃ + LLR(sum) ≤ ε (the proof's chain; the relaxed SecAgg's ε̃ = ε/4 is taken as given)",
      {"000", "App. D.2", "Theorem 3 (noise as corrected in docs/decisions.md)"},
      Method::certified,
      "ε ∈ {1/10, 1/2, 1, 2} × n ∈ {1, 2, 5, 10}, T = 100 (full: larger); evidence: the printed noise e^{−ε/g}",
      Verdict::holds,
      [](const RunOptions& o) {
        return check_pure_theorem(Variant::Shuffle, pure_grid(Variant::Shuffle, o.suite));
      }});
  registry.add(Claim{
      "000.thm4.cdp",
      "Dist-CDP (Σ of n discrete Gaussians N_Z(0, g²/(nε²)), g = ⌈sε√n⌉): D_α(view(D) ‖ view(D′)) ≤ ½ε̂²α for all α > 1, "
      "ε̂ = min(√(ε² + ξ/2), ε + ξ), ξ = 10 Σ_{k=1}^{T/2−1} exp(−2π²s² k/(k+1))",
      {"000", "App. F", "Theorem 4 (Lemma 4)"},
      Method::certified,
      "ε ∈ {1/2, 9/10} × s ∈ {1, 2} × n ∈ {1, 2} × α ∈ {3/2, 2, 3, 5, 10, 20}, T = 100 "
      "(full: ε ∈ {1/10, 1/2, 9/10}, s up to 4, n up to 4, T ∈ {100, 1000})",
      Verdict::holds,
      [](const RunOptions& o) { return privacy_checks::check_theorem4(privacy_checks::cdp_grid(o.suite)); }});
  registry.add(Claim{
      "000.thm5.privacy",
      "Central (analyzer adds Lap_Z(g/ε)): the analyzer's output (Σx̂_i + η) mod m has pure ε ≤ ε",
      {"000", "App. H.1", "Theorem 5"},
      Method::certified,
      "ε ∈ {1/10, 1/2, 9/10} × n ∈ {1, 2, 5, 10}, T = 100 (full: n up to 100, T ∈ {100, 10⁴})",
      Verdict::holds,
      [](const RunOptions& o) { return check_pure_theorem(Variant::Central, pure_grid(Variant::Central, o.suite)); }});
  registry.add(Claim{
      "000.thm6.privacy",
      "Local (each user adds Lap_Z(g/ε)): one user's message (x̂_i + η_i) mod m has pure ε ≤ ε",
      {"000", "App. H.2", "Theorem 6"},
      Method::certified,
      "ε ∈ {1/10, 1/2, 9/10} × n ∈ {1, 2, 5, 10}, T = 100 (full: n up to 100, T ∈ {100, 10⁴})",
      Verdict::holds,
      [](const RunOptions& o) { return check_pure_theorem(Variant::Local, pure_grid(Variant::Local, o.suite)); }});
}

}  // namespace dpb::verify
