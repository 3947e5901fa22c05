// Golden vectors, category `multiagent` (seed 004, issue 15; docs/vectors.md §12): η_ξ and M for the paper's
// (q, δ) pairs and the errata's test sizes, DP-SE's R(e) at the paper's ε, the SE ceilings for t <= 2000, and the
// outcome records of every multi-agent learner (K = 10, N ∈ {4, 8}, both agent laws; δ = 1/4, β = η = 1/2).
// Calibrations are computed by the reference for both builds; the runs by the build's own engine, so
// `--impl optimized` checks the optimized engine byte for byte against the reference's records.
#pragma once

#include "verify/vectors/format.hpp"

namespace dpb::verify::vectors {

CategoryFile generate_multi_agent(Impl impl);

}  // namespace dpb::verify::vectors
