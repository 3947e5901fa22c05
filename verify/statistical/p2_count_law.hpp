// Statistical claim 003.p2.count-law (spec 003 §3.2 "Sufficient statistic", §10 "two P_Vec back-ends"; Sarmasarkar
// 2026, arXiv:2602.00417, App. S): P₂'s analyzer sees, per upper-triangle label, only the number of 1 bits, so the
// count path (per label Σ_u x̂_u + Bin(n·b, ¼): P₂ on NoisePath::Aggregate) and the literal bit-multiset path (every
// user's message materialised as g + b labelled bits with x̂ + Bin(b, ¼) ones, all n·(g + b)·d(d+1)/2 bits shuffled
// by Fisher–Yates and counted per label: NoisePath::PerUser with PVecShuffle::Explicit) have the same law. Small b
// only (the explicit path is limited to 2^22 bits). Per case and label: Pearson χ² of each path against the exact
// rational law (certified::pvec_count_law, bins of expected count >= 20) and the two-sample χ² of homogeneity; one
// Holm family at the claim's α (10⁻⁶ outside the registry). Optimized build (fast::P2, bit-identical to the
// reference). Sizes: 200 batches per path and case (quick: the sublinear binomial's certified step costs ~0.2 ms
// per draw at these n until issue 17b), 10 000 (full). Seeds: case i, path j from ChaCha20Source(seed, 0x0030000 + 2i +
// j).
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "reference/bits/chacha20.hpp"
#include "reference/protocols/p2.hpp"
#include "verify/claims/claim.hpp"

namespace dpb::verify::statistical {

// A drawer of one batch's per-label counts on the count path — the implementation under test (the negative control
// passes a wrong one).
using CountsDrawer = std::function<std::vector<std::int64_t>(ChaCha20Source&)>;
using CountPathFn =
    std::function<CountsDrawer(const ref::P2Params&, std::vector<std::int64_t> grid_values, unsigned grid_bits)>;
CountsDrawer p2_count_path(const ref::P2Params& p, std::vector<std::int64_t> grid_values, unsigned grid_bits);

Outcome check_p2_count_law(const CountPathFn& count_path, const RunOptions& options);

}  // namespace dpb::verify::statistical
