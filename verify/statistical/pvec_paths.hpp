// Statistical claim 001.vec.paths-law (errata to issue 17, "Noise paths": bit-identical per path across builds,
// law-identical across paths): P_Vec's per-label batch count has the same law on the per-user path (B draws of
// Bin(b, p), one per user) and on the aggregate path (one Bin(B·b, p) per label, Σ_i Bin(b, p) = Bin(B·b, p)).
// Each path's counts (optimized build, fast::PVec, which is bit-identical to the reference) are tested against the
// exact rational law of the count (verify/certified/seed001_checks.hpp, pvec_count_law) by Pearson's χ² on bins of
// expected count ≥ 20, and against each other by the two-sample χ² test of homogeneity; the tests of all cases
// form one Holm family at 10⁻⁶. Sizes: 2000 batches per path and case (quick), 50 000 (full); the cost is the
// sublinear binomial's certified acceptance step (tens of µs per draw). Seeds: case i, path j from
// ChaCha20Source(seed, 0x0010000 + 2i + j).
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "reference/bits/chacha20.hpp"
#include "reference/protocols/p_vec.hpp"
#include "verify/claims/claim.hpp"

namespace dpb::verify::statistical {

// Given (params, values), a drawer of one batch count of label 0 on the aggregate path — the implementation under
// test; the negative control passes a wrong one.
using CountDrawer = std::function<std::int64_t(ChaCha20Source&)>;
using AggregateCountFn =
    std::function<CountDrawer(const ref::PVecParams&, std::vector<std::int64_t> grid_values, unsigned grid_bits)>;
CountDrawer pvec_aggregate_count(const ref::PVecParams& p, std::vector<std::int64_t> grid_values, unsigned grid_bits);

Outcome check_pvec_paths(const AggregateCountFn& aggregate, const RunOptions& options);

}  // namespace dpb::verify::statistical
