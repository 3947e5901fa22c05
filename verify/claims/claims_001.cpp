// Claims of seed 001 (Chowdhury & Zhou, "Shuffle Private Linear Contextual Bandits", ICML 2022, arXiv:2202.05567;
// docs/architecture.md §11, docs/privacy-001.md). Mechanism claims (issue 17); the checkers are in
// verify/certified/seed001_checks.hpp, each with a negative control in tests/verify/certified/seed001_checks_test.cpp.
#include "reference/privacy/accountants.hpp"
#include "reference/privacy/seed001.hpp"
#include "reference/protocols/calibration_001.hpp"
#include "reference/protocols/p_vec.hpp"
#include "verify/certified/proof_files.hpp"
#include "verify/certified/seed001_checks.hpp"
#include "verify/certified/seed001_pvec_privacy.hpp"
#include "verify/statistical/seed001_amp_noise.hpp"
#include "verify/statistical/seed001_binomial_law.hpp"
#include "verify/statistical/seed001_counts_sufficient.hpp"
#include "verify/statistical/seed001_pamp_view.hpp"
#include "verify/claims/registry.hpp"
#include "verify/learner_checks/linear_checks.hpp"
#include "verify/statistical/pvec_paths.hpp"

namespace dpb::verify {

void register_claims_001_corollaries(Registry& registry);

void register_claims_001(Registry& registry) {
  register_claims_001_corollaries(registry);
  using namespace certified;
  registry.add(Claim{
      "001.lemma-b4",
      "ε₀ = 0.57246, δ₀ = 2.5·10⁻⁸, n = 400, δ′ = 5·10⁻⁶ (B.1's map at ε = 0.1, δ = 10⁻⁵, B = 400): ε₀ ≤ "
      "ln(n/(16 ln(2/δ′))) and ε̃ = ln(1 + ((e^ε₀ − 1)/(e^ε₀ + 1))(8√(e^ε₀ ln(4/δ′))/√n + 8e^ε₀/n)) ∈ [0.44276, "
      "0.44277], δ̃ = δ′ + (e^ε̃ + 1)(1 + e^−ε₀/2)nδ₀ ∈ [3.7782, 3.7783]·10⁻⁵",
      {"001", "App. B.1", "Lemma B.4 (Feldman–McMillan–Talwar, Thm 3.8)"},
      Method::certified,
      "the errata's single point (MPFI, 256 bits)",
      Verdict::holds,
      [](const RunOptions&) { return check_lemma_b4(ref::fmt_amplification); }});
  registry.add(Claim{
      "001.thm3.2.sigma",
      "4√(2 ln(2.5B/δ) ln(2/δ))/(ε√B) = 4√(2 ln(2.5/δ₀))/ε₀ with ε₀ = ε√(B/ln(2/δ)), δ₀ = δ/B",
      {"001", "Thm 3.2 / B.1 and its proof", "σ₁ = σ₂; Cor. B.3"},
      Method::certified,
      "ε ∈ {0.01, 0.1, 0.5} × δ ∈ {10⁻⁵, 0.1, 1} × B ∈ {20, 400, 10⁴} (512-bit enclosures)",
      Verdict::holds,
      [](const RunOptions&) { return check_thm32_sigma(thm32_sigma_formula); }});
  registry.add(Claim{
      "001.thm3.2.privacy",
      "P_Amp at Thm 3.2's σ̄: R_Amp is (ε₀, δ₀)-LDP (exact Gaussian profile, sensitivity 2√2) and, where Lemma B.4's "
      "precondition holds, the shuffled view is (ε̃, δ̃)-DP; ε̃/ε and δ̃/δ reported",
      {"001", "Thm 3.2 / B.1", "privacy part, via Cor. B.3 and Lemma B.4"},
      Method::certified,
      "B ∈ {20, 200, 400, 1000, 10⁴} × δ ∈ {0.1, 10⁻⁵} × ε ∈ {¼, ½, 1}·√(ln(2/δ)/B) (errata grid); a failed "
      "precondition is inconclusive",
      Verdict::inconclusive,
      [](const RunOptions& o) {
        return check_thm32_privacy(
            [](const Rational& e, const Rational& d, const Integer& B) { return ref::thm32_sigma(e, d, B).sigma_bar; },
            o.suite);
      }});
  registry.add(Claim{
      "001.thm3.5.privacy",
      "P_Vec at Thm 3.5's (g, b) (p = 1/4, r = 2Delta) is (eps, delta)-SDP: the shuffled view (per-label counts) "
      "of a batch of B users; certified eps~ at delta and delta~ at eps, eps~/eps and delta~/delta reported (r = "
      "Delta with 2g + b bits beside)",
      {"001", "Thm 3.5 / C.1", "privacy part"},
      Method::certified,
      "B = 20 × eps ∈ {0.1, 1, 15} × delta ∈ {1e-5, 0.1} × d ∈ {1, 5, 10} (full: eps ∈ {0.1, 0.2, 1, 5, 15}, d ∈ "
      "{1, 2, 5, 10, 16}); truncated Rényi at α ∈ {2, 3, 4, 6, …, 2^24}, joint ℓ2-constrained worst change; a "
      "failed precondition is inconclusive; r = Delta beside in the full suite",
      Verdict::holds,
      [](const RunOptions& o) { return check_thm35_privacy(ref::thm35_g_b, o.suite); }});
  registry.add(Claim{
      "001.vec.ldp",
      "One user's P_Vec messages are (eps sqrt(B), delta)-LDP at Thm 3.5's (g, b) (Remark 3.7, Cor. C.2), and "
      "(eps0, delta0)-LDP at Cor. C.3's calibration (g = max{d, 4}); computed directly on the local view",
      {"001", "Remark 3.7; Cors C.2, C.3", "LDP of R_Vec"},
      Method::certified,
      "the grid of 001.thm3.5.privacy with B = 20 (full: B ∈ {20, 400}) for Remark 3.7 and B = 1 for Cor. C.3",
      Verdict::holds,
      [](const RunOptions& o) { return check_vec_ldp(ref::thm35_g_b, o.suite); }});
  registry.add(Claim{
      "001.vec.unbiased",
      "E[(r/g)(Σ_i c_i − p·b·B) − B·Δ] = Σ_i v_i exactly, c_i = ⌊(v_i+Δ)g/r⌋ + Ber(frac) + Bin(b, p)",
      {"001", "App. C.1", "Algorithm 7 (analyzer), proof of Thm C.1"},
      Method::certified,
      "(g, b, p) ∈ {(4,0,¼), (5,3,¼), (8,6,½), (3,10,¼)} × Δ ∈ {1, 3/2} × r ∈ {2Δ, Δ} × B ∈ {1, 3} (exact laws)",
      Verdict::holds,
      [](const RunOptions&) { return check_vec_unbiased(ref::pvec_analyze); }});
  registry.add(Claim{
      "001.vec.unbiased.z3",
      "the de-bias on nonlinear reals, any g, r > 0, B ≥ 1, b ≥ 0: randomized rounding is unbiased (E[x̂] = w g/r) "
      "and (r/g)(E[Σ c] − p b B) − B Δ = Σ v; Cheu et al.'s − Δ is biased (the mutant is sat)",
      {"001", "App. C.1", "Algorithms 5 and 7, proof of Thm C.1"},
      Method::proof,
      "proofs/001.vec-debias.*.smt2 (Z3, QF_NRA; lemmas unsat, the mutant sat)",
      Verdict::holds,
      [](const RunOptions&) { return check_proof_files("001.vec-debias."); }});
  registry.add(Claim{
      "001.vec.variance",
      "Var(o) = (r/g)²[Σ_i f_i(1 − f_i) + B·b·p(1 − p)], f_i = frac((v_i+Δ)g/r), and ≤ (r/g)²(B + Bb/4)",
      {"001", "App. C.1", "proof of Thm C.1 (sub-Gaussian noise)"},
      Method::certified,
      "the grid of 001.vec.unbiased (exact laws)",
      Verdict::holds,
      [](const RunOptions&) { return check_vec_variance(pvec_variance_formula); }});
  registry.add(Claim{
      "001.comm-bits",
      "P_Vec sends g + b bits per label at r = 2Δ, (g + b)(d + d(d+1)/2) per user (the mirrored entries are copies), "
      "every message well-formed; r = Δ as printed needs 2g + b",
      {"001", "§3.3, App. C.1", "Algorithm 5; communication remark"},
      Method::certified,
      "Thm C.1's g, b at (ε, δ, B, d) ∈ {(1, 0.1, 20, 2), (5, 0.1, 4, 1)}, worst-case inputs, both ranges",
      Verdict::holds,
      [](const RunOptions&) {
        return check_comm_bits([](const Integer& g, const Integer& b, ref::PVecRange range) {
          ref::PVecParams p;
          p.g = g;
          p.b = b;
          p.range = range;
          return p.length();
        });
      }});
  registry.add(Claim{
      "001.tree.privacy",
      "binary counting with m = ⌈log₂ N⌉ + 1 levels: each leaf is in ≤ m nodes, so the node view has ℓ₂ sensitivity "
      "≤ √m·Δ_z (Δ_z = 4); the calibrated σ_node has exact Gaussian δ(ε) ≤ δ",
      {"001", "App. F", "Prop. F.3 (Shariff–Sheffet tree)"},
      Method::certified,
      "N ≤ 40, 64, 100 (node membership) and ε ∈ {½, 1} × δ ∈ {10⁻⁵, 10⁻²} × N ∈ {16, 1000} (calibration)",
      Verdict::holds,
      [](const RunOptions&) {
        return check_tree_privacy([](const Rational& e, const Rational& d, const Integer& N) {
          ref::Calibration001Input in;
          in.variant = "tree";
          in.eps = e;
          in.delta = d;
          in.horizon = N;
          return *ref::calibrate_001(in).find("sigma_node")->exact;
        });
      }});
  registry.add(Claim{
      "001.gauss.sensitivity",
      "replace-one ℓ₂ sensitivity ≤ 2 for φy and for triu(φφᵀ) under ‖φ‖₂ ≤ 1, |y| ≤ 1 (the Gaussian σ's Δ = 2 per "
      "part)",
      {"001", "App. B.1", "Cor. B.3 (Gaussian mechanism of R_Amp)"},
      Method::certified,
      "exhaustive on the grid 2^−2 for d ∈ {2, 3}, plus the analytic bounds 2LY and √2·L²",
      Verdict::holds,
      [](const RunOptions&) { return check_gauss_sensitivity(Rational(2), Rational(2)); }});
  registry.add(Claim{
      "001.remark-d5",
      "group privacy: an event-level (eps, delta)-DP release is (k eps, k e^{(k-1) eps} delta)-DP for a user in k "
      "rounds (checked on the exact Gaussian mechanism calibrated to (eps, delta))",
      {"001", "App. D", "Remark D.5"},
      Method::certified,
      "eps ∈ {0.1, 0.5, 1} × delta ∈ {1e-5, 1e-2} × k ∈ {2, 5, 10} (exact Gaussian profile, 256 bits)",
      Verdict::holds,
      [](const RunOptions&) { return check_remark_d5(remark_d5_group_delta); }});
  registry.add(in_family("sampled-laws", Claim{
      "001.vec.paths-law",
      "P_Vec's per-label batch count has one law on both noise paths: Σ_i (x̂_i + Bin(b, p)) and Σ_i x̂_i + "
      "Bin(B·b, p) both follow the exact law (rounding ⊛ Bin(b, p))^{⊛B}",
      {"001", "App. C.1", "Algorithms 5–6 (the count path), Σ_i Bin(b, p) = Bin(Bb, p)"},
      Method::statistical,
      "3 cases (B, g, b, p, r) × 2000 batches per path (full: 50 000); Pearson χ² against the exact law and the "
      "two-sample test, Holm at the claim's α",
      Verdict::holds,
      [](const RunOptions& o) { return statistical::check_pvec_paths(statistical::pvec_aggregate_count, o); }}));
  registry.add(in_family("sampled-laws", Claim{
      "001.vec.counts-sufficient",
      "P_Vec's shuffled multiset of labelled bits depends on the data only through the per-label counts: given the "
      "counts, the explicit shuffler's output is uniform over the arrangements with those counts",
      {"001", "App. C.1", "Algorithm 6 (S_Vec); the count path"},
      Method::statistical,
      "one label, B = 2, g = 3, b = 1, p = ½ (8 bits, C(8, c) arrangements), two datasets × 20 000 runs (full: "
      "200 000); Pearson χ² per count, Holm at the claim's α",
      Verdict::holds,
      [](const RunOptions& o) { return statistical::check_vec_counts_sufficient(o); }}));
  registry.add(in_family("sampled-laws", Claim{
      "001.amp.noise-law",
      "R_Amp's per-label noise K (message = v + K·2^−r) follows the rounded Gaussian's law P[K = j] = Φ((j + ½)/c) − "
      "Φ((j − ½)/c), c = σ̄·2^r",
      {"001", "App. B.1", "Algorithm 2 (Gaussian noise, rounded to the message grid)"},
      Method::statistical,
      "(σ̄, r) ∈ {(1, 0), (25/2, 4), Thm 3.2's σ̄ at ε = 0.2, δ = 0.1, B = 20 with r = 16} × 20 000 draws (full: "
      "200 000); support, Pearson, G, 0.99/0.999 tails, Holm at the claim's α",
      Verdict::holds,
      [](const RunOptions& o) { return statistical::check_amp_noise_law(o); }}));
  registry.add(in_family("sampled-laws", Claim{
      "001.binomial-large.law",
      "the large-n binomial sampler draws Bin(n, p): Bin(n, ½) by exact rejection, Bin(n, ¼) through the identity "
      "Bin(n, ¼) = Bin(Bin(n, ½), ½) (reference and optimized builds)",
      {"001", "Thm 3.5 / App. C", "P_Vec's Bin(b, p) noise, b up to 10⁹ per label and user"},
      Method::statistical,
      "(n, p) ∈ {(1001, ½), (40 001, ¼), (6, ¼)} (full: 10⁶ for 40 001) × both builds; reference / optimized draws 1 000 / 4 000, 2 000 / "
      "20 000, 1 000 / 4 000 (full: 10 000 / 40 000, 20 000 / 200 000, 10 000 / 40 000); support, Pearson, G, 0.99/0.999 tails vs the certified pmf, Holm at the claim's α",
      Verdict::holds,
      [](const RunOptions& o) { return statistical::check_binomial_large_law(o); }}));
  registry.add(in_family("sampled-laws", Claim{
      "001.binomial.sum-law",
      "Σ_{i ≤ B} Bin(b, p) = Bin(B·b, p): the per-user noise path's sum follows the law the aggregate path draws",
      {"001", "Thm 3.5 / App. C", "Algorithm 5's per-user binomial noise, summed by the analyzer"},
      Method::statistical,
      "(b, B, p) ∈ {(10⁴, 4, ¼), (5001, 3, ½)}, 10 000 sums (full: (10⁵, 4, ¼), (250001, 3, ½), 100 000 sums): GOF vs the certified Bin(B·b, p) pmf "
      "and two-sample homogeneity vs direct Bin(B·b, p) draws, Holm at the claim's α",
      Verdict::holds,
      [](const RunOptions& o) { return statistical::check_binomial_sum_law(o); }}));
  registry.add(in_family("sampled-laws", Claim{
      "001.p-amp.shuffled-view",
      "P_Amp's shuffled view (both parts, each under its own permutation; the other users known): a Monte Carlo "
      "estimate of its exact δ(ε) (exact Bernoulli events from the certified likelihood ratio, Clopper–Pearson) lies "
      "between the released sum's certified δ(ε) and the one message's exact Gaussian δ(ε)",
      {"001", "App. B.1", "Algorithms 2–4, Def. 2.3 (SDP view S∘Rⁿ); post-processing"},
      Method::statistical,
      "d = 2, σ̄ = 1, r = 16, user 1 φ = e₁, y = 1 ↔ −1; B = 3 with others at 0 and at x₁ (closed form), B = 4 with "
      "distinct others (Ryser); 3000 runs per case (full: 50 000)",
      Verdict::holds,
      [](const RunOptions& o) { return statistical::check_pamp_shuffled_view(o); }}));
  registry.add(Claim{
      "001.vec.recentre",
      "with Cheu et al.'s re-centring −Δ in place of −B·Δ, E[o] − Σ_i v_i = (B − 1)Δ exactly",
      {"001", "App. C.1", "Algorithm 7, the correction of Cheu et al. 2021, Alg. 2"},
      Method::certified,
      "the grid of 001.vec.unbiased (exact laws)",
      Verdict::holds,
      [](const RunOptions&) { return check_vec_recentre(pvec_analyze_cheu); }});
  registry.add(Claim{
      "001.amp.ldp",
      "R_Amp at Thm 3.2's σ̄ is (ε₀, δ₀)-LDP, ε₀ = ε√(B/ln(2/δ)), δ₀ = δ/B (exact Gaussian profile, joint "
      "sensitivity 2√2)",
      {"001", "Remark 3.4", "via Cor. B.3 (B.1's route)"},
      Method::certified,
      "the errata grid of 001.thm3.2.privacy (30 points)",
      Verdict::holds,
      [](const RunOptions&) {
        return check_amp_ldp(
            [](const Rational& e, const Rational& d, const Integer& B) { return ref::thm32_sigma(e, d, B).sigma_bar; });
      }});
  registry.add(Claim{
      "001.thm-e2",
      "ε_m = ε/(2√(2M ln(2/δ))), δ_m = δ/(2M) per batch compose over M batches to (ε, δ): √(2M ln(2/δ))ε_m + "
      "Mε_m(e^ε_m − 1) ≤ ε and Mδ_m + δ/2 = δ, for ε < 1",
      {"001", "App. E", "Thm E.2 (Dwork–Roth Cor. 3.21)"},
      Method::certified,
      "ε ∈ {0.1, 0.5, 0.99} × δ ∈ {10⁻⁵, 0.1} × M ∈ {1, 10, 10³, 10⁶}",
      Verdict::holds,
      [](const RunOptions&) {
        return check_thm_e2([](const Rational& e, const Rational& d, const Integer& M) {
          return ref::theorem7_per_step_eps_lower_bound(e, M, Rational(d / 2));
        });
      }});
  registry.add(Claim{
      "001.thm-e5.range",
      "Thm E.5's range ε ≤ 15 is covered by its proof's composition route (Thm E.2 at ε_m, δ_m)",
      {"001", "App. E", "Thm E.5 and Thm E.2's hypothesis ε < 1"},
      Method::certified,
      "ε ∈ {1, 4, 15} × δ ∈ {10⁻⁵, 0.1} × M ∈ {10, 10³}",
      Verdict::inconclusive,
      [](const RunOptions&) { return check_thm_e5_range(); }});
  registry.add(Claim{
      "001.thm-e3.sigma",
      "Thm E.3's σ₁ = σ₂ = 16 ln(2/δ)√(T ln(5T/δ))/(εB) equals Thm B.1's σ at ε_m = ε/(2√(2M ln(2/δ))), δ_m = "
      "δ/(2M), M = T/B",
      {"001", "App. E", "Thm E.3 (from B.1 and Thm E.2)"},
      Method::certified,
      "ε ∈ {0.1, 0.5} × δ ∈ {10⁻⁵, 0.1} × (T, B) ∈ {(10⁴, 100), (10⁶, 10³)}",
      Verdict::violated,
      [](const RunOptions&) { return check_thm_e3_sigma(thm_e3_printed_sigma); }});
  registry.add(Claim{
      "001.thm-e3.privacy",
      "P_Amp with returning users (one user in every batch, M = ⌈T/B⌉) at Thm E.3's calibration (B.1 at ε_m = "
      "ε/(2√(2M ln(2/δ))), δ_m = δ/(2M)) is (ε, δ)-SDP at user level",
      {"001", "App. E", "Thm E.3 (B.1 per batch, advanced composition, Thm E.2)"},
      Method::certified,
      "ε ∈ {1/10, 1/2, 9/10} × δ ∈ {10⁻⁵, 1/10} × (T, B) ∈ {(10⁴, 100), (10⁵, 10³), (10⁶, 10⁴)}; the least of three "
      "certified accountants (B.4 + advanced composition; the user's M messages by the exact Gaussian profile; by zCDP)",
      Verdict::holds,
      [](const RunOptions&) { return check_thm_e3_privacy(); }});
  registry.add(Claim{
      "001.thm-e5.privacy",
      "P_Vec with returning users (one user in every batch, M = ⌈T/B⌉) at Thm E.5's calibration (C.1's g, b at ε_m = "
      "ε/(2√(2M ln(2/δ))), δ_m = δ/(2M)) is (ε, δ)-SDP at user level",
      {"001", "App. E", "Thm E.5 (C.1 per batch, advanced composition, Thm E.2)"},
      Method::certified,
      "ε ∈ {1/10, 1/2, 9/10} × δ ∈ {10⁻⁵, 1/10} × (T, B) ∈ {(10⁴, 100), (10⁵, 10³)} (full: and (10⁶, 10⁴)), d = 5; "
      "the lesser of two certified accountants not resting on C.1 (the batch's certified ε at δ_m + advanced "
      "composition; its truncated Rényi curve composed M-fold)",
      Verdict::holds,
      [](const RunOptions& o) { return check_thm_e5_privacy(o.suite); }});
  registry.add(Claim{
      "001.vec.subgaussian",
      "o − E[o] is sub-Gaussian with variance proxy (r/g)²(B + B·b/4): E[e^{λ(o − E o)}] ≤ e^{λ²(r/g)²(B + Bb/4)/2}",
      {"001", "App. C.1", "proof of Thm C.1 (sub-Gaussian private noise, Assumption A.3)"},
      Method::certified,
      "the grid of 001.vec.unbiased × λ·r/g ∈ {±1/8, ±1/2, ±2, ±8} (exact laws, MPFI)",
      Verdict::holds,
      [](const RunOptions&) {
        return check_vec_subgaussian(
            [](const ref::PVecParams& p, const std::vector<Rational>&) { return pvec_subgaussian_proxy(p); });
      }});
  // Expectations other than `holds` rest on stored reports (testdata/evidence/) and docs/findings.md.
  for (const char* id : {"001.thm3.2.privacy", "001.thm-e5.range", "001.thm-e3.sigma"})
    registry.find(id)->stored_report = std::string(id) + ".json";
  // Learner claims (issue 18): verify/learner_checks/linear_checks.hpp; controls in
  // tests/verify/learner_checks/linear_checks_test.cpp.
  registry.add(Claim{
      "001.claim-a6",
      "|Ψ̂| ≤ (d/(2 ln 2)) ln(1 + T/(dλ_min)), |Ψ| ≤ B|Ψ̂| and |Ψ| ≤ (dT/(2M ln 2)) ln(1 + T/(dλ_min)), Ψ = {t : "
      "Γ_{m_t}(x_t)/Γ_{t−1}(x_t) > 2}, Ψ̂ = {m : ln det V̂_{t_m} − ln det V̂_{t_{m−1}} > 2 ln 2}, V̂_k = Σ_{s≤k} φφᵀ "
      "+ λ_min I",
      {"001", "App. A", "Claim A.6 (proof of Lemma A.2)"},
      Method::certified,
      "trajectories of linucb (B ∈ {20, 100}), linucb-ldp, -sdp-amp, -jdp (B = 20), theorem profile, §6.1 instances "
      "d = 5, K = 100, T = 2000, ε = 1, δ = 1/10; M = ⌊T/B⌋; sets exact (Bareiss), bounds MPFI (full: 5 runs each, "
      "plus B = 200 and linucb-sdp-vec)",
      Verdict::holds,
      [](const RunOptions& o) {
        return learner_checks::check_claim_a6(o.suite == Suite::full, o.seed);
      }});
  registry.add(in_family("learner-statistics", Claim{
      "001.lemma-a2.confidence",
      "θ* lies in every confidence ellipsoid C_m = {θ : ‖θ − θ̂_m‖_{V_m} ≤ β_m} of a run with probability at least "
      "1 − α (Lemma A.2 as stated; its proof's union bound gives 1 − 2α)",
      {"001", "App. A", "Lemma A.2"},
      Method::statistical,
      "theorem profile, α = 1/4, §6.1 instances d = 3, K = 20, B = 20, ε = 1, δ = 1/10; quick: linucb, -ldp, -sdp-amp, "
      "T = 400, 60 runs each; full: + -sdp-vec, -jdp, T = 2000, 300 runs each; each broadcast decided exactly "
      "(‖θ̂_m − θ*‖²_{V_m} = wᵀV_m⁻¹w in rationals against β_m²); Clopper–Pearson on the runs with a miss",
      Verdict::holds,
      [](const RunOptions& o) {
        return learner_checks::check_lemma_a2_confidence(o.suite == Suite::full, o.seed, o.alpha > 0 ? o.alpha : 1e-6);
      }}));
  registry.add(in_family("learner-statistics", Claim{
      "001.lemma-a2.regret",
      "with probability at least 1 − α, Reg(T) ≤ (dT/(2M ln 2)) ln(1 + T/(dλ_min)) + 4β_M √(2dT ln(1 + "
      "T/(dλ_min))), β_M = √(2 ln(1/α) + d ln(1 + T/(dλ_min))) + √λ_max + ν, M = ⌊T/B⌋ (Lemma A.2 as stated; its "
      "proof's union bound gives 1 − 2α)",
      {"001", "App. A", "Lemma A.2"},
      Method::statistical,
      "theorem profile (λ_min, λ_max, ν of Lemma A.4), α = 1/4, §6.1 instances d = 3, K = 20, B = 20, ε = 1, δ = 1/10; "
      "quick: linucb, -ldp, -sdp-amp, T = 400, 80 runs each; full: + -sdp-vec, -jdp, T = 2000, 300 runs each; "
      "pseudo-regret exact per run, the bound in MPFI (ν enclosed in (ν↑ − 2^−32, ν↑]); Clopper–Pearson on the runs "
      "above the bound; runs where the bound exceeds T·(largest gap) are reported as vacuous",
      Verdict::holds,
      [](const RunOptions& o) {
        return learner_checks::check_lemma_a2_regret(o.suite == Suite::full, o.seed, o.alpha > 0 ? o.alpha : 1e-6);
      }}));
  registry.add(in_family("learner-statistics", Claim{
      "001.lemma-a4.regularity",
      "with λ = 2Σ_N (Lemma A.4), Assumption A.1's event holds with probability at least 1 − α: for every broadcast "
      "m, λ_min I ⪯ H_m ⪯ λ_max I (λ_min = λ/2, λ_max = 3λ/2) and ‖h_m‖_{H_m⁻¹} ≤ ν = Σ_n/√λ_min",
      {"001", "App. A", "Assumption A.1, Lemma A.4"},
      Method::statistical,
      "theorem profile, α = 1/4, §6.1 instances d = 3, K = 20, B = 20, ε = 1, δ = 1/10; quick: linucb-ldp, -sdp-amp, "
      "T = 400, 60 runs each; full: + -sdp-vec, -jdp, T = 2000, 300 runs each; H_m and h_m exact from the broadcast "
      "and the run's rewards, the event decided by exact pivots; Clopper–Pearson on the runs outside it",
      Verdict::holds,
      [](const RunOptions& o) {
        return learner_checks::check_lemma_a4_regularity(o.suite == Suite::full, o.seed, o.alpha > 0 ? o.alpha : 1e-6);
      }}));
  registry.add(Claim{
      "001.sec6.adaptive-gap",
      "under private noise V_m ⪰ V_{m−1} can fail (the premise of determinant-trick update schedules, Garcelon et "
      "al. 2021 Thm 10): an exact x with xᵀ(V_m − V_{m−1})x < 0",
      {"001", "§6", "remark on adaptive update schedules"},
      Method::certified,
      "a linucb-ldp trajectory (B = 1, T = 50, ε = 1, δ = 1/10, theorem profile, d = 5, K = 100); witnesses x ∈ "
      "{e_i, e_i ± e_j}",
      Verdict::holds,
      [](const RunOptions& o) { return learner_checks::check_adaptive_gap(o.seed); }});
}

}  // namespace dpb::verify
