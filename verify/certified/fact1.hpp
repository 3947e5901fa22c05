// Claim 000.fact1 (Chowdhury & Zhou 2023, arXiv:2206.05772, Fact 1; Goryczka–Xiong 2015 Thm 5.1): for γ⁺_i, γ⁻_i i.i.d.
// Pólya(1/n, β) with β = e^{−1/t}, Σ_{i=1}^n (γ⁺_i − γ⁻_i) ~ Lap_Z(t) exactly.
//
// Certified check: the per-user law D = γ⁺ − γ⁻ is built from the Pólya pmf window, its n-fold convolution by
// repeated squaring (all windows truncated to [−W, W], where W holds all but 10⁻¹² of Lap_Z(t)), and compared with
// the Lap_Z(t) pmf. Truncation is accounted for by the deficit δ (common.hpp): the true n-fold pmf lies in
// [q(k), q(k) + δ] for every k ∈ Z, so sup_k |p_n(k) − Lap(k)| ≤ max(max_{|k|≤W} error(k), δ, Lap(W+1)) is a bound
// over all of Z, and Σ_k |p_n(k) − Lap(k)| ≤ Σ_{|k|≤W} |q(k) − Lap(k)| + δ + P_Lap[|X| > W] bounds the ℓ¹ distance.
#pragma once

#include <cstdint>
#include <vector>

#include "reference/core/interval.hpp"
#include "reference/core/rational.hpp"
#include "verify/claims/claim.hpp"

namespace dpb::verify::certified {

struct Fact1Case {
  std::uint64_t n;
  Rational t;
};

struct Fact1Config {
  std::vector<Fact1Case> grid;
  Rational target_scale_factor{1};  // negative control: compare with Lap_Z(t · factor) instead of Lap_Z(t)
  Rational window_mass;             // Lap_Z(t) mass allowed outside [−W, W] (10⁻¹²)
  Rational tolerance;               // holds when the certified sup error is at most this (10⁻¹¹)
  mpfr_prec_t prec = 128;
};

// quick: n ∈ {1,2,3,8,64,1024} × t ∈ {1/2,1,4} plus t = 32 for n ≤ 3; full: the whole grid with t = 32.
Fact1Config fact1_config(Suite suite);
Outcome check_fact1(const Fact1Config& config);

}  // namespace dpb::verify::certified
