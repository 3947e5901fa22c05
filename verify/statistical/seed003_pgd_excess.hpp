// Statistical claim 003.g2 (Sarmasarkar 2026, "Shuffle and Joint Differential Privacy for Generalized Linear
// Contextual Bandits", arXiv:2602.00417, App. T, Algorithm 7 and Lemma T.2; spec 003 §3.3, §6 G2, §9 items 9, 10;
// issue 20): the excess empirical risk L(θ̄) − min_Θ L of P_GD's released average iterate, on seeded logistic data,
// against Lemma T.2's bound and its 1/(εn) scaling. Registered in verify/claims/claims_003_pgd.cpp (family
// "pgd-excess-003"); docs/protocol-003.md "P_GD: excess risk (003.g2)".
//
// Setting: Θ = the S-ball, S = 16 (D = 32), rewards r ∈ {0, 1} (R = 1), no regulariser (λ_max = 0, so L = R = 1), the
// logistic link, grid 2^−16; x_i with i.i.d. coordinates uniform on the grid in [−1/√d, 1/√d] (‖x‖ <= 1),
// r_i ~ Bernoulli(μ(⟨x_i, θ*⟩)), θ* = 2·e_1. One data set of 2000 users per d (seeded), its first n users at each
// grid point (nested); the runs differ only in P_GD's randomness (its ChaCha20 stream), which is what Lemma T.2's
// probability is over. P_GD is the OPTIMIZED build (fast::PGd, bit-identical to ref::PGd) at calibrate_pgd's
// (T_it, η, g, b) for (ε, δ = 10⁻⁵, n, d). (S = 16 rather than 1: at S = 1 the loss varies by less than the bound
// over the whole ball, so no P_GD, however wrong, could exceed it.)
//
// The risk: L(θ) = (1/n)Σ ln(1 + e^{⟨x,θ⟩}) − r⟨x,θ⟩ in double. min_Θ L: damped Newton on the unconstrained problem;
// when its solution leaves the ball, Newton on L + (μ/2)‖θ‖² with μ bisected so that ‖θ(μ)‖ = S (the KKT point).
// The computed θ_min's Frank–Wolfe gap = ⟨∇L(θ_min), θ_min⟩ + S‖∇L(θ_min)‖ >= L(θ_min) − min_Θ L bounds its error
// (the checker throws above 10⁻⁹; measured <= 2·10⁻¹²), so the excess used, L(θ̄) − L(θ_min) + gap, is >= the true
// excess up to double rounding (< 10⁻¹² relative at these n): conservative for `holds` in (a).
//
// (a) Lemma T.2 as extracted (spec §3.3), its O(·) taken with constant 1, log = ln, (ε, δ) = P_GD's own budget:
//   B = D²/(2ηT) + ηL²/2 + η·d·T·L²·ln²(d²T/δ)/(2n²ε²) + η·ln(2T/ζ)·√d·L·√(L²·ln²(d²T/δ)/(2n²Tε²)),  ζ = 1/20,
//   T = T_it, η = the calibrated step (double arithmetic; B's rounding is far below the observed margins). Per grid
//   point, k of N runs with excess > B: exact one-sided binomial test of H0 "P[excess > B] <= ζ" (p = P[Bin(N, ζ) >=
//   k]), Clopper–Pearson upper bound reported; and the same over all points pooled (independent runs).
// (b) Scaling, per series (n series at d = 2 and d = 4, ε series): OLS of ln(excess) on ln(εn) over all runs, H0
//   "slope <= −1/2", exact Student-t p-value. Lemma T.2 at T_it gives excess = O(√d·ln^{3/2}(nd/δ)/(εn)), slope
//   −1 + 1.5/ln(nd/δ) ≈ −0.92 on this grid; −1/2 leaves room for the transient at small T_it. This is a statement
//   about this grid: at Eq. 127's noise the per-coordinate gradient noise is ≈ 400–750·L at every n (T_it makes it
//   n-free), θ̄ is close to the centre, and the excess approaches L(0) − min L before it can decay further (it needs
//   η·σ√d ≪ S, T_it ≫ 16σ²d/L² ≈ 10⁷); docs/protocol-003.md "P_GD: excess risk (003.g2)".
// All tests one Holm family at the claim's α; holds when nothing is rejected, violated otherwise.
// Grid: n ∈ {250, 500, 1000, 2000} × d ∈ {2, 4} at ε = 1; ε ∈ {1/2, 1, 2, 4, 8} at n = 500, d = 2. Runs per point:
// quick 6, full 60. Seeds: data ChaCha20Source(seed, 0x3020000 + d), P_GD run j at point i ChaCha20Source(seed,
// 0x3021000 + 4096·i + j).
#pragma once

#include "reference/core/rational.hpp"
#include "verify/claims/claim.hpp"

namespace dpb::verify::statistical {

// A deliberately wrong P_GD for negative controls: the step η·eta_factor, or the count noise Bin(n·b·b_factor, ¼)
// (the analyzer's debiasing follows b, so the gradient stays unbiased with the noise's std ×√b_factor). The bound B is
// always the nominal calibration's.
struct PgdTwin {
  Rational eta_factor{1};
  Integer b_factor{1};
  bool release_last_iterate = false;  // θ_{T_it} instead of θ̄
};

Outcome check_g2(const RunOptions& options, const PgdTwin& twin = {});

}  // namespace dpb::verify::statistical
