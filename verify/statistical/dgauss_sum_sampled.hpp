// Claim 000.dgauss-sum.sampled (Chowdhury & Zhou 2023, arXiv:2206.05772, Def. 11; Theorem 4,
// dist-cdp): n per-user discrete Gaussians
// N_Z(0, σ²/n), drawn as the protocol's R draws them and summed, follow the n-fold convolution N_Z(0, σ²/n)^{*n}.
// The sum is NOT a discrete Gaussian (not closed under summation; Lemma 4 bounds its privacy instead),
// so the target is the exact convolution, a certified law (windowed_law.hpp) built from ref::DiscreteGaussianPmf
// with at most 10^-30 of mass cut. Each case also records, certified, how far that law is from N_Z(0, σ²): the total
// variation distance and both variances, as evidence that the difference is real (and, where it is large, that a
// test against N_Z(0, σ²) would reject: the negative control).
#pragma once

#include "verify/statistical/sampled_sums.hpp"

namespace dpb::verify::statistical {

enum class DgaussSumTarget {
  exact_convolution,        // the claim: N_Z(0, σ²/n)^{*n}
  single_discrete_gaussian, // negative control: N_Z(0, σ²), which the sum does not follow
};

// quick: n ∈ {2, 3, 8} × σ² ∈ {1, 4, 16}, plus calibrate(dist-cdp, ε = 1/2, n = 5, T = 1000) (σ² = 16),
// N = 3·10^5; full: n ∈ {2, 3, 8, 16} × σ² ∈ {1/2, 1, 4, 16, 64} plus the calibrated case, N = 10^6. Cases with
// σ²/n < 1/8 are left out: their sum is 0 with probability > 96%, and the goodness-of-fit bins (mass ≥ 1/50 each)
// need at least 4% on each side of the central bin.
// No two-sample test: the protocol has no direct sampler of the sum's law (calibration's aggregate law is none).
SumCheck dgauss_sum_sampled_check(Suite suite, DgaussSumTarget target = DgaussSumTarget::exact_convolution);

// The certified target of a case (the convolution, with its distance to N_Z(0, σ²) as evidence).
SumTarget dgauss_sum_target(const SumCase& c, DgaussSumTarget target);

}  // namespace dpb::verify::statistical
