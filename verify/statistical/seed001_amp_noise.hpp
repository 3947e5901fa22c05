// Statistical claim 001.amp.noise-law (issue 17, "Claims": statistical `amp.noise-law`): the noise R_Amp adds to each
// label (Chowdhury & Zhou, ICML 2022, arXiv:2202.05567, Algorithm 2; docs/protocol-001.md) follows the rounded
// Gaussian's certified law P[K = j] = Φ((j + ½)/c) − Φ((j − ½)/c), c = σ̄·2^r (reference/pmf/rounded_normal.hpp).
// The noise is read off the optimized P_Amp's transcripts (bit-identical to the reference's; B = 4 users × 5 labels
// per run) and tested with the goodness-of-fit battery of docs/statistics.md (support, Pearson χ², G, the 0.99 and
// 0.999 tails), all tests of all cases one Holm family at the claim's α. Cases (σ̄, r): (1, 0); (25/2, 4); Thm 3.2's
// σ̄ = 58602782035/2^31 at ε = 0.2, δ = 0.1, B = 20 with r = 16 (c ≈ 1.8·10^6). 20 000 draws per case (full
// 200 000). Seeds: case i from ChaCha20Source(seed, 0x0017100 + i).
#pragma once

#include "reference/core/rational.hpp"
#include "verify/claims/claim.hpp"

namespace dpb::verify::statistical {

// sigma_factor ≠ 1: the negative control — P_Amp drawing σ̄·factor while the law tested is σ̄'s.
Outcome check_amp_noise_law(const RunOptions& options, const Rational& sigma_factor = Rational(1));

}  // namespace dpb::verify::statistical
