// The privacy of one DP-SGD call AS THE SEED-003 AUTHORS' CODE RUNS IT (jdp-glm --profile paper-code; spec 003 §7.3;
// reference/learners/internal/dp_sgd_code.hpp; issue 21 "Claims": "an accountant valid for what the code does"),
// for the paper's replace-one neighbours (one user's sample (x, y) replaced; Sarmasarkar 2026, Def. B.1).
//
// What the code does: n samples, b = min(batch, n), n_b = ⌈n/b⌉; every epoch a uniform permutation (independent of
// the data; none when n_b = 1) is cut into n_b disjoint consecutive batches (the last may be shorter, ℓ = n − (n_b−1)b),
// and each batch is one step θ ← θ − η_t(ḡ_B + 2·10⁻⁵θ + ν), ḡ_B = (1/ℓ)Σ_{i∈B} clip_C(∇_i), ν ~ N(0, (σC/ℓ)²I),
// E epochs. In units of the batch SUM the noise is σC for every batch length; replacing one sample moves the sum by
// at most 2C (two clipped gradients of norm <= C; reached: the same x with the other label): every step is a
// Gaussian mechanism with noise multiplier z = σ/2 relative to the replace-one sensitivity (docs/decisions.md "z =
// σ/2"), if the changed sample is in its batch, and of sensitivity 0 otherwise.
//
// The argument (docs/privacy-003.md "A valid accountant for the code's DP-SGD"): give the adversary every iterate
// θ_1 … θ_{E·n_b} and every permutation. Conditioned on the permutations, step k is a Gaussian mechanism on the query
// Σ_{i∈B_k} clip(∇_i(θ_{k−1})) chosen adaptively from earlier outputs; per epoch the batches partition the data,
// so the changed sample enters exactly one step per epoch, E in all, each at ratio 2C/(σC) = 2/σ = 1/z. Adaptive
// composition of Gaussian mechanisms (Dong, Roth & Su 2022, Cor. 3.3) makes the call μ-GDP with
//     μ² = E/z² = 4E/σ²,
// whatever n, b and the batch the sample falls in — no amplification is assumed (the shuffle is not Poisson
// subsampling, and E·n_b steps of which one per epoch reads the sample are not independent samplings). The
// permutations are data-independent with the same law in both worlds, and the hockey-stick divergence is jointly
// convex, so the mixture over them is within the same profile; the code's output (the mean of end-of-epoch iterates)
// and the regulariser, step sizes and rounding of θ onto 2^−32 are post-processing of the iterates. n <= b is the
// full-batch case (one step per epoch, the whole data set): the same μ. Its privacy profile is exactly the
// Gaussian's, δ(ε) = Φ(μ/2 − ε/μ) − e^ε Φ(−μ/2 − ε/μ) (Balle & Wang 2018, Thm 8), evaluated certified
// (reference/privacy/ledger.hpp's gaussian_* at 192-bit MPFI; ε on the grid 2^−24 rounded up).
//
// This is an UPPER bound on the call's privacy loss (the adversary of the code sees only the averaged output, and a
// step's shift reaches 2C only where both gradients are clipped): not a lower bound. Not covered: the exact noise
// of our implementation is a rounded Gaussian on 2^−32 added to the unrounded mean before θ is floored (not
// post-processing of a continuous Gaussian release); the accountant is that of the code's continuous noise.
#pragma once

#include <cstdint>

#include "reference/core/rational.hpp"

namespace dpb::ref {

struct DisjointDpSgdCall {
  Rational sigma;               // the code's noise multiplier: std σ·C on a batch's sum of clipped gradients
  std::uint64_t n = 1;          // samples in the call
  std::uint64_t batch = 2048;   // the code's batch size b_s
  std::uint64_t epochs = 50;    // E
};

// ParameterError naming disjoint_dpsgd ('sigma' <= 0, 'n' = 0, 'batch' = 0, 'epochs' = 0).
void check_disjoint_dpsgd(const DisjointDpSgdCall& call);
// The steps the call takes, E·⌈n/min(b, n)⌉; the changed sample enters E of them (one per epoch).
std::uint64_t disjoint_dpsgd_steps(const DisjointDpSgdCall& call);
// z = σ/2: the noise relative to the batch sum's replace-one sensitivity 2C.
Rational disjoint_dpsgd_noise_multiplier(const Rational& sigma);
// μ² = E/z² = 4E/σ², exact: the call is μ-GDP for replace-one (every iterate released).
Rational disjoint_dpsgd_mu2(const DisjointDpSgdCall& call);
// Its RDP at order α > 1: E·α/(2z²) = 2αE/σ², exact (the comparison with RDP accountants).
Rational disjoint_dpsgd_rdp(const DisjointDpSgdCall& call, const Rational& alpha);
// ε(δ): the least ε on 2^−24 whose certified δ(ε) <= δ (an upper bound of the exact ε(δ)).
Rational disjoint_dpsgd_eps_upper(const DisjointDpSgdCall& call, const Rational& delta);
// A certified lower bound of the exact ε(δ) of the μ-GDP profile: the upper bound less 2^−24 when δ(that) is
// certainly > δ, else 0.
Rational disjoint_dpsgd_eps_lower(const DisjointDpSgdCall& call, const Rational& delta);
// δ(ε)'s certified upper and lower ends.
Rational disjoint_dpsgd_delta_upper(const DisjointDpSgdCall& call, const Rational& eps);
Rational disjoint_dpsgd_delta_lower(const DisjointDpSgdCall& call, const Rational& eps);
// The noise multiplier σ (on the grid 2^−20, as the code's searches) at which the call is (ε, δ) by this accountant:
// the least grid σ whose certified δ(ε) at μ² = 4E/σ² is <= δ. ParameterError naming 'eps' (<= 0), 'delta' (∉ (0, 1)).
Rational disjoint_dpsgd_calibrate_sigma(const Rational& eps, const Rational& delta, std::uint64_t epochs);

}  // namespace dpb::ref
