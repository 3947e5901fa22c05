// Claim 000.def5.sampled (Chowdhury & Zhou 2023, arXiv:2206.05772, Def. 5, closure): n per-user Skellam draws Sk(0,
// σ²/n), drawn as the protocol's R draws them (dist-rdp) and summed, follow Sk(0, σ²); and they are indistinguishable
// from draws of the direct Sk(0, σ²) sampler. The certified counterpart is 000.def5.closure
// (verify/certified/skellam_checks.hpp).
#pragma once

#include "verify/statistical/sampled_sums.hpp"

namespace dpb::verify::statistical {

// quick: n ∈ {1, 8, 64} × σ² ∈ {2, 100}, plus calibrate(dist-rdp, ε = 1/2, n = 5, T = 1000) (σ² = g²/ε² = 16),
// N = 2·10^5; full: n ∈ {1, 2, 8, 64} × σ² ∈ {1/2, 2, 100, 1000}, (n, σ²) = (256, 100) and the calibrated case,
// N = 10^6.
// Target: Sk(0, n · per-user variance) (ref::SkellamPmf); two-sample against fast::NoiseSampler(Sk(0, σ²)).
SumCheck def5_sampled_check(Suite suite);

}  // namespace dpb::verify::statistical
