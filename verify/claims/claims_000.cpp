// Claims of seed 000 (Chowdhury & Zhou, "Distributed Differential Privacy in Multi-Armed Bandits", ICLR 2023,
// arXiv:2206.05772; docs/architecture.md §11). This file registers the certified checks (issue 3, item 3); other
// claims of seed 000 may live in claims_000_<topic>.cpp files of their own (see all_claims.cpp).
#include "verify/certified/claim1.hpp"
#include "verify/certified/dlaplace_tail.hpp"
#include "verify/certified/fact1.hpp"
#include "verify/certified/fact2.hpp"
#include "verify/certified/lemma5.hpp"
#include "verify/certified/polya_mixture.hpp"
#include "verify/certified/rounding.hpp"
#include "verify/certified/skellam_checks.hpp"
#include "verify/claims/registry.hpp"

namespace dpb::verify {

void register_claims_000(Registry& registry) {
  registry.add(Claim{
      "000.fact1",
      "Σ_{i=1}^n (γ⁺_i − γ⁻_i) ~ Lap_Z(t) for γ^± i.i.d. Pólya(1/n, e^{−1/t}): the n-fold convolution of the "
      "per-user law equals P[X = k] = ((1−β)/(1+β)) β^{|k|}, β = e^{−1/t}",
      {"000", "§4", "Fact 1"},
      Method::certified,
      "n ∈ {1,2,3,8,64,1024} × t ∈ {1/2,1,4,32}, window holding all but 1e−12 of Lap_Z(t) (quick: t = 32 only for "
      "n ≤ 3)",
      Verdict::holds,
      [](const RunOptions& o) { return certified::check_fact1(certified::fact1_config(o.suite)); }});

  registry.add(Claim{
      "000.def5.closure",
      "Sk(0, a) ∗ Sk(0, b) = Sk(0, a + b); and e^{−σ²} I_x(σ²) = Σ_j Pois(σ²/2)(j + |x|)·Pois(σ²/2)(j) for x ∈ Z",
      {"000", "§5", "Def. 5 (closure; Poisson-difference sampler)"},
      Method::certified,
      "(a, b) ∈ {(1/2,1/2), (1/2,3), (1,1), (1/3,5/3), (2,5), (10,10), (25,75)} (full: + (100,300), (1000,1000)); "
      "Bessel form for σ² ∈ {1/2,1,3,10,100} (full: + 1000, 2000); windows ±(14σ + 40)",
      Verdict::holds,
      [](const RunOptions& o) {
        return certified::check_skellam_closure(certified::skellam_closure_config(o.suite));
      }});
  registry.add(Claim{
      "000.prop1",
      "X ~ Sk(0, σ²): P[|X| > 2σ√log(2/p) + √2·log(2/p)] ≤ p; and E e^{λX} = exp(σ²(cosh λ − 1)) ≤ e^{λ²σ²} for "
      "|λ| ≤ √2",
      {"000", "§5", "Proposition 1"},
      Method::certified,
      "σ² ∈ {1/2,1,2,5,10,100,1000} (full: + 10⁴) × p ∈ {1/2,1/10,1e−2,1e−3,1e−4,1e−6,1e−9}; λ over "
      "[−1.4143, 1.4143] in 2000 intervals (full: 20000)",
      Verdict::holds,
      [](const RunOptions& o) { return certified::check_prop1(certified::prop1_config(o.suite)); }});
  registry.add(Claim{
      "000.dlaplace.tail",
      "X ~ Lap_Z(t): P[X ≥ k] = β^k/(1+β) for k ≥ 0, β = e^{−1/t}; and P[|Lap_Z(g/ε)| > ⌈(g/ε)·log(2/p)⌉] ≤ p",
      {"000", "§4", "Def. 4 (derived tail); Theorem 1 (τ)"},
      Method::certified,
      "tail: t ∈ {1/10,1/2,1,3,10} (full: + 100) × k ∈ {0,1,2,3,⌈t⌉,⌈5t⌉,⌈20t⌉}; rule: g ∈ {1,2,10,32,1000} × "
      "ε ∈ {1/10,1/2,1,2,10} × p ∈ {1/2,1/10,1e−3,1e−6,1e−9} (full: + g = 10⁵, ε = 1/1000, p = 1e−15)",
      Verdict::holds,
      [](const RunOptions& o) { return certified::check_dlaplace_tail(certified::dlaplace_tail_config(o.suite)); }});
  registry.add(Claim{
      "000.fact2",
      "Y ~ N_Z(0, σ²): P[|Y| ≥ t] ≤ 2e^{−t²/(2σ²)} for t ≥ 0",
      {"000", "App. F", "Fact 2"},
      Method::certified,
      "σ² ∈ {1/10,1/2,1,2,10,100,1000} (full: + 10⁴, 10⁵) × every integer t from 0 to where the bound is 1e−30 "
      "(hence every real t in that range)",
      Verdict::holds,
      [](const RunOptions& o) { return certified::check_fact2(certified::fact2_config(o.suite)); }});
  registry.add(Claim{
      "000.lemma5",
      "X ~ Lap_Z(1/ε): E e^{λX} = (1−β)²/((1−βe^λ)(1−βe^{−λ})) ≤ exp(λ²c²/(2ε²)) for |λ| ≤ ε/c, β = e^{−ε}, with "
      "c = 1.59421 ≥ (1 − e^{−1/2})^{−1/2} (the paper leaves c unspecified; docs/decisions.md)",
      {"000", "App. K", "Lemma 5"},
      Method::certified,
      "ε ∈ {1e−6,1e−4,1e−2,1/10,1/2,1,2,5,10,50} (full: + 1e−9); λ ∈ [0, ε/c] in 400 intervals (full: 4000), "
      "halved where needed",
      Verdict::holds,
      [](const RunOptions& o) { return certified::check_lemma5(certified::lemma5_config(o.suite)); }});
  registry.add(Claim{
      "000.rounding",
      "x̂ = ⌊xg⌋ + Ber(xg − ⌊xg⌋): E[x̂] = xg, x̂ ∈ {⌊xg⌋, ⌊xg⌋+1} ⊆ {0..g} for x ∈ [0,1]; and "
      "P[|Σ_{i=1}^n (x̂_i − x_i g)|/g > √(2n log(2/p))/g] ≤ p",
      {"000", "§3", "randomized rounding in R (Algorithm 1)"},
      Method::certified,
      "x ∈ {0,1/7,3/10,1/3,1/2,2/3,99/100,1} × g ∈ {1,2,3,10,32,1000}; sums: n ∈ {1,2,3,4,5,8,16,32,64} (full: + "
      "100, 128) × 4 patterns of x × p ∈ {1/2,1/10,1e−2,1e−3,1e−6,1e−9}; exact rational laws",
      Verdict::holds,
      [](const RunOptions& o) { return certified::check_rounding(certified::rounding_config(o.suite)); }});
  registry.add(Claim{
      "000.polya.mixture",
      "λ ~ Gamma(r, θ), X | λ ~ Poisson(λ), θ = β/(1−β): P[X = x] = Γ(x+r)/(x!Γ(r)) (θ/(1+θ))^x (1+θ)^{−r} equals "
      "the Pólya(r, β) pmf (P[0] = (1−β)^r, P[x+1]/P[x] = β(x+r)/(x+1))",
      {"000", "§4", "footnote 3 (Gamma–Poisson mixture)"},
      Method::certified,
      "r ∈ {1/1024,1/64,1/3,1/2,1,2,7/2,10} (full: + 100) × β = e^{−1/t}, t ∈ {1/2,1,4,32} (full: + 256); every x "
      "up to where the pmf is below 1e−40",
      Verdict::holds,
      [](const RunOptions& o) { return certified::check_polya_mixture(certified::polya_mixture_config(o.suite)); }});
  registry.add(Claim{
      "000.claim1",
      "cosh λ ≤ e^{λ²/2} for all λ ∈ R; and e^x − 1 ≤ 2x for x ∈ [0, 1]",
      {"000", "App. E.1", "Claim 1 (proof of Proposition 1)"},
      Method::certified,
      "λ ∈ [−2, 2] in 400 intervals (full: 40000) + analytic bound for |λ| ≥ 2; x ∈ [0, 1] in 200 intervals "
      "(full: 20000)",
      Verdict::holds,
      [](const RunOptions& o) { return certified::check_claim1(certified::claim1_config(o.suite)); }});
}

}  // namespace dpb::verify
