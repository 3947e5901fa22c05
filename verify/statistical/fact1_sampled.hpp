// Claim 000.fact1.sampled (Chowdhury & Zhou 2023, arXiv:2206.05772, Fact 1; Goryczka–Xiong 2015 Thm 5.1), checked by
// sampling: n per-user Pólya differences γ⁺_i − γ⁻_i, γ^± i.i.d. Pólya(1/n, e^{−1/t}), drawn as the protocol's R draws
// them and summed, follow Lap_Z(t); and they are indistinguishable from draws of the protocol's direct aggregate
// sampler Lap_Z(t) (the identity the optimized build may use to draw a batch's noise at once; docs/architecture.md §3).
// The certified counterpart is 000.fact1 (verify/certified/fact1.hpp): this claim checks the samplers and the
// per-user code path, not the arithmetic identity.
#pragma once

#include "verify/statistical/sampled_sums.hpp"

namespace dpb::verify::statistical {

// quick: n ∈ {1, 8, 64} × t ∈ {1, 4}, plus calibrate(dist-dp, ε = 1/2, n = 5, T = 1000) (t = g/ε = 4),
// N = 2·10^5; full: n ∈ {1, 2, 8, 64} × t ∈ {1/2, 1, 4, 16}, (n, t) = (256, 4) and the same calibrated case, N = 10^6.
// Target: Lap_Z(t) (ref::DiscreteLaplacePmf); two-sample against fast::NoiseSampler(Lap_Z(t)).
SumCheck fact1_sampled_check(Suite suite);

}  // namespace dpb::verify::statistical
