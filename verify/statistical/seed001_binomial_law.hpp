// Statistical claims 001.binomial-large.law and 001.binomial.sum-law (issue 17, "Claims": statistical "the binomial
// identities"; Chowdhury & Zhou, ICML 2022, arXiv:2202.05567, Thm 3.5 / App. C: P_Vec's Bin(b, p) noise with b up to
// 10⁹ per label and user):
//   - `001.binomial-large.law`: the large-n sampler (reference/samplers/binomial_large.hpp and its optimized twin)
//     draws Bin(n, p) — Bin(n, ½) by exact rejection, Bin(n, ¼) through the identity Bin(n, ¼) = Bin(Bin(n, ½), ½);
//   - `001.binomial.sum-law`: Σ_{i ≤ B} Bin(b, p) = Bin(B·b, p), the identity that lets P_Vec's aggregate noise path
//     draw one Bin(B·b, p) where the per-user path draws B of Bin(b, p) (docs/protocol-001.md "Noise paths").
// Draws are tested against the certified binomial pmf (reference/pmf) with the goodness-of-fit battery of
// docs/statistics.md (support, Pearson χ², G, exact binomial tests of the 0.99 and 0.999 tails); the sum law also
// by a two-sample homogeneity test of the per-user sums against direct Bin(B·b, p) draws. All tests of a claim are
// one Holm family at the claim's α. Seeds: ChaCha20Source(seed, 0x0017200 + case) and (seed, 0x0017300 + case).
#pragma once

#include <cstdint>

#include "verify/claims/claim.hpp"

namespace dpb::verify::statistical {

// n_offset ≠ 0: the negative control — the samplers draw Bin(n + n_offset, p) while Bin(n, p) is tested.
Outcome check_binomial_large_law(const RunOptions& options, std::int64_t n_offset = 0);

// b_offset ≠ 0: the negative control — the per-user path draws Bin(b + b_offset, p) while Bin(B·b, p) is tested.
Outcome check_binomial_sum_law(const RunOptions& options, std::int64_t b_offset = 0);

}  // namespace dpb::verify::statistical
