// Statistical claim 001.vec.counts-sufficient (issue 17, "Claims": statistical `vec.counts-sufficient`; spec 001 §3.3):
// P_Vec's shuffled view — the uniformly permuted multiset of labelled bits (Chowdhury & Zhou, ICML 2022,
// arXiv:2202.05567, Algorithm 6) — depends on the data only through the per-label counts: given the counts, the
// explicit shuffler's output is uniform over the arrangements with those counts, whatever the data. So the count path
// (PVecShuffle::Counts) and every privacy computation on counts (docs/privacy-001.md §6) see all the view has.
// Checked on a size where the arrangements enumerate: one label, B = 2, g = 3, b = 1, p = ½, r = 2Δ (ℓ = 4 bits per
// message, 8 bits in all: C(8, c) arrangements with c ones), two datasets with different count laws; per dataset and
// per count c with at least 5 expected draws per arrangement, Pearson's χ² of the arrangement against the uniform law
// on the C(8, c) arrangements; all tests one Holm family at the claim's α. 20 000 runs per dataset (full: 200 000),
// the reference PVec with PVecShuffle::Explicit; streams ChaCha20Source(seed, 0x0017200 + dataset).
#pragma once

#include <cstdint>
#include <functional>
#include <utility>
#include <vector>

#include "reference/bits/chacha20.hpp"
#include "reference/core/rational.hpp"
#include "verify/claims/claim.hpp"

namespace dpb::verify::statistical {

// One run on `values` (B = 2 users, one label): (count of ones, the 8 shuffled bits as an integer, first bit highest).
using ArrangementDrawer = std::function<std::pair<unsigned, unsigned>(const std::vector<Rational>& values,
                                                                      ChaCha20Source& bits)>;
// The implementation: ref::PVec with the explicit shuffler.
std::pair<unsigned, unsigned> pvec_explicit_arrangement(const std::vector<Rational>& values, ChaCha20Source& bits);

Outcome check_vec_counts_sufficient(const RunOptions& options,
                                    const ArrangementDrawer& draw = pvec_explicit_arrangement);

}  // namespace dpb::verify::statistical
